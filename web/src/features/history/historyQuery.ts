/**
 * A history search as the address keeps it (`/history?tab=appointment&q=1234&offset=10`), so Back,
 * reload and a shared link show the same results, and as the API asks for it. The check is the
 * server's own (shared/history/schemas.ts): what the form refuses, the server would too. Pure.
 */
import { historyPaths } from '../../../../shared/history/routes.js';
import { checkHistoryQuery, type CheckedHistoryQuery } from '../../../../shared/history/schemas.js';
import { HISTORY_PAGE_SIZE, HISTORY_TABS, type HistoryErrorId, type HistoryTab } from '../../../../shared/history/types.js';

/** What the agent typed and picked, as the form holds it ('' for nothing). */
export interface SearchFields {
  q: string;
  advisor_id: string;
  closed_from: string;
  closed_to: string;
  scope: 'location' | 'company';
}

export interface HistorySearch {
  tab: HistoryTab;
  fields: SearchFields;
  offset: number;
}

export const DEFAULT_TAB: HistoryTab = 'repair';

export const NO_FIELDS: SearchFields = { q: '', advisor_id: '', closed_from: '', closed_to: '', scope: 'location' };

/** The fields that ask for something; the scope and the tab only say where to look. */
const ASKING = ['q', 'advisor_id', 'closed_from', 'closed_to'] as const;

export const isHistoryTab = (value: string | null | undefined): value is HistoryTab => (HISTORY_TABS as readonly (string | null | undefined)[]).includes(value);

export function searchFromParams(params: URLSearchParams): HistorySearch {
  const tab = params.get('tab');
  const offset = Number.parseInt(params.get('offset') ?? '', 10);
  return {
    tab: isHistoryTab(tab) ? tab : DEFAULT_TAB,
    fields: {
      q: params.get('q') ?? '',
      advisor_id: params.get('advisor_id') ?? '',
      closed_from: params.get('closed_from') ?? '',
      closed_to: params.get('closed_to') ?? '',
      scope: params.get('scope') === 'company' ? 'company' : 'location',
    },
    offset: Number.isFinite(offset) && offset > 0 ? offset : 0,
  };
}

/** The address of a search: what is empty or the default is left out, so the plain screen is `/history`. */
export function paramsOfSearch(search: HistorySearch): URLSearchParams {
  const params = new URLSearchParams();
  if (search.tab !== DEFAULT_TAB) params.set('tab', search.tab);
  for (const name of ASKING) {
    const value = search.fields[name].trim();
    if (value) params.set(name, value);
  }
  if (search.fields.scope === 'company') params.set('scope', 'company');
  if (search.offset > 0) params.set('offset', String(search.offset));
  return params;
}

/** Whether the address asks for a search at all: a screen opened plainly shows the form, not "No Search Parameters". */
export const asksForResults = (fields: SearchFields): boolean => ASKING.some((name) => fields[name].trim() !== '');

export type SearchCheck = { ok: true; query: CheckedHistoryQuery } | { ok: false; error: HistoryErrorId };

/** The server's check on a search, 10 results a page (SPEC §9 "History pages 10"). */
export function checkSearch(search: HistorySearch): SearchCheck {
  const { q, advisor_id, closed_from, closed_to, scope } = search.fields;
  return checkHistoryQuery({ q, advisor_id, closed_from, closed_to, scope, offset: String(search.offset), limit: String(HISTORY_PAGE_SIZE) });
}

/** The API's path for a checked search of `tab` from the agent's store. */
export function searchPath(locationId: string, tab: HistoryTab, query: CheckedHistoryQuery): string {
  const params = new URLSearchParams();
  for (const name of ASKING) {
    const value = query[name];
    if (value) params.set(name, value);
  }
  params.set('scope', query.scope);
  params.set('offset', String(query.offset));
  params.set('limit', String(query.limit));
  return `${historyPaths.search(locationId, tab)}?${params.toString()}`;
}

/** The field an error is about, which is marked and described by it; null: the search as a whole. */
export function fieldOfError(error: HistoryErrorId): 'q' | 'closed_from' | 'closed_to' | null {
  switch (error) {
    case 'name_word_too_short':
      return 'q';
    case 'invalid_closed_date':
      return 'closed_from';
    case 'invalid_closed_to_date':
      return 'closed_to';
    default:
      return null;
  }
}
