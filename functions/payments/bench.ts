/**
 * Text-to-pay at size (functions/lib/boardModule.ts `local.bench`): a customer's payments' first
 * page (`GET /api/customers/{id}/payments?limit=10`) with 10,000 requests of theirs, seeded through
 * the board's store in batches: p95 and the read capacity one page costs (the page reads its ten
 * items and the total is a keys-only count on gsi1). And paid, live: from the customer's click on
 * Pay (the local checkout's submit with 4242…) to the advisor's open event stream carrying
 * `payment_request.paid`, over BENCH_PAYMENT_PAID requests, each sent as an advisor sends one;
 * the way between is the gateway's signed webhook, the conditional write and the stream's push.
 */
import pLimit from 'p-limit';
import { capacityOf, openEventStream } from '../../bench/service.js';
import { readSettings, writeSettings } from '../lib/settings.js';
import { updateRepairOrder } from '../repairOrders/records.js';
import { latestRequest } from './records.js';
import { DEMO_NORTH, createRepairOrder, serviceNumberOfNorth } from '../../test/support/service.js';
import { saveCustomer } from '../customers/records.js';
import { newId } from '../lib/ids.js';
import { batchWrite, putItem } from '../lib/table.js';
import { customerRecord, repairOrderRecord } from '../../test/support/service.js';
import { saveRepairOrder } from '../repairOrders/records.js';
import { paymentKeys, seededRequestItem, type PaymentRequestRecord } from './records.js';

const REQUESTS = Number(process.env.BENCH_PAYMENT_REQUESTS ?? 10_000);
const ROUNDS = Number(process.env.BENCH_PAYMENT_ROUNDS ?? 40);
const PAID = Number(process.env.BENCH_PAYMENT_PAID ?? 30);

function stats(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
  return { median_ms: +at(50).toFixed(2), p95_ms: +at(95).toFixed(2) };
}

export async function benchBoard(url: string, signIn: (email: string) => Promise<string>): Promise<object> {
  const customer = customerRecord({ first_name: 'Bench', last_name: `Payer${Date.now()}` });
  await saveCustomer(customer);
  const ro = repairOrderRecord(customer);
  await saveRepairOrder(ro, null);
  const start = Date.now() - REQUESTS * 60_000;
  const items = Array.from({ length: REQUESTS }, (_, i) => {
    const at = new Date(start + i * 60_000).toISOString();
    const record: PaymentRequestRecord = {
      id: newId('pay'),
      company_id: ro.company_id,
      location_id: ro.location_id,
      repair_order_id: ro.id,
      ro_id: ro.ro_id,
      customer_id: customer.id,
      state: 'paid',
      provider: 'stripe',
      account: 'acct_bench',
      currency: 'usd',
      automatic: false,
      requested_by: null,
      invoice_total_in_cents: 10_000,
      insurance_in_cents: 0,
      prepaid_in_cents: 0,
      customer_pay_in_cents: 10_000,
      created_at: at,
      updated_at: at,
      sent_at: at,
      paid_at: at,
      cancelled_at: null,
      reason: null,
      token: newId('tok').padEnd(43, 'x').slice(0, 43),
      checkout: null,
      gateway_at: 0,
      reconcile_at: null,
    };
    return seededRequestItem(record);
  });
  const limit = pLimit(8);
  const chunks: (typeof items)[] = [];
  for (let i = 0; i < items.length; i += 500) chunks.push(items.slice(i, i + 500));
  await Promise.all(chunks.map((chunk) => limit(() => batchWrite(chunk))));
  await putItem({ ...paymentKeys.customerCount(ro.company_id, customer.id), payments: REQUESTS });

  const token = await signIn('advisor@demo.example');
  const times: number[] = [];
  let read = Number.NaN;
  for (let i = 0; i < ROUNDS; i++) {
    const began = performance.now();
    const res = await fetch(`${url}/api/customers/${customer.id}/payments?limit=10&offset=0`, { headers: { authorization: `Bearer ${token}` } });
    const body = (await res.json()) as { meta?: { paging?: { total?: number } } };
    times.push(performance.now() - began);
    if (res.status !== 200 || body.meta?.paging?.total !== REQUESTS) throw new Error(`payments bench: ${res.status} ${JSON.stringify(body.meta)}`);
    read = capacityOf(res).read;
  }
  return { first_page: { requests: REQUESTS, ...stats(times), read_capacity_units: read }, paid_live: await paidLive(url, token) };
}

/** Pay → the advisor's stream says paid, PAID times; the store's settings as they were after. */
async function paidLive(url: string, token: string) {
  const { companyId, locationId } = DEMO_NORTH;
  const auth = { authorization: `Bearer ${token}` };
  const [payments, service] = await Promise.all([readSettings(companyId, locationId, 'payments_settings'), readSettings(companyId, locationId, 'service_settings')]);
  await serviceNumberOfNorth();
  await writeSettings(companyId, locationId, 'payments_settings', { ...payments, enabled: true, paid_notifications_enabled: true, provider: 'stripe', provider_account: 'acct_bench_north' }, 'agt_manager');
  await writeSettings(companyId, locationId, 'service_settings', { ...service, double_opt_in: false, safe_mode: false }, 'agt_manager');
  const stop = new AbortController();
  try {
    const paidAt = new Map<string, number>();
    const ticket = await fetch(`${url}/api/notifications/tickets`, { method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body: '{}' });
    if (ticket.status !== 201) throw new Error(`payments bench: ticket ${ticket.status}`);
    await openEventStream(
      url,
      ((await ticket.json()) as { ticket: string }).ticket,
      (type, data) => {
        const roId = (data as { repair_order_id?: string }).repair_order_id;
        if (type === 'payment_request.paid' && roId && !paidAt.has(roId)) paidAt.set(roId, performance.now());
      },
      stop.signal,
    );
    const times: number[] = [];
    for (let i = 0; i < PAID; i++) {
      const { ro } = await createRepairOrder({ customer: { opt_in: 'in' } });
      await updateRepairOrder(companyId, ro.id, (c) => ({ invoice: { requested_amount_in_cents: 9_900, requested_customer_pay_in_cents: 9_900 }, metadata: { ...c.metadata, dms_status: 'pre_invoiced' } }));
      const asked = await fetch(`${url}/api/repair_orders/${ro.id}/payment_request`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify({ payment_request: { invoice_total_in_cents: 9_900, insurance_in_cents: 0, prepaid_in_cents: 0, customer_pay_in_cents: 9_900 } }),
      });
      if (asked.status !== 201) throw new Error(`payments bench: request ${asked.status} ${await asked.text()}`);
      const checkout = (await latestRequest(companyId, ro.id))!.checkout!;
      const clicked = performance.now();
      const pay = await fetch(`${checkout.url}/pay`, { method: 'POST', body: new URLSearchParams({ card: '4242 4242 4242 4242' }), redirect: 'manual' });
      if (pay.status !== 303) throw new Error(`payments bench: checkout ${pay.status}`);
      const until = Date.now() + 15_000;
      while (!paidAt.has(ro.id)) {
        if (Date.now() > until) throw new Error('payments bench: no payment_request.paid within 15 s');
        await new Promise((resolve) => setTimeout(resolve, 2));
      }
      times.push(paidAt.get(ro.id)! - clicked);
    }
    return { name: "the customer's Pay (checkout submit, 4242…) → payment_request.paid on the advisor's stream", requests: PAID, ...stats(times) };
  } finally {
    stop.abort();
    await writeSettings(companyId, locationId, 'payments_settings', payments, 'agt_manager');
    await writeSettings(companyId, locationId, 'service_settings', service, 'agt_manager');
  }
}
