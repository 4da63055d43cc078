/**
 * The history search (issue 24; SPEC §2 "search history", §5, §8): `GET
 * /api/locations/{id}/history/{tab}`, the records of a store (or of every store an admin reaches)
 * that the box and the filters find, 10 a page. Refusals answer `{ error: { id, message } }` with
 * 422 and the SPEC §8 text; so does a search that runs past its time or fails.
 */
import { checkHistoryQuery } from '../../shared/history/schemas.js';
import { HISTORY_ERRORS, HISTORY_TABS, type HistoryErrorId, type HistoryTab } from '../../shared/history/types.js';
import { DomainError, HttpError, isServiceUnavailable, notFound } from '../lib/errors.js';
import { agentRoute, areaHandler, ok, pagedBody, type Routes } from '../lib/http.js';
import { logger } from '../lib/log.js';
import { searchHistory, searcherAt } from './search.js';

/** A search still running after this answers `search_timeout` (the API's Lambda runs 25 s at most). */
export const SEARCH_BUDGET_MS = 8_000;

const searchError = (id: HistoryErrorId) => new HttpError(422, id, HISTORY_ERRORS[id]);

const isTab = (value: string): value is HistoryTab => (HISTORY_TABS as readonly string[]).includes(value);

/** The search, or `search_timeout` once it has run past its budget. */
export async function withinBudget<T>(work: Promise<T>, budgetMs = SEARCH_BUDGET_MS): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(searchError('search_timeout')), budgetMs);
  });
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}

export const routes: Routes = {
  'GET /api/locations/{id}/history/{tab}': agentRoute(async ({ auth, params, query }) => {
    const tab = params.tab ?? '';
    if (!isTab(tab)) throw notFound('Not found');
    const locationId = params.id ?? '';
    // Where and whether the agent may search comes before what they asked.
    const viewer = await searcherAt(auth, locationId);
    const checked = checkHistoryQuery(query);
    if (!checked.ok) throw searchError(checked.error);
    try {
      const { results, total } = await withinBudget(searchHistory(auth, viewer, locationId, tab, checked.query));
      return ok({ results, meta: pagedBody('results', [], total, checked.query.offset, checked.query.limit).meta });
    } catch (err) {
      // Who may search where (403/404), our own answers and an unreachable store keep their status.
      if (err instanceof DomainError || err instanceof HttpError || isServiceUnavailable(err)) throw err;
      logger.error('history search failed', err as Error);
      throw searchError('search_failed');
    }
  }),
};

export const handler = areaHandler('history', routes);
