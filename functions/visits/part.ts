/**
 * A part of the customer's visit page (issue 21 part 5): every link a customer gets for one repair
 * order (the inspection, the album, the invoice and payment, the survey) opens one page for the
 * visit, which shows what applies now. Each feature that has something to show there writes a
 * part in its own folder and lists it in one line of functions/visits/parts.ts; the visits area
 * opens the visit's token, loads every part and answers the page, so adding a part edits nothing
 * else the page contains.
 */
import type { Locale } from '../../shared/locales.js';
import type { RepairOrderRecord } from '../repairOrders/records.js';

/** The visit a token opens: one repair order of one store. */
export interface VisitOrder {
  company_id: string;
  location_id: string;
  repair_order_id: string;
}

/** What a part is loaded with: the order (already read), the customer's language, the time. */
export interface VisitContext {
  visit: VisitOrder;
  ro: RepairOrderRecord;
  /** The customer's language, else the store's (never `debug`). */
  locale: Locale;
  /** The store's own locale, for money and dates as the store writes them. */
  storeLocale: Locale;
  /** ISO: the visit's link opens the page until then (a part that states the link's life says this). */
  valid_until: string;
  now: Date;
}

/** A customer's action on a part: its answer is the part again, as `load` would give it now. */
export type VisitAction = (context: VisitContext, body: unknown) => Promise<object | null>;

export interface VisitPart {
  /** The part's name: the page's anchor (`#payment`), its action routes and its view's key on the web. */
  kind: string;
  /** Where it stands on the page, lower first (inspection 10, album 20, payment 30, survey 40). */
  position: number;
  /** What the customer sees of it now (JSON, the part's own shape in shared/), or null when there is nothing to show. */
  load: (context: VisitContext) => Promise<object | null>;
  /** `POST /api/public/visits/{token}/{kind}/{action}`: the body is the customer's, unchecked; the action validates it. */
  actions?: Readonly<Record<string, VisitAction>>;
  /**
   * The words of a link to the part at the top of the page (the payment's "Pay $301.00" when the
   * store shows the pay button, landing_settings.pay_button), in the customer's language, from what
   * `load` or an action answered; null: none now.
   */
  shortcut?: (context: VisitContext, data: object) => Promise<string | null>;
}
