/**
 * Text-to-pay's work (SPEC §4 "Payment", issue 21 part 1): an advisor's request, checked against
 * SPEC §5 and the DMS invoice; it waits (queued) until the DMS has the order pre-invoiced or
 * invoiced with the same amounts, then gets a checkout on the store's gateway and goes out as the
 * `payment_notification` text; resend, cancel (with `payment_cancellation`); what the gateway
 * reports; the reconciliation of requests it has not settled; and the auto-send after pre-invoice.
 *
 * Every state change is one conditional write (records.ts `moveRequest`), and what follows it (the
 * order's fields, the live events, the paid notification) runs only for the write that won: paid
 * happens once however often and in whatever order the gateway calls.
 */
import { formatDate } from '../../shared/dates.js';
import { formatMoney } from '../../shared/money.js';
import { HIGH_CUSTOMER_PAY_CENTS, CHECKOUT_HOURS, isSettled, type PaymentAmounts, type PaymentRequest } from '../../shared/payments/payments.js';
import { PAYMENT_ERRORS, type PaymentRequestBody } from '../../shared/payments/schemas.js';
import { PAYMENT_PART } from '../../shared/payments/visit.js';
import type { PaymentEvent } from '../../shared/payments/events.js';
import { isLocale, type Locale } from '../../shared/locales.js';
import { agentRefOrNull, type AgentRecord } from '../lib/agents.js';
import { config } from '../lib/config.js';
import { conflict, refused } from '../lib/errors.js';
import { logger } from '../lib/log.js';
import { channels, publishTo } from '../lib/realtime.js';
import { readSettings } from '../lib/settings.js';
import { getLocation } from '../lib/locations.js';
import { refusedAnswer, sendAutomated } from '../messages/automated.js';
import { ownerRefOf, type MessageRecord } from '../messages/records.js';
import { dealershipOf, localeOf } from '../messages/send.js';
import { announce, changed, channelsOfRepairOrder } from '../repairOrders/events.js';
import { repairOrderOwner } from '../repairOrders/owner.js';
import { getRepairOrder, updateRepairOrder, type RepairOrderRecord } from '../repairOrders/records.js';
import { visitUrl } from '../visits/links.js';
import { readAutoSend } from './autoSendSettings.js';
import { paymentWords } from './customerWords.js';
import { GatewayRefused, type GatewayReport } from './gateway.js';
import { gatewayOf } from './gateways.js';
import {
  claimAutoSend,
  createRequest,
  dueWork,
  getAutoSend,
  latestRequest,
  moveRequest,
  requestById,
  rescheduleReconcile,
  scheduleAutoSend,
  setCheckout,
  type AutoSendRecord,
  type Move,
  type NewRequest,
  type PaymentRequestRecord,
} from './records.js';
import { PAYABLE } from './states.js';

const MINUTE = 60_000;
/** How long after a checkout the reconciliation job first asks the gateway, and then again. */
export const RECONCILE_AFTER_MINUTES = 30;

/** ISO 4217 of the store's country (its locale, as its currency symbol: SPEC §9). */
export function currencyOf(storeLocale: string): string {
  switch (storeLocale) {
    case 'en-us':
    case 'debug':
      return 'usd';
    case 'en-ca':
      return 'cad';
    case 'en-gb':
    case 'en-uk':
      return 'gbp';
    case 'sv':
      return 'sek';
    default:
      return 'eur';
  }
}

/** Where the gateway's checkout returns: it asks the gateway, then opens the visit page's payment part. */
export const payLink = (token: string): string => `${config.publicUrl}/api/public/payments/${encodeURIComponent(token)}`;

/** The customer's one link for the order (functions/visits/links.ts), at its payment part. */
const paymentVisitUrl = (record: Pick<PaymentRequestRecord, 'company_id' | 'location_id' | 'repair_order_id'>) =>
  visitUrl({ company_id: record.company_id, location_id: record.location_id, repair_order_id: record.repair_order_id }, PAYMENT_PART);

export function requestView(record: PaymentRequestRecord): PaymentRequest {
  const { company_id: _c, account: _a, currency: _cur, token: _t, checkout: _ch, gateway_at: _g, reconcile_at: _r, receipt_emails: _re, ...view } = record;
  return view;
}

/** Whether the DMS invoice says the same as the advisor: the invoice total and the customer pay. */
export function matchesDms(amounts: Pick<PaymentAmounts, 'invoice_total_in_cents' | 'customer_pay_in_cents'>, invoice: RepairOrderRecord['invoice']): boolean {
  return !!invoice && invoice.requested_amount_in_cents === amounts.invoice_total_in_cents && invoice.requested_customer_pay_in_cents === amounts.customer_pay_in_cents;
}

const readyForPayment = (ro: RepairOrderRecord) => ro.metadata.dms_status === 'pre_invoiced' || ro.metadata.dms_status === 'invoiced';

async function connectedGateway(companyId: string, locationId: string) {
  const settings = await readSettings(companyId, locationId, 'payments_settings');
  if (!settings.enabled || settings.provider === 'none' || !settings.provider_account) throw refused('not_enabled', PAYMENT_ERRORS.not_enabled);
  return { settings, provider: settings.provider, account: settings.provider_account };
}

/** The order's request field (SPEC §3 `payment_request`) and the board's live events follow the request. */
async function afterMove(after: PaymentRequestRecord): Promise<void> {
  const { after: ro } = await updateRepairOrder(after.company_id, after.repair_order_id, (current) => {
    const next = { paid: after.state === 'paid', cancelled: after.state === 'cancelled', paid_at: after.paid_at };
    const now = current.payment_request;
    return now && now.paid === next.paid && now.cancelled === next.cancelled && now.paid_at === next.paid_at ? null : { payment_request: next };
  });
  const event: PaymentEvent = { type: 'payment_request.changed', data: { id: after.id, repair_order_id: after.repair_order_id, location_id: after.location_id, state: after.state } };
  await publishTo(after.company_id, channelsOfRepairOrder(ro), event);
  await announce(ro, changed(ro, 'payment'));
  if (after.state === 'paid') {
    const settings = await readSettings(after.company_id, after.location_id, 'payments_settings');
    if (settings.paid_notifications_enabled) {
      const paid: PaymentEvent = {
        type: 'payment_request.paid',
        data: { id: after.id, repair_order_id: after.repair_order_id, location_id: after.location_id, ro_id: after.ro_id, customer_pay_in_cents: after.customer_pay_in_cents },
      };
      const heard = new Set([channels.managerRepairOrders(after.location_id)]);
      if (ro.agent) heard.add(channels.agent(ro.agent.id));
      if (after.requested_by) heard.add(channels.agent(after.requested_by.id));
      await publishTo(after.company_id, [...heard], paid);
    }
    await sendReceipt(after, ro);
  }
}

/**
 * The customer's receipt text, once, by the write that made the request paid: the dealership, the
 * amount and the date (no card: the console never has it), with the visit's link, where the part
 * shows the receipt. The same gatekeeper rule as the payment text decides whether it goes.
 */
async function sendReceipt(record: PaymentRequestRecord, ro: RepairOrderRecord): Promise<void> {
  const location = await getLocation(ro.company_id, ro.location_id);
  const storeLocale: Locale = location && isLocale(location.locale) ? location.locale : 'en-us';
  const link = await paymentVisitUrl(record);
  await sendAutomated(repairOrderOwner(ro), 'payment_receipt', {
    agent: null,
    manual: false,
    gatekeeperRule: 'payment_notification',
    words: (context) => {
      const locale = localeOf(context);
      const reader: Locale = isLocale(locale) && locale !== 'debug' ? locale : 'en-us';
      return {
        written: paymentWords(locale, 'receipt', {
          dealership: dealershipOf(context).dealership,
          ro: record.ro_id,
          amount: formatMoney(record.customer_pay_in_cents, reader, storeLocale),
          date: formatDate(record.paid_at ?? new Date().toISOString(), reader, location?.timezone ?? 'UTC'),
          link,
        }),
      };
    },
  });
}

async function move(record: PaymentRequestRecord, change: Move): Promise<PaymentRequestRecord | null> {
  const after = await moveRequest(record, change);
  if (after) await afterMove(after);
  return after;
}

/** A checkout on the store's gateway for this request (a new one when the last expired or ends within the hour). */
async function checkoutOf(record: PaymentRequestRecord, now: Date): Promise<PaymentRequestRecord['checkout'] & object> {
  if (record.checkout && Date.parse(record.checkout.expires_at) - now.getTime() > 60 * MINUTE) return record.checkout;
  const attempt = (record.checkout?.attempt ?? 0) + 1;
  const gateway = await gatewayOf(record.provider);
  try {
    const checkout = await gateway.createCheckout({
      account: record.account,
      amountCents: record.customer_pay_in_cents,
      currency: record.currency,
      description: `RO ${record.ro_id}`,
      returnUrl: payLink(record.token),
      expiresAt: new Date(now.getTime() + CHECKOUT_HOURS * 60 * MINUTE),
      metadata: { company_id: record.company_id, repair_order_id: record.repair_order_id, request_id: record.id },
      idempotencyKey: `payment_request:${record.id}:checkout:${attempt}`,
    });
    return { session_id: checkout.sessionId, url: checkout.url, expires_at: checkout.expiresAt.toISOString(), attempt };
  } catch (err) {
    if (err instanceof GatewayRefused) throw refused('provider_unavailable', PAYMENT_ERRORS.provider_unavailable);
    throw err;
  }
}

function paymentText(record: PaymentRequestRecord, link: string, storeLocale: Locale) {
  return (context: Parameters<typeof dealershipOf>[0] & Parameters<typeof localeOf>[0]) => {
    const locale = localeOf(context);
    const reader: Locale = isLocale(locale) ? locale : 'en-us';
    const amount = formatMoney(record.customer_pay_in_cents, reader, storeLocale);
    return { written: paymentWords(locale, 'request', { dealership: dealershipOf(context).dealership, ro: record.ro_id, amount, link }) };
  };
}

/**
 * Sends a queued request if the order is ready for it (SPEC §4): pre-invoiced or invoiced, and the
 * DMS invoice says the same amounts. Otherwise it stays queued with the reason the advisor reads.
 */
export async function sendIfReady(record: PaymentRequestRecord, ro: RepairOrderRecord, agent: AgentRecord | null, now = new Date()): Promise<PaymentRequestRecord> {
  if (record.state !== 'queued') return record;
  const reason = !readyForPayment(ro) ? 'awaiting_invoice' : !matchesDms(record, ro.invoice) ? 'amounts_mismatch' : null;
  if (reason) {
    if (record.reason !== reason) {
      const noted = await moveRequest(record, { to: 'queued', at: now.toISOString(), reason });
      return noted ?? { ...record, reason };
    }
    return record;
  }
  const location = await getLocation(ro.company_id, ro.location_id);
  const storeLocale: Locale = location && isLocale(location.locale) ? location.locale : 'en-us';
  const checkout = await checkoutOf(record, now);
  const sent = await move(record, { to: 'sent', at: now.toISOString(), checkout, reconcileAt: new Date(now.getTime() + RECONCILE_AFTER_MINUTES * MINUTE).toISOString() });
  // Another caller sent it meanwhile (the DMS feed and the advisor at once): it sent the text.
  if (!sent) return (await requestById(record.company_id, record.repair_order_id, record.id)) ?? record;
  const result = await sendAutomated(repairOrderOwner(ro), 'payment_notification', {
    agent,
    manual: false,
    gatekeeperRule: 'payment_notification',
    words: paymentText(sent, await paymentVisitUrl(sent), storeLocale),
  });
  if (result.refused) {
    // The conversation has the note and the advisor the toast; the request says it did not reach the customer.
    return (await move(sent, { to: 'failed', at: new Date().toISOString(), reason: result.refused.reason ?? result.refused.id })) ?? sent;
  }
  return sent;
}

/** A new request of the order on the store's gateway, asked by an agent or (null) by the auto-send, in the store's currency. */
async function newRequestOf(
  ro: RepairOrderRecord,
  gateway: Pick<NewRequest, 'provider' | 'account'>,
  asker: AgentRecord | null,
  amounts: PaymentAmounts,
): Promise<NewRequest> {
  const location = await getLocation(ro.company_id, ro.location_id);
  return {
    company_id: ro.company_id,
    location_id: ro.location_id,
    repair_order_id: ro.id,
    ro_id: ro.ro_id,
    customer_id: ro.customer_id,
    ...gateway,
    currency: currencyOf(location?.locale ?? 'en-us'),
    automatic: asker === null,
    requested_by: agentRefOrNull(asker),
    invoice_total_in_cents: amounts.invoice_total_in_cents,
    insurance_in_cents: amounts.insurance_in_cents,
    prepaid_in_cents: amounts.prepaid_in_cents,
    customer_pay_in_cents: amounts.customer_pay_in_cents,
  };
}

/** POST /api/repair_orders/{id}/payment_request: checks (SPEC §5), records it queued, and sends it when the order is ready. */
export async function requestPayment(agent: AgentRecord, ro: RepairOrderRecord, input: PaymentRequestBody['payment_request']): Promise<PaymentRequestRecord> {
  if (ro.closed || ro.metadata.dms_status === 'closed') throw refused('closed', PAYMENT_ERRORS.closed);
  const { provider, account } = await connectedGateway(ro.company_id, ro.location_id);
  if (input.customer_pay_in_cents > HIGH_CUSTOMER_PAY_CENTS && !input.confirm_high_amount) {
    throw conflict('high_customer_pay', PAYMENT_ERRORS.high_customer_pay, { customer_pay_in_cents: input.customer_pay_in_cents });
  }
  if (ro.invoice && !matchesDms(input, ro.invoice)) throw refused('amounts_mismatch', PAYMENT_ERRORS.mismatch);
  const record = await createRequest(await newRequestOf(ro, { provider, account }, agent, input));
  await afterMove(record);
  return sendIfReady(record, ro, agent);
}

/** The order's current request, for its detail. */
export const currentRequest = (ro: RepairOrderRecord) => latestRequest(ro.company_id, ro.id);

async function openRequest(ro: RepairOrderRecord): Promise<PaymentRequestRecord> {
  const record = await latestRequest(ro.company_id, ro.id);
  if (!record || isSettled(record.state)) throw refused('not_open', PAYMENT_ERRORS.not_open);
  return record;
}

/** PUT …/payment_request/resend: the text again, with a fresh checkout when the last one ran out. */
export async function resendPayment(agent: AgentRecord, ro: RepairOrderRecord): Promise<PaymentRequestRecord> {
  const record = await openRequest(ro);
  if (record.state === 'queued') return sendIfReady(record, ro, agent);
  const now = new Date();
  const checkout = await checkoutOf(record, now);
  if (checkout !== record.checkout) await setCheckout(record, checkout, now.toISOString());
  const location = await getLocation(ro.company_id, ro.location_id);
  const storeLocale: Locale = location && isLocale(location.locale) ? location.locale : 'en-us';
  const result = await sendAutomated(repairOrderOwner(ro), 'payment_notification', {
    agent,
    manual: true,
    gatekeeper: true,
    gatekeeperRule: 'payment_notification',
    words: paymentText(record, await paymentVisitUrl(record), storeLocale),
  });
  if (result.refused) throw refusedAnswer(result.refused);
  return (await requestById(ro.company_id, ro.id, record.id)) ?? record;
}

/**
 * PUT …/payment_request/cancel: the checkout is closed at the gateway first, then the request is
 * cancelled and the customer told. A customer who paid in that very moment is paid, not cancelled:
 * the gateway's answer wins.
 */
export async function cancelPayment(agent: AgentRecord, ro: RepairOrderRecord): Promise<PaymentRequestRecord> {
  const record = await openRequest(ro);
  if (record.checkout) {
    const gateway = await gatewayOf(record.provider);
    await gateway.expireCheckout(record.account, record.checkout.session_id, `payment_request:${record.id}:expire:${record.checkout.attempt}`);
    if ((await gateway.checkoutStanding(record.account, record.checkout.session_id)) === 'paid') {
      return (await move(record, { to: 'paid', at: new Date().toISOString() })) ?? record;
    }
  }
  const cancelled = await move(record, { to: 'cancelled', at: new Date().toISOString(), reason: null });
  if (!cancelled) return (await requestById(ro.company_id, ro.id, record.id)) ?? record;
  if (record.state !== 'queued') {
    const link = await paymentVisitUrl(record);
    await sendAutomated(repairOrderOwner(ro), 'payment_cancellation', {
      agent,
      manual: false,
      gatekeeperRule: 'payment_cancellation',
      words: (context) => ({ written: paymentWords(localeOf(context), 'cancelled', { dealership: dealershipOf(context).dealership, ro: record.ro_id, link }) }),
    });
  }
  return cancelled;
}

/** The customer opened their page: viewed (once it was sent). */
export async function markViewed(record: PaymentRequestRecord): Promise<PaymentRequestRecord> {
  return (await move(record, { to: 'viewed', at: new Date().toISOString() })) ?? record;
}

/**
 * The carrier delivered a text (functions/messages/deliveries.ts): the payment text of the order's
 * current request moves it sent → delivered. The write's condition keeps it from moving back from
 * viewed, paid or anything later; a late receipt of an earlier request's text (written before this
 * request went out) changes nothing.
 */
export async function markDelivered(message: MessageRecord): Promise<PaymentRequestRecord | null> {
  const owner = ownerRefOf(message);
  if (message.metadata.automated !== 'payment_notification' || owner.kind !== 'repair_order') return null;
  const record = await latestRequest(message.company_id, owner.id);
  if (!record || record.state !== 'sent' || !record.sent_at || message.created_at < record.sent_at) return null;
  return move(record, { to: 'delivered', at: new Date().toISOString() });
}

/**
 * A verified gateway callback: the request it names moves, if it may (states.ts). A report about an
 * account other than the request's, or a request that does not exist, changes nothing.
 */
export async function applyReport(report: GatewayReport): Promise<PaymentRequestRecord | null> {
  const { company_id: companyId, repair_order_id: roId, request_id: requestId } = report.metadata;
  if (!companyId || !roId || !requestId) return null;
  const record = await requestById(companyId, roId, requestId);
  if (!record || (report.account && report.account !== record.account)) {
    logger.warn('a gateway event about no request of ours', { event_id: report.eventId });
    return null;
  }
  return move(record, { to: report.outcome, at: new Date().toISOString(), gatewayAt: report.created, reason: report.reason });
}

/** Asks the gateway where a request it has not settled stands (a callback may have been lost). */
export async function reconcile(record: PaymentRequestRecord, now = new Date()): Promise<PaymentRequestRecord | null> {
  if (!record.checkout || !PAYABLE.includes(record.state)) return null;
  const gateway = await gatewayOf(record.provider);
  const standing = await gateway.checkoutStanding(record.account, record.checkout.session_id);
  if (standing === 'paid') return move(record, { to: 'paid', at: now.toISOString() });
  if (standing === 'expired') return move(record, { to: 'expired', at: now.toISOString() });
  const next = Math.min(now.getTime() + RECONCILE_AFTER_MINUTES * MINUTE, Date.parse(record.checkout.expires_at) + MINUTE);
  await rescheduleReconcile(record, new Date(Math.max(next, now.getTime() + MINUTE)).toISOString());
  return null;
}

/**
 * The DMS changed an order (functions/repairOrders/moments.ts `dmsChanged`): a queued request goes if the order is
 * now ready; with auto-send on, a pre-invoiced order without a request gets one after the delay,
 * which starts again on every change.
 */
export async function followDmsChange(ro: RepairOrderRecord, created: boolean): Promise<void> {
  // An order the DMS has just opened has no request yet, and none is made for it on arrival.
  if (created) return;
  const latest = await latestRequest(ro.company_id, ro.id);
  if (latest?.state === 'queued') {
    await sendIfReady(latest, ro, null);
    return;
  }
  if ((latest && !isSettled(latest.state)) || latest?.state === 'paid') return;
  if (ro.metadata.dms_status !== 'pre_invoiced' || !ro.invoice || ro.invoice.requested_customer_pay_in_cents <= 0) return;
  const [autoSend, payments] = await Promise.all([readAutoSend(ro.company_id, ro.location_id), readSettings(ro.company_id, ro.location_id, 'payments_settings')]);
  if (!autoSend.enabled || !payments.enabled) return;
  await scheduleAutoSend({ company_id: ro.company_id, location_id: ro.location_id, repair_order_id: ro.id, due_at: new Date(Date.now() + autoSend.delay_minutes * MINUTE).toISOString() });
}

/** An auto-send whose delay ran out: the request, from the DMS invoice's amounts, sent at once. */
async function autoSend(due: AutoSendRecord): Promise<PaymentRequestRecord | null> {
  if (!(await claimAutoSend(due))) return null;
  const ro = await getRepairOrder(due.company_id, due.repair_order_id, true);
  if (!ro || !readyForPayment(ro) || !ro.invoice || ro.closed || ro.invoice.requested_customer_pay_in_cents <= 0) return null;
  const payments = await readSettings(ro.company_id, ro.location_id, 'payments_settings');
  if (!payments.enabled || payments.provider === 'none' || !payments.provider_account) return null;
  const total = ro.invoice.requested_amount_in_cents;
  const pay = ro.invoice.requested_customer_pay_in_cents;
  try {
    const record = await createRequest(
      await newRequestOf(ro, { provider: payments.provider, account: payments.provider_account }, null, {
        invoice_total_in_cents: total,
        // The DMS gives the total and the customer's part; what others cover is the rest, unsplit.
        insurance_in_cents: Math.max(0, total - pay),
        prepaid_in_cents: 0,
        customer_pay_in_cents: pay,
      }),
    );
    await afterMove(record);
    return await sendIfReady(record, ro, null);
  } catch (err) {
    // An advisor asked meanwhile: theirs stands.
    if ((err as { id?: string }).id === 'open_request') return null;
    throw err;
  }
}

/** The payments job (every minute): auto-sends whose delay ran out, and requests to reconcile. */
export async function runPaymentsJob(now = new Date()): Promise<{ autoSent: number; reconciled: number }> {
  let autoSent = 0;
  let reconciled = 0;
  for (const work of await dueWork(now.toISOString())) {
    try {
      if (work.kind === 'auto_send') autoSent += (await autoSend(work.record)) ? 1 : 0;
      else reconciled += (await reconcile(work.record, now)) ? 1 : 0;
    } catch (err) {
      logger.error('payments job', { kind: work.kind, error: err as Error });
    }
  }
  return { autoSent, reconciled };
}

export { getAutoSend };
