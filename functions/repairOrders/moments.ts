/**
 * Moments of a repair order that other parts of the product act on (the CSI survey after the order
 * closes or its vehicle is ready, a reply to it; text-to-pay's queued request when the DMS
 * pre-invoices the order): a part registers a listener when its module
 * loads, and the service board tells every listener, so the board imports none of them. A listener
 * that fails is logged and does not undo the board's own work, nor keep the others from hearing.
 */
import { logger } from '../lib/log.js';
import type { RepairOrderRecord } from './records.js';

export interface RepairOrderListener {
  /** Who listens, for the logs. */
  name: string;
  /** The order closed: by the DMS (the customer's visit ended) or by the console after a time without activity. */
  closed?(ro: RepairOrderRecord, by: 'dms' | 'inactivity'): Promise<void>;
  /** The order's vehicle was marked ready (the DMS invoiced it, or an agent sent vehicle ready). */
  vehicleReady?(ro: RepairOrderRecord): Promise<void>;
  /** The customer's text was stored in the order's conversation. */
  customerReplied?(ro: RepairOrderRecord, text: string, at: string): Promise<void>;
  /** The DMS feed wrote the order (`created`: its first time; a first sync's backlog is not news), after the board's own work. */
  dmsChanged?(ro: RepairOrderRecord, created: boolean): Promise<void>;
}

const listeners: RepairOrderListener[] = [];

/** Registers a listener; kept free of imports that run code, as the registry loads it while other modules still load. */
export function listenToRepairOrders(listener: RepairOrderListener): void {
  if (!listeners.some((known) => known.name === listener.name)) listeners.push(listener);
}

type Moment = Exclude<keyof RepairOrderListener, 'name'>;

/** Tells every listener of the moment, one after the other. */
export async function tellRepairOrderListeners<M extends Moment>(moment: M, ...args: Parameters<NonNullable<RepairOrderListener[M]>>): Promise<void> {
  for (const listener of listeners) {
    const act = listener[moment] as ((...a: typeof args) => Promise<void>) | undefined;
    if (!act) continue;
    try {
      await act.apply(listener, args);
    } catch (err) {
      logger.error('a repair-order listener failed', { listener: listener.name, moment, repair_order_id: args[0].id, error: err as Error });
    }
  }
}
