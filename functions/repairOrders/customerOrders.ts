/** A customer's orders on the board (not archived). */
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
