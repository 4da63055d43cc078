/**
 * The history search at size (functions/history/board.ts `local.bench`; `npm run bench` writes
 * bench/results/history.json): the search items of 100,000 customers' repair orders at Demo Motors
 * North (BENCH_HISTORY_CUSTOMERS to change it), written in bulk (BatchWriteItem) exactly as the
 * listener writes them (records.ts `entryItems`), with names drawn from common first and last names
 * so that name words share their partitions as they do at a real store. Then each kind of search,
 * as the store's advisor, timed over 50 calls after 5 to warm up, with the read capacity the last
 * call consumed (ReturnConsumedCapacity through the API's capacity header). Goal: p95 ≤ 50 ms.
 */
import pLimit from 'p-limit';
import { capacityOf } from '../../bench/service.js';
import type { SearchEntry } from '../lib/boardModule.js';
import { batchWrite, type Keys } from '../lib/table.js';
import { counterItems, entryItems } from './records.js';

const COMPANY = 'cmp_demo';
const NORTH = 'loc_demo_north';
const CUSTOMERS = Number(process.env.BENCH_HISTORY_CUSTOMERS ?? 100_000);
const ROUNDS = 50;
const ADVISORS = ['agt_advisor', 'agt_manager'];
/** The demo stores' (infra/local/demo.ts). */
const TIME_ZONE = 'America/New_York';

const FIRST = ['James', 'Mary', 'John', 'Patricia', 'Robert', 'Jennifer', 'Michael', 'Linda', 'William', 'Elizabeth', 'David', 'Barbara', 'Richard', 'Susan', 'Joseph', 'Jessica', 'Thomas', 'Sarah', 'Charles', 'Karen', 'Christopher', 'Nancy', 'Daniel', 'Lisa', 'Matthew', 'Betty', 'Anthony', 'Margaret', 'Mark', 'Sandra', 'Donald', 'Ashley', 'Steven', 'Kimberly', 'Paul', 'Emily', 'Andrew', 'Donna', 'Joshua', 'Michelle'];
const LAST = ['Smith', 'Johnson', 'Williams', 'Brown', 'Jones', 'Garcia', 'Miller', 'Davis', 'Rodriguez', 'Martinez', 'Hernandez', 'Lopez', 'Gonzalez', 'Wilson', 'Anderson', 'Thomas', 'Taylor', 'Moore', 'Jackson', 'Martin', 'Lee', 'Perez', 'Thompson', 'White', 'Harris', 'Sanchez', 'Clark', 'Ramirez', 'Lewis', 'Robinson', 'Walker', 'Young', 'Allen', 'King', 'Wright', 'Scott', 'Torres', 'Nguyen', 'Hill', 'Flores', 'Green', 'Adams', 'Nelson', 'Baker', 'Hall', 'Rivera', 'Campbell', 'Mitchell', 'Carter', 'Roberts'];

/** Distinct cell numbers clear of the demo's and the other benches' (9xx exchanges). */
const benchCell = (n: number) => `+1312${900 + (Math.floor(n / 9000) % 99)}${String(1000 + (n % 9000)).padStart(4, '0')}`;
const vinOf = (n: number) => `1HGBH41JXMN${String(n).padStart(6, '0')}`;
const roOf = (n: number) => `HB${String(n).padStart(7, '0')}`;
const DAY_MS = 86_400_000;
/** Closed over the last two years, one every few minutes. */
const closedAt = (n: number) => new Date(Date.UTC(2026, 0, 1) - Math.floor((n * 2 * 365 * DAY_MS) / CUSTOMERS)).toISOString();

function entryOf(n: number): { recordPk: string; entry: SearchEntry } {
  const id = `ro_bench_history_${n}`;
  return {
    recordPk: `COMPANY#${COMPANY}#RO#${id}`,
    entry: {
      tab: 'repair',
      company_id: COMPANY,
      location_id: NORTH,
      owner: { kind: 'repair_order', id },
      customer_id: `cus_bench_history_${n}`,
      customer_name: `${FIRST[n % FIRST.length]} ${LAST[Math.floor(n / FIRST.length) % LAST.length]}`,
      phone: benchCell(n),
      ro_number: roOf(n),
      vin: vinOf(n),
      advisor_id: ADVISORS[n % ADVISORS.length]!,
      closed_at: closedAt(n),
      archived: true,
    },
  };
}

async function seed(count: number): Promise<number> {
  const started = performance.now();
  const limit = pLimit(8);
  const CHUNK = 1_000;
  const writes = [];
  const counted: Keys[] = [];
  for (let from = 0; from < count; from += CHUNK) {
    writes.push(
      limit(async () => {
        const made = Array.from({ length: Math.min(CHUNK, count - from) }, (_, i) => entryOf(from + i)).map(({ recordPk, entry }) => entryItems(recordPk, entry, TIME_ZONE));
        counted.push(...made.flatMap((m) => m.counted));
        await batchWrite(made.flatMap((m) => m.items) as never[]);
      }),
    );
  }
  await Promise.all(writes);
  // The day counters the listener would have moved one by one, summed.
  await batchWrite(counterItems(counted) as never[]);
  return +((performance.now() - started) / 1000).toFixed(1);
}

const at = (sorted: number[], p: number) => +sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!.toFixed(2);

/** One kind of search: `ROUNDS` timed calls after five to warm up, with what the last one cost. */
async function timed(url: string, token: string, name: string, params: Record<string, string>) {
  const path = `/api/locations/${NORTH}/history/repair?${new URLSearchParams(params)}`;
  const call = async () => {
    const start = performance.now();
    const res = await fetch(`${url}${path}`, { headers: { authorization: `Bearer ${token}` } });
    const body = (await res.json()) as { results?: unknown[]; meta?: { paging: { total: number } } };
    if (!res.ok) throw new Error(`${path}: ${res.status} ${JSON.stringify(body)}`);
    return { ms: performance.now() - start, capacity: capacityOf(res), rows: body.results?.length ?? 0, total: body.meta?.paging.total ?? 0 };
  };
  for (let i = 0; i < 5; i++) await call();
  const runs = [];
  for (let i = 0; i < ROUNDS; i++) runs.push(await call());
  const sorted = runs.map((r) => r.ms).sort((a, b) => a - b);
  const last = runs[runs.length - 1]!;
  return { name, query: params, rows: last.rows, total: last.total, median_ms: at(sorted, 50), p95_ms: at(sorted, 95), read_capacity_units: last.capacity.read, dynamodb_calls: last.capacity.calls, times: sorted };
}

export async function benchBoard(url: string, signIn: (email: string) => Promise<string>) {
  const seedSeconds = await seed(CUSTOMERS);
  console.log(`history: seeded the search items of ${CUSTOMERS} customers' repair orders in ${seedSeconds} s`);
  const advisor = await signIn('advisor@demo.example');
  const probe = Math.floor(CUSTOMERS / 3);
  const sample = entryOf(probe).entry;
  const [first, last] = sample.customer_name!.split(' ') as [string, string];
  const searches = [
    ['phone, whole', { q: sample.phone! }],
    ['phone, last 4 digits', { q: sample.phone!.slice(-4) }],
    ['RO number', { q: sample.ro_number!.toLowerCase() }],
    ['VIN, whole', { q: sample.vin! }],
    ['VIN, last 8', { q: sample.vin!.slice(-8) }],
    ['name, two word starts', { q: `${first.slice(0, 3)} ${last.slice(0, 3)}` }],
    ['name, one whole word', { q: last }],
    ['advisor alone', { advisor_id: 'agt_advisor' }],
    ['closed in one month', { closed_from: '2025-06-01', closed_to: '2025-06-30' }],
    ['advisor, closed in one month', { advisor_id: 'agt_advisor', closed_from: '2025-06-01', closed_to: '2025-06-30' }],
  ] as const;
  const figures = [];
  for (const [name, params] of searches) figures.push(await timed(url, advisor, name, params));
  const all = figures.flatMap((f) => f.times).sort((a, b) => a - b);
  return {
    customers: CUSTOMERS,
    seed_seconds: seedSeconds,
    p95_ms_all_searches: at(all, 95),
    goal_p95_ms: 50,
    searches: figures.map(({ times: _times, ...figure }) => figure),
  };
}
