/**
 * The inventory_autoclose job (hourly): an open order nobody has texted about for
 * inventory_settings.close_after_days is closed, with the note "Order has been closed" for want of
 * activity. Idle means no message since `activity_at`, the store list's own sort key, so each
 * store's work is one Query on that list (`gsi1sk < cutoff`): the cost follows the orders due,
 * not the orders kept.
 */
import { logger } from '../lib/log.js';
import { everyLocation } from '../lib/locations.js';
import { readSettings } from '../lib/settings.js';
import { closeOrder } from './orders.js';
import { idleOrders } from './records.js';

const DAY_MS = 86_400_000;
/** Orders a run closes per store; the next run takes the rest. */
export const AUTOCLOSE_BATCH = 200;

async function closeIdleAt(companyId: string, locationId: string, now: number): Promise<number> {
  const { close_after_days: days } = await readSettings(companyId, locationId, 'inventory_settings');
  const cutoff = new Date(now - days * DAY_MS).toISOString();
  let closed = 0;
  for (const id of await idleOrders(companyId, locationId, cutoff, AUTOCLOSE_BATCH)) {
    // Decided again on the order as read for the write: a text may have come since the query.
    if ((await closeOrder(companyId, id, null, { idleBefore: cutoff })).closed) closed += 1;
  }
  return closed;
}

/** Every store of every company; one store's failure leaves the others closed and is tried again next run. */
export async function closeIdleOrders(now = Date.now()): Promise<{ locations: number; closed: number }> {
  const locations = await everyLocation();
  const outcomes = await Promise.allSettled(locations.map((l) => closeIdleAt(l.company_id, l.id, now)));
  outcomes.forEach((outcome, i) => {
    if (outcome.status === 'rejected') logger.error('inventory autoclose failed at a store', { location_id: locations[i]!.id, error: outcome.reason as Error });
  });
  return { locations: locations.length, closed: outcomes.reduce((sum, o) => sum + (o.status === 'fulfilled' ? o.value : 0), 0) };
}
