/**
 * The payment part of the customer's visit page (kind `payment`, position 30): the order's latest
 * payment request as the customer sees it, once it has gone out (a queued request was never
 * offered, so there is nothing to show).
 *
 * Opening the part marks the request viewed through its `viewed` action, which the view calls once
 * when it shows, rather than in `load`: the page loads every part whenever it opens or a part
 * answers an action, so a load with a side effect would mark viewed a request the customer never
 * had on screen (the page opened for the inspection) and publish to the advisor on every reload.
 */
import { PAYMENT_PART, type PaymentPartData } from '../../shared/payments/visit.js';
import type { VisitContext, VisitPart } from '../lib/visitPart.js';
import { latestRequest, type PaymentRequestRecord } from './records.js';
import { markViewed } from './requests.js';
import { PAYABLE } from './states.js';

export function paymentPartOf(record: PaymentRequestRecord, now: Date): PaymentPartData {
  const payable = PAYABLE.includes(record.state) && record.checkout !== null && Date.parse(record.checkout.expires_at) > now.getTime();
  return {
    ro_id: record.ro_id,
    state: record.state,
    amounts: {
      invoice_total_in_cents: record.invoice_total_in_cents,
      insurance_in_cents: record.insurance_in_cents,
      prepaid_in_cents: record.prepaid_in_cents,
      customer_pay_in_cents: record.customer_pay_in_cents,
    },
    pay_url: payable ? record.checkout!.url : null,
    closed: !payable,
    pdf_url: null,
    receipt: record.state === 'paid' && record.paid_at ? { amount_in_cents: record.customer_pay_in_cents, paid_at: record.paid_at } : null,
  };
}

/** The request the customer was offered: the order's newest, once it went out (one cancelled while it waited never reached the customer). */
async function offered({ visit }: VisitContext): Promise<PaymentRequestRecord | null> {
  const record = await latestRequest(visit.company_id, visit.repair_order_id);
  return record && record.sent_at ? record : null;
}

async function load(context: VisitContext): Promise<PaymentPartData | null> {
  const record = await offered(context);
  return record ? paymentPartOf(record, context.now) : null;
}

export const paymentPart: VisitPart = {
  kind: PAYMENT_PART,
  position: 30,
  load,
  actions: {
    /** The customer has the part on screen: sent or delivered moves to viewed (never back from later states). */
    async viewed(context) {
      const record = await offered(context);
      if (!record) return null;
      const seen = record.state === 'sent' || record.state === 'delivered' ? await markViewed(record) : record;
      return paymentPartOf(seen, context.now);
    },
  },
};
