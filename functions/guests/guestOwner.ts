/**
 * A guest's conversation as the conversation core sees it (functions/messages/owners.ts): no advisor,
 * no op codes, never closed (the board archives what it has worked; a text brings it back).
 */
import type { ConversationOwner } from '../messages/owners.js';
import { guestThreadOf, type GuestRecord } from './records.js';

export function guestOwner(record: GuestRecord): ConversationOwner<GuestRecord> {
  return {
    kind: 'guest',
    id: record.id,
    company_id: record.company_id,
    location_id: record.location_id,
    customer_id: record.customer_id,
    agent: null,
    thread_id: guestThreadOf(record.id),
    archived: record.archived,
    message_count: record.message_count,
    rules: { closed: false, agent: null, opcodes: null, needsAdvisor: false },
    record,
  };
}
