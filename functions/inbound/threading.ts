/**
 * Which conversation a customer's text belongs to. A person may have several customer records
 * (two DMS ids, a spouse's car) and several orders; the text goes, across all records sharing the
 * phone, to the newest open order at the location whose number was texted; else to the newest
 * closed one still on the board; else to the newest archived one, which the caller unarchives so
 * the reply is seen.
 */
import { keys } from '../lib/keys.js';
import { batchGet, fields } from '../lib/table.js';
import type { CustomerRecord } from '../customers/records.js';
import { repairOrderLinksOfCustomer, type RepairOrderRecord } from '../repairOrders/records.js';

export interface Thread {
  ro: RepairOrderRecord;
  customer: CustomerRecord;
}

type Candidate = Pick<RepairOrderRecord, 'closed' | 'archived' | 'opened_at'>;

/** The preferred order among candidates of one location (pure: the rule above). */
export function preferredOrder<T extends Candidate>(orders: T[]): T | null {
  const newestFirst = [...orders].sort((a, b) => b.opened_at.localeCompare(a.opened_at));
  return (
    newestFirst.find((ro) => !ro.closed && !ro.archived) ??
    newestFirst.find((ro) => ro.closed && !ro.archived) ??
    newestFirst.find((ro) => ro.archived) ??
    null
  );
}

export async function threadFor(companyId: string, locationId: string, customers: CustomerRecord[]): Promise<Thread | null> {
  const byId = new Map(customers.map((c) => [c.id, c]));
  const links = (await Promise.all(customers.map((c) => repairOrderLinksOfCustomer(companyId, c.id)))).flat();
  const here = links.filter((link) => link.location_id === locationId);
  if (here.length === 0) return null;
  // The links say where to look; the orders themselves say what state they are in now.
  const items = await batchGet<RepairOrderRecord>(here.map((link) => keys.repairOrder(companyId, link.repair_order_id)), true);
  const orders = items.map(fields).filter((ro) => ro.location_id === locationId && byId.has(ro.customer_id));
  const ro = preferredOrder(orders);
  return ro ? { ro, customer: byId.get(ro.customer_id)! } : null;
}
