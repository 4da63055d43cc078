/** Guests as the API answers them (shared/guests/guests.ts), for one agent: their contact and read mark joined. */
import type { Guest } from '../../shared/guests/guests.js';
import { customerView, getCustomers, type CustomerRecord } from '../customers/records.js';
import { isUnread, readMarksOf } from '../messages/readMarks.js';
import { guestThreadOf, type GuestRecord } from './records.js';

export function guestView(record: GuestRecord, customer: CustomerRecord, unread: boolean): Guest {
  const thread = guestThreadOf(record.id);
  const lead = record.lead && { button: record.lead.button, first_name: record.lead.first_name, last_name: record.lead.last_name, email: record.lead.email, text: record.lead.text };
  return {
    id: record.id,
    location_id: record.location_id,
    customer: customerView(customer),
    source: record.source,
    lead,
    archived: record.archived,
    converted: record.converted,
    is_unread: unread,
    message_thread: { id: thread, bumped_at: record.bumped_at },
    message_thread_id: thread,
    activity_at: record.activity_at,
    created_at: record.created_at,
    metadata: { message_count: record.message_count },
  };
}

/** Several guests for one agent: contacts and read marks in two batch reads. */
export async function guestViews(companyId: string, agentId: string, records: GuestRecord[]): Promise<Guest[]> {
  if (records.length === 0) return [];
  const [customers, marks] = await Promise.all([getCustomers(companyId, [...new Set(records.map((r) => r.customer_id))]), readMarksOf(companyId, agentId, 'guest', records.map((r) => r.id))]);
  return records.flatMap((record) => {
    const customer = customers.get(record.customer_id);
    return customer ? [guestView(record, customer, isUnread(record, marks.get(record.id)))] : [];
  });
}
