/**
 * Text-to-pay (issue 21): an advisor's request with SPEC §5's checks, queued until the DMS
 * pre-invoices the order with the same amounts, sent through the gatekeeper with the link in the
 * customer's language; the local gateway's checkout and its signed webhooks (replayed, out of
 * order, dropped, forged, stale): paid exactly once, and the reconciliation job settles what was
 * dropped; declined and 3-D Secure; resend, cancel, the customer's page; the store's settings,
 * the account connection and disconnect; the auto-send delay that restarts on change; tenants.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { PDFDocument } from 'pdf-lib';
import { PAYMENT_ERRORS } from '../../../shared/payments/schemas.js';
import { HIGH_CUSTOMER_PAY_CENTS } from '../../../shared/payments/payments.js';
import { channels, cursorAt, eventsAfter } from '../../lib/realtime.js';
import { readSettings, writeSettings } from '../../lib/settings.js';
import { getRepairOrder, updateRepairOrder, type RepairOrderRecord } from '../../repairOrders/records.js';
import '../../messages/boards.js';
import { getAutoSend, runPaymentsJob } from '../requests.js';
import { latestRequest } from '../records.js';
import { paymentPart } from '../visitPart.js';
import { openVisit } from '../../visits/links.js';
import type { PaymentPartData } from '../../../shared/payments/visit.js';
import { api, signIn, textsTo, type ApiClient } from '../../../test/support/api.js';
import { createRepairOrder, DEMO_NORTH, serviceNumberOfNorth, useStackEnv } from '../../../test/support/service.js';
import type { SettingsOf } from '../../../shared/schemas/settings.js';

const baseUrl = inject('baseUrl');
const carrierUrl = `${baseUrl}/dev/carrier`;
const { companyId, locationId } = DEMO_NORTH;
const MINUTE = 60_000;

let advisor: ApiClient;
let manager: ApiClient;
let rival: ApiClient;
let gateway: string;
let savedPayments: SettingsOf<'payments_settings'>;
let savedService: SettingsOf<'service_settings'>;

const amounts = (total: number, pay: number, extra: Record<string, unknown> = {}) => ({
  payment_request: { invoice_total_in_cents: total, insurance_in_cents: total - pay, prepaid_in_cents: 0, customer_pay_in_cents: pay, ...extra },
});

/** An order assigned to the demo advisor, as the DMS has it now. */
async function anOrder(dms: Partial<RepairOrderRecord['metadata']> = {}, invoice: RepairOrderRecord['invoice'] = null, language: string | null = null): Promise<RepairOrderRecord> {
  const { ro } = await createRepairOrder({ customer: { opt_in: 'in', language } });
  const { after } = await updateRepairOrder(companyId, ro.id, (current) => ({ invoice, metadata: { ...current.metadata, dms_status: 'open', ...dms } }));
  return after;
}

async function gatewayPost(path: string, body: unknown = {}) {
  const res = await fetch(`${gateway}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return (await res.json()) as Record<string, unknown>;
}

async function gatewayEvents(sessionId: string): Promise<{ id: string; type: string; created: number }[]> {
  const res = await fetch(`${gateway}/dev/gateway/events?session=${encodeURIComponent(sessionId)}`);
  return ((await res.json()) as { events: { id: string; type: string; created: number }[] }).events;
}

const deliver = (eventId: string, signedAt?: number) => gatewayPost(`/dev/gateway/events/${eventId}/deliver`, signedAt === undefined ? {} : { signed_at: signedAt });

async function payWith(sessionUrl: string, card: string): Promise<number> {
  const res = await fetch(`${sessionUrl}/pay`, { method: 'POST', body: new URLSearchParams({ card }), redirect: 'manual' });
  return res.status;
}

/** The visit page's payment part of an order, as the page loads it (or runs its action) now. */
async function partOf(roId: string, action?: 'viewed'): Promise<PaymentPartData | null> {
  const ro = (await getRepairOrder(companyId, roId, true))!;
  const context = { visit: { company_id: companyId, location_id: ro.location_id, repair_order_id: ro.id }, ro, locale: 'en-us' as const, storeLocale: 'en-us' as const, valid_until: new Date(Date.now() + 86_400_000).toISOString(), now: new Date() };
  return (action ? await paymentPart.actions![action]!(context, {}) : await paymentPart.load(context)) as PaymentPartData | null;
}

/** The visit a link in a text (or a redirect) opens, by its token. */
async function visitOfLink(link: string) {
  const match = /\/app\/public\/visits\/([A-Za-z0-9_-]{43})#payment$/.exec(link);
  expect(match, link).not.toBeNull();
  return openVisit(match![1]!);
}

async function sentRequest(total = 25_000, pay = 20_000) {
  const ro = await anOrder({ dms_status: 'pre_invoiced' }, { requested_amount_in_cents: total, requested_customer_pay_in_cents: pay });
  const res = await advisor.post(`/api/repair_orders/${ro.id}/payment_request`, amounts(total, pay));
  expect(res.status, res.text).toBe(201);
  expect(res.body.payment_request.state).toBe('sent');
  const record = (await latestRequest(companyId, ro.id))!;
  return { ro, record, session: record.checkout!.session_id, url: record.checkout!.url };
}

beforeAll(async () => {
  useStackEnv();
  gateway = process.env.STRIPE_API_BASE!;
  const clients = await Promise.all(['advisor@demo.example', 'manager@demo.example', 'rival@demo.example'].map(async (email) => api(baseUrl, await signIn(baseUrl, email))));
  [advisor, manager, rival] = [clients[0]!, clients[1]!, clients[2]!];
  await serviceNumberOfNorth();
  savedPayments = await readSettings(companyId, locationId, 'payments_settings');
  savedService = await readSettings(companyId, locationId, 'service_settings');
  await writeSettings(companyId, locationId, 'service_settings', { ...savedService, double_opt_in: false, safe_mode: false }, 'agt_manager');
  await writeSettings(companyId, locationId, 'payments_settings', { ...savedPayments, enabled: true, paid_notifications_enabled: true, provider: 'stripe', provider_account: 'acct_test_north' }, 'agt_manager');
  // The tests deliver the gateway's webhooks themselves: when, how often and in which order.
  await gatewayPost('/dev/gateway/hold', { hold: true });
});

afterAll(async () => {
  await gatewayPost('/dev/gateway/hold', { hold: false });
  await writeSettings(companyId, locationId, 'payments_settings', savedPayments, 'agt_manager');
  await writeSettings(companyId, locationId, 'service_settings', savedService, 'agt_manager');
});

describe('asking for a payment', () => {
  it('answers every SPEC §5 check with its text', async () => {
    const ro = await anOrder({ dms_status: 'pre_invoiced' }, { requested_amount_in_cents: 30_000, requested_customer_pay_in_cents: 30_000 });
    const path = `/api/repair_orders/${ro.id}/payment_request`;
    const zero = await advisor.post(path, amounts(0, 0));
    expect(zero.status).toBe(422);
    expect(zero.body.errors.map((e: { message: string }) => e.message)).toEqual(expect.arrayContaining([PAYMENT_ERRORS.amount_zero, PAYMENT_ERRORS.customer_pay]));
    const sum = await advisor.post(path, { payment_request: { invoice_total_in_cents: 30_000, insurance_in_cents: 0, prepaid_in_cents: 0, customer_pay_in_cents: 20_000 } });
    expect(sum.status).toBe(422);
    expect(sum.body.errors[0].message).toBe(PAYMENT_ERRORS.sum);
    const negative = await advisor.post(path, amounts(30_000, -5));
    expect(negative.status).toBe(422);
    const mismatch = await advisor.post(path, amounts(30_100, 30_100));
    expect(mismatch.status).toBe(422);
    expect(mismatch.body.error).toMatchObject({ id: 'amounts_mismatch', message: 'The entered amounts do not match. Please check in your DMS' });
    expect(await latestRequest(companyId, ro.id)).toBeUndefined();
  });

  it('asks the advisor to confirm an unusually high customer pay, then sends it', async () => {
    const high = HIGH_CUSTOMER_PAY_CENTS + 100;
    const ro = await anOrder({ dms_status: 'invoiced' }, { requested_amount_in_cents: high, requested_customer_pay_in_cents: high });
    const path = `/api/repair_orders/${ro.id}/payment_request`;
    const warned = await advisor.post(path, amounts(high, high));
    expect(warned.status).toBe(409);
    expect(warned.body.error).toMatchObject({ id: 'high_customer_pay', message: PAYMENT_ERRORS.high_customer_pay });
    const confirmed = await advisor.post(path, amounts(high, high, { confirm_high_amount: true }));
    expect(confirmed.status, confirmed.text).toBe(201);
    expect(confirmed.body.payment_request.state).toBe('sent');
    const again = await advisor.post(path, amounts(high, high, { confirm_high_amount: true }));
    expect(again.status).toBe(409);
    expect(again.body.error.id).toBe('open_request');
  });

  it('refuses a closed order and a store without payments', async () => {
    const closed = await anOrder({ dms_status: 'closed' });
    await updateRepairOrder(companyId, closed.id, () => ({ closed: true }));
    const res = await advisor.post(`/api/repair_orders/${closed.id}/payment_request`, amounts(1000, 1000));
    expect(res.status).toBe(422);
    expect(res.body.error.message).toBe(PAYMENT_ERRORS.closed);
    await writeSettings(companyId, locationId, 'payments_settings', { ...(await readSettings(companyId, locationId, 'payments_settings')), enabled: false }, 'agt_manager');
    const open = await anOrder();
    const off = await advisor.post(`/api/repair_orders/${open.id}/payment_request`, amounts(1000, 1000));
    await writeSettings(companyId, locationId, 'payments_settings', { ...(await readSettings(companyId, locationId, 'payments_settings')), enabled: true }, 'agt_manager');
    expect(off.status).toBe(422);
    expect(off.body.error.id).toBe('not_enabled');
  });

  it('waits queued until the DMS pre-invoices the order with the same amounts, then texts the link in the customer\'s language', async () => {
    const ro = await anOrder({}, null, 'es');
    const res = await advisor.post(`/api/repair_orders/${ro.id}/payment_request`, amounts(12_345, 10_000));
    expect(res.status, res.text).toBe(201);
    expect(res.body.payment_request).toMatchObject({ state: 'queued', reason: 'awaiting_invoice', customer_pay_in_cents: 10_000 });
    expect((await getRepairOrder(companyId, ro.id, true))!.payment_request).toEqual({ paid: false, cancelled: false, paid_at: null });

    // The DMS pre-invoices it with other amounts: it keeps waiting, and says why.
    const { followDmsChange } = await import('../requests.js');
    const { after: mismatched } = await updateRepairOrder(companyId, ro.id, (c) => ({ invoice: { requested_amount_in_cents: 12_345, requested_customer_pay_in_cents: 9_000 }, metadata: { ...c.metadata, dms_status: 'pre_invoiced' } }));
    await followDmsChange(mismatched, false);
    expect((await latestRequest(companyId, ro.id))).toMatchObject({ state: 'queued', reason: 'amounts_mismatch' });

    const { after: matching } = await updateRepairOrder(companyId, ro.id, () => ({ invoice: { requested_amount_in_cents: 12_345, requested_customer_pay_in_cents: 10_000 } }));
    await followDmsChange(matching, false);
    const sent = (await latestRequest(companyId, ro.id))!;
    expect(sent.state).toBe('sent');
    const customerPhone = (await (await import('../../customers/records.js')).getCustomer(companyId, ro.customer_id))!.phones.cell!;
    const texts = await textsTo(carrierUrl, customerPhone);
    expect(texts).toHaveLength(1);
    const text = texts[0]!.text;
    expect(text).toContain('Demo Motors North');
    // The one link of the visit, at its payment part; the request's own token is not in it.
    expect(text).not.toContain(sent.token);
    const link = /https?:\/\/\S+/.exec(text)![0];
    expect((await visitOfLink(link)).repair_order_id).toBe(ro.id);
    expect(text).toContain('su factura');
    expect(text).toContain('$100,00');
  });
});

describe('the gateway calling back', () => {
  it('is paid exactly once however often and in whatever order the webhooks come', async () => {
    const { ro, session, url } = await sentRequest();
    const cursor = cursorAt(Date.now() - 1000);
    expect(await payWith(url, '4242 4242 4242 4242')).toBe(303);
    const events = await gatewayEvents(session);
    const completed = events.find((e) => e.type === 'checkout.session.completed')!;
    const succeeded = events.find((e) => e.type === 'payment_intent.succeeded')!;
    // A failure reported late (an earlier attempt's) and the success three times, out of order.
    const page = await fetch(`${gateway}/checkout/${session}/pay`, { method: 'POST', body: new URLSearchParams({ card: '4000000000000002' }) });
    expect(page.status).toBe(409);
    for (const id of [completed.id, succeeded.id, completed.id, completed.id]) expect((await deliver(id)).status).toBe(200);
    const paid = (await latestRequest(companyId, ro.id))!;
    expect(paid.state).toBe('paid');
    const paidAt = paid.paid_at;
    expect((await deliver(completed.id)).status).toBe(200);
    expect((await latestRequest(companyId, ro.id))!.paid_at).toBe(paidAt);
    expect((await getRepairOrder(companyId, ro.id, true))!.payment_request).toEqual({ paid: true, cancelled: false, paid_at: paidAt });
    const heard = await eventsAfter(companyId, channels.agent('agt_advisor'), cursor, true);
    expect(heard.filter((e) => e.type === 'payment_request.paid' && (e.data as { repair_order_id: string }).repair_order_id === ro.id)).toHaveLength(1);
    // The visit page's part now shows the receipt, and offers no Pay button.
    expect(await partOf(ro.id)).toMatchObject({ state: 'paid', closed: true, pay_url: null, receipt: { amount_in_cents: 20_000, paid_at: paidAt } });
    // Seeing it after paying never moves it back.
    expect((await partOf(ro.id, 'viewed'))!.state).toBe('paid');
    // One receipt text, however often the gateway told: the dealership, the amount, the date, the visit's link; no card.
    const phone = (await (await import('../../customers/records.js')).getCustomer(companyId, ro.customer_id))!.phones.cell!;
    const receipts = (await textsTo(carrierUrl, phone)).filter((t) => t.text.includes('we received your payment'));
    expect(receipts).toHaveLength(1);
    const receiptText = receipts[0]!.text;
    expect(receiptText).toContain('Demo Motors North');
    expect(receiptText).toContain('$200.00');
    expect(receiptText).toContain(`repair order ${ro.ro_id}`);
    expect(receiptText).toMatch(/ on \d\d\/\d\d\/\d{4}\. Your receipt: /);
    expect(receiptText).not.toMatch(/4242/);
    expect((await visitOfLink(/https?:\/\/\S+/.exec(receiptText)![0])).repair_order_id).toBe(ro.id);
  });

  it('moves through declined and the 3-D Secure challenge to paid, and a stale report never undoes paid', async () => {
    const { ro, session, url } = await sentRequest(9_900, 9_900);
    expect(await payWith(url, '4000 0000 0000 0002')).toBe(402);
    expect(await payWith(url, '4000 0027 6000 3184')).toBe(200);
    const approve = await fetch(`${url}/challenge`, { method: 'POST', body: new URLSearchParams({ answer: 'approve' }), redirect: 'manual' });
    expect(approve.status).toBe(303);
    // Back from the checkout before any webhook: the gateway is asked, then the visit page opens at its payment part.
    const back = await fetch(approve.headers.get('location')!, { redirect: 'manual' });
    expect(back.status).toBe(302);
    expect((await visitOfLink(back.headers.get('location')!)).repair_order_id).toBe(ro.id);
    expect((await latestRequest(companyId, ro.id))!.state).toBe('paid');
    expect((await partOf(ro.id))!.receipt).toMatchObject({ amount_in_cents: 9_900 });
    const [failed, challenged, , completed] = await gatewayEvents(session);
    // The webhooks, late: none of them moves it back.
    await deliver(failed!.id);
    await deliver(challenged!.id);
    await deliver(completed!.id);
    await deliver(failed!.id);
    expect((await latestRequest(companyId, ro.id))!.state).toBe('paid');
  });

  it('refuses a forged or stale signature', async () => {
    const { ro, session, url } = await sentRequest(5_000, 5_000);
    await payWith(url, '4242424242424242');
    const completed = (await gatewayEvents(session)).find((e) => e.type === 'checkout.session.completed')!;
    expect((await deliver(completed.id, Math.floor(Date.now() / 1000) - 600)).status).toBe(400);
    const forged = await fetch(`${baseUrl}/api/payments/stripe/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': `t=${Math.floor(Date.now() / 1000)},v1=${'0'.repeat(64)}` },
      body: JSON.stringify({ id: 'evt_forged', type: 'checkout.session.completed', created: 1, data: { object: { payment_status: 'paid', metadata: { company_id: companyId, repair_order_id: ro.id } } } }),
    });
    expect(forged.status).toBe(400);
    expect((await latestRequest(companyId, ro.id))!.state).toBe('sent');
  });

  it('settles by reconciliation what the webhooks never told', async () => {
    const paidOne = await sentRequest(7_000, 7_000);
    const expiring = await sentRequest(8_000, 8_000);
    await payWith(paidOne.url, '4242424242424242');
    await gatewayPost(`/dev/gateway/sessions/${expiring.session}/expire_now`);
    // Nothing delivered. Before the first check is due, the job leaves them.
    await runPaymentsJob(new Date());
    expect((await latestRequest(companyId, paidOne.ro.id))!.state).toBe('sent');
    await runPaymentsJob(new Date(Date.now() + 31 * MINUTE));
    expect((await latestRequest(companyId, paidOne.ro.id))!.state).toBe('paid');
    expect((await latestRequest(companyId, expiring.ro.id))!.state).toBe('expired');
    // The visit page's part of an expired request is closed.
    expect(await partOf(expiring.ro.id)).toMatchObject({ state: 'expired', closed: true, pay_url: null, receipt: null });
  });
});

describe("the carrier's receipt", () => {
  const receipt = (carrierId: string, status: string) => api(inject('carrierUrl')).post('/sms/receipt', { message_id: carrierId, status });
  /** The carrier's id of the order's newest text (the payment text, unless `containing` names another). */
  async function paymentTextOf(ro: RepairOrderRecord, containing = 'Pay ') {
    const phone = (await (await import('../../customers/records.js')).getCustomer(companyId, ro.customer_id))!.phones.cell!;
    const texts = (await textsTo(carrierUrl, phone)).filter((t) => t.text.includes(containing));
    return texts[texts.length - 1]!.message_id;
  }

  it('moves the request sent → delivered when its text is delivered, once, and never back from viewed or paid', async () => {
    const { ro, url } = await sentRequest(6_100, 6_100);
    const carrierId = await paymentTextOf(ro);
    const cursor = cursorAt(Date.now() - 1000);
    expect((await receipt(carrierId, 'sent')).status).toBe(202);
    await expect.poll(async () => (await latestRequest(companyId, ro.id))!.state).toBe('sent');
    await receipt(carrierId, 'delivered');
    await expect.poll(async () => (await latestRequest(companyId, ro.id))!.state).toBe('delivered');
    await receipt(carrierId, 'delivered');
    const heard = await eventsAfter(companyId, channels.agent('agt_advisor'), cursor, true);
    expect(heard.filter((e) => e.type === 'payment_request.changed' && (e.data as { repair_order_id: string; state: string }).repair_order_id === ro.id && (e.data as { state: string }).state === 'delivered')).toHaveLength(1);

    // Seen, then the resent text's receipt: still viewed. Paid, then another receipt: still paid.
    await partOf(ro.id, 'viewed');
    expect((await advisor.put(`/api/repair_orders/${ro.id}/payment_request/resend`)).status).toBe(200);
    await receipt(await paymentTextOf(ro), 'delivered');
    expect((await latestRequest(companyId, ro.id))!.state).toBe('viewed');
    await payWith(url, '4242424242424242');
    await runPaymentsJob(new Date(Date.now() + 31 * MINUTE));
    expect((await latestRequest(companyId, ro.id))!.state).toBe('paid');
    await receipt(await paymentTextOf(ro), 'delivered');
    expect((await latestRequest(companyId, ro.id))!.state).toBe('paid');
  });

  it("takes no other text's receipt for the payment text's", async () => {
    const { ro } = await sentRequest(6_200, 6_200);
    const other = await advisor.post(`/api/repair_orders/${ro.id}/messages`, { message: { text: 'Your car is washed and ready.' } });
    expect(other.status, other.text).toBeLessThan(300);
    await receipt(await paymentTextOf(ro, 'washed'), 'delivered');
    const messages = (await advisor.get(`/api/repair_orders/${ro.id}/messages`)).body.messages as { text: string; metadata: { status: string } }[];
    expect(messages.find((m) => m.text.includes('washed'))?.metadata.status).toBe('delivered');
    expect((await latestRequest(companyId, ro.id))!.state).toBe('sent');
  });
});

describe('the invoice PDF', () => {
  it('is linked once the DMS has the invoice, drawn on first ask in the customer\'s language with the dealership\'s name, kept, and drawn again once paid', async () => {
    const ro = await anOrder({ dms_status: 'pre_invoiced' }, { requested_amount_in_cents: 15_000, requested_customer_pay_in_cents: 12_000 }, 'es');
    expect((await advisor.post(`/api/repair_orders/${ro.id}/payment_request`, amounts(15_000, 12_000))).status).toBe(201);
    const record = (await latestRequest(companyId, ro.id))!;
    const part = (await partOf(ro.id))!;
    expect(part.pdf_url).toBe(`${baseUrl}/api/public/payments/${record.token}/invoice?lang=en-us`);
    const pdfOf = async (path: string) => {
      const link = await fetch(`${baseUrl}${path}`, { redirect: 'manual' });
      expect(link.status, await link.clone().text()).toBe(302);
      const file = await fetch(link.headers.get('location')!);
      expect(file.headers.get('content-type')).toBe('application/pdf');
      return { key: new URL(link.headers.get('location')!).pathname, doc: await PDFDocument.load(new Uint8Array(await file.arrayBuffer())) };
    };
    // Without ?lang=, the customer's language.
    const first = await pdfOf(`/api/public/payments/${record.token}/invoice`);
    expect(first.doc.getTitle()).toBe(`Factura — Demo Motors North — ${ro.ro_id}`);
    expect(first.key).toContain(`${record.id}-due-es.pdf`);
    const again = await pdfOf(`/api/public/payments/${record.token}/invoice`);
    expect(again.key).toBe(first.key);
    expect((await pdfOf(`/api/public/payments/${record.token}/invoice?lang=de`)).doc.getTitle()).toBe(`Rechnung — Demo Motors North — ${ro.ro_id}`);

    await payWith(record.checkout!.url, '4242424242424242');
    await runPaymentsJob(new Date(Date.now() + 31 * MINUTE));
    expect((await pdfOf(`/api/public/payments/${record.token}/invoice`)).key).toContain(`${record.id}-paid-es.pdf`);
    // The receipt text, in the customer's language.
    const phone = (await (await import('../../customers/records.js')).getCustomer(companyId, ro.customer_id))!.phones.cell!;
    expect((await textsTo(carrierUrl, phone)).filter((t) => t.text.includes('hemos recibido su pago de $120,00'))).toHaveLength(1);
  });

  it("says 'PDF Invoice is not generated' while the DMS has no invoice", async () => {
    const { ro, record } = await sentRequest(2_500, 2_500);
    await updateRepairOrder(companyId, ro.id, (c) => ({ metadata: { ...c.metadata, dms_status: 'open' } }));
    expect((await partOf(ro.id))!.pdf_url).toBeNull();
    const res = await fetch(`${baseUrl}/api/public/payments/${record.token}/invoice`);
    expect(res.status).toBe(404);
    expect(((await res.json()) as { error: { message: string } }).error.message).toBe('PDF Invoice is not generated');
    expect((await fetch(`${baseUrl}/api/public/payments/${'y'.repeat(43)}/invoice`)).status).toBe(404);
  });
});

describe('resend, cancel and the visit page', () => {
  it('shows nothing on the visit page until the request went out', async () => {
    const none = await anOrder({}, null);
    expect(await partOf(none.id)).toBeNull();
    const res = await advisor.post(`/api/repair_orders/${none.id}/payment_request`, amounts(3_000, 3_000));
    expect(res.body.payment_request.state).toBe('queued');
    expect(await partOf(none.id)).toBeNull();
    expect(await partOf(none.id, 'viewed')).toBeNull();
    expect((await latestRequest(companyId, none.id))!.state).toBe('queued');
  });

  it('shows the amounts and the Pay link, marks the request viewed by its action (not by loading), resends, and cancels with a text', async () => {
    const { ro, record, session } = await sentRequest(4_200, 3_200);
    const shown = await partOf(ro.id);
    expect(shown).toEqual({
      ro_id: ro.ro_id,
      state: 'sent',
      amounts: { invoice_total_in_cents: 4_200, insurance_in_cents: 1_000, prepaid_in_cents: 0, customer_pay_in_cents: 3_200 },
      pay_url: record.checkout!.url,
      closed: false,
      pdf_url: `${baseUrl}/api/public/payments/${record.token}/invoice?lang=en-us`,
      receipt: null,
      pay_button: { text: null, style: 'primary', at_top: false },
      receipt_email: null,
    });
    expect((await latestRequest(companyId, ro.id))!.state).toBe('sent');
    const cursor = cursorAt(Date.now() - 1000);
    expect((await partOf(ro.id, 'viewed'))!.state).toBe('viewed');
    expect((await partOf(ro.id, 'viewed'))!.state).toBe('viewed');
    expect((await latestRequest(companyId, ro.id))!.state).toBe('viewed');
    const heard = await eventsAfter(companyId, channels.agent('agt_advisor'), cursor, true);
    expect(heard.filter((e) => e.type === 'payment_request.changed' && (e.data as { repair_order_id: string; state: string }).repair_order_id === ro.id && (e.data as { state: string }).state === 'viewed')).toHaveLength(1);
    const phone = (await (await import('../../customers/records.js')).getCustomer(companyId, ro.customer_id))!.phones.cell!;
    const before = (await textsTo(carrierUrl, phone)).length;
    const resent = await advisor.put(`/api/repair_orders/${ro.id}/payment_request/resend`);
    expect(resent.status, resent.text).toBe(200);
    expect((await textsTo(carrierUrl, phone)).length).toBe(before + 1);
    const cancelled = await advisor.put(`/api/repair_orders/${ro.id}/payment_request/cancel`);
    expect(cancelled.status, cancelled.text).toBe(200);
    expect(cancelled.body.payment_request.state).toBe('cancelled');
    const cancelText = (await textsTo(carrierUrl, phone)).find((t) => t.text.includes('was cancelled'))!;
    expect((await visitOfLink(/https?:\/\/\S+/.exec(cancelText.text)![0])).repair_order_id).toBe(ro.id);
    expect((await gatewayEvents(session)).some((e) => e.type === 'checkout.session.expired')).toBe(true);
    expect(await partOf(ro.id)).toMatchObject({ state: 'cancelled', closed: true, pay_url: null });
    // The old link still opens the visit, at its payment part.
    const old = await fetch(`${baseUrl}/api/public/payments/${record.token}`, { redirect: 'manual' });
    expect(old.status).toBe(302);
    expect((await visitOfLink(old.headers.get('location')!)).repair_order_id).toBe(ro.id);
    const twice = await advisor.put(`/api/repair_orders/${ro.id}/payment_request/cancel`);
    expect(twice.status).toBe(422);
    expect((await fetch(`${baseUrl}/api/public/payments/${'x'.repeat(43)}`)).status).toBe(404);
  });

  it("lists a customer's payments, newest first, paged", async () => {
    const { ro } = await sentRequest(3_000, 3_000);
    const res = await advisor.get(`/api/customers/${ro.customer_id}/payments?limit=10&offset=0`);
    expect(res.status).toBe(200);
    expect(res.body.meta.paging).toEqual({ total: 1, current_offset: 0, per_page: 10 });
    expect(res.body.payment_requests[0]).toMatchObject({ repair_order_id: ro.id, state: 'sent' });
    expect(res.body.payment_requests[0].token).toBeUndefined();
  });
});

describe('auto-send after pre-invoice', () => {
  it('waits the delay, restarting it on each change of the order', async () => {
    const manager2 = manager;
    const set = await manager2.post(`/api/locations/${locationId}/payments_auto_send_settings`, { payments_auto_send_settings: { enabled: true, delay_minutes: 10 } });
    expect(set.status, set.text).toBe(200);
    try {
      const key = (await manager.post(`/api/locations/${locationId}/dms_keys`, { label: `pay-${randomUUID().slice(0, 6)}` })).body.key as string;
      const dmsRo = `PAY-${randomUUID().slice(0, 8)}`;
      const feed = (record: Record<string, unknown>) =>
        api(baseUrl).post(`/dms/v1/locations/${locationId}/repair_orders`, {
          records: [{ dms_ro_id: dmsRo, dms_customer_id: `PAYC-${dmsRo}`, customer: { first_name: 'Auto', last_name: 'Send', phones: { cell: '+16175559876' } }, advisor_email: 'advisor@demo.example', ...record }],
        }, { 'x-api-key': key });
      expect((await feed({ status: 'open' })).status).toBeLessThan(300);
      const t0 = Date.now();
      expect((await feed({ status: 'pre_invoiced', invoice: { requested_amount_in_cents: 15_000, requested_customer_pay_in_cents: 15_000 } })).status).toBeLessThan(300);
      const { repairOrderIdOf } = await import('../../dms/repairOrders.js');
      const roId = repairOrderIdOf({ companyId, location: { id: locationId } } as never, dmsRo);
      const first = (await getAutoSend(companyId, roId))!;
      expect(Date.parse(first.due_at) - t0).toBeGreaterThanOrEqual(10 * MINUTE - 1000);
      await new Promise((r) => setTimeout(r, 20));
      expect((await feed({ status: 'pre_invoiced', promise_time: new Date(Date.now() + 3_600_000).toISOString(), invoice: { requested_amount_in_cents: 15_000, requested_customer_pay_in_cents: 15_000 } })).status).toBeLessThan(300);
      const restarted = (await getAutoSend(companyId, roId))!;
      expect(Date.parse(restarted.due_at)).toBeGreaterThan(Date.parse(first.due_at));
      // At the first due time nothing goes: the change restarted the wait.
      await runPaymentsJob(new Date(Date.parse(first.due_at)));
      expect(await latestRequest(companyId, roId)).toBeUndefined();
      await runPaymentsJob(new Date(Date.parse(restarted.due_at) + 1000));
      expect(await latestRequest(companyId, roId)).toMatchObject({ state: 'sent', automatic: true, customer_pay_in_cents: 15_000 });
    } finally {
      await manager.post(`/api/locations/${locationId}/payments_auto_send_settings`, { payments_auto_send_settings: { enabled: false } });
    }
  });
});

describe('the store\'s payment settings', () => {
  it('connects an account through the gateway\'s flow, refuses broken data, toggles, and disconnects only on YES', async () => {
    const broken = await manager.post('/payments/stripe/oauth_callback', { code: 'ac_nothing' });
    expect(broken.status).toBe(422);
    expect(broken.body.error.message).toBe('Broken data.');
    const start = await manager.get(`/payments/stripe/connect?location_id=${locationId}`);
    expect(start.status).toBe(200);
    const authorize = await fetch(start.body.url, { method: 'POST', redirect: 'manual' });
    const back = new URL(authorize.headers.get('location')!);
    expect(back.pathname).toBe('/app/stripe_callback');
    const callback = await manager.post('/payments/stripe/oauth_callback', { code: back.searchParams.get('code'), state: back.searchParams.get('state') });
    expect(callback.status, callback.text).toBe(200);
    expect(callback.body.payments_settings).toMatchObject({ provider: 'stripe', provider_account: expect.stringMatching(/^acct_/) });
    const replay = await manager.post('/payments/stripe/oauth_callback', { code: back.searchParams.get('code'), state: back.searchParams.get('state') });
    expect(replay.body.error.message).toBe('Broken data.');

    expect((await manager.put(`/payments/settings/disable_paid_notifications?location_id=${locationId}`)).body.payments_settings.paid_notifications_enabled).toBe(false);
    expect((await manager.put(`/payments/settings/enable?location_id=${locationId}`)).body.payments_settings.enabled).toBe(true);
    expect((await advisor.put(`/payments/settings/disable?location_id=${locationId}`)).status).toBe(403);
    expect((await advisor.get(`/payments/settings?location_id=${locationId}`)).status).toBe(200);
    expect((await manager.get(`/payments/landing_settings?location_id=${locationId}`)).body.payments_landing_settings.pay_button_text).toBe('Pay now');

    const notYes = await manager.del(`/payments/stripe/disconnect?location_id=${locationId}`, { confirm: 'yes please' });
    expect(notYes.status).toBe(422);
    expect(notYes.body.errors[0].message).toBe(PAYMENT_ERRORS.confirm_yes);
    const gone = await manager.del(`/payments/stripe/disconnect?location_id=${locationId}`, { confirm: 'YES' });
    expect(gone.status).toBe(200);
    expect(gone.body.payments_settings).toMatchObject({ enabled: false, provider: 'none', provider_account: '' });
    const cenpos = await manager.post(`/payments/cenpos/connect?location_id=${locationId}`, { cenpos_account: '' });
    expect(cenpos.body.errors[0].message).toBe(PAYMENT_ERRORS.cenpos_account);
    await writeSettings(companyId, locationId, 'payments_settings', { ...(await readSettings(companyId, locationId, 'payments_settings')), enabled: true, provider: 'stripe', provider_account: 'acct_test_north' }, 'agt_manager');
  });
});

describe('tenants', () => {
  it('answers 404 to another company for an order\'s payment, a customer\'s payments and the store\'s settings', async () => {
    const { ro } = await sentRequest(2_500, 2_500);
    expect((await rival.get(`/api/repair_orders/${ro.id}/payment_request`)).status).toBe(404);
    expect((await rival.put(`/api/repair_orders/${ro.id}/payment_request/cancel`)).status).toBe(404);
    expect((await rival.get(`/api/customers/${ro.customer_id}/payments`)).status).toBe(404);
    expect((await rival.get(`/payments/settings?location_id=${locationId}`)).status).toBe(404);
    expect((await latestRequest(companyId, ro.id))!.state).toBe('sent');
  });
});
