/**
 * Customer records: one item each, indexed by cell number so an inbound text finds its customer
 * and a consent change reaches every record of the company that shares the number.
 */
import type { Customer } from '../../shared/serviceBoard.js';
import { keys } from '../lib/keys.js';
import { batchGet, fields, getItem, putItemIf, queryAll, versionCondition, type Item } from '../lib/table.js';

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
}

export function customerItem(record: CustomerRecord): Item<CustomerRecord> {
  const cell = record.phones.cell;
  return {
    ...keys.customer(record.company_id, record.id),
    ...(cell ? { ...keys.customersByPhone(record.company_id, cell), gsi1sk: `CUSTOMER#${record.id}` } : {}),
    ...record,
  };
}

export async function getCustomer(companyId: string, customerId: string, consistent = false): Promise<CustomerRecord | undefined> {
  const item = await getItem<CustomerRecord>(keys.customer(companyId, customerId), consistent);
  return item && fields(item);
}

export async function getCustomers(companyId: string, customerIds: string[]): Promise<Map<string, CustomerRecord>> {
  const items = await batchGet<CustomerRecord>(customerIds.map((id) => keys.customer(companyId, id)));
  return new Map(items.map((item) => [item.id, fields(item)]));
}

/** Every customer record of the company whose cell is this E.164 number. */
export async function customersWithPhone(companyId: string, e164: string): Promise<CustomerRecord[]> {
  const items = await queryAll<CustomerRecord>({
    IndexName: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :pk',
    ExpressionAttributeValues: { ':pk': keys.customersByPhone(companyId, e164).gsi1pk },
  });
  // The index is eventually consistent: read the records themselves for their current state.
  const current = await getCustomers(companyId, items.map((i) => i.id));
  return [...current.values()].filter((c) => c.phones.cell === e164);
}

/** Writes a record whose version the caller bumped; fails (ConditionalCheckFailed) if someone wrote in between. */
export async function saveCustomer(record: CustomerRecord): Promise<void> {
  const { condition, values } = versionCondition(record.version);
  await putItemIf(customerItem(record), condition, values);
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
