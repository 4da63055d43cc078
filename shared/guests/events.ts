/** The guests and leads board's events (shared/events.ts `BoardEventSchemas`). */
import * as z from 'zod/mini';
import { id, type StreamEvent } from '../events.js';

export const GUEST_EVENTS = {
  /** Opened by a text or a lead, converted, linked, archived, or its thread bumped: read it again. */
  'guest.changed': z.object({ id, location_id: id, reason: z._default(z.string(), '') }),
} as const;

declare module '../events.js' {
  interface BoardEventSchemas {
    'guest.changed': (typeof GUEST_EVENTS)['guest.changed'];
  }
}

/** The events the board reacts to (the location's guests channel, and the agent's own). */
export type GuestEvent = Extract<StreamEvent, { type: 'guest.changed' | 'message.created' | 'message.updated' | 'read.changed' | 'customer.changed' | 'gatekeeper_error' }>;
