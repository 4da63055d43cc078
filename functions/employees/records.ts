/**
 * Employee records and the list they sit on: the only code that knows their keys. A location's
 * employees are one list (gsi1, mirrored keys-only on gsi3 for deep pages): the ones with a
 * conversation first, newest message first, then the rest by name; a message moves its employee to
 * the top in the message's own transaction. The list's size is a counter item written in the
 * transactions that add and remove employees, so a page never counts the list. A phone number is
 * one employee's at a store: a claim item, taken and given up in the same transactions.
 */
import { notFound } from '../lib/errors.js';
import { employeeNameKey } from '../../shared/employees/employees.js';
import { batchGet, batchWrite, fields, getItem, isConditionFailure, readPage, readPageByKeys, transactWrite, updateItem, type Item, type TransactWrite } from '../lib/table.js';

/** Keys of the records this store owns (docs/data-model.md). */
export const employeeKeys = {
  employee: (companyId: string, employeeId: string) => ({ pk: `COMPANY#${companyId}#EMPLOYEE#${employeeId}`, sk: 'EMPLOYEE' }),
  /** gsi1 (all attributes) and gsi3 (keys only) on employees: a location's employees in board order. */
  employeesOfLocation: (companyId: string, locationId: string) => ({ gsi1pk: `COMPANY#${companyId}#LOCATION#${locationId}#EMPLOYEES` }),
  /** How many employees a location has (atomic ADD). */
  employeeCount: (companyId: string, locationId: string) => ({ pk: `COUNT#${companyId}#LOCATION#${locationId}#EMPLOYEES`, sk: 'COUNT' }),
  /** The employee of a store who has this number → `employee_id`. */
  employeePhone: (companyId: string, locationId: string, e164: string) => ({ pk: `COMPANY#${companyId}#LOCATION#${locationId}#EMPLOYEEPHONE#${e164}`, sk: 'EMPLOYEEPHONE' }),
} as const;

export interface EmployeeRecord {
  id: string;
  company_id: string;
  location_id: string;
  /** Their contact record in the customers store (`contact: 'employee'`): see contactIdOf. */
  contact_id: string;
  first_name: string;
  last_name: string;
  position: string;
  team: string;
  /** The cell number (E.164) the contact has and the phone claim holds. */
  phone: string;
  /** The console user this employee is, or null. */
  agent_id: string | null;
  /** Newest message of either direction, else null (never texted: listed by name). */
  bumped_at: string | null;
  /** Newest message from the employee: unread for agents who read before it. */
  last_inbound_at: string | null;
  message_count: number;
  created_at: string;
  updated_at: string;
  version: number;
}

/** An employee from a raw item of the table (a change the table's stream tells); undefined for any other item. */
export function employeeOfItem(item: Record<string, unknown> | undefined): EmployeeRecord | undefined {
  if (!item || item.sk !== 'EMPLOYEE' || typeof item.pk !== 'string' || !item.pk.startsWith('COMPANY#')) return undefined;
  return fields(item as unknown as Item<EmployeeRecord>);
}

/**
 * An employee's contact record is named after the employee, so a contact the inbound text finds
 * leads to its employee without another read (and back).
 */
export const contactIdOf = (employeeId: string): string => `cus_${employeeId}`;
export const employeeIdOfContact = (contactId: string): string | null => (contactId.startsWith('cus_emp_') ? contactId.slice('cus_'.length) : null);

/** Thread id of an employee's conversation. */
export const employeeThreadOf = (id: string): string => `thr_${id}`;

/** Epoch milliseconds counted down from year 2286, fixed width: ascending keys read newest first. */
const newestFirst = (at: string): string => String(1e13 - Date.parse(at)).padStart(13, '0');

/** Where the employee sits on the list: with a conversation by its newest message, else by name. */
function listedKey(record: Pick<EmployeeRecord, 'id' | 'bumped_at' | 'first_name' | 'last_name'>): string {
  return record.bumped_at ? `A#${newestFirst(record.bumped_at)}#${record.id}` : `B#${employeeNameKey(record)}#${record.id}`;
}

export function employeeItem(record: EmployeeRecord): Item<EmployeeRecord> {
  const { gsi1pk } = employeeKeys.employeesOfLocation(record.company_id, record.location_id);
  const sk = listedKey(record);
  return { ...employeeKeys.employee(record.company_id, record.id), gsi1pk, gsi1sk: sk, gsi3pk: gsi1pk, gsi3sk: sk, ...record };
}

function phoneClaimItem(record: Pick<EmployeeRecord, 'company_id' | 'location_id' | 'phone' | 'id'>) {
  return { ...employeeKeys.employeePhone(record.company_id, record.location_id, record.phone), employee_id: record.id };
}

const countWrite = (record: Pick<EmployeeRecord, 'company_id' | 'location_id'>, by: 1 | -1): TransactWrite => ({
  Update: { Key: employeeKeys.employeeCount(record.company_id, record.location_id), UpdateExpression: 'ADD employees :n', ExpressionAttributeValues: { ':n': by } },
});

/** The number is another employee's at this store: nothing was written. */
export class EmployeePhoneTaken extends Error {
  override readonly name = 'EmployeePhoneTaken';
}

/** The record changed under the writer (another write got in first): read again and retry. */
export class EmployeeChanged extends Error {
  override readonly name = 'EmployeeChanged';
}

/** The employee of the store who has this number, if any. */
export async function employeeWithPhone(companyId: string, locationId: string, e164: string): Promise<string | undefined> {
  const item = await getItem<{ employee_id: string }>(employeeKeys.employeePhone(companyId, locationId, e164), true);
  return item?.employee_id;
}

/** A new employee with their phone claim, counted on the list; EmployeePhoneTaken when the number is another's. */
export async function createEmployee(record: EmployeeRecord): Promise<void> {
  try {
    await transactWrite([
      { Put: { Item: employeeItem(record), ConditionExpression: 'attribute_not_exists(pk)' } },
      { Put: { Item: phoneClaimItem(record), ConditionExpression: 'attribute_not_exists(pk)' } },
      countWrite(record, 1),
    ]);
  } catch (err) {
    if (isConditionFailure(err)) throw new EmployeePhoneTaken(`${record.phone} is another employee's at ${record.location_id}`);
    throw err;
  }
}

/**
 * Writes `next` conditional on the version of `previous`; a new number moves the phone claim in the
 * same transaction (EmployeePhoneTaken when another employee took it meanwhile).
 */
export async function saveEmployee(next: EmployeeRecord, previous: EmployeeRecord): Promise<void> {
  const writes: TransactWrite[] = [{ Put: { Item: employeeItem(next), ConditionExpression: 'version = :v', ExpressionAttributeValues: { ':v': previous.version } } }];
  if (next.phone !== previous.phone) {
    writes.push(
      { Put: { Item: phoneClaimItem(next), ConditionExpression: 'attribute_not_exists(pk) OR employee_id = :id', ExpressionAttributeValues: { ':id': next.id } } },
      { Delete: { Key: employeeKeys.employeePhone(previous.company_id, previous.location_id, previous.phone), ConditionExpression: 'attribute_not_exists(pk) OR employee_id = :id', ExpressionAttributeValues: { ':id': next.id } } },
    );
  }
  try {
    await transactWrite(writes);
  } catch (err) {
    if (!isConditionFailure(err)) throw err;
    // Which condition failed: the record's version (read again), or the number's claim.
    const now = await getEmployee(next.company_id, next.id, true);
    if (now?.version === previous.version) throw new EmployeePhoneTaken(`${next.phone} is another employee's at ${next.location_id}`);
    throw new EmployeeChanged(`Employee ${next.id} changed meanwhile`);
  }
}

/**
 * Removes the employee as read (conditional on its version), its phone claim and its place in the
 * count, with `alsoWrites` (their contact's removal, the customers store's) in one transaction.
 */
export async function deleteEmployee(record: EmployeeRecord, alsoWrites: TransactWrite[]): Promise<void> {
  try {
    await transactWrite([
      { Delete: { Key: employeeKeys.employee(record.company_id, record.id), ConditionExpression: 'version = :v', ExpressionAttributeValues: { ':v': record.version } } },
      { Delete: { Key: employeeKeys.employeePhone(record.company_id, record.location_id, record.phone), ConditionExpression: 'attribute_not_exists(pk) OR employee_id = :id', ExpressionAttributeValues: { ':id': record.id } } },
      countWrite(record, -1),
      ...alsoWrites,
    ]);
  } catch (err) {
    if (isConditionFailure(err)) throw new EmployeeChanged(`Employee ${record.id} changed meanwhile`);
    throw err;
  }
}

export async function getEmployee(companyId: string, id: string, consistent = false): Promise<EmployeeRecord | undefined> {
  const item = await getItem<EmployeeRecord>(employeeKeys.employee(companyId, id), consistent);
  return item && fields(item);
}

export async function requireEmployee(companyId: string, id: string, consistent = false): Promise<EmployeeRecord> {
  const record = await getEmployee(companyId, id, consistent);
  if (!record) throw notFound('Employee not found');
  return record;
}

export async function getEmployees(companyId: string, ids: string[], consistent = false): Promise<EmployeeRecord[]> {
  const items = await batchGet<EmployeeRecord>(ids.map((id) => employeeKeys.employee(companyId, id)), consistent);
  return items.map(fields);
}

/**
 * A message in the employee's conversation: one update (no read first), in the message's
 * transaction, that moves them to the top of the list and counts the message.
 */
export function employeeBumpWrite(record: EmployeeRecord, at: string, inbound: boolean): TransactWrite {
  const sk = listedKey({ ...record, bumped_at: at });
  return {
    Update: {
      Key: employeeKeys.employee(record.company_id, record.id),
      UpdateExpression: 'SET bumped_at = :at, gsi1sk = :sk, gsi3sk = :sk' + (inbound ? ', last_inbound_at = :at' : '') + ' ADD message_count :one, version :one',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':at': at, ':sk': sk, ':one': 1 },
    },
  };
}

/** How many employees the location has (the list's paging total). */
export async function employeeCount(companyId: string, locationId: string): Promise<number> {
  const item = await getItem<{ employees?: number }>(employeeKeys.employeeCount(companyId, locationId));
  return Math.max(0, item?.employees ?? 0);
}

/**
 * One page of a location's employees in board order. The first page is one query on the list;
 * a deeper one skips `offset` on the keys-only mirror, then reads the page by key.
 */
export async function employeesPage(companyId: string, locationId: string, offset: number, limit: number): Promise<{ records: EmployeeRecord[]; total: number }> {
  const { gsi1pk } = employeeKeys.employeesOfLocation(companyId, locationId);
  const [items, total] = await Promise.all([
    offset === 0
      ? readPage<EmployeeRecord>({ IndexName: 'gsi1', KeyConditionExpression: 'gsi1pk = :pk', ExpressionAttributeValues: { ':pk': gsi1pk } }, 0, limit)
      : readPageByKeys<EmployeeRecord>({ IndexName: 'gsi3', KeyConditionExpression: 'gsi3pk = :pk', ExpressionAttributeValues: { ':pk': gsi1pk } }, offset, limit),
    employeeCount(companyId, locationId),
  ]);
  return { records: items.map(fields), total };
}

/**
 * Many employees of one location at once, with their phone claims and count, for a store's import
 * and the bench: unconditional puts, so only for records nobody else writes yet (new ids, numbers
 * no employee of the store has).
 */
export async function writeNewEmployees(companyId: string, locationId: string, records: EmployeeRecord[]): Promise<void> {
  await batchWrite([...records.map(employeeItem), ...records.map(phoneClaimItem)] as Item<object>[]);
  await updateItem({ Key: employeeKeys.employeeCount(companyId, locationId), UpdateExpression: 'ADD employees :n', ExpressionAttributeValues: { ':n': records.length } });
}
