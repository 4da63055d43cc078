/**
 * The customer's pay page (issue 21): public, opened from the text by its unguessable token, in the
 * customer's language, phone first, and small: one server-written HTML document with no script, so
 * it shows at once on a slow network and can move into the visit page later. It shows the invoice's
 * amounts and a Pay button that goes to the gateway's own checkout (no card number comes here);
 * once the request is paid, cancelled or expired it says 'This invoice has been closed, please
 * check with your cashier'. Opening it marks the request viewed.
 */
import { formatMoney } from '../../shared/money.js';
import { isLocale, type Locale } from '../../shared/locales.js';
import { getCustomer } from '../customers/records.js';
import { getLocation } from '../lib/locations.js';
import { readSettings } from '../lib/settings.js';
import { dealershipOf } from '../messages/send.js';
import { paymentWordsOf } from './customerWords.js';
import type { PaymentRequestRecord } from './records.js';
import { PAYABLE } from './states.js';

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export async function payPageHtml(record: PaymentRequestRecord): Promise<string> {
  const [location, business, customer] = await Promise.all([
    getLocation(record.company_id, record.location_id),
    readSettings(record.company_id, record.location_id, 'business_information'),
    getCustomer(record.company_id, record.customer_id),
  ]);
  const storeLocale: Locale = location && isLocale(location.locale) ? location.locale : 'en-us';
  const language = customer?.language && isLocale(customer.language) ? customer.language : storeLocale;
  const reader: Locale = language === 'debug' ? 'en-us' : language;
  const words = paymentWordsOf(reader);
  const dealership = location ? dealershipOf({ business, location }).dealership : '';
  const money = (cents: number) => escape(formatMoney(cents, reader, storeLocale));
  const payable = PAYABLE.includes(record.state) && record.checkout !== null && Date.parse(record.checkout.expires_at) > Date.now();
  const row = (label: string, cents: number, strong = false) =>
    cents === 0 && !strong ? '' : `<tr${strong ? ' class="pay"' : ''}><th scope="row">${escape(label)}</th><td>${money(cents)}</td></tr>`;
  const body =
    record.state === 'paid'
      ? `<p class="state" role="status">${escape(words.paid)}</p>`
      : !payable
        ? `<p class="state" role="status">${escape(words.closed)}</p>`
        : `<a class="button" href="${escape(record.checkout!.url)}">${escape(words.pay.replace('{{amount}}', formatMoney(record.customer_pay_in_cents, reader, storeLocale)))}</a><p class="note">${escape(words.cards_note)}</p>`;
  return `<!doctype html><html lang="${escape(reader)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>${escape(`${dealership} · ${words.page_title}`)}</title>
<style>body{margin:0;font:16px/1.45 system-ui,sans-serif;color:#1a1a1a;background:#f5f5f4}main{max-width:30rem;margin:0 auto;padding:1rem}h1{font-size:1.3rem;margin:.2rem 0 1rem}table{width:100%;border-collapse:collapse;background:#fff;border-radius:6px}th,td{padding:.6rem .8rem;border-bottom:1px solid #e5e5e5;text-align:left;font-weight:normal}td{text-align:right;white-space:nowrap}.pay th,.pay td{font-weight:700}.button{display:block;margin:1.2rem 0 .6rem;padding:.9rem;text-align:center;background:#1d4ed8;color:#fff;text-decoration:none;border-radius:6px;font-weight:700}.button:focus-visible{outline:3px solid #111;outline-offset:2px}.state{margin:1.2rem 0;padding:.8rem;background:#fff;border-left:4px solid #1d4ed8}.note,.muted{color:#44403c;font-size:.9rem}</style>
</head><body><main><p class="muted">${escape(dealership)}</p><h1>${escape(words.page_title)}</h1>
<table><caption class="muted" style="text-align:left;padding:.3rem 0">${escape(words.order)} ${escape(record.ro_id)}</caption>
${row(words.invoice_total, record.invoice_total_in_cents)}${row(words.insurance, record.insurance_in_cents)}${row(words.prepaid, record.prepaid_in_cents)}${row(words.customer_pay, record.customer_pay_in_cents, true)}</table>
<p class="muted">${escape(words.pdf_missing)}</p>${body}</main></body></html>`;
}
