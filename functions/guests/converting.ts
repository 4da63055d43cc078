/**
 * A guest becomes a customer of the store, keeping the conversation and all its messages:
 *
 * - converted: their guest contact is the customer record from now on, under the name the agent
 *   gives (SPEC §5 texts); the customer search finds them;
 * - linked: they are a customer the store already has (found with the customer search). The
 *   conversation is that customer's from now on, and the number they texted from becomes the
 *   customer's cell (their earlier cell is kept as the alternate number, or among their alternate
 *   contacts when that is taken), taking the number's consent with it: a STOP the guest sent still
 *   holds, and an opt-out the customer gave on their old number stays theirs. The guest contact
 *   gives up the number, so the number has one record to thread to.
 *
 * The conversation stays on this board as the customer's lead, marked with who converted it and
 * when; their next text lands where the store last texted them (here, after the agent's answer),
 * else in their newest open conversation (functions/guests/owner.ts).
 */
import { GUEST_CONTACT } from '../../shared/guests/guests.js';
import { GUEST_REFUSALS, LINK_ERRORS, type ConvertBody } from '../../shared/guests/schemas.js';
import { fullName } from '../../shared/schemas/people.js';
import { announceCustomer } from '../customers/announce.js';
import { saveRecordTakingNumber } from '../customers/consent.js';
import { CustomerChanged, contactKindOf, getCustomer, saveCustomer, type CustomerRecord } from '../customers/records.js';
import { agentRefOrNull } from '../lib/agents.js';
import { conflict, notFound, ValidationError } from '../lib/errors.js';
import type { Auth } from '../lib/session.js';
import { announceGuest } from './events.js';
import { updateGuest, type GuestRecord } from './records.js';

const alreadyCustomer = () => conflict('already_customer', GUEST_REFUSALS.already_customer);

/** Changes a contact record as it is now, read again and retried when someone wrote in between (a STOP, a block). */
async function changeContact(
  companyId: string,
  id: string,
  change: (current: CustomerRecord) => CustomerRecord | null,
  save: (next: CustomerRecord, current: CustomerRecord) => Promise<CustomerRecord>,
): Promise<CustomerRecord> {
  for (let attempt = 0; ; attempt++) {
    const current = await getCustomer(companyId, id, true);
    if (!current) throw notFound('Customer not found');
    const next = change(current);
    if (!next) return current;
    try {
      return await save(next, current);
    } catch (err) {
      if (attempt >= 4 || !(err instanceof CustomerChanged)) throw err;
    }
  }
}

const plainSave = async (next: CustomerRecord): Promise<CustomerRecord> => {
  await saveCustomer(next);
  return next;
};

/**
 * The customer with the guest's number as their cell (pure): their earlier cell kept as the
 * alternate number, or among their alternate contacts when that is taken; the number's line and
 * once-per-number marks come from the guest's contact.
 */
export function takingNumber(customer: CustomerRecord, guest: Pick<CustomerRecord, 'phones' | 'carrier' | 'opt_notice_sent_at' | 'opt_in_requested_at'>, at: string): CustomerRecord {
  const phone = guest.phones.cell;
  const previous = customer.phones.cell;
  const phones = { ...customer.phones, cell: phone };
  let alternates = customer.alternate_contacts;
  if (previous && previous !== phone) {
    if (!phones.alternate || phones.alternate === phone) phones.alternate = previous;
    else if (phones.alternate !== previous && !alternates.some((c) => c.phone === previous)) alternates = [...alternates, { name: fullName(customer), phone: previous, email: null }];
  }
  return {
    ...customer,
    phones,
    alternate_contacts: alternates,
    carrier: guest.carrier,
    opt_notice_sent_at: guest.opt_notice_sent_at,
    opt_in_requested_at: guest.opt_in_requested_at,
    updated_at: at,
    version: customer.version + 1,
  };
}

/** The guest's contact becomes a customer record under the agent's name for them. */
export async function convertGuest(auth: Auth, guest: GuestRecord, input: ConvertBody['customer']): Promise<GuestRecord> {
  if (guest.converted) throw alreadyCustomer();
  const at = new Date().toISOString();
  const customer = await changeContact(
    auth.companyId,
    guest.customer_id,
    (current) => {
      // Without the guest kind the record is a customer's: the customer search finds it by name.
      const { contact: _guest, ...record } = current;
      return { ...record, first_name: input.first_name, last_name: input.last_name, email: input.email || current.email, updated_at: at, version: current.version + 1 };
    },
    plainSave,
  );
  const { after, changed } = await updateGuest(auth.companyId, guest.id, (now) => (now.converted ? null : { converted: { how: 'new_customer', at, agent: agentRefOrNull(auth.actingAs) } }));
  if (!changed) throw alreadyCustomer();
  await announceCustomer(customer, 'converted');
  await announceGuest(after, 'converted');
  return after;
}

/** The guest is a customer the store has: the conversation and the guest's number become theirs. */
export async function linkGuest(auth: Auth, guest: GuestRecord, customerId: string): Promise<GuestRecord> {
  if (guest.converted) throw alreadyCustomer();
  const target = await getCustomer(auth.companyId, customerId, true);
  // Another store's record, another board's contact, or no record: the same answer, naming nothing.
  if (!target || target.location_id !== guest.location_id || contactKindOf(target) !== 'customer') throw new ValidationError([{ message: LINK_ERRORS.customer_id, path: 'customer_id' }]);
  const at = new Date().toISOString();
  const contact = await getCustomer(auth.companyId, guest.customer_id, true);
  let customer = target;
  if (contact?.phones.cell && contact.id !== target.id) {
    customer = await changeContact(auth.companyId, target.id, (current) => (current.phones.cell === contact.phones.cell ? null : takingNumber(current, contact, at)), (next, current) => saveRecordTakingNumber(next, current));
    if (contactKindOf(contact) === GUEST_CONTACT) {
      await changeContact(auth.companyId, contact.id, (current) => (current.phones.cell ? { ...current, phones: { ...current.phones, cell: null }, updated_at: at, version: current.version + 1 } : null), plainSave);
    }
  }
  const { after, changed } = await updateGuest(auth.companyId, guest.id, (now) =>
    now.converted ? null : { customer_id: customer.id, converted: { how: 'linked', at, agent: agentRefOrNull(auth.actingAs) } },
  );
  if (!changed) throw alreadyCustomer();
  await announceCustomer(customer, 'linked');
  await announceGuest(after, 'linked');
  return after;
}
