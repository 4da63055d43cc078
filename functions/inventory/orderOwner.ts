/**
 * An inventory order as the conversation core sees it (functions/messages/owners.ts): texting needs
 * no advisor and no op code; a closed order is texted no more, and to the core it is put away
 * (`archived`): a customer who writes into it brings it back (the port's `reopen`).
 */
import type { ConversationOwner } from '../messages/owners.js';
import { isClosed, orderThreadOf, type InventoryOrderRecord } from './records.js';

export function orderOwner(record: InventoryOrderRecord): ConversationOwner<InventoryOrderRecord> {
  const closed = isClosed(record);
  return {
    kind: 'inventory_order',
    id: record.id,
    company_id: record.company_id,
    location_id: record.location_id,
    customer_id: record.customer_id,
    agent: record.agent,
    thread_id: orderThreadOf(record.id),
    archived: closed,
    message_count: record.message_count,
    rules: { closed, agent: record.agent, opcodes: null, needsAdvisor: false },
    record,
  };
}
