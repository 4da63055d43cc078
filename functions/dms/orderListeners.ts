/**
 * Boards that act when the DMS changes a repair order (text-to-pay sends its queued request once the
 * order is pre-invoiced, and restarts its auto-send delay on every change) register here when their
 * declaration loads, so the feed names no board. A listener's failure is logged and never fails the
 * feed: the order is already written, and the listener's own job catches up.
 */
import { logger } from '../lib/log.js';
import type { RepairOrderRecord } from '../repairOrders/records.js';
import type { OrderTransition } from './orderChanges.js';

/** `created`: the feed brought the order for the first time (a first sync's backlog is not news). */
export type DmsOrderListener = (after: RepairOrderRecord, transition: OrderTransition, created: boolean) => Promise<void>;

const listeners: DmsOrderListener[] = [];

export function onDmsOrderChange(listener: DmsOrderListener): void {
  listeners.push(listener);
}

export async function dmsOrderChanged(after: RepairOrderRecord, transition: OrderTransition, created: boolean): Promise<void> {
  for (const listener of listeners) {
    try {
      await listener(after, transition, created);
    } catch (err) {
      logger.error('a board did not follow a DMS change of a repair order', { repair_order_id: after.id, error: err as Error });
    }
  }
}
