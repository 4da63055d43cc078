/**
 * The customer's visit page on the wire (issue 21 part 5): `GET /api/public/visits/{token}`
 * answers `{ visit: VisitPage }`; `POST /api/public/visits/{token}/{kind}/{action}` answers
 * `{ part: VisitPartPayload | null }` (the part as it is after the action; null: nothing to show now).
 */
import type { Locale } from '../locales.js';

/** One part as the server loaded it: `data` is the part's own shape (shared/<feature>/…), read by its view. */
export interface VisitPartPayload {
  kind: string;
  data: object;
}

export interface VisitPage {
  /** The dealership's name as every text to the customer names it, and its phone. */
  dealership: string;
  phone: string;
  /** The customer's language (never `debug`), and the store's for money and dates. */
  locale: Locale;
  store_locale: Locale;
  order: { number: string; vehicle: string | null };
  /** The parts with something to show, in page order. */
  parts: VisitPartPayload[];
}
