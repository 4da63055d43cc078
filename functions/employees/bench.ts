/**
 * The employees board at size (functions/lib/boardModule.ts `local.bench`): the first page of a
 * store with 10,000 employees (p95 and the read capacity one page costs), seeded straight through
 * the board's store in batches; a thousand of them have a conversation, so the page is the
 * conversations' end of the list, as a busy store's is.
 */
import pLimit from 'p-limit';
import { customerItem, newCustomerRecord } from '../customers/records.js';
import { newId } from '../lib/ids.js';
import { batchWrite, type Item } from '../lib/table.js';
import { contactIdOf, writeNewEmployees, type EmployeeRecord } from './records.js';
import { EMPLOYEE_CONTACT } from './roster.js';

const COMPANY = 'cmp_demo';
const LOCATION = 'loc_demo_north';
const EMPLOYEES = Number(process.env.BENCH_EMPLOYEES ?? 10_000);
const TALKED_TO = Math.min(1_000, EMPLOYEES);
const ROUNDS = Number(process.env.BENCH_EMPLOYEE_ROUNDS ?? 100);

export interface EmployeeFigures {
  employees: number;
  with_conversation: number;
  seed_seconds: number;
  first_page: { rounds: number; median_ms: number; p95_ms: number; read_capacity_units: number; dynamodb_calls: number; rows: number; total: number };
}

/** Mobile numbers of their own: 7xx exchanges keep clear of the other benches', no N11 exchange, subscriber 3000 and up. */
function benchCell(n: number): string {
  let exchange = 702 + (Math.floor(n / 7000) % 97);
  if (exchange % 100 === 11) exchange += 1;
  return `+1617${exchange}${3000 + (n % 7000)}`;
}

async function seed(now: number): Promise<void> {
  const at = (msAgo: number) => new Date(now - msAgo).toISOString();
  const employees: EmployeeRecord[] = [];
  const contacts: Item<object>[] = [];
  for (let n = 0; n < EMPLOYEES; n++) {
    const id = newId('emp');
    const cell = benchCell(n);
    const talked = n < TALKED_TO ? at(n * 60_000) : null;
    employees.push({
      id, company_id: COMPANY, location_id: LOCATION, contact_id: contactIdOf(id), first_name: `Staff${n}`, last_name: `Bench${n % 977}`,
      position: 'Technician', team: 'Main shop', phone: cell, agent_id: null, created_at: at(90 * 86_400_000), updated_at: at(90 * 86_400_000), version: 1,
      bumped_at: talked, last_inbound_at: talked, message_count: talked ? 2 : 0,
    });
    contacts.push(customerItem({
      ...newCustomerRecord({ id: contactIdOf(id), companyId: COMPANY, locationId: LOCATION, dmsCustomerId: null, now: at(0) }),
      first_name: `Staff${n}`, last_name: `Bench${n % 977}`, phones: { cell, work: null, alternate: null }, carrier: { type: 'mobile', checked_at: at(0) },
      opt_in: 'in', contact: EMPLOYEE_CONTACT, version: 1,
    }));
  }
  const limit = pLimit(8);
  const batches = (list: unknown[]) => Array.from({ length: Math.ceil(list.length / 500) }, (_, i) => list.slice(i * 500, (i + 1) * 500));
  await Promise.all(batches(contacts).map((batch) => limit(() => batchWrite(batch as Item<object>[]))));
  await Promise.all(batches(employees).map((batch) => limit(() => writeNewEmployees(COMPANY, LOCATION, batch as EmployeeRecord[]))));
}

export async function benchBoard(url: string, signIn: (email: string) => Promise<string>): Promise<EmployeeFigures> {
  const started = performance.now();
  await seed(Date.now());
  const seedSeconds = +((performance.now() - started) / 1000).toFixed(1);
  console.log(`employees: seeded ${EMPLOYEES} in ${seedSeconds} s`);

  const headers = { authorization: `Bearer ${await signIn('hr@demo.example')}` };
  const page = () => fetch(`${url}/api/locations/${LOCATION}/employees?offset=0&limit=50`, { headers });
  const durations: number[] = [];
  let last: { read: number; calls: number; rows: number; total: number } = { read: 0, calls: 0, rows: 0, total: 0 };
  for (let round = -5; round < ROUNDS; round++) {
    const begin = performance.now();
    const res = await page();
    const body = (await res.json()) as { employees: unknown[]; meta: { paging: { total: number } } };
    if (!res.ok) throw new Error(`employees first page: ${res.status}`);
    // The first few warm the handler's modules.
    if (round >= 0) durations.push(performance.now() - begin);
    const capacity = res.headers.get('x-consumed-capacity') ?? '';
    const figure = (name: string) => Number(new RegExp(`${name}=([\\d.]+)`).exec(capacity)?.[1] ?? Number.NaN);
    last = { read: figure('read'), calls: figure('calls'), rows: body.employees.length, total: body.meta.paging.total };
  }
  durations.sort((a, b) => a - b);
  const rank = (p: number) => +durations[Math.min(durations.length - 1, Math.ceil((p / 100) * durations.length) - 1)]!.toFixed(2);
  return {
    employees: EMPLOYEES,
    with_conversation: TALKED_TO,
    seed_seconds: seedSeconds,
    first_page: { rounds: ROUNDS, median_ms: rank(50), p95_ms: rank(95), read_capacity_units: last.read, dynamodb_calls: last.calls, rows: last.rows, total: last.total },
  };
}
