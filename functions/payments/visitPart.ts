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
import { PAYMENT_PART, RECEIPT_EMAILS_MAX, type PaymentPartData } from '../../shared/payments/visit.js';
import { completeSettings, type SettingsOf } from '../../shared/schemas/settings.js';
import { getCustomer } from '../customers/records.js';
import { config } from '../lib/config.js';
import { getLocation } from '../lib/locations.js';
import { logger } from '../lib/log.js';
import { readSettings } from '../lib/settings.js';
import type { VisitContext, VisitPart } from '../visits/part.js';
import type { RepairOrderRecord } from '../repairOrders/records.js';
import { formatMoney } from '../../shared/money.js';
import { paymentWords } from './customerWords.js';
import { latestRequest, type PaymentRequestRecord } from './records.js';
import { emailReceipt } from './receiptEmail.js';
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

/** What of the store's landing-page settings the part shows: its Pay button and the receipt form's labels. */
export interface PaymentPartLook {
  landing: Pick<SettingsOf<'landing_settings'>, 'button_css_class' | 'name_label' | 'email_label' | 'pay_button'>;
  pay_button_text: string;
}

const LANDING_DEFAULTS = completeSettings('landing_settings', {});
const PAY_DEFAULTS = completeSettings('payments_landing_settings', {});
export const DEFAULT_LOOK: PaymentPartLook = { landing: LANDING_DEFAULTS, pay_button_text: PAY_DEFAULTS.pay_button_text };

/**
 * The store's own words, sent as written, only when it changed them from the default: the default
 * is English for everyone, and the part's own words say the same in the customer's language.
 */
const storeWords = (value: string, fallback: string): string | null => (value.trim() === '' || value.trim() === fallback ? null : value.trim());

/** A group that no longer reads (saved before its schema tightened) shows the part's defaults rather than no part at all. */
const orDefaults = <T>(group: string, fallback: T) => (error: unknown): T => {
  logger.error('a settings group of the payment part does not read: it shows the defaults', { group, error: error as Error });
  return fallback;
};

async function lookOf(companyId: string, locationId: string): Promise<PaymentPartLook> {
  const [landing, pay] = await Promise.all([
    readSettings(companyId, locationId, 'landing_settings').catch(orDefaults('landing_settings', LANDING_DEFAULTS)),
    readSettings(companyId, locationId, 'payments_landing_settings').catch(orDefaults('payments_landing_settings', PAY_DEFAULTS)),
  ]);
  return { landing, pay_button_text: pay.pay_button_text };
}

/** `lucia.gomez@example.com` → `l•••@example.com`: enough for the customer to know it, not for another to learn it. */
export const maskedAddress = (address: string): string => {
  const at = address.lastIndexOf('@');
  return at <= 0 ? '•••' : `${address[0]}•••${address.slice(at)}`;
};

const nameOnOrder = (ro: Pick<RepairOrderRecord, 'customer_first_name' | 'customer_last_name'>): string =>
  [ro.customer_first_name, ro.customer_last_name].map((part) => part.trim()).filter(Boolean).join(' ');

export function paymentPartOf(
  record: PaymentRequestRecord,
  now: Date,
  pdfUrl: string | null = null,
  look: PaymentPartLook = DEFAULT_LOOK,
  ro: Pick<RepairOrderRecord, 'customer_first_name' | 'customer_last_name'> | null = null,
): PaymentPartData {
  const paid = record.state === 'paid' && record.paid_at !== null;
  const sent = record.receipt_emails ?? [];
  const last = sent.at(-1);
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
    receipt: paid ? { amount_in_cents: record.customer_pay_in_cents, paid_at: record.paid_at! } : null,
    pay_button: { text: storeWords(look.pay_button_text, PAY_DEFAULTS.pay_button_text), style: look.landing.button_css_class, at_top: look.landing.pay_button },
    receipt_email: paid
      ? {
          name: ro ? nameOnOrder(ro) : '',
          name_label: storeWords(look.landing.name_label, LANDING_DEFAULTS.name_label),
          email_label: storeWords(look.landing.email_label, LANDING_DEFAULTS.email_label),
          sent: last ? { to: maskedAddress(last.to), at: last.at } : null,
          remaining: Math.max(0, RECEIPT_EMAILS_MAX - sent.length),
        }
      : null,
  };
}

/** The request the customer was offered: the order's newest, once it went out (one cancelled while it waited never reached the customer). */
async function offered({ visit }: VisitContext): Promise<PaymentRequestRecord | null> {
  const record = await latestRequest(visit.company_id, visit.repair_order_id);
  return record && record.sent_at ? record : null;
}

/** The part as the customer sees `record` now, on the store's settings. */
async function partOf(record: PaymentRequestRecord, context: VisitContext): Promise<PaymentPartData> {
  const look = await lookOf(context.visit.company_id, context.visit.location_id);
  return paymentPartOf(record, context.now, pdfUrlOf(record, context.ro, context.locale), look, context.ro);
}

async function load(context: VisitContext): Promise<PaymentPartData | null> {
  const record = await offered(context);
  return record ? partOf(record, context) : null;
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
      return partOf(seen, context);
    },
    /** "E-mail me the receipt" `{ name, email }`: only a paid request, at most RECEIPT_EMAILS_MAX times; the part then says where it went. */
    async email_receipt(context, body) {
      return partOf(await emailReceipt(context, await offered(context), body), context);
    },
  },
  /** With the store's pay button on (landing_settings.pay_button): "Pay $301.00" at the top of the page while the request can be paid. */
  async shortcut(context, data) {
    const part = data as PaymentPartData;
    if (!part.pay_url || !part.pay_button.at_top) return null;
    return part.pay_button.text ?? paymentWords(context.locale, 'pay_shortcut', { amount: formatMoney(part.amounts.customer_pay_in_cents, context.locale, context.storeLocale) });
  },
};
