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
import { isLocale, type Locale } from '../../shared/locales.js';
import { PAYMENT_PART, type PaymentPartData } from '../../shared/payments/visit.js';
import { getCustomer } from '../customers/records.js';
import { config } from '../lib/config.js';
import { getLocation } from '../lib/locations.js';
import type { VisitContext, VisitPart } from '../visits/part.js';
import type { RepairOrderRecord } from '../repairOrders/records.js';
import { latestRequest, type PaymentRequestRecord } from './records.js';
import { markViewed } from './requests.js';
import { PAYABLE } from './states.js';

/** The customer's language, else the store's (as the visit page reads it when it is not given one). */
export async function customerLocaleOf(record: PaymentRequestRecord): Promise<Locale> {
  const [customer, location] = await Promise.all([getCustomer(record.company_id, record.customer_id), getLocation(record.company_id, record.location_id)]);
  const chosen = customer?.language && isLocale(customer.language) ? customer.language : location && isLocale(location.locale) ? location.locale : 'en-us';
  return chosen === 'debug' ? 'en-us' : chosen;
}

/** The DMS has the order's invoice (pre-invoiced, invoiced, or closed after it): the PDF can be drawn. */
export const invoiceReady = (ro: Pick<RepairOrderRecord, 'metadata' | 'invoice'>): boolean =>
  ro.metadata.dms_status === 'pre_invoiced' || ro.metadata.dms_status === 'invoiced' || (ro.metadata.dms_status === 'closed' && ro.invoice !== null);

/** The invoice PDF's link (payments handler: drawn on first ask), once the DMS has the invoice. */
const pdfUrlOf = (record: PaymentRequestRecord, ro: Pick<RepairOrderRecord, 'metadata' | 'invoice'>, locale: Locale) =>
  invoiceReady(ro) ? `${config.publicUrl}/api/public/payments/${encodeURIComponent(record.token)}/invoice?lang=${locale}` : null;

export function paymentPartOf(record: PaymentRequestRecord, now: Date, pdfUrl: string | null = null): PaymentPartData {
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
    pdf_url: pdfUrl,
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
  return record ? paymentPartOf(record, context.now, pdfUrlOf(record, context.ro, context.locale)) : null;
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
      return paymentPartOf(seen, context.now, pdfUrlOf(seen, context.ro, context.locale));
    },
  },
};
