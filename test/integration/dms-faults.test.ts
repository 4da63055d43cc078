/**
 * A DMS batch of 100 repair orders (each bringing its customer) interrupted by DynamoDB Local
 * dying, then replayed once the supervisor has brought the store back, on a stack of this file's
 * own: the replay completes the batch, and every record exists exactly once.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customersWithPhone } from '../../functions/customers/records.js';
import { repairOrderLinksOfCustomer } from '../../functions/repairOrders/records.js';
import { logger } from '../../functions/lib/log.js';
import { api, signIn, type ApiClient, type ApiResponse } from '../support/api.js';
import { startFaultStack, storeBackUp, type FaultStack } from '../support/fault-stack.js';
import { uniquePhone } from '../support/service.js';

const NORTH = 'loc_demo_north';
const COMPANY = 'cmp_demo';
const BATCH = 100;
/** Records written before the store is killed: the kill lands mid-batch, not before or after it. */
const CRASH_AFTER_RECORDS = 15;

type FeedStatus = 'created' | 'updated' | 'unchanged' | 'error';
interface FeedResult {
  id: string;
  dms_id: string;
  status: FeedStatus;
  error?: string;
}

let faults: FaultStack;
let manager: ApiClient;
let dmsKey: string;
const run = randomUUID().slice(0, 8);
const batch = Array.from({ length: BATCH }, (_, i) => ({
  dms_ro_id: `FAULT-${run}-${i}`,
  dms_customer_id: `FAULT-C-${run}-${i}`,
  customer: { first_name: 'Outage', last_name: `Customer ${i}`, phones: { cell: uniquePhone() } },
  advisor_email: 'advisor@demo.example',
  vehicle: { make: 'Honda', model: 'Civic', year: 2021, vin: null, mileage: 30_000 + i },
  opened_at: new Date(Date.now() - 3600_000).toISOString(),
  promise_time: new Date(Date.now() + 3 * 3600_000).toISOString(),
  status: 'open',
  work_order_status_code: 'E',
  opcodes: ['01FZ'],
  customer_waiting: false,
}));

const postBatch = () => api(faults.stack.url).post(`/dms/v1/locations/${NORTH}/repair_orders`, { records: batch }, { 'x-api-key': dmsKey });
const boardTotal = async (): Promise<number> => {
  const res = await manager.get(`/api/locations/${NORTH}/repair_orders?offset=0&limit=1`);
  if (res.status !== 200) throw new Error(`Board: ${res.status} ${res.text}`);
  return res.body.meta.paging.total as number;
};

beforeAll(async () => {
  faults = await startFaultStack();
  // This file reads the table itself (customers by phone, orders of a customer): point at its own stack.
  Object.assign(process.env, faults.stack.env);
  logger.setLogLevel('ERROR');
  manager = api(faults.stack.url, await signIn(faults.stack.url, 'manager@demo.example'));
  const key = await manager.post(`/api/locations/${NORTH}/dms_keys`, { label: 'Fault tests' });
  if (key.status !== 201) throw new Error(`DMS key: ${key.status} ${key.text}`);
  dmsKey = key.body.key as string;
}, 180_000);

afterAll(async () => {
  await faults?.stop();
}, 60_000);

describe('A DMS batch interrupted by the store dying, then replayed', () => {
  let boardBefore: number;
  let interrupted: ApiResponse;
  let killedMidBatch: boolean;
  let replay: ApiResponse;
  let replayAgain: ApiResponse;

  beforeAll(async () => {
    boardBefore = await boardTotal();
    const restartsBefore = (await faults.stack.faults.storeStatus()).restarts;

    const posting = postBatch();
    // Watch the board count grow while the batch is being written; kill the store once some records are in.
    let finished = false;
    void posting.finally(() => (finished = true));
    while (!finished && (await boardTotal()) < boardBefore + CRASH_AFTER_RECORDS) await new Promise((resolve) => setTimeout(resolve, 20));
    killedMidBatch = !finished;
    await faults.stack.faults.crashStore();
    interrupted = await posting;

    await storeBackUp(faults.stack, restartsBefore);
    replay = await postBatch();
    // A first call after the restart may still meet a stale connection: the DMS retries a 503.
    for (let attempt = 0; replay.status === 503 && attempt < 10; attempt += 1) {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      replay = await postBatch();
    }
    replayAgain = await postBatch();
  }, 300_000);

  it('was killed in the middle of the batch, which answered 200 with per-record errors or 503, never 500', () => {
    expect(killedMidBatch).toBe(true);
    expect([200, 503]).toContain(interrupted.status);
    if (interrupted.status === 200) {
      const statuses = new Set((interrupted.body.results as FeedResult[]).map((r) => r.status));
      expect(statuses.has('error')).toBe(true);
      expect([...statuses].filter((s) => s !== 'created' && s !== 'error')).toEqual([]);
    } else {
      expect(interrupted.body.error.id).toBe('service_unavailable');
    }
  });

  it('answers the replay created, updated or unchanged for every record, in order, never error', () => {
    const results = replay.body.results as FeedResult[];

    expect(replay.status).toBe(200);
    expect(results.map((r) => r.dms_id)).toEqual(batch.map((r) => r.dms_ro_id));
    expect(results.filter((r) => !['created', 'updated', 'unchanged'].includes(r.status))).toEqual([]);
  });

  it('names the same order for a record the interrupted batch had created', () => {
    if (interrupted.status !== 200) return;
    const first = interrupted.body.results as FeedResult[];
    const replayed = replay.body.results as FeedResult[];
    const created = first.map((r, i) => ({ first: r, replayed: replayed[i]! })).filter((pair) => pair.first.status === 'created');

    // Not every order the board counted was answered created: one written as the store died is
    // answered error (send it again), and its replay finds it.
    expect(created.length).toBeGreaterThan(0);
    expect(created.filter((pair) => pair.replayed.id !== pair.first.id || pair.replayed.status !== 'unchanged')).toEqual([]);
  });

  it('adds exactly the batch to the board: 100 orders, none twice', async () => {
    expect(await boardTotal()).toBe(boardBefore + BATCH);
  });

  it('keeps exactly one customer per record, and exactly one order for each', async () => {
    const replayed = replay.body.results as FeedResult[];
    const wrong: string[] = [];
    for (const [i, record] of batch.entries()) {
      const customers = await customersWithPhone(COMPANY, record.customer.phones.cell);
      if (customers.length !== 1 || customers[0]!.dms_customer_id !== record.dms_customer_id) {
        wrong.push(`${record.dms_customer_id}: ${customers.length} customers`);
        continue;
      }
      const orders = await repairOrderLinksOfCustomer(COMPANY, customers[0]!.id);
      if (orders.length !== 1 || orders[0]!.repair_order_id !== replayed[i]!.id) wrong.push(`${record.dms_ro_id}: ${orders.length} orders`);
    }

    expect(wrong).toEqual([]);
  });

  it('answers a further replay unchanged for every record', () => {
    expect(replayAgain.status).toBe(200);
    expect((replayAgain.body.results as FeedResult[]).filter((r) => r.status !== 'unchanged')).toEqual([]);
  });
});
