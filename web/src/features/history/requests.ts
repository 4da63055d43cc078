/** History search's calls (shared/history/routes.ts), with answers typed and refusals turned into SPEC §8 error ids. */
import type { Colleague, Paging } from '../../../../shared/api.js';
import { HISTORY_ERRORS, type HistoryErrorId, type HistoryResult } from '../../../../shared/history/types.js';
import { locationPath } from '../../../../shared/routes.js';
import { api } from '../../lib/api.js';
import { ApiError } from '../../lib/request.js';

export interface HistoryPage {
  results: HistoryResult[];
  meta: { paging: Paging };
}

const ERROR_IDS = Object.keys(HISTORY_ERRORS) as HistoryErrorId[];
const isHistoryError = (id: string | null): id is HistoryErrorId => id !== null && (ERROR_IDS as string[]).includes(id);

/** The screen words every failure itself, under the form: no toast. */
export const fetchHistoryPage = (path: string) => api.request<HistoryPage>(path, { expected: { statuses: [422, 500, 502, 503, 504], ids: ERROR_IDS } });

/**
 * What went wrong, as SPEC §8 says it: the server's own id (422 for a query it refuses, a timeout),
 * a gateway that gave up waiting as the timeout, anything else as "There was an error processing
 * your search query".
 */
export function searchFailure(error: unknown): HistoryErrorId {
  if (error instanceof ApiError) {
    if (isHistoryError(error.id)) return error.id;
    if (error.status === 504) return 'search_timeout';
  }
  return 'search_failed';
}

/** The store's agents, for the advisor filter (the agents route answers them by name). */
export const agentsPath = (locationId: string) => `${locationPath(locationId)}/agents`;
export type { Colleague };
