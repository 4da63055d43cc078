/**
 * Text-to-pay's part in the payments report (issue 24; README "Reports: payments"): what a change
 * of a payment request counts. A request is requested when it goes out to the customer (queued →
 * sent: a request still waiting for the invoice has asked nobody yet), paid when the gateway reports
 * it paid (from whatever state: paid happens once, states.ts), and its time to pay runs from when it
 * went out (or was made, for one paid before it went) to the payment. The amount is the customer's
 * part (`customer_pay_in_cents`), as the customer was asked for it and paid it; the gateways here
 * take no refunds, so what was paid is what was collected. Each fact is a transition of the
 * request's own states and times, so a re-save or the same change told twice counts nothing more.
 */
import type { Fact, TallySource } from '../lib/boardModule.js';
import { factOrder, UNREAD_ORDER, type FactOrder } from '../repairOrders/factOrder.js';
import { isRequestKey, type PaymentRequestRecord } from './records.js';

function requestFact(request: PaymentRequestRecord, order: FactOrder, fact: { figure: string; at: string; value: number }): Fact {
  return {
    id: `${request.id}:${fact.figure}`,
    type: 'payments',
    figure: fact.figure,
    company_id: request.company_id,
    location_id: request.location_id,
    at: fact.at,
    dims: { agent_id: order.agent_id },
    value: fact.value,
    record: { kind: 'repair_order', id: request.repair_order_id, label: request.ro_id },
    customer_id: request.customer_id,
  };
}

const seconds = (from: string, to: string) => Math.max(0, Math.round((Date.parse(to) - Date.parse(from)) / 1000));

/** What one change of a request counts: requested (sent out), paid, and the seconds it took to pay. */
export function paymentFacts(before: PaymentRequestRecord | undefined, after: PaymentRequestRecord | undefined, order: FactOrder): Fact[] {
  if (!after) return [];
  const facts: Fact[] = [];
  if (after.sent_at && !before?.sent_at) facts.push(requestFact(after, order, { figure: 'requested', at: after.sent_at, value: after.customer_pay_in_cents }));
  if (after.state === 'paid' && before?.state !== 'paid') {
    const paidAt = after.paid_at ?? after.updated_at;
    facts.push(requestFact(after, order, { figure: 'paid', at: paidAt, value: after.customer_pay_in_cents }));
    facts.push(requestFact(after, order, { figure: 'pay_seconds', at: paidAt, value: seconds(after.sent_at ?? after.created_at, paidAt) }));
  }
  return facts;
}

/** The payments board's TallySource: the order (its advisor) is read only for a change that counts something. */
export const paymentTallies: TallySource = async (change) => {
  if (!isRequestKey(change.keys) || !change.new) return [];
  const before = change.old as PaymentRequestRecord | undefined;
  const after = change.new as unknown as PaymentRequestRecord;
  if (paymentFacts(before, after, UNREAD_ORDER).length === 0) return [];
  return paymentFacts(before, after, await factOrder(after.company_id, after.repair_order_id));
};
