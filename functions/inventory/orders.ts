/**
 * Inventory orders as the board works them: added by an agent (who holds it) for a customer found
 * in the store or added on the spot, closed with the ORDER_CLOSED note, the failed text sent again,
 * closed by the autoclose job after inventory_settings.close_after_days without activity; and the
 * API's view of them for one agent.
 */
import type { InventoryOrder } from '../../shared/inventory/orders.js';
import type { OrderInput } from '../../shared/inventory/schemas.js';
import type { AgentRef } from '../../shared/people.js';
import { conflict } from '../lib/errors.js';
import { customerText } from '../lib/customerTexts.js';
import { newId } from '../lib/ids.js';
import { customerView, type CustomerRecord } from '../customers/records.js';
import { viewsForAgent } from '../messages/agentViews.js';
import { addSystemNote } from '../messages/notes.js';
import { getThreadMessage, type MessageRecord } from '../messages/records.js';
import { retryMessage } from '../messages/send.js';
import { announceOrder, orderChanged } from './events.js';
import { orderOwner } from './orderOwner.js';
import { isClosed, orderThreadOf, saveOrder, updateOrder, type InventoryOrderRecord } from './records.js';

export function newOrderRecord(base: Pick<InventoryOrderRecord, 'id' | 'company_id' | 'location_id' | 'customer_id' | 'agent'>, input: OrderInput, now: string): InventoryOrderRecord {
  return {
    ...base,
    item_kind: input.item_kind,
    description: input.description,
    stock_number: input.stock_number,
    created_at: now,
    activity_at: now,
    version: 1,
    updated_at: now,
    closed_at: null,
    closed_by: null,
    failed_message_id: null,
    message_count: 0,
    bumped_at: null,
    last_inbound_at: null,
  };
}

/** Adds an order for a customer of the store; the agent who adds it holds it. */
export async function addOrder(customer: CustomerRecord, holder: AgentRef, input: OrderInput, now = new Date()): Promise<InventoryOrderRecord> {
  const record = newOrderRecord({ id: newId('inv'), company_id: customer.company_id, location_id: customer.location_id, customer_id: customer.id, agent: holder }, input, now.toISOString());
  await saveOrder(record, null);
  await announceOrder(record, orderChanged(record, 'added'));
  return record;
}

/**
 * Closes the order (off the store's list and its holder's inbox; nothing more is texted on it) with
 * the ORDER_CLOSED note 'Order has been closed.'. An order already closed is answered as it is.
 * `by` null: the autoclose job; `notBefore`: it closes only an order still idle since then.
 */
export async function closeOrder(
  companyId: string,
  id: string,
  by: AgentRef | null,
  options: { idleBefore?: string } = {},
): Promise<{ record: InventoryOrderRecord; closed: boolean }> {
  const at = new Date().toISOString();
  const { after, changed } = await updateOrder(companyId, id, (now) => {
    if (isClosed(now)) return null;
    if (options.idleBefore && now.activity_at >= options.idleBefore) return null;
    return { closed_at: at, closed_by: by };
  });
  if (!changed) return { record: after, closed: false };
  await addSystemNote(orderOwner(after), {
    behaviour: 'ORDER_CLOSED',
    text: customerText('orderClosedNote', 'en-us'),
    agent: by,
    note: { key: 'inventory_order_closed', params: { by: by ? 'agent' : 'inactivity' } },
  });
  await announceOrder(after, orderChanged(after, 'closed'));
  return { record: after, closed: true };
}

/** SPEC §7 `PUT …/resend`: the order's newest failed text goes again through the core's retry (every texting rule asked again). */
export async function resendFailedText(record: InventoryOrderRecord): Promise<MessageRecord> {
  const failed = record.failed_message_id ? await getThreadMessage(record.company_id, orderThreadOf(record.id), record.failed_message_id) : undefined;
  if (!failed) throw conflict('nothing_to_resend', 'This order has no failed text to send again');
  return retryMessage(orderOwner(record), failed);
}

/** A text's delivery state that means the customer never got it. */
const FAILED = new Set(['not sent', 'undelivered']);

/** What the order keeps of a text's new delivery state: the newest failed text, until it goes after all. Null: nothing to change. */
export function failedTextAfter(
  record: Pick<InventoryOrderRecord, 'failed_message_id'>,
  message: { id: string; metadata: { status: string | null; direction?: string; error_code?: string | null } },
): Partial<InventoryOrderRecord> | null {
  const failed = message.metadata.direction !== 'inbound' && FAILED.has(message.metadata.status ?? '') && message.metadata.error_code !== 'cancelled';
  // Message ids are time-ordered: an older text failing late does not hide a newer failure.
  if (failed) return record.failed_message_id !== null && record.failed_message_id >= message.id ? null : { failed_message_id: message.id };
  return record.failed_message_id === message.id ? { failed_message_id: null } : null;
}

export function orderView(record: InventoryOrderRecord, customer: CustomerRecord, unread: boolean): InventoryOrder {
  const thread = orderThreadOf(record.id);
  return {
    id: record.id,
    location_id: record.location_id,
    customer: { ...customerView(customer), inventory_customer: { opt_in: customer.opt_in } },
    item_kind: record.item_kind,
    description: record.description,
    stock_number: record.stock_number,
    agent: record.agent,
    closed_at: record.closed_at,
    closed_by: record.closed_by,
    failed_message_id: record.failed_message_id,
    is_unread: unread,
    message_thread: { id: thread, bumped_at: record.bumped_at },
    message_thread_id: thread,
    created_at: record.created_at,
    metadata: { message_count: record.message_count },
  };
}

/** The API view of several orders for one agent: customers and read marks joined in two batch reads. */
export function orderViews(companyId: string, agentId: string, records: InventoryOrderRecord[]): Promise<InventoryOrder[]> {
  return viewsForAgent(companyId, agentId, 'inventory_order', records, orderView);
}
