/** The appointments board's events (shared/events.ts `BoardEventSchemas`). */
import * as z from 'zod/mini';
import { id, type EventsOf, type StreamEvent } from '../events.js';

export const APPOINTMENT_EVENTS = {
  /** Booked, confirmed, cancelled, archived, reminded, moved by the DMS, or its thread bumped: read it again. */
  'appointment.changed': z.object({ id, location_id: id, reason: z._default(z.string(), '') }),
} as const;

declare module '../events.js' {
  interface BoardEventSchemas {
    'appointment.changed': (typeof APPOINTMENT_EVENTS)['appointment.changed'];
  }
}

/** The events the appointments board reacts to (the location's appointments channel, and the agent's own). */
export type AppointmentEvent = Extract<
  StreamEvent,
  { type: 'appointment.changed' | 'message.created' | 'message.updated' | 'read.changed' | 'customer.changed' | 'gatekeeper_error' }
>;
export type AppointmentBoardEvent = EventsOf<typeof APPOINTMENT_EVENTS>;
