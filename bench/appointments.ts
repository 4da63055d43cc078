/**
 * The appointments board at size: its first page; the reminders job with 100 reminders due among
 * 1,000 appointments and again among 100,000 (its cost must follow the work due, not the table:
 * the ratio of the two runs' time and read capacity); and a mass text to 1,000 recipients (time to
 * finish, texts sent = recipients allowed, no recipient texted twice).
 */
import pLimit from 'p-limit';
import { appointmentItem, type AppointmentRecord } from '../functions/appointments/records.js';
import { newAppointmentRecord } from '../functions/appointments/booking.js';
import { sendAppointmentReminders } from '../functions/appointments/reminders.js';
import { customerItem, type CustomerRecord } from '../functions/customers/records.js';
import { newId } from '../functions/lib/ids.js';
import { batchWrite, metered } from '../functions/lib/table.js';
import '../functions/messages/boards.js';
import { messagesOf } from '../functions/messages/records.js';
import { capacityOf } from './service.js';

const COMPANY = 'cmp_demo';
const LOCATION = 'loc_demo_north';
const DAY = 86_400_000;
const DUE = 100;
const MASS_RECIPIENTS = Number(process.env.BENCH_MASS_RECIPIENTS ?? 1_000);
const LARGE = Number(process.env.BENCH_APPOINTMENTS ?? 100_000);

export interface AppointmentFigures {
  first_page: { median_ms: number; p95_ms: number; read_capacity_units: number };
  reminders: {
    small: { appointments: number; due: number; sent: number; ms: number; read_capacity_units: number };
    large: { appointments: number; due: number; sent: number; ms: number; read_capacity_units: number };
    time_ratio: number;
    read_capacity_ratio: number;
  };
  mass_text: { recipients: number; allowed: number; sent: number; skipped: Record<string, number>; seconds: number; duplicates: number };
}

let serial = 0;

/** A distinct mobile number: 9xx exchanges keep clear of the service bench's, subscriber 3000+ is a mobile locally, no N11 exchange. */
function benchPhone(n: number): string {
  let exchange = 902 + (Math.floor(n / 7000) % 97);
  if (exchange % 100 === 11) exchange += 1;
  return `+1617${exchange}${String(3000 + (n % 7000)).padStart(4, '0')}`;
}

function benchCustomer(tag: string): CustomerRecord {
  serial += 1;
  const now = new Date().toISOString();
  return {
    id: newId('cus'),
    location_id: LOCATION,
    dms_customer_id: null,
    first_name: `Appt${tag}`,
    middle_name: '',
    last_name: `Bench${serial}`,
    opt_in: 'in',
    opt_metadata: { initiator: 'dms', opcode: null, timestamp: now, agent: null },
    blocked_at: null,
    carrier: { type: 'mobile', checked_at: now },
    phones: { cell: benchPhone(serial), work: null, alternate: null },
    email: null,
    address: null,
    alternate_contacts: [],
    default_contact: 'cell',
    language: null,
    company_id: COMPANY,
    opt_notice_sent_at: now,
    opt_in_requested_at: null,
    created_at: now,
    updated_at: now,
    version: 1,
  };
}

async function writeAll(items: object[]): Promise<void> {
  const limit = pLimit(8);
  const chunks: object[][] = [];
  for (let i = 0; i < items.length; i += 500) chunks.push(items.slice(i, i + 500));
  await Promise.all(chunks.map((chunk) => limit(() => batchWrite(chunk as never[]))));
}

/**
 * `count` appointments: `due` of them with their reminder due now, the rest in the past with their
 * reminder long sent (history a store keeps), spread over two years.
 */
async function seedAppointments(count: number, due: number): Promise<void> {
  const now = Date.now();
  const customers: CustomerRecord[] = [];
  const records: AppointmentRecord[] = [];
  for (let i = 0; i < count; i++) {
    const isDue = i < due;
    const customer = benchCustomer(isDue ? 'Due' : 'Past');
    const scheduledAt = new Date(isDue ? now + DAY / 2 : now - DAY - (i / count) * 730 * DAY).toISOString();
    const record: AppointmentRecord = {
      ...newAppointmentRecord({ id: newId('apt'), company_id: COMPANY, location_id: LOCATION, customer_id: customer.id, scheduled_at: scheduledAt }, new Date(now - 30 * DAY).toISOString()),
      remind_at: new Date(Date.parse(scheduledAt) - DAY).toISOString(),
      reminder_sent: !isDue,
      // The past ones were archived by the store long ago: they are on no list but their history.
      archived: !isDue,
    };
    customers.push(customer);
    records.push(record);
  }
  await writeAll(customers.map(customerItem));
  await writeAll(records.map(appointmentItem));
}

async function reminderRun(appointments: number): Promise<AppointmentFigures['reminders']['small']> {
  const started = performance.now();
  const { meter, result } = metered(() => sendAppointmentReminders());
  const run = await result;
  return { appointments, due: run.due, sent: run.sent + run.held, ms: +(performance.now() - started).toFixed(1), read_capacity_units: +meter.read.toFixed(1) };
}

async function timed(rounds: number, call: () => Promise<Response>) {
  const times: number[] = [];
  let read = 0;
  for (let i = 0; i < rounds + 5; i++) {
    const start = performance.now();
    const res = await call();
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`bench call failed: ${res.status}`);
    if (i >= 5) times.push(performance.now() - start);
    read = capacityOf(res).read;
  }
  times.sort((a, b) => a - b);
  const at = (p: number) => times[Math.min(times.length - 1, Math.ceil((p / 100) * times.length) - 1)]!;
  return { median_ms: +at(50).toFixed(2), p95_ms: +at(95).toFixed(2), read_capacity_units: read };
}

export async function benchAppointments(url: string, signIn: (email: string) => Promise<string>): Promise<AppointmentFigures> {
  const coordinator = { authorization: `Bearer ${await signIn('appointments@demo.example')}`, 'content-type': 'application/json' };

  // Reminders: 100 due among 1,000, then 100 more due among 100,000.
  await seedAppointments(1_000, DUE);
  const small = await reminderRun(1_000);
  await seedAppointments(LARGE - 1_000, DUE);
  const large = await reminderRun(LARGE);
  console.log(`reminders: ${small.sent} sent among ${small.appointments} in ${small.ms} ms; ${large.sent} among ${large.appointments} in ${large.ms} ms`);

  // Mass text: 1,000 upcoming appointments of opted-in customers, plus a few the rules skip.
  const customers = Array.from({ length: MASS_RECIPIENTS }, () => benchCustomer('Mass'));
  const skippedOnes = [{ ...benchCustomer('Out'), opt_in: 'out' as const }, { ...benchCustomer('Land'), carrier: { type: 'landline' as const, checked_at: new Date().toISOString() } }];
  const all = [...customers, ...skippedOnes];
  const appointments = all.map((c, i) => ({
    ...newAppointmentRecord({ id: newId('apt'), company_id: COMPANY, location_id: LOCATION, customer_id: c.id, scheduled_at: new Date(Date.now() + 2 * DAY + i * 60_000).toISOString() }, new Date().toISOString()),
  }));
  await writeAll(all.map(customerItem));
  await writeAll(appointments.map(appointmentItem));

  const firstPage = await timed(50, () => fetch(`${url}/api/locations/${LOCATION}/appointments/inbox?offset=0&limit=20`, { headers: coordinator }));

  const started = performance.now();
  const res = await fetch(`${url}/api/locations/${LOCATION}/mass_messages`, {
    method: 'POST',
    headers: { ...coordinator, 'idempotency-key': newId('bench') },
    body: JSON.stringify({ mass_message: { board: 'appointments', text: 'Bench: the service department opens at 7 tomorrow.', ids: appointments.map((a) => a.id) } }),
  });
  if (res.status !== 202) throw new Error(`mass text: ${res.status} ${await res.text()}`);
  const id = ((await res.json()) as { mass_message: { id: string } }).mass_message.id;
  let finished: { sent: number; skipped: Record<string, number>; state: string } | undefined;
  while (!finished || finished.state !== 'finished') {
    await new Promise((resolve) => setTimeout(resolve, 200));
    finished = ((await (await fetch(`${url}/api/mass_messages/${id}`, { headers: coordinator })).json()) as { mass_message: typeof finished }).mass_message;
    if (performance.now() - started > 15 * 60_000) throw new Error('mass text did not finish in 15 minutes');
  }
  const seconds = +((performance.now() - started) / 1000).toFixed(1);
  const limit = pLimit(16);
  const perRecipient = await Promise.all(
    appointments.map((a) => limit(async () => (await messagesOf(COMPANY, `thr_${a.id}`, 0, 10)).filter((m) => m.text.includes('Bench: the service department')).length)),
  );
  const duplicates = perRecipient.filter((n) => n > 1).length;

  return {
    first_page: firstPage,
    reminders: {
      small,
      large,
      time_ratio: +(large.ms / small.ms).toFixed(2),
      read_capacity_ratio: +(large.read_capacity_units / small.read_capacity_units).toFixed(2),
    },
    mass_text: { recipients: all.length, allowed: customers.length, sent: finished.sent, skipped: finished.skipped, seconds, duplicates },
  };
}
