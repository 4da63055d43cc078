/**
 * The inventory board's list as pages of its endpoint (SPEC §7 paging) and the changes the board
 * makes to it between fetches. The list reads newest activity first, as the server orders it: a
 * text moves its order to the top. Which orders belong on it depends on the view: the store's open
 * orders, or the open ones the agent holds. Pure, so every rule is tested without a browser.
 */
import type { Paging } from '../../../../shared/api.js';
import type { Customer } from '../../../../shared/customers.js';
import { activityOf, type InventoryOrder } from '../../../../shared/inventory/orders.js';
import { findListed, insertListed, listedRows, patchListed, withoutListed, type PageRows } from '../../lib/pagedRows.js';

export interface OrderPage {
  orders: InventoryOrder[];
  meta: { paging: Paging };
}

/** The store's open orders, or the agent's own (their inbox). */
export type OrderView = { list: 'all' } | { list: 'mine'; agentId: string };

export type OrderChange =
  /** Heard of or fetched again: put in its place by activity, or taken off when it no longer belongs. */
  | { type: 'put'; order: InventoryOrder }
  | { type: 'remove'; id: string }
  /** A message in the thread: `inbound` from the customer; `reading` when this agent has it open right now. */
  | { type: 'bump'; id: string; at: string; inbound: boolean; reading: boolean }
  | { type: 'read'; id: string; unread: boolean }
  /** The customer's consent or block changed: every order of theirs shows it. */
  | { type: 'customer'; customer: Pick<Customer, 'id' | 'opt_in' | 'opt_metadata' | 'blocked_at'> };

const ORDER_PAGES: PageRows<OrderPage, InventoryOrder> = {
  read: (page) => page.orders,
  write: (page, rows) => ({ ...page, orders: rows }),
};

export const orderRows = (pages: readonly OrderPage[] | undefined): InventoryOrder[] => listedRows(ORDER_PAGES, pages);

export const findOrder = (pages: readonly OrderPage[] | undefined, id: string): InventoryOrder | undefined => findListed(ORDER_PAGES, pages, id);

/** Whether the order is on this view's list, as the server lists it: open, and the agent's own in "mine". */
export function belongsTo(order: Pick<InventoryOrder, 'closed_at' | 'agent'>, view: OrderView): boolean {
  if (order.closed_at) return false;
  return view.list === 'all' || order.agent?.id === view.agentId;
}

/** Before the first loaded order with older activity: newest first. */
function placed(pages: OrderPage[], order: InventoryOrder): OrderPage[] {
  const at = activityOf(order);
  return insertListed(ORDER_PAGES, pages, order, (listed) => activityOf(listed) < at);
}

export function reduceOrders(pages: readonly OrderPage[], change: OrderChange, view: OrderView): OrderPage[] {
  switch (change.type) {
    case 'put': {
      const rest = withoutListed(ORDER_PAGES, pages, change.order.id);
      return belongsTo(change.order, view) ? placed(rest, change.order) : rest;
    }
    case 'remove':
      return withoutListed(ORDER_PAGES, pages, change.id);
    case 'bump': {
      const row = findOrder(pages, change.id);
      if (!row) return [...pages];
      const latest = row.message_thread.bumped_at && row.message_thread.bumped_at > change.at ? row.message_thread.bumped_at : change.at;
      const bumped: InventoryOrder = {
        ...row,
        message_thread: { ...row.message_thread, bumped_at: latest },
        // The customer wrote and nobody is reading it here: unread. An agent's own text changes nothing.
        is_unread: change.inbound && !change.reading ? true : row.is_unread,
        metadata: { message_count: row.metadata.message_count + 1 },
      };
      return placed(withoutListed(ORDER_PAGES, pages, row.id), bumped);
    }
    case 'read':
      return patchListed(ORDER_PAGES, pages, (o) => o.id === change.id, (o) => ({ ...o, is_unread: change.unread }));
    case 'customer': {
      const { id, opt_in, opt_metadata, blocked_at } = change.customer;
      return patchListed(
        ORDER_PAGES,
        pages,
        (o) => o.customer.id === id,
        (o) => ({ ...o, customer: { ...o.customer, opt_in, opt_metadata, blocked_at, inventory_customer: { opt_in } } }),
      );
    }
  }
}

export function customerName(order: Pick<InventoryOrder, 'customer'>): string {
  return [order.customer.first_name, order.customer.last_name].filter(Boolean).join(' ').trim();
}

/** The customer's opt status as this board shows it (SPEC §3 `customer.inventory_customer.opt_in`). */
export const isOptedOut = (order: Pick<InventoryOrder, 'customer'>): boolean => order.customer.inventory_customer.opt_in === 'out';
