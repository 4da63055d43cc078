/**
 * The store dying under load: a stack of its own (data in a temporary directory), 200 texts to 20
 * customers with DynamoDB Local killed (SIGKILL) after the first 60, the carrier reporting `sent`
 * for the texts it has while the store is down, the same Idempotency-Key retried until each
 * answers 201, then the message sweep. Reports what the advisors were told and how soon after the
 * store's return (above all for texts the customer already had), what the conversations hold,
 * what the phones got, duplicates and losses, texts stuck or behind the carrier after the sweep,
 * and how long the supervisor took to bring the store back.
 *
 *   node --openssl-legacy-provider --import tsx bench/faults.ts    (prints the JSON; BENCH_FAULT_SENDS, BENCH_FAULT_CUSTOMERS)
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { randomUUID } from 'node:crypto';
import { api, signIn, type ApiClient } from '../test/support/api.js';
import { startFaultStack } from '../test/support/fault-stack.js';
import { accountFor, burstWithOutage, NORTH, textableOrders } from '../test/support/outage.js';

const SENDS = Number(process.env.BENCH_FAULT_SENDS ?? 200);
const CUSTOMERS = Number(process.env.BENCH_FAULT_CUSTOMERS ?? 20);

/** Customers of this run's own, through the DMS feed, so there are as many textable ones as asked for. */
async function orderCustomers(manager: ApiClient, url: string, count: number): Promise<void> {
  const key = await manager.post(`/api/locations/${NORTH}/dms_keys`, { label: 'Fault bench' });
  if (key.status !== 201) throw new Error(`DMS key: ${key.status} ${key.text}`);
  const run = randomUUID().slice(0, 8);
  const exchange = 300 + Math.floor(Math.random() * 600);
  const records = Array.from({ length: count }, (_, i) => ({
    dms_ro_id: `BENCH-${run}-${i}`,
    dms_customer_id: `BENCH-C-${run}-${i}`,
    // Subscriber numbers 3000+ are mobiles for the local carrier.
    customer: { first_name: 'Bench', last_name: `Customer ${i}`, phones: { cell: `+1617${exchange}${3000 + i}` } },
    advisor_email: 'advisor@demo.example',
    vehicle: { make: 'Honda', model: 'Civic', year: 2021, vin: null, mileage: 30_000 },
    opened_at: new Date().toISOString(),
    status: 'open',
    work_order_status_code: 'E',
    opcodes: ['TEXT'],
  }));
  const res = await api(url).post(`/dms/v1/locations/${NORTH}/repair_orders`, { records }, { 'x-api-key': key.body.key as string });
  const failed = (res.body?.results as { status: string }[] | undefined)?.filter((r) => r.status === 'error') ?? [];
  if (res.status !== 200 || failed.length > 0) throw new Error(`DMS feed: ${res.status} ${res.text}`);
}

export async function benchFaults(): Promise<Record<string, unknown>> {
  const faults = await startFaultStack();
  try {
    const { url, carrierUrl } = faults.stack;
    const manager = api(url, await signIn(url, 'manager@demo.example'));
    await orderCustomers(manager, url, CUSTOMERS);
    // The board lists the newest first: this run's customers.
    const orders = await textableOrders(manager, CUSTOMERS);
    const started = Date.now();
    const burst = await burstWithOutage({
      stack: faults.stack,
      sender: manager,
      orders,
      sends: SENDS,
      crashBefore: Math.floor(SENDS * 0.3),
      concurrency: 8,
      retryForMs: 240_000,
    });
    const account = await accountFor(burst, manager, carrierUrl);
    const sweep = (burst.sweep.body as { result?: { result?: { receipts_caught_up?: number } } } | null)?.result?.result;
    const seconds = (ms: number | null) => (ms === null ? null : Math.round(ms / 100) / 10);
    return {
      sends: SENDS,
      customers: orders.length,
      // The goal: every send the customer already had is confirmed to its client ≤ 10 s after the store's return.
      reached_carrier_untold_during_outage: account.reachedCarrierUntold,
      reached_carrier_confirmed_after_store_back_s: seconds(account.reachedCarrierConfirmedAfterMs),
      reached_carrier_never_confirmed: account.reachedCarrierNeverConfirmed,
      all_confirmed_after_store_back_s: seconds(account.allConfirmedAfterMs),
      duplicates: account.storedDuplicated + account.carrierDuplicated,
      lost: account.storedMissing + account.carrierMissing,
      receipts_published_while_down: burst.receipts.published,
      receipts_lost_while_down: burst.receipts.lost,
      receipts_caught_up_by_sweep: sweep?.receipts_caught_up ?? null,
      behind_carrier_after_sweep: account.behindCarrier,
      told_ok_at_once: account.toldOkAtOnce,
      told_ok_after_retries: account.toldOkInTheEnd,
      stored_once: account.storedOnce,
      stored_missing: account.storedMissing,
      stored_duplicated: account.storedDuplicated,
      at_carrier_once: account.carrierOnce,
      at_carrier_missing: account.carrierMissing,
      at_carrier_duplicated: account.carrierDuplicated,
      told_ok_but_not_stored: account.toldButNotStored,
      stuck_queued_after_sweep: account.stuckQueued,
      sweep_status: burst.sweep.status,
      store_restart_ms: burst.restartMs,
      first_answers: account.firstAnswers,
      retry_answers: account.retryAnswers,
      stored_states: account.storedStates,
      // Mostly waiting: the lease of a claim the outage left running with no text written (15 s here), and the sweep's grace.
      burst_to_sweep_seconds: Math.round((Date.now() - started) / 1000),
      measured_at: new Date().toISOString(),
    };
  } finally {
    await faults.stop();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const figures = await benchFaults();
  const dir = join(import.meta.dirname, 'results');
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'faults.json'), `${JSON.stringify(figures, null, 2)}\n`);
  console.log(JSON.stringify(figures, null, 2));
}
