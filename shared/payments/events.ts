/** Text-to-pay's events (shared/events.ts `BoardEventSchemas`). */
import * as z from 'zod/mini';
import { id, type EventsOf } from '../events.js';
import { PAYMENT_STATES } from './payments.js';

export const PAYMENT_EVENTS = {
  /** A request moved (queued … paid): the advisor's order reads it again. */
  'payment_request.changed': z.object({ id, repair_order_id: id, location_id: id, state: z.enum(PAYMENT_STATES) }),
  /** Paid: the advisor's toast and desktop notification (when the store turned paid notifications on). */
  'payment_request.paid': z.object({ id, repair_order_id: id, location_id: id, ro_id: z.string(), customer_pay_in_cents: z.number() }),
} as const;

declare module '../events.js' {
  interface BoardEventSchemas {
    'payment_request.changed': (typeof PAYMENT_EVENTS)['payment_request.changed'];
    'payment_request.paid': (typeof PAYMENT_EVENTS)['payment_request.paid'];
  }
}

export type PaymentEvent = EventsOf<typeof PAYMENT_EVENTS>;
