/**
 * Customer records: one item each, indexed by cell number so an inbound text finds its customer
 * and a consent change reaches every record of the company that shares the number.
 */
import type { Customer } from '../../shared/customers.js';
import { keys } from '../lib/keys.js';
import { batchGet, fields, getItem, isConditionFailure, putItemIf, queryAll, readPage, updateItem, versionCondition, type Item, type TransactWrite } from '../lib/table.js';

/** Keys of the records this store owns (docs/data-model.md). */
export const customerKeys = {

  customer: (companyId: string, customerId: string) => ({ pk: `COMPANY#${companyId}#CUSTOMER#${customerId}`, sk: 'CUSTOMER' }),
  /** gsi1 on customer items: every customer record of a company sharing a cell number. */
  customersByPhone: (companyId: string, e164: string) => ({ gsi1pk: `COMPANY#${companyId}#PHONE#${e164}` }),
  /** gsi2 / gsi3 on customers: a location's customers by "last first" / "first last" name, lowercased (customer search). */
  customersByName: (companyId: string, locationId: string, order: 'last_first' | 'first_last') => ({
    pk: `COMPANY#${companyId}#LOCATION#${locationId}#CUSTOMERS#${order === 'last_first' ? 'LF' : 'FL'}`,
  }),
} as const;

export interface CustomerRecord extends Customer {
  company_id: string;
  /** When the one-time "Reply STOP to opt out" notice went out on this number. */
  opt_notice_sent_at: string | null;
  /** The double opt-in request went out and the customer has not answered. */
  opt_in_requested_at: string | null;
  created_at: string;
  updated_at: string;
  /** Bumped by every write; writes are conditional on the version they read. */
  version: number;
  /**
   * What kind of contact this is when it is not a customer: another board's people (employees)
   * keep their number, consent and line type in the same records, so every texting rule and the
   * consent of the number hold for them too; absent for customers.
   */
  contact?: string;
}

/** A contact record's kind: `customer` unless a board's contacts say otherwise. */
export const contactKindOf = (record: Pick<CustomerRecord, 'contact'>): string => record.contact ?? 'customer';

/** A name as the customer search matches it: lowercased, accents and extra spaces gone. */
export const searchName = (...parts: string[]): string =>
  parts.join(' ').normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();

export function customerItem(record: CustomerRecord): Item<CustomerRecord> {
  const cell = record.phones.cell;
  // Only customers are found by the customer search (another board's contacts are not customers).
  const named = contactKindOf(record) === 'customer' && (record.first_name.trim() !== '' || record.last_name.trim() !== '');
  return {
    ...customerKeys.customer(record.company_id, record.id),
    ...(cell ? { ...customerKeys.customersByPhone(record.company_id, cell), gsi1sk: `CUSTOMER#${record.id}` } : {}),
    // The customer search finds a name by its start, in either order ("smith j", "john sm").
    ...(named
      ? {
          gsi2pk: customerKeys.customersByName(record.company_id, record.location_id, 'last_first').pk,
          gsi2sk: `${searchName(record.last_name, record.first_name)}#${record.id}`,
          gsi3pk: customerKeys.customersByName(record.company_id, record.location_id, 'first_last').pk,
          gsi3sk: `${searchName(record.first_name, record.last_name)}#${record.id}`,
        }
      : {}),
    ...record,
  };
}

/** A customer record with nothing known yet beyond who and where; the caller fills in what it knows. */
export function newCustomerRecord(base: { id: string; companyId: string; locationId: string; dmsCustomerId: string | null; now: string }): CustomerRecord {
  return {
    id: base.id,
    location_id: base.locationId,
    dms_customer_id: base.dmsCustomerId,
    first_name: '',
    middle_name: '',
    last_name: '',
    opt_in: 'unknown',
    opt_metadata: null,
    blocked_at: null,
    // Until the carrier says otherwise; the send rules look an 'error' line up again.
    carrier: { type: 'error' },
    phones: { cell: null, work: null, alternate: null },
    email: null,
    address: null,
    alternate_contacts: [],
    default_contact: 'cell',
    language: null,
    company_id: base.companyId,
    opt_notice_sent_at: null,
    opt_in_requested_at: null,
    created_at: base.now,
    updated_at: base.now,
    version: 0,
  };
}

/** A location's customers whose name starts with `query` (either order), up to `limit`; a Query on each name index. */
export async function customersByName(companyId: string, locationId: string, query: string, limit: number): Promise<CustomerRecord[]> {
  const prefix = searchName(query);
  if (!prefix) return [];
  const [byLast, byFirst] = await Promise.all([
    readPage<CustomerRecord>(
      { IndexName: 'gsi2', KeyConditionExpression: 'gsi2pk = :pk AND begins_with(gsi2sk, :q)', ExpressionAttributeValues: { ':pk': customerKeys.customersByName(companyId, locationId, 'last_first').pk, ':q': prefix } },
      0,
      limit,
    ),
    readPage<{ pk: string; sk: string }>(
      { IndexName: 'gsi3', KeyConditionExpression: 'gsi3pk = :pk AND begins_with(gsi3sk, :q)', ExpressionAttributeValues: { ':pk': customerKeys.customersByName(companyId, locationId, 'first_last').pk, ':q': prefix } },
      0,
      limit,
    ),
  ]);
  const found = new Map(byLast.map((item) => [item.id, fields(item)]));
  const missing = byFirst.map((k) => k.pk).filter((pk) => ![...found.values()].some((c) => customerKeys.customer(companyId, c.id).pk === pk));
  if (missing.length > 0) {
    for (const item of await batchGet<CustomerRecord>(missing.map((pk) => ({ pk, sk: 'CUSTOMER' })))) found.set(item.id, fields(item));
  }
  return [...found.values()].slice(0, limit);
}

/** A contact record from a raw item of the table (the table's stream), or undefined when the item is not one. */
export function customerOfItem(item: Record<string, unknown> | undefined): CustomerRecord | undefined {
  if (!item || typeof item.pk !== 'string' || item.sk !== 'CUSTOMER' || !/^COMPANY#[^#]+#CUSTOMER#[^#]+$/.test(item.pk)) return undefined;
  return fields(item as unknown as Item<CustomerRecord>);
}

export async function getCustomer(companyId: string, customerId: string, consistent = false): Promise<CustomerRecord | undefined> {
  const item = await getItem<CustomerRecord>(customerKeys.customer(companyId, customerId), consistent);
  return item && fields(item);
}

export async function getCustomers(companyId: string, customerIds: string[], consistent = false): Promise<Map<string, CustomerRecord>> {
  const items = await batchGet<CustomerRecord>(customerIds.map((id) => customerKeys.customer(companyId, id)), consistent);
  return new Map(items.map((item) => [item.id, fields(item)]));
}

/** Every customer record of the company whose cell is this E.164 number. */
export async function customersWithPhone(companyId: string, e164: string, consistent = false): Promise<CustomerRecord[]> {
  const items = await queryAll<CustomerRecord>({
    IndexName: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :pk',
    ExpressionAttributeValues: { ':pk': customerKeys.customersByPhone(companyId, e164).gsi1pk },
  });
  // The index is eventually consistent: read the records themselves for their current state.
  const current = await getCustomers(companyId, items.map((i) => i.id), consistent);
  return [...current.values()].filter((c) => c.phones.cell === e164);
}

/**
 * The write, in a board's own transaction, that takes away one of the board's contacts with the
 * record they belong to (an employee removed from the board): a record of that kind only, never a
 * customer, and nothing when it is gone already. The number's consent is the number's
 * (numberConsent.ts): a STOP from it still holds for whoever has the number next.
 */
export function contactRemovalWrite(companyId: string, contactId: string, kind: string): TransactWrite {
  return {
    Delete: {
      Key: customerKeys.customer(companyId, contactId),
      ConditionExpression: 'attribute_not_exists(pk) OR #contact = :kind',
      ExpressionAttributeNames: { '#contact': 'contact' },
      ExpressionAttributeValues: { ':kind': kind },
    },
  };
}

/** The record changed under the writer (another write got in first): read again and retry. */
export class CustomerChanged extends Error {
  override readonly name = 'CustomerChanged';
}

/** Writes a record whose version the caller bumped; throws CustomerChanged if someone wrote in between. */
export async function saveCustomer(record: CustomerRecord): Promise<void> {
  const { condition, values } = versionCondition(record.version);
  try {
    await putItemIf(customerItem(record), condition, values);
  } catch (err) {
    if (isConditionFailure(err)) throw new CustomerChanged(`Customer ${record.id} changed meanwhile`);
    throw err;
  }
}

/** The line type as the carrier told it, and when (a stale one is looked up again). */
export type CarrierLine = CustomerRecord['carrier'] & { checked_at?: string | null };

/**
 * Keeps the carrier's answer on the customer. The version moves so a concurrent
 * read-change-write of the customer retries on top of this; a record deleted meanwhile is left alone.
 * An answer asked before the one stored is dropped: a slow lookup that heard "mobile" must not
 * overwrite a newer "landline" (the hand-over's check trusts the stored line).
 */
export async function rememberLineType(companyId: string, customerId: string, carrier: CarrierLine): Promise<void> {
  try {
    await updateItem({
      Key: customerKeys.customer(companyId, customerId),
      UpdateExpression: 'SET carrier = :carrier ADD version :one',
      ConditionExpression:
        'attribute_exists(pk) AND (attribute_not_exists(carrier.checked_at) OR attribute_type(carrier.checked_at, :null) OR carrier.checked_at <= :at)',
      ExpressionAttributeValues: { ':carrier': carrier, ':one': 1, ':null': 'NULL', ':at': carrier.checked_at ?? '' },
    });
  } catch (err) {
    if (!isConditionFailure(err)) throw err;
  }
}

/** The marks a number gets once (the opt-out notice, the double opt-in request). */
export type OnceField = 'opt_notice_sent_at' | 'opt_in_requested_at';

/** Sets a once-only mark on one record unless it is set; answers whether this call set it. */
export async function markCustomerOnce(companyId: string, customerId: string, field: OnceField, at: string): Promise<boolean> {
  try {
    await updateItem({
      Key: customerKeys.customer(companyId, customerId),
      UpdateExpression: 'SET #field = :at, updated_at = :at ADD version :one',
      ConditionExpression: 'attribute_exists(pk) AND (attribute_not_exists(#field) OR attribute_type(#field, :null))',
      ExpressionAttributeNames: { '#field': field },
      ExpressionAttributeValues: { ':at': at, ':one': 1, ':null': 'NULL' },
    });
    return true;
  } catch (err) {
    if (isConditionFailure(err)) return false;
    throw err;
  }
}

export function customerView(record: CustomerRecord): Customer {
  const {
    company_id: _c,
    opt_notice_sent_at: _n,
    opt_in_requested_at: _r,
    created_at: _a,
    updated_at: _u,
    version: _v,
    ...customer
  } = record;
  return customer;
}
