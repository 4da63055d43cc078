/**
 * Customers from the DMS: created or updated by the DMS's customer id, their numbers in E.164, and
 * the DMS's written opt-in passed to the consent ledger. Fields the DMS leaves out keep what the
 * console has; a record that changes nothing is answered `unchanged` and writes nothing.
 */
import * as z from 'zod/mini';
import type { DmsCustomer } from '../../shared/schemas/dms.js';
import { isLocale } from '../../shared/locales.js';
import { changeConsent, saveRecordTakingNumber } from '../customers/consent.js';
import { CustomerChanged, getCustomer, newCustomerRecord, type CustomerRecord } from '../customers/records.js';
import { dmsRecordId } from '../lib/ids.js';
import { normalizePhone, phoneProblem, PHONE_ERRORS } from '../lib/phones.js';
import { announceCustomer } from '../customers/announce.js';
import { boardOrdersOfCustomer } from '../repairOrders/customerOrders.js';
import { updateRepairOrder } from '../repairOrders/records.js';
import { objectField, RecordError, sent, type FeedContext, type RecordStatus } from './feed.js';

/** Customer fields as the feed sends them, alone or riding along with an order or appointment. */
export type CustomerFields = Partial<Omit<DmsCustomer, 'dms_customer_id'>>;

export const customerIdOf = (ctx: Pick<FeedContext, 'companyId' | 'location'>, dmsCustomerId: string): string =>
  dmsRecordId('cus', ctx.companyId, ctx.location.id, 'customer', dmsCustomerId);

const PHONE_FIELDS = ['cell', 'work', 'alternate'] as const;
const email = z.email();

/** A number the DMS sent, in E.164; null when it sent none; the SPEC §5 text when it cannot be used. */
function phoneOf(raw: string | null | undefined, country: string, field: string): string | null {
  if (raw === null || raw === undefined || raw.trim() === '') return null;
  const problem = phoneProblem(raw, country);
  if (problem) throw new RecordError(`phones.${field}: ${PHONE_ERRORS[problem === 'missing' ? 'invalid' : problem]}`);
  return normalizePhone(raw, country);
}

/** The console's locale for a DMS language ("es", "fr-CA", "en-GB"); null leaves it to the location. */
export function languageOf(raw: string | null | undefined): string | null {
  const tag = raw?.trim().toLowerCase().replace('_', '-');
  if (!tag) return null;
  if (isLocale(tag)) return tag;
  const primary = tag.split('-')[0] ?? '';
  return isLocale(primary) ? primary : null;
}

/** The record with the fields the DMS sent applied; throws RecordError for a number or e-mail that cannot be used. */
export function applyCustomerFields(record: CustomerRecord, fields: CustomerFields, raw: unknown, country: string): CustomerRecord {
  const next: CustomerRecord = { ...record, phones: { ...record.phones } };
  for (const name of ['first_name', 'middle_name', 'last_name'] as const) {
    if (sent(raw, name)) next[name] = fields[name] ?? '';
  }
  const phones = objectField(raw, 'phones');
  for (const field of PHONE_FIELDS) {
    if (sent(phones, field)) next.phones[field] = phoneOf(fields.phones?.[field], country, field);
  }
  if (sent(raw, 'email')) {
    const value = fields.email?.trim().toLowerCase() || null;
    if (value && !email.safeParse(value).success) throw new RecordError('email: Please enter valid email address.');
    next.email = value;
  }
  if (sent(raw, 'address')) next.address = fields.address?.trim() || null;
  if (sent(raw, 'language')) next.language = languageOf(fields.language);
  return next;
}

/** Whether the fields the console shows or texts with differ. */
export function customerDiffers(a: CustomerRecord, b: CustomerRecord): boolean {
  return (
    a.first_name !== b.first_name ||
    a.middle_name !== b.middle_name ||
    a.last_name !== b.last_name ||
    PHONE_FIELDS.some((f) => a.phones[f] !== b.phones[f]) ||
    a.email !== b.email ||
    a.address !== b.address ||
    a.language !== b.language ||
    a.carrier.type !== b.carrier.type
  );
}

function newCustomer(ctx: FeedContext, id: string, dmsCustomerId: string, now: string): CustomerRecord {
  return newCustomerRecord({ id, companyId: ctx.companyId, locationId: ctx.location.id, dmsCustomerId, now });
}

/** The customer's open orders carry the name too (the board's columns): keep them in step, and tell the board. */
async function customerChangedOnOrders(customer: CustomerRecord): Promise<void> {
  const orders = await boardOrdersOfCustomer(customer.company_id, customer.id);
  for (const ro of orders) {
    await updateRepairOrder(customer.company_id, ro.id, (current) =>
      current.customer_id === customer.id &&
      (current.customer_first_name !== customer.first_name ||
        current.customer_middle_name !== customer.middle_name ||
        current.customer_last_name !== customer.last_name)
        ? { customer_first_name: customer.first_name, customer_middle_name: customer.middle_name, customer_last_name: customer.last_name }
        : null,
    );
  }
  await announceCustomer(customer, 'dms');
}

/**
 * Creates or updates the customer with this DMS id. `raw` is the record as posted: only the fields
 * it names are applied. A `dms_opt_in: 'in'` goes through changeConsent (when the location takes
 * DMS opt-ins), which never lets it override an opt-out the customer texted.
 */
export async function upsertDmsCustomer(
  ctx: FeedContext,
  dmsCustomerId: string,
  fields: CustomerFields,
  raw: unknown,
): Promise<{ customer: CustomerRecord; status: RecordStatus }> {
  const id = customerIdOf(ctx, dmsCustomerId);
  let customer: CustomerRecord | undefined;
  let status: RecordStatus = 'unchanged';
  for (let attempt = 0; !customer; attempt++) {
    const now = new Date().toISOString();
    const existing = await getCustomer(ctx.companyId, id, true);
    const before = existing ?? newCustomer(ctx, id, dmsCustomerId, now);
    const next = applyCustomerFields(before, fields, raw, ctx.country);
    if (next.phones.cell !== before.phones.cell || !existing) {
      const type = next.phones.cell ? await ctx.lineType(next.phones.cell) : 'error';
      // Dated like the send rules date it, so the first text does not look the number up again.
      next.carrier = type === 'error' ? { type } : ({ type, checked_at: now } as CustomerRecord['carrier']);
    }
    if (existing && !customerDiffers(existing, next)) {
      customer = existing;
      break;
    }
    next.version = before.version + 1;
    next.updated_at = now;
    let saved: CustomerRecord;
    try {
      // A new record or a new number takes the number's consent (a STOP on it stays a STOP).
      saved = await saveRecordTakingNumber(next, existing);
    } catch (err) {
      // Someone else wrote it meanwhile (another batch, an opt-out): apply ours to theirs.
      if (attempt < 4 && err instanceof CustomerChanged) continue;
      throw err;
    }
    customer = saved;
    status = existing ? 'updated' : 'created';
    if (existing) await customerChangedOnOrders(saved);
  }

  if (fields.dms_opt_in === 'in' && ctx.settings.dms_opt_in_enabled && customer.opt_in !== 'in') {
    const { changed } = await changeConsent({
      companyId: ctx.companyId,
      customer,
      status: 'in',
      initiator: 'dms',
      method: 'dms_feed',
      wording: 'DMS opt-in',
      agent: null,
    });
    const mine = changed.find((c) => c.id === id);
    if (mine) {
      customer = mine;
      if (status === 'unchanged') status = 'updated';
    }
  }
  return { customer, status };
}

/** The record's customer: upserted from the fields riding along, else the one the DMS sent before. */
export async function customerOfRecord(
  ctx: FeedContext,
  dmsCustomerId: string,
  fields: CustomerFields | undefined,
  raw: unknown,
): Promise<{ customer: CustomerRecord; status: RecordStatus }> {
  if (fields) return upsertDmsCustomer(ctx, dmsCustomerId, fields, objectField(raw, 'customer'));
  const customer = await getCustomer(ctx.companyId, customerIdOf(ctx, dmsCustomerId), true);
  if (!customer) throw new RecordError(`Unknown customer ${dmsCustomerId}: send the customer first, or with the record`);
  return { customer, status: 'unchanged' };
}
