/**
 * A "texted in" order: where a known customer's text goes when they have no conversation at the
 * store whose number they texted (a customer of another store of the company, one the DMS sent with
 * no order yet). Nothing a customer writes may end as a log line, so the store opens a service-board
 * conversation for it: an order of its own with no RO number (`ro_id` ''), no DMS id, no advisor (a
 * manager assigns one to answer, as for any order), no estimate (the op-code rule leaves it be) and
 * no inspection sheet. A text to the appointment number opens the same: the appointments board has
 * no conversation without an appointment.
 *
 * SNS delivers at least once and a failed delivery is retried: the customer record and the order
 * take ids derived from the carrier's message id and are written only if not there yet, so every
 * delivery of the text finds the same order.
 */
import { saveRecordTakingNumber } from '../customers/consent.js';
import { CustomerChanged, getCustomer, newCustomerRecord, type CustomerRecord } from '../customers/records.js';
import { DomainError } from '../lib/errors.js';
import { derivedId } from '../lib/ids.js';
import { announce, changed } from './events.js';
import { getRepairOrder, newRepairOrder, saveRepairOrder, type RepairOrderRecord } from './records.js';

export interface TextedIn {
  order: RepairOrderRecord;
  customer: CustomerRecord;
}

const newest = (records: CustomerRecord[]): CustomerRecord | undefined =>
  records.reduce<CustomerRecord | undefined>((best, c) => (!best || c.updated_at > best.updated_at ? c : best), undefined);

/**
 * The record the order is for (pure): the customer's newest record at the location, else a new one
 * there copying who the person is from their newest record elsewhere (its consent comes from the
 * number when it is saved).
 */
export function customerAtLocation(customers: CustomerRecord[], locationId: string, newRecord: { id: string; now: string }): { existing: CustomerRecord } | { created: CustomerRecord } {
  const here = newest(customers.filter((c) => c.location_id === locationId));
  if (here) return { existing: here };
  const person = newest(customers);
  if (!person) throw new Error('A texted-in order needs a known customer');
  return {
    created: {
      ...newCustomerRecord({ id: newRecord.id, companyId: person.company_id, locationId, dmsCustomerId: null, now: newRecord.now }),
      first_name: person.first_name,
      middle_name: person.middle_name,
      last_name: person.last_name,
      phones: { ...person.phones },
      email: person.email,
      language: person.language,
      // The same line: no second lookup.
      carrier: person.carrier,
      version: 1,
    },
  };
}

async function recordAt(companyId: string, locationId: string, customers: CustomerRecord[], textId: string, now: string): Promise<CustomerRecord> {
  const id = derivedId('cus', companyId, locationId, 'texted_in', textId);
  const choice = customerAtLocation(customers, locationId, { id, now });
  if ('existing' in choice) return choice.existing;
  // An earlier delivery of the text may have made it already (the phone index may not show it yet).
  const stored = await getCustomer(companyId, id, true);
  if (stored) return stored;
  try {
    return await saveRecordTakingNumber(choice.created, undefined);
  } catch (err) {
    if (!(err instanceof CustomerChanged)) throw err;
    const raced = await getCustomer(companyId, id, true);
    if (!raced) throw err;
    return raced;
  }
}

/** The texted-in order a text (by the carrier's message id) opened at the location: opened now, else as an earlier delivery opened it. */
export async function openTextedIn(companyId: string, locationId: string, customers: CustomerRecord[], textId: string, now = new Date()): Promise<TextedIn> {
  const at = now.toISOString();
  const id = derivedId('ro', companyId, locationId, 'texted_in', textId);
  const stored = await getRepairOrder(companyId, id, true);
  if (stored) {
    const customer = customers.find((c) => c.id === stored.customer_id) ?? (await getCustomer(companyId, stored.customer_id, true));
    if (customer) return { order: stored, customer };
  }
  const customer = await recordAt(companyId, locationId, customers, textId, at);
  const order = newRepairOrder({ id, ro_id: '', company_id: companyId, location_id: locationId, customer, opened_at: at }, {}, at);
  try {
    await saveRepairOrder(order, null);
  } catch (err) {
    if (!(err instanceof DomainError && err.id === 'repair_order_changed')) throw err;
    // A concurrent delivery of the same text opened it first.
    const raced = await getRepairOrder(companyId, id, true);
    if (!raced) throw err;
    return { order: raced, customer };
  }
  await announce(order, changed(order, 'texted_in'));
  return { order, customer };
}
