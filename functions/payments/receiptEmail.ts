/**
 * "E-mail me the receipt" (the visit page's payment part, action `email_receipt`): the customer
 * types a name and an address and gets the receipt by e-mail, in their language, naming the
 * dealership. The page is open to whoever holds the link, so a request's receipt goes at most
 * RECEIPT_EMAILS_MAX times; the slot is taken before the mail goes (two presses at once never make
 * one too many) and given back when the mail service refuses it.
 */
import { formatDate } from '../../shared/dates.js';
import { formatMoney } from '../../shared/money.js';
import { checkReceiptEmail } from '../../shared/payments/receiptEmail.js';
import { PAYMENT_PART, RECEIPT_EMAIL_ERRORS } from '../../shared/payments/visit.js';
import { conflict, refused } from '../lib/errors.js';
import { getLocation } from '../lib/locations.js';
import { mail } from '../lib/mail.js';
import { newId } from '../lib/ids.js';
import { readSettings } from '../lib/settings.js';
import { dealershipOf } from '../messages/send.js';
import type { VisitContext } from '../visits/part.js';
import { visitUrl } from '../visits/links.js';
import { paymentWords } from './customerWords.js';
import { giveBackReceiptEmail, takeReceiptEmail, type PaymentRequestRecord, type ReceiptEmailEntry } from './records.js';

/** Sends the receipt of `record` (the visit's offered request) as the body asks; answers the request after. */
export async function emailReceipt(context: VisitContext, record: PaymentRequestRecord | null, body: unknown): Promise<PaymentRequestRecord> {
  const checked = checkReceiptEmail(body);
  if (!checked.ok) throw refused(checked.id, RECEIPT_EMAIL_ERRORS[checked.id], { field: checked.field });
  if (!record || record.state !== 'paid' || !record.paid_at) throw conflict('receipt_not_paid', RECEIPT_EMAIL_ERRORS.receipt_not_paid);
  const entry: ReceiptEmailEntry = { id: newId('rcm'), to: checked.value.email, name: checked.value.name, at: context.now.toISOString() };
  const taken = await takeReceiptEmail(record, entry);
  if (taken === 'not_paid') throw conflict('receipt_not_paid', RECEIPT_EMAIL_ERRORS.receipt_not_paid);
  if (taken === 'limit') throw conflict('receipt_email_limit', RECEIPT_EMAIL_ERRORS.receipt_email_limit);
  try {
    await mail().send({ to: entry.to, ...(await receiptMail(context, taken, entry)) });
  } catch (error) {
    await giveBackReceiptEmail(taken, entry);
    throw error;
  }
  return taken;
}

/** The e-mail in the customer's language: the dealership, the order, the amount paid, the date, the payer. */
async function receiptMail(context: VisitContext, record: PaymentRequestRecord, entry: ReceiptEmailEntry): Promise<{ subject: string; text: string }> {
  const { visit, locale, storeLocale } = context;
  const [location, business, link] = await Promise.all([
    getLocation(visit.company_id, visit.location_id),
    readSettings(visit.company_id, visit.location_id, 'business_information'),
    visitUrl(visit, PAYMENT_PART, context.now),
  ]);
  if (!location) throw new Error(`location ${visit.location_id} of a visit is gone`);
  const vars = {
    dealership: dealershipOf({ business, location }).dealership,
    ro: record.ro_id,
    amount: formatMoney(record.customer_pay_in_cents, locale, storeLocale),
    date: formatDate(record.paid_at ?? entry.at, locale, location.timezone || 'UTC'),
    name: entry.name,
    link,
  };
  return { subject: paymentWords(locale, 'receipt_email_subject', vars), text: paymentWords(locale, 'receipt_email', vars) };
}
