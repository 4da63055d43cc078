/**
 * The contact record of a guest (`contact: 'guest'`): a record of the customers store for a number
 * the company did not know, so every texting rule, the number's consent and its line type hold for
 * the guest as for a customer. Made once per text or lead (its id derives from the carrier's message
 * id or the post's key): a second delivery finds it, and it takes the number's consent when saved
 * (`saveRecordTakingNumber`: a STOP the number texted earlier still holds).
 */
import { GUEST_CONTACT } from '../../shared/guests/guests.js';
import { saveRecordTakingNumber } from '../customers/consent.js';
import { CustomerChanged, getCustomer, newCustomerRecord, type CustomerRecord } from '../customers/records.js';
import { derivedId } from '../lib/ids.js';

export interface GuestContactOf {
  company_id: string;
  location_id: string;
  /** What the contact is made for: `texted` (a carrier message id) or `lead` (a post's key). */
  source: 'texted' | 'lead';
  sourceId: string;
  cell: string;
  /** Who the person is, as far as the store can tell (a contact elsewhere, the lead's form). */
  known: Partial<Pick<CustomerRecord, 'first_name' | 'last_name' | 'email' | 'language' | 'carrier'>>;
}

export async function guestContactFor(of: GuestContactOf, at: string): Promise<CustomerRecord> {
  const id = derivedId('cus', of.company_id, of.location_id, GUEST_CONTACT, of.source, of.sourceId);
  const stored = await getCustomer(of.company_id, id, true);
  if (stored) return stored;
  const record: CustomerRecord = {
    ...newCustomerRecord({ id, companyId: of.company_id, locationId: of.location_id, dmsCustomerId: null, now: at }),
    ...of.known,
    contact: GUEST_CONTACT,
    phones: { cell: of.cell, work: null, alternate: null },
    version: 1,
  };
  try {
    return await saveRecordTakingNumber(record, undefined);
  } catch (err) {
    if (!(err instanceof CustomerChanged)) throw err;
    // Another delivery of the same text or post made it a moment ago.
    const raced = await getCustomer(of.company_id, id, true);
    if (!raced) throw err;
    return raced;
  }
}
