/** The calls' events (shared/events.ts `BoardEventSchemas`). */
import * as z from 'zod/mini';
import type { Call } from '../customers.js';
import { id, type EventsOf } from '../events.js';

const call = z.custom<Call>(
  (value) =>
    typeof value === 'object' &&
    value !== null &&
    typeof (value as Call).id === 'string' &&
    typeof (value as Call).customer_id === 'string' &&
    typeof (value as Call).status === 'string' &&
    typeof (value as Call).direction === 'string',
);

export const CALL_EVENTS = {
  /**
   * A call rang, was answered, ended (SPEC §6): on the call's agent's own channel and the store's
   * manager calls channel. The console shows an incoming call's notice while it rings, and a desktop
   * notification only to the call's agent.
   */
  'call.changed': z.object({
    call,
    location_id: id,
    customer: z.object({ id, name: z.string(), phone: z.string() }),
    owner: z.nullable(z.object({ kind: id, id })),
    owner_label: z.nullable(z.string()),
    link: z.nullable(z.string()),
  }),
} as const;

declare module '../events.js' {
  interface BoardEventSchemas {
    'call.changed': (typeof CALL_EVENTS)['call.changed'];
  }
}

export type CallEvent = EventsOf<typeof CALL_EVENTS>;

/** The missed-call text-back (shared/messages.ts BoardAutomatedKinds). */
declare module '../messages.js' {
  interface BoardAutomatedKinds {
    missed_call_text_back: true;
  }
}
