/**
 * A customer an agent adds by hand in the console (booking an appointment, adding an inventory
 * order): SPEC §5's name and phone rules, the phone one that can exist in the store's country. The
 * number's consent comes with the new record (an opted-out number stays opted out on it), and its
 * line type is looked up now, so the card tells a landline at once; a lookup that fails leaves
 * 'error', looked up again by the first text.
 */
import type { NewPerson } from '../../shared/schemas/people.js';
import { smsCarrier } from '../lib/carrier.js';
import { ValidationError } from '../lib/errors.js';
import { newId } from '../lib/ids.js';
import { getLocation } from '../lib/locations.js';
import { countryOfLocation, normalizePhone, phoneProblem, PHONE_ERRORS } from '../lib/phones.js';
import { saveRecordTakingNumber } from './consent.js';
import { newCustomerRecord, type CustomerRecord } from './records.js';

/** `fieldPath`: where the form's person sits in the request (`customer`), for the phone's 422. */
export async function addCustomer(companyId: string, locationId: string, person: NewPerson, now: string, fieldPath = 'customer'): Promise<CustomerRecord> {
  const location = await getLocation(companyId, locationId);
  const country = countryOfLocation({ phone: location?.phone });
  const problem = phoneProblem(person.phone, country);
  if (problem) throw new ValidationError([{ message: PHONE_ERRORS[problem], path: `${fieldPath}.phone` }]);
  const cell = normalizePhone(person.phone, country);
  const type = cell ? await smsCarrier().lookup(cell) : 'error';
  const record: CustomerRecord = {
    ...newCustomerRecord({ id: newId('cus'), companyId, locationId, dmsCustomerId: null, now }),
    first_name: person.first_name,
    last_name: person.last_name,
    email: person.email,
    phones: { cell, work: null, alternate: null },
    // Dated like the send rules date it, so the first text does not look the number up again.
    carrier: type === 'error' ? { type } : { type, checked_at: now },
    version: 1,
  };
  return saveRecordTakingNumber(record, undefined);
}
