/**
 * SPEC §5 "History search": each word of the customer field at least 3 characters; closed and
 * closed-to dates valid; at least one parameter. One check for the form and the server.
 */
import { isDay } from '../reports/periods.js';
import { HISTORY_PAGE_SIZE, type HistoryErrorId, type HistoryQuery } from './types.js';

export const SEARCH_WORD_MIN = 3;

export type CheckedHistoryQuery = Required<Pick<HistoryQuery, 'offset' | 'limit' | 'scope'>> & Omit<HistoryQuery, 'offset' | 'limit' | 'scope'>;

/** A raw query (strings from a URL or a form) checked: the query, or the SPEC §8 error id. */
export function checkHistoryQuery(raw: Record<string, string | undefined>): { ok: true; query: CheckedHistoryQuery } | { ok: false; error: HistoryErrorId } {
  const q = raw.q?.trim().replace(/\s+/g, ' ') || undefined;
  const advisor_id = raw.advisor_id?.trim() || undefined;
  const closed_from = raw.closed_from?.trim() || undefined;
  const closed_to = raw.closed_to?.trim() || undefined;
  if (closed_from && !isDay(closed_from)) return { ok: false, error: 'invalid_closed_date' };
  if (closed_to && (!isDay(closed_to) || (closed_from && closed_to < closed_from))) return { ok: false, error: 'invalid_closed_to_date' };
  if (!q && !advisor_id && !closed_from && !closed_to) return { ok: false, error: 'no_search_parameters' };
  // A phone, RO number or VIN is one token of digits/letters; words of a name need 3 characters each.
  if (q && !isIdentifierLike(q) && q.split(' ').some((w) => w.length < SEARCH_WORD_MIN)) return { ok: false, error: 'name_word_too_short' };
  const offset = Math.max(0, Number.parseInt(raw.offset ?? '0', 10) || 0);
  const limit = Math.min(50, Math.max(1, Number.parseInt(raw.limit ?? String(HISTORY_PAGE_SIZE), 10) || HISTORY_PAGE_SIZE));
  const scope = raw.scope === 'company' ? 'company' : 'location';
  return { ok: true, query: { q, advisor_id, closed_from, closed_to, offset, limit, scope } };
}

/** Digits (a phone, its last 4), or letters and digits with a digit (an RO number, a VIN or its end). */
export function isIdentifierLike(q: string): boolean {
  const compact = q.replace(/[\s()+.-]/g, '');
  return /^\d{4,}$/.test(compact) || (/^[A-Za-z0-9]+$/.test(compact) && /\d/.test(compact));
}
