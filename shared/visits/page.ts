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
  /** The words of a link to the part at the top of the page (the payment's pay button), in the customer's language; absent: none. */
  shortcut?: string;
}

/**
 * The store's landing-page branding (SPEC §3 `landing_settings`, the logo of `vcard_settings`) as the
 * page shows it: image addresses are signed for the page's life, empty texts are left out by the page.
 */
export interface VisitBranding {
  /** #rrggbb: the header's colour. */
  colour: string;
  header_image_url: string | null;
  logo_url: string | null;
  /** The header's text and link (https, or empty). */
  text: string;
  link: string;
  intro: string;
  body: string;
  footer: string;
  disclaimer: string;
}

export interface VisitPage {
  /** The dealership's name as every text to the customer names it, and its phone. */
  dealership: string;
  phone: string;
  /** The phone as the store's customers write it (`(617) 555-0100`): the page carries no phone library. */
  phone_display: string;
  /** The customer's language (never `debug`), and the store's for money and dates. */
  locale: Locale;
  store_locale: Locale;
  order: { number: string; vehicle: string | null };
  /** ISO: the link opens the page until then (each text about the visit extends it). */
  valid_until: string;
  branding: VisitBranding;
  /** The parts with something to show, in page order. */
  parts: VisitPartPayload[];
}
