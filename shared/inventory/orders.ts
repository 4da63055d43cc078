/**
 * The inventory board's records as the API answers them (SPEC §3 "Inventory order": id,
 * closed_at, message_thread, customer.inventory_customer.opt_in, blocked_at): a customer's order of
 * a vehicle or a part from the store's stock, held by the agent who added it, texted about in its
 * own conversation, until it is closed.
 */
import type { Customer, OptStatus } from '../customers.js';
import type { AgentRef } from '../people.js';

/** What the customer ordered: a vehicle of the stock or a part. */
export const ITEM_KINDS = ['vehicle', 'part'] as const;
export type ItemKind = (typeof ITEM_KINDS)[number];

/** The customer as the inventory board shows them: the record, and their opt status as this board reads it. */
export interface InventoryCustomer extends Customer {
  inventory_customer: { opt_in: OptStatus };
}

export interface InventoryOrder {
  id: string;
  location_id: string;
  customer: InventoryCustomer;
  item_kind: ItemKind;
  /** "2024 Toyota RAV4 XLE, white", "All-weather floor mats". */
  description: string;
  /** The store's stock number of the vehicle or part. */
  stock_number: string;
  /** Who holds the order: the agent who added it. */
  agent: AgentRef | null;
  closed_at: string | null;
  closed_by: AgentRef | null;
  /** The newest text of the order that did not reach the customer (not sent, undelivered): what "resend" sends again. */
  failed_message_id: string | null;
  /** For the agent asking: the customer wrote after they last read the conversation. */
  is_unread: boolean;
  message_thread: { id: string; bumped_at: string | null };
  message_thread_id: string;
  created_at: string;
  metadata: { message_count: number };
}

/** SPEC §9: inventory lists page 50. */
export const INVENTORY_PAGE_SIZE = 50;

/** Newest activity first (SPEC §7 lists as the service board orders them): a bump moves the order to the top. */
export const activityOf = (order: Pick<InventoryOrder, 'created_at' | 'message_thread'>): string => order.message_thread.bumped_at ?? order.created_at;
