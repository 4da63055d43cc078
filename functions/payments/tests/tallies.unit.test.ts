/**
 * What a change of a payment request counts in the payments report (functions/payments/tallies.ts),
 * from request items as the store writes them (seededRequestItem) moved through the states the
 * store allows (states.ts): requested when it goes out, paid (and its time to pay) when the gateway
 * reports it paid; waiting, delivery, views, declines, replays and re-saves count nothing.
 */
import { describe, expect, it } from 'vitest';
import type { PaymentState } from '../../../shared/payments/payments.js';
import type { TableChange } from '../../lib/boardModule.js';
import type { FactOrder } from '../../repairOrders/factOrder.js';
import { seededRequestItem, type PaymentRequestRecord } from '../records.js';
import { mayMove } from '../states.js';
import { paymentFacts, paymentTallies } from '../tallies.js';

const order: FactOrder = { agent_id: 'agt_order_advisor', customer_id: 'cus_p1', label: '51007' };
const T0 = '2026-04-10T15:00:00.000Z';
const at = (minutes: number) => new Date(Date.parse(T0) + minutes * 60_000).toISOString();

function queued(): PaymentRequestRecord {
  return {
    id: 'pay_t1',
    company_id: 'cmp_t',
    location_id: 'loc_t',
    repair_order_id: 'ro_p1',
    ro_id: '51007',
    customer_id: 'cus_p1',
    state: 'queued',
    provider: 'stripe',
    automatic: false,
    requested_by: { id: 'agt_cashier', first_name: 'Dana', last_name: 'Cole' },
    invoice_total_in_cents: 52_000,
    insurance_in_cents: 10_000,
    prepaid_in_cents: 2_000,
    customer_pay_in_cents: 40_000,
    created_at: T0,
    updated_at: T0,
    sent_at: null,
    paid_at: null,
    cancelled_at: null,
    reason: 'awaiting_invoice',
    account: 'acct_t',
    currency: 'usd',
    token: 'x'.repeat(43),
    checkout: null,
    gateway_at: 0,
    reconcile_at: null,
  };
}

/** A move the store would write: only from a state it may leave (states.ts), with the times it sets. */
function move(from: PaymentRequestRecord, to: PaymentState, minutes: number): PaymentRequestRecord {
  if (!mayMove(from.state, to)) throw new Error(`${from.state} → ${to} is not a move the store writes`);
  return {
    ...from,
    state: to,
    updated_at: at(minutes),
    reason: null,
    ...(to === 'sent' ? { sent_at: at(minutes) } : {}),
    ...(to === 'paid' ? { paid_at: at(minutes) } : {}),
    ...(to === 'cancelled' ? { cancelled_at: at(minutes) } : {}),
  };
}

/** An item as the stream tells it: a plain map of attributes. */
const image = (item: object): Record<string, unknown> => ({ ...item });

function change(old: PaymentRequestRecord | undefined, next: PaymentRequestRecord): TableChange {
  const item = seededRequestItem(next);
  return { id: `evt_${next.updated_at}`, kind: old ? 'modify' : 'insert', keys: { pk: item.pk, sk: item.sk }, ...(old ? { old: image(seededRequestItem(old)) } : {}), new: image(item), at: next.updated_at };
}

const facts = (old: PaymentRequestRecord | undefined, next: PaymentRequestRecord) => {
  const c = change(old, next);
  return paymentFacts(c.old as PaymentRequestRecord | undefined, c.new as unknown as PaymentRequestRecord, order);
};
const brief = (old: PaymentRequestRecord | undefined, next: PaymentRequestRecord) => facts(old, next).map((f) => ({ id: f.id, figure: f.figure, at: f.at, value: f.value }));

describe("a payment request's facts", () => {
  it('a request made and waiting for the invoice has asked nobody: nothing counts', () => {
    const q = queued();
    expect(facts(undefined, q)).toEqual([]);
    expect(facts(q, { ...q, reason: 'amounts_mismatch', updated_at: at(1) })).toEqual([]);
  });

  it('going out to the customer counts it requested, for the customer’s part, under the order’s advisor', () => {
    const q = queued();
    const sent = move(q, 'sent', 10);
    expect(brief(q, sent)).toEqual([{ id: 'pay_t1:requested', figure: 'requested', at: at(10), value: 40_000 }]);
    expect(facts(q, sent)[0]).toMatchObject({ type: 'payments', dims: { agent_id: 'agt_order_advisor' }, record: { kind: 'repair_order', id: 'ro_p1', label: '51007' }, customer_id: 'cus_p1' });
  });

  it('delivery, a view, a declined card and a new checkout count nothing', () => {
    const sent = move(queued(), 'sent', 10);
    const delivered = move(sent, 'delivered', 11);
    const viewed = move(delivered, 'viewed', 30);
    const declined = move(viewed, 'declined', 31);
    expect([...facts(sent, delivered), ...facts(delivered, viewed), ...facts(viewed, declined)]).toEqual([]);
    expect(facts(declined, { ...declined, checkout: { session_id: 'cs_2', url: 'https://pay.example/cs_2', expires_at: at(2000), attempt: 2 }, updated_at: at(40) })).toEqual([]);
  });

  it('paid counts the amount collected and the seconds from the request going out to the payment', () => {
    const viewed = move(move(move(queued(), 'sent', 10), 'delivered', 11), 'viewed', 30);
    const paid = move(viewed, 'paid', 10 + 3 * 24 * 60);
    expect(brief(viewed, paid)).toEqual([
      { id: 'pay_t1:paid', figure: 'paid', at: paid.paid_at, value: 40_000 },
      { id: 'pay_t1:pay_seconds', figure: 'pay_seconds', at: paid.paid_at, value: 3 * 86_400 },
    ]);
  });

  it('a replayed "paid", or the receipt e-mailed afterwards, counts nothing more', () => {
    const paid = move(move(queued(), 'sent', 10), 'paid', 20);
    expect(facts(paid, { ...paid })).toEqual([]);
    expect(facts(paid, { ...paid, receipt_emails: [{ id: 'rcp_1', to: 'ana@example.com', name: 'Ana', at: at(25) }], updated_at: at(25) })).toEqual([]);
  });

  it('money taken as the advisor cancelled still counts as paid', () => {
    const cancelled = move(move(queued(), 'sent', 10), 'cancelled', 12);
    expect(facts(move(queued(), 'sent', 10), cancelled)).toEqual([]);
    expect(facts(cancelled, move(cancelled, 'paid', 13)).map((f) => f.figure)).toEqual(['paid', 'pay_seconds']);
  });

  it('a request paid before it went out is paid, not requested, its time running from when it was made', () => {
    const q = queued();
    expect(brief(q, move(q, 'paid', 5))).toEqual([
      { id: 'pay_t1:paid', figure: 'paid', at: at(5), value: 40_000 },
      { id: 'pay_t1:pay_seconds', figure: 'pay_seconds', at: at(5), value: 300 },
    ]);
  });

  it('the TallySource passes over the order’s other payment items and changes that count nothing, without reading', async () => {
    const q = queued();
    const open: TableChange = { id: 'evt_open', kind: 'insert', keys: { pk: 'COMPANY#cmp_t#RO#ro_p1#PAYMENTS', sk: 'OPEN' }, new: { request_id: 'pay_t1' }, at: T0 };
    await expect(paymentTallies(open)).resolves.toEqual([]);
    await expect(paymentTallies(change(undefined, q))).resolves.toEqual([]);
  });
});
