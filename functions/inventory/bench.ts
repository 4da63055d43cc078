/**
 * The inventory board at size (functions/inventory/board.ts `local.bench`, `npm run bench` writes
 * bench/results/inventory.json): 10,000 open orders at Demo Motors South, written straight through
 * the store in batches, all held by Owen Harris, then the first page of the store's list (as the
 * company admin) and of his inbox, each timed over 50 calls after 5 to warm up, with the read
 * capacity and DynamoDB calls the last one consumed. The page reads one page of items and one
 * counter, so it should cost the same at 10,000 orders as at 10.
 */
import pLimit from 'p-limit';
import { capacityOf } from '../../bench/service.js';
import { customerItem, newCustomerRecord, type CustomerRecord } from '../customers/records.js';
import { newId } from '../lib/ids.js';
import { batchWrite } from '../lib/table.js';
import { newOrderRecord } from './orders.js';
import { countLoadedOrders, orderItem, type InventoryOrderRecord } from './records.js';

const COMPANY = 'cmp_demo';
const SOUTH = 'loc_demo_south';
const ORDERS = Number(process.env.BENCH_INVENTORY_ORDERS ?? 10_000);
const ROUNDS = 50;
const OWEN = { id: 'agt_inventory', first_name: 'Owen', last_name: 'Harris' };

/** Distinct mobile numbers (8xx exchanges, subscribers 3000+) clear of the demo's and the other benches'. */
const benchCell = (n: number) => `+1214${800 + (Math.floor(n / 6000) % 99)}${3000 + (n % 6000)}`;

function seedPair(n: number, at: string): [CustomerRecord, InventoryOrderRecord] {
  const customer: CustomerRecord = {
    ...newCustomerRecord({ id: newId('cus'), companyId: COMPANY, locationId: SOUTH, dmsCustomerId: null, now: at }),
    first_name: 'Stock',
    last_name: `Bench${n}`,
    phones: { cell: benchCell(n), work: null, alternate: null },
    carrier: { type: 'mobile', checked_at: at },
    version: 1,
  };
  const order = newOrderRecord(
    { id: newId('inv'), company_id: COMPANY, location_id: SOUTH, customer_id: customer.id, agent: OWEN },
    { item_kind: n % 3 === 0 ? 'part' : 'vehicle', description: `Bench stock item ${n}`, stock_number: `B-${n}` },
    at,
  );
  return [customer, order];
}

async function seed(count: number): Promise<number> {
  const started = performance.now();
  const pairs = Array.from({ length: count }, (_, n) => seedPair(n, new Date(Date.now() - (count - n) * 60_000).toISOString()));
  const items: object[] = pairs.flatMap(([customer, order]) => [customerItem(customer), orderItem(order)]);
  const limit = pLimit(8);
  const chunks = Array.from({ length: Math.ceil(items.length / 500) }, (_, i) => items.slice(i * 500, (i + 1) * 500));
  await Promise.all(chunks.map((chunk) => limit(() => batchWrite(chunk as never[]))));
  await countLoadedOrders(pairs.map(([, order]) => order));
  return +((performance.now() - started) / 1000).toFixed(1);
}

/** `ROUNDS` timed calls after five to warm up: median and p95, and what the last call cost. */
async function firstPage(url: string, token: string, path: string) {
  const call = async () => {
    const start = performance.now();
    const res = await fetch(`${url}${path}`, { headers: { authorization: `Bearer ${token}` } });
    const body = (await res.json()) as { orders?: unknown[]; meta?: { paging: { total: number } } };
    if (!res.ok) throw new Error(`${path}: ${res.status}`);
    return { ms: performance.now() - start, capacity: capacityOf(res), rows: body.orders?.length ?? 0, total: body.meta?.paging.total ?? 0 };
  };
  for (const _warm of [1, 2, 3, 4, 5]) await call();
  const runs = [];
  for (let i = 0; i < ROUNDS; i++) runs.push(await call());
  const sorted = runs.map((r) => r.ms).sort((a, b) => a - b);
  const at = (p: number) => +sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!.toFixed(2);
  const last = runs[runs.length - 1]!;
  return { path, rows: last.rows, total: last.total, median_ms: at(50), p95_ms: at(95), read_capacity_units: last.capacity.read, dynamodb_calls: last.capacity.calls };
}

export async function benchBoard(url: string, signIn: (email: string) => Promise<string>) {
  const seedSeconds = await seed(ORDERS);
  console.log(`inventory: seeded ${ORDERS} orders in ${seedSeconds} s`);
  const [admin, owen] = await Promise.all([signIn('admin@demo.example'), signIn('inventory@demo.example')]);
  return {
    orders: ORDERS,
    seed_seconds: seedSeconds,
    store_first_page: await firstPage(url, admin, `/api/locations/${SOUTH}/inventory/orders?offset=0&limit=50`),
    inbox_first_page: await firstPage(url, owen, `/api/locations/${SOUTH}/inventory/orders/inbox?offset=0&limit=50`),
  };
}
