/**
 * A part's view on the customer's visit page (issue 21 part 5). The page is Preact and must stay
 * as small as the inspection page it replaced, so a part's view is its own chunk, loaded only when
 * the visit has that part: `load` is a dynamic import of the feature's view module
 * (web/src/features/<feature>/visit/…), listed in one line of web/src/visitPage/parts.ts.
 */
import type { ComponentType } from 'preact';
import type { Locale } from '../../../shared/locales.js';

export interface VisitPartProps<D extends object = object> {
  data: D;
  /** The customer's language and the store's (money and dates as the store writes them). */
  locale: Locale;
  storeLocale: Locale;
  dealership: string;
  /**
   * Runs one of the part's actions (`POST /api/public/visits/{token}/{kind}/{action}`) and
   * re-renders the part with the answer; rejects with the server's message when it refuses.
   */
  act: (action: string, body?: unknown) => Promise<void>;
}

export interface VisitPartView {
  kind: string;
  load: () => Promise<{ default: ComponentType<VisitPartProps<never>> }>;
}
