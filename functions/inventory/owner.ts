/**
 * Inventory orders as owners of conversations (functions/messages/owners.ts). A reply goes to the
 * customer's open order at the store like a reply to an open repair order (THREAD_TIERS.open_order),
 * the store's last-texted conversation first as for every board; a closed order is a put-away
 * conversation that comes back, open and unread, when the customer writes into it. The order keeps
 * its newest failed text, which "resend" sends again.
 */
import { registerOwner, THREAD_TIERS, type OwnerPort, type ThreadCandidate } from '../messages/owners.js';
import { seesStoreOrders, visibleOrder, worksInventory } from './access.js';
import { holderChannel, inventoryChannel } from './channels.js';
import { announceOrder, channelsOfOrder, orderChanged } from './events.js';
import { orderOwner } from './orderOwner.js';
import { failedTextAfter } from './orders.js';
import { getOrders, heldOrders, isClosed, orderBumpWrite, orderLinksOfCustomer, getOrder, storeOrders, updateOrder, type InventoryOrderRecord } from './records.js';

/** The most orders a mass text's "all" reaches (functions/messages/massTexts.ts caps recipients too). */
const ALL_LIMIT = 5000;

async function ordersOfCustomers(companyId: string, customerIds: string[], locationId: string | null): Promise<InventoryOrderRecord[]> {
  const links = (await Promise.all(customerIds.map((id) => orderLinksOfCustomer(companyId, id)))).flat();
  const here = links.filter((link) => locationId === null || link.location_id === locationId);
  if (here.length === 0) return [];
  const ids = new Set(customerIds);
  return (await getOrders(companyId, here.map((link) => link.order_id), true)).filter((o) => ids.has(o.customer_id) && (locationId === null || o.location_id === locationId));
}

export const inventoryOrderPort: OwnerPort<InventoryOrderRecord> = {
  kind: 'inventory_order',
  owner: orderOwner,
  load: (companyId, id, consistent) => getOrder(companyId, id, consistent),
  visible: visibleOrder,
  worksBoard: worksInventory,
  bumpWrite: orderBumpWrite,
  channels: (record, previousAgentId) => channelsOfOrder(record, previousAgentId),
  changed: (record, reason) => orderChanged(record, reason),
  /** "All": the list the agent works (the store's open orders, or the ones they hold); picked ids: the store's open ones. */
  async massRecipients(auth, locationId, pick) {
    if (pick !== 'all') return (await getOrders(auth.companyId, pick, true)).filter((o) => o.location_id === locationId && !isClosed(o));
    const page = (await seesStoreOrders(auth, locationId))
      ? await storeOrders(auth.companyId, locationId, 0, ALL_LIMIT)
      : await heldOrders(auth.companyId, locationId, auth.actingAs.id, 0, ALL_LIMIT);
    return page.records;
  },
  customerListeners: (customer, records) => [
    inventoryChannel(customer.location_id),
    ...new Set(records.flatMap((r) => (r.agent ? [holderChannel(r.location_id, r.agent.id)] : []))),
  ],
  async reopen(record) {
    if (!isClosed(record)) return record;
    return (await updateOrder(record.company_id, record.id, (now) => (isClosed(now) ? { closed_at: null, closed_by: null } : null))).after;
  },
  async threadCandidates(companyId, locationId, customers): Promise<ThreadCandidate[]> {
    const records = await ordersOfCustomers(
      companyId,
      customers.map((c) => c.id),
      locationId,
    );
    return records.map((o) => ({ owner: orderOwner(o), tier: isClosed(o) ? THREAD_TIERS.archived : THREAD_TIERS.open_order, at: o.activity_at }));
  },
  async conversationsOfCustomer(companyId, customerId) {
    return (await ordersOfCustomers(companyId, [customerId], null)).filter((o) => !isClosed(o));
  },
  async messageUpdated(record, message: { id: string; metadata: { status: string | null; direction?: string; error_code?: string | null } }) {
    if (!failedTextAfter(record, message)) return;
    const { after, changed } = await updateOrder(record.company_id, record.id, (now) => failedTextAfter(now, message));
    if (changed) await announceOrder(after, orderChanged(after, 'failed_text'));
  },
};

registerOwner(inventoryOrderPort);
