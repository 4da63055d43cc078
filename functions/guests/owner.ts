/**
 * Guests as owners of conversations (functions/messages/owners.ts). A guest's conversation is the
 * store's open conversation with that number until the board archives it, so a text of theirs lands
 * there at the tier of an open conversation (among equals the newest activity wins, as between two
 * open orders); an archived one is the last resort and comes back when they write. Once the guest is
 * a customer (converted or linked), the conversation stays on this board as the customer's lead and
 * their texts keep landing in it as long as it is the store's newest open conversation with them or
 * the one the store last texted them in; otherwise they thread to the order or appointment as any
 * customer's do.
 */
import { registerOwner, THREAD_TIERS, type OwnerPort, type ThreadCandidate } from '../messages/owners.js';
import { visibleGuest, worksGuests } from './access.js';
import { guestsChannel } from './channels.js';
import { channelsOfGuest, guestChanged } from './events.js';
import { guestOwner } from './guestOwner.js';
import { openGuest } from './opening.js';
import { getGuest, guestBumpWrite, guestsOfCustomers, updateGuest, type GuestRecord } from './records.js';

export const guestPort: OwnerPort<GuestRecord> = {
  kind: 'guest',
  owner: guestOwner,
  load: (companyId, id, consistent) => getGuest(companyId, id, consistent),
  visible: visibleGuest,
  worksBoard: worksGuests,
  bumpWrite: guestBumpWrite,
  channels: (record) => channelsOfGuest(record),
  changed: (record, reason) => guestChanged(record, reason),
  // A guest's opt status and block show on the location's board.
  customerListeners: (customer) => [guestsChannel(customer.location_id)],
  async reopen(record) {
    if (!record.archived) return record;
    return (await updateGuest(record.company_id, record.id, (now) => (now.archived ? { archived: false } : null))).after;
  },
  async threadCandidates(companyId, locationId, customers): Promise<ThreadCandidate[]> {
    const guests = await guestsOfCustomers(companyId, customers.map((c) => c.id), locationId);
    return guests.map((g) => ({ owner: guestOwner(g), tier: g.archived ? THREAD_TIERS.archived : THREAD_TIERS.open_order, at: g.activity_at }));
  },
  async conversationsOfCustomer(companyId, customerId) {
    return (await guestsOfCustomers(companyId, [customerId], null)).filter((g) => !g.archived);
  },
  openForStranger: (number, phone, carrierMessageId) => openGuest(number, phone, [], carrierMessageId),
  // A guest of another store of the company texting this one: a guest conversation of its own here.
  openConversation: (number, contacts, carrierMessageId) => openGuest(number, contacts[0]?.phones.cell ?? '', contacts, carrierMessageId),
};

registerOwner(guestPort);
