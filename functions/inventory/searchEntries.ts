/**
 * The inventory board's part in the history search (inventory tab): an order is found by its
 * customer's name and cell number; the agent who holds it is its advisor; it closes when it is
 * closed (by an agent or the autoclose job).
 */
import { getCustomer, searchContact } from '../customers/records.js';
import { searchSource } from '../lib/searchSource.js';
import { orderOfItem } from './records.js';

export const inventoryOrderSearch = searchSource(orderOfItem, async (order) => {
  const customer = await getCustomer(order.company_id, order.customer_id, true);
  return {
    tab: 'inventory',
    company_id: order.company_id,
    location_id: order.location_id,
    owner: { kind: 'inventory_order', id: order.id },
    customer_id: order.customer_id,
    ...searchContact(customer),
    title: [order.description, order.stock_number].filter(Boolean).join(' · '),
    advisor_id: order.agent?.id ?? null,
    closed_at: order.closed_at,
    // A closed order leaves the store's lists: the console's "archive" of the board.
    archived: order.closed_at !== null,
  };
});
