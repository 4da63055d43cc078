/**
 * Telling the boards that a contact changed (opt status, block, the DMS's update): `customer.changed`
 * to every channel of every board that shows the contact (each board's port names them), then each
 * board that lists records by their customer hears its records changed (the service board's rows
 * show the customer).
 */
import type { StreamEvent } from '../../shared/events.js';
import { publishTo } from '../lib/realtime.js';
import { announceTo, changedEvent, conversationsOfCustomer, everyPort, portFor, type ConversationOwner } from '../messages/owners.js';
import type { CustomerRecord } from './records.js';

/** `conversations`: the contact's conversations still in play when the caller has read them already. */
export async function announceCustomer(customer: CustomerRecord, reason: string, conversations?: ConversationOwner[]): Promise<void> {
  const owners = conversations ?? (await conversationsOfCustomer(customer.company_id, customer.id));
  const listeners = new Set<string>();
  for (const port of everyPort()) {
    const records = owners.filter((owner) => owner.kind === port.kind).map((owner) => owner.record);
    for (const channel of port.customerListeners?.(customer, records) ?? []) listeners.add(channel);
  }
  const event: StreamEvent = { type: 'customer.changed', data: { customer_id: customer.id, location_id: customer.location_id } };
  if (listeners.size > 0) await publishTo(customer.company_id, [...listeners], event);
  await Promise.all(owners.filter((owner) => portFor(owner).announcesCustomerChanges).map((owner) => announceTo(owner, changedEvent(owner, reason))));
}
