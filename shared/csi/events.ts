/** The CSI events (shared/events.ts `BoardEventSchemas`). */
import * as z from 'zod/mini';
import { id, type EventsOf } from '../events.js';

export const CSI_EVENTS = {
  /**
   * A customer rated a visit at or below the store's low-rating threshold: on each of the store's
   * managers' own channels, so they can call the customer.
   */
  'csi.low_rating': z.object({
    location_id: id,
    repair_order_id: id,
    ro_number: z.string(),
    customer_name: z.string(),
    rating: z.number(),
    comment: z.string(),
    link: z.string(),
  }),
} as const;

declare module '../events.js' {
  interface BoardEventSchemas {
    'csi.low_rating': (typeof CSI_EVENTS)['csi.low_rating'];
  }
}

export type CsiEvent = EventsOf<typeof CSI_EVENTS>;

/** The automated texts of the survey (shared/messages.ts BoardAutomatedKinds). */
declare module '../messages.js' {
  interface BoardAutomatedKinds {
    csi_survey: true;
    csi_reminder: true;
    csi_thanks: true;
  }
}
