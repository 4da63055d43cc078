/**
 * A guest conversation opened by a text: from a number the company does not know (a contact record
 * of the guest kind is made for it, `contact: 'guest'`, no name yet), or from a guest contact with no
 * conversation at the store they texted (a guest of another store of the company: a contact of
 * their own here, as a texted-in order makes one). The contact takes the number's consent when it is
 * saved (`saveRecordTakingNumber`): a STOP the number texted earlier still holds.
 *
 * SNS delivers at least once and retries a failed delivery: the guest and the contact take ids
 * derived from the carrier's message id and are written only if not there yet, so every delivery of
 * a text finds the same conversation.
 */
import { GUEST_CONTACT } from '../../shared/guests/guests.js';
import { numberState } from '../customers/consent.js';
import { contactKindOf, getCustomer, type CustomerRecord } from '../customers/records.js';
import { derivedId } from '../lib/ids.js';
import type { ConversationOwner } from '../messages/owners.js';
import { announceGuest } from './events.js';
import { guestContactFor } from './guestContacts.js';
import { guestOwner } from './guestOwner.js';
import { createGuest, getGuest, guestsOfCustomers, newGuestRecord, type GuestRecord } from './records.js';

export interface OpenedGuest {
  owner: ConversationOwner<GuestRecord>;
  contact: CustomerRecord;
}

export interface Store {
  company_id: string;
  location_id: string;
}

const newest = <T extends { updated_at: string }>(records: T[]): T | undefined => records.reduce<T | undefined>((best, r) => (!best || r.updated_at > best.updated_at ? r : best), undefined);

/**
 * The guest contact the conversation is with: the number's guest contact at the store, else a new
 * one (who the person is copied from a contact of theirs elsewhere, when there is one).
 */
async function contactAt(store: Store, phone: string, known: CustomerRecord[], textId: string, at: string): Promise<CustomerRecord> {
  const here = newest(known.filter((c) => c.location_id === store.location_id && contactKindOf(c) === GUEST_CONTACT));
  if (here) return here;
  const person = newest(known);
  const who = person ? { first_name: person.first_name, last_name: person.last_name, language: person.language, carrier: person.carrier } : {};
  return guestContactFor({ ...store, source: 'texted', sourceId: textId, cell: phone, known: who }, at);
}

/** The open guest conversation of these contacts at the store, newest first, if any. */
async function openGuestOf(store: Store, contacts: CustomerRecord[]): Promise<GuestRecord | undefined> {
  const guests = await guestsOfCustomers(store.company_id, contacts.map((c) => c.id), store.location_id);
  return guests.filter((g) => !g.archived).sort((a, b) => b.activity_at.localeCompare(a.activity_at))[0];
}

/**
 * The guest conversation a text (by the carrier's message id) opened at the store: opened now, else
 * as an earlier delivery opened it. `known`: the contact records of the number (none for a stranger).
 */
export async function openGuest(store: Store, phone: string, known: CustomerRecord[], textId: string, now = new Date()): Promise<OpenedGuest> {
  const at = now.toISOString();
  const id = derivedId('gst', store.company_id, store.location_id, 'texted', textId);
  const stored = await getGuest(store.company_id, id, true);
  if (stored) {
    const contact = await getCustomer(store.company_id, stored.customer_id, true);
    if (contact) return { owner: guestOwner(stored), contact };
  }
  let contacts = known;
  if (contacts.length === 0) {
    // A stranger's second text can come before the phone index shows the contact their first one
    // made; the number's own item, read consistently, knows it, and its open conversation takes this text too.
    contacts = (await numberState(store.company_id, phone, at)).records;
    const open = contacts.length > 0 ? await openGuestOf(store, contacts) : undefined;
    const contact = open && contacts.find((c) => c.id === open.customer_id);
    if (open && contact) return { owner: guestOwner(open), contact };
  }
  const contact = await contactAt(store, phone, contacts, textId, at);
  const { guest, created } = await createGuest(newGuestRecord({ id, company_id: store.company_id, location_id: store.location_id, customer_id: contact.id, source: 'text', lead: null }, at));
  if (created) await announceGuest(guest, 'opened');
  return { owner: guestOwner(guest), contact };
}
