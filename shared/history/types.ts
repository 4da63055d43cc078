/**
 * History search (issue 24; SPEC §2 "search history (tabs repair, appointment, chat, inventory
 * history)", §5, §8): one box that finds a phone (whole or its last 4 digits), an RO number, a VIN
 * (whole or its last 8), a customer's name (each word at least 3 characters), with filters for the
 * advisor and the closed dates. 10 results a page (SPEC §5 "History pages 10"), exact identifiers first.
 */

export const HISTORY_TABS = ['repair', 'appointment', 'chat', 'inventory'] as const;
export type HistoryTab = (typeof HISTORY_TABS)[number];

export const HISTORY_PAGE_SIZE = 10;

/** What the query string of a search carries. */
export interface HistoryQuery {
  q?: string;
  advisor_id?: string;
  /** YYYY-MM-DD, the store's days: closed on or after. */
  closed_from?: string;
  /** YYYY-MM-DD: closed on or before. */
  closed_to?: string;
  /** `company` (admins, and agents of several stores: every store they reach); default the location. */
  scope?: 'location' | 'company';
  offset?: number;
  limit?: number;
}

/** What matched the box: exact identifiers rank first. */
export type HistoryMatch = 'phone' | 'phone_last4' | 'ro_number' | 'vin' | 'vin_last8' | 'name';

export interface HistoryResult {
  /** The conversation's owner (shared/conversations.ts kinds): `repair_order`, `appointment`, … */
  owner: { kind: string; id: string };
  tab: HistoryTab;
  location: { id: string; name: string };
  customer: { id: string; name: string; phone: string | null } | null;
  /** RO number, VIN, appointment time, room name: what the row shows besides the name. */
  identifiers: { ro_number?: string; vin?: string; title?: string };
  advisor: { id: string; name: string } | null;
  closed_at: string | null;
  archived: boolean;
  /** What the box matched; null for a record found by the filters alone (advisor, closed dates). */
  match: HistoryMatch | null;
  exact: boolean;
  /** Where the console opens the conversation read-only, under /app. */
  link: string;
}

/** SPEC §8's texts, as error ids the console words (`history.error.<id>`); the server sends the English text as `message`. */
export const HISTORY_ERRORS = {
  invalid_closed_date: 'Invalid Closed Date',
  invalid_closed_to_date: 'Invalid Closed To Date',
  no_search_parameters: 'No Search Parameters',
  /** SPEC §5's rule has no text in §8: ours. */
  name_word_too_short: 'Each word of a name needs at least 3 characters',
  search_timeout: 'Timeout error on search',
  search_failed: 'There was an error processing your search query',
} as const;
export type HistoryErrorId = keyof typeof HISTORY_ERRORS;
