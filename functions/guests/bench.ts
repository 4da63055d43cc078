/**
 * The guests and leads board at size (`npm run bench`, bench/results/guests.json): Demo Motors
 * North loaded with 10,000 guests (BENCH_GUESTS) straight into the table with the store's own item
 * builders, every one still open (a store that never archives: the longest list the board can
 * have), then the manager's first page and deepest page, each over 100 rounds: median, p95, the read
 * capacity DynamoDB reports for the call and its DynamoDB calls (auth reads included).
 */
import pLimit from 'p-limit';
import { capacityOf } from '../../bench/service.js';
import { customerItem, newCustomerRecord, type CustomerRecord } from '../customers/records.js';
import { GUEST_CONTACT } from '../../shared/guests/guests.js';
import { newId } from '../lib/ids.js';
import { batchWrite, type Item } from '../lib/table.js';
import { addToListCount, bulkGuestItems, newGuestRecord, type GuestRecord } from './records.js';

const COMPANY = 'cmp_demo';
const LOCATION = 'loc_demo_north';
const GUESTS = Number(process.env.BENCH_GUESTS ?? 10_000);
const ROUNDS = 100;
const PAGE = 20;

export interface GuestFigures {
  guests: number;
  first_page: Timing;
  last_page: Timing & { offset: number };
}

interface Timing {
  median_ms: number;
  p95_ms: number;
  read_capacity_units: number;
  dynamodb_calls: number;
}

/** A distinct mobile number per guest: 8xx exchanges keep clear of the other benches', subscriber 3000+ is a mobile locally. */
function benchPhone(n: number): string {
  let exchange = 802 + (Math.floor(n / 7000) % 97);
  if (exchange % 100 === 11) exchange += 1;
  return `+1617${exchange}${String(3000 + (n % 7000)).padStart(4, '0')}`;
}

/** `count` guests who texted over the last year, each with a contact of the guest kind, all on the open list. */
function benchGuests(count: number): { contacts: CustomerRecord[]; guests: GuestRecord[] } {
  const now = Date.now();
  const contacts: CustomerRecord[] = [];
  const guests: GuestRecord[] = [];
  for (let i = 0; i < count; i++) {
    const at = new Date(now - (i / count) * 365 * 86_400_000).toISOString();
    const contact: CustomerRecord = { ...newCustomerRecord({ id: newId('cus'), companyId: COMPANY, locationId: LOCATION, dmsCustomerId: null, now: at }), contact: GUEST_CONTACT, phones: { cell: benchPhone(i), work: null, alternate: null }, version: 1 };
    const guest = newGuestRecord({ id: newId('gst'), company_id: COMPANY, location_id: LOCATION, customer_id: contact.id, source: 'text', lead: null }, at);
    contacts.push(contact);
    guests.push({ ...guest, message_count: 3, last_inbound_at: at, bumped_at: at });
  }
  return { contacts, guests };
}

async function writeAll(items: Item<object>[]): Promise<void> {
  const limit = pLimit(8);
  const chunks: Item<object>[][] = [];
  for (let i = 0; i < items.length; i += 500) chunks.push(items.slice(i, i + 500));
  await Promise.all(chunks.map((chunk) => limit(() => batchWrite(chunk))));
}

async function timed(call: () => Promise<Response>): Promise<Timing> {
  const times: number[] = [];
  let capacity = { read: 0, calls: 0 };
  for (let i = 0; i < ROUNDS + 5; i++) {
    const start = performance.now();
    const res = await call();
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`bench call failed: ${res.status}`);
    if (i >= 5) times.push(performance.now() - start);
    capacity = capacityOf(res);
  }
  times.sort((a, b) => a - b);
  const at = (p: number) => times[Math.min(times.length - 1, Math.ceil((p / 100) * times.length) - 1)]!;
  return { median_ms: +at(50).toFixed(2), p95_ms: +at(95).toFixed(2), read_capacity_units: capacity.read, dynamodb_calls: capacity.calls };
}

export async function benchBoard(url: string, signIn: (email: string) => Promise<string>): Promise<GuestFigures> {
  const { contacts, guests } = benchGuests(GUESTS);
  const { items, counts } = bulkGuestItems(guests);
  await writeAll(contacts.map((c) => customerItem(c)));
  await writeAll(items);
  for (const { key, count } of counts.values()) await addToListCount(key, count);

  const manager = { authorization: `Bearer ${await signIn('manager@demo.example')}` };
  const list = `${url}/api/locations/${LOCATION}/guests`;
  const deepest = Math.floor((GUESTS - 1) / PAGE) * PAGE;
  const figures: GuestFigures = {
    guests: GUESTS,
    first_page: await timed(() => fetch(`${list}?offset=0&limit=${PAGE}`, { headers: manager })),
    last_page: { offset: deepest, ...(await timed(() => fetch(`${list}?offset=${deepest}&limit=${PAGE}`, { headers: manager }))) },
  };
  console.log(`guests: first page of ${GUESTS}: median ${figures.first_page.median_ms} ms, p95 ${figures.first_page.p95_ms} ms, ${figures.first_page.read_capacity_units} RCU`);
  return figures;
}
