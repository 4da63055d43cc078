/**
 * The service board's events (shared/events.ts `BoardEventSchemas`): an order changed (read it
 * again), or was assigned to an advisor.
 */
import * as z from 'zod/mini';
import { id, type EventsOf, type StreamEvent } from '../events.js';

export const REPAIR_ORDER_EVENTS = {
  'repair_order.changed': z.object({ id, location_id: id, agent_id: z._default(z.nullable(z.string()), null), reason: z._default(z.string(), '') }),
  'repair_order.assigned': z.object({ id, location_id: id, agent_id: id }),
} as const;

declare module '../events.js' {
  interface BoardEventSchemas {
    'repair_order.changed': (typeof REPAIR_ORDER_EVENTS)['repair_order.changed'];
    'repair_order.assigned': (typeof REPAIR_ORDER_EVENTS)['repair_order.assigned'];
  }
}

export type RepairOrderEvent = EventsOf<typeof REPAIR_ORDER_EVENTS>;

/** The events the service board reacts to: its own, its conversations' (and those routed to the agent), customers', settings and the inspections' of its orders. */
export type ServiceEvent = Extract<
  StreamEvent,
  {
    type:
      | 'repair_order.changed'
      | 'repair_order.assigned'
      | 'message.created'
      | 'message.updated'
      | 'read.changed'
      | 'customer.changed'
      | 'gatekeeper_error'
      | 'settings_updated'
      | 'mpi.changed'
      | 'mpi.decision'
      | 'conversation.routed'
      | 'routing.ended';
  }
>;
