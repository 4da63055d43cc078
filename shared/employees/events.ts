/** The employees board's events (shared/events.ts `BoardEventSchemas`). */
import * as z from 'zod/mini';
import { id, type EventsOf, type StreamEvent } from '../events.js';

export const EMPLOYEE_EVENTS = {
  /** Added, changed, removed, or their conversation moved: read them again (a removed one answers 404). */
  'employee.changed': z.object({ id, location_id: id, reason: z._default(z.string(), '') }),
} as const;

declare module '../events.js' {
  interface BoardEventSchemas {
    'employee.changed': (typeof EMPLOYEE_EVENTS)['employee.changed'];
  }
}

/** The events the employees board reacts to (the location's employees channel, and the agent's own). */
export type EmployeeEvent = Extract<
  StreamEvent,
  { type: 'employee.changed' | 'message.created' | 'message.updated' | 'read.changed' | 'mass_message.progress' | 'customer.changed' }
>;
export type EmployeeBoardEvent = EventsOf<typeof EMPLOYEE_EVENTS>;
