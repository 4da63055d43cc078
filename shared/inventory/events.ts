/** The inventory board's events (shared/events.ts `BoardEventSchemas`). */
import * as z from 'zod/mini';
import { id, type EventsOf, type StreamEvent } from '../events.js';

export const INVENTORY_EVENTS = {
  /** Added, closed, reopened by a reply, its failed text changed, or its thread bumped: read it again. */
  'inventory_order.changed': z.object({ id, location_id: id, reason: z._default(z.string(), '') }),
} as const;

declare module '../events.js' {
  interface BoardEventSchemas {
    'inventory_order.changed': (typeof INVENTORY_EVENTS)['inventory_order.changed'];
  }
}

export type InventoryBoardEvent = EventsOf<typeof INVENTORY_EVENTS>;

/** The events the inventory board reacts to (the store's inventory channel or the holder's, and the agent's own). */
export type InventoryEvent = Extract<
  StreamEvent,
  { type: 'inventory_order.changed' | 'message.created' | 'message.updated' | 'read.changed' | 'mass_message.progress' | 'customer.changed' }
>;
