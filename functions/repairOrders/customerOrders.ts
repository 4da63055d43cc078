/**
 * A customer's orders on the board (not archived), and telling the board that a customer changed:
 * their opt status or block shows on every row of theirs, so each open console refetches them.
 */
import type { ServiceEvent } from '../../shared/events.js';
import { channels, publishTo } from '../lib/realtime.js';
import type { CustomerRecord } from '../customers/records.js';
import { announce, changed } from './events.js';
import { getRepairOrders, repairOrderLinksOfCustomer, type RepairOrderRecord } from './records.js';

/** Orders of the customer still on a board, newest first (read from the orders, not their links). */
export async function boardOrdersOfCustomer(companyId: string, customerId: string): Promise<RepairOrderRecord[]> {
  const links = await repairOrderLinksOfCustomer(companyId, customerId);
  const candidates = links.filter((link) => !link.archived);
  if (candidates.length === 0) return [];
  const orders = await getRepairOrders(companyId, candidates.map((link) => link.repair_order_id), true);
  return [...orders.values()]
    .filter((ro) => !ro.archived && ro.customer_id === customerId)
    .sort((a, b) => b.opened_at.localeCompare(a.opened_at));
}

/**
 * `customer.changed` to the managers of the customer's location and of each order's location, to
 * the location's appointments board and to each order's advisor, then `repair_order.changed` per order (its row shows the customer).
 */
export async function announceCustomer(customer: CustomerRecord, orders: Pick<RepairOrderRecord, 'id' | 'company_id' | 'location_id' | 'agent'>[], reason: string): Promise<void> {
  const event: ServiceEvent = { type: 'customer.changed', data: { customer_id: customer.id, location_id: customer.location_id } };
  // The appointments board shows the customer too (opt status and block reach every appointment of theirs).
  const listeners = new Set([channels.managerRepairOrders(customer.location_id), channels.appointments(customer.location_id)]);
  for (const ro of orders) {
    listeners.add(channels.managerRepairOrders(ro.location_id));
    if (ro.agent) listeners.add(channels.agent(ro.agent.id));
  }
  await publishTo(customer.company_id, [...listeners], event);
  await Promise.all(orders.map((ro) => announce(ro, changed(ro, reason))));
}
