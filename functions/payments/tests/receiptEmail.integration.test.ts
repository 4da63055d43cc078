/**
 * "E-mail me the receipt" on the visit page's payment part, through the public API as the page calls
 * it: the e-mail in the customer's language naming the dealership; every refusal with its id at its
 * field; an unpaid request refused; at most 3 e-mails; a visit's token reaches only its own order.
 * Also the Pay button as the store set it.
 */
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { randomUUID } from 'node:crypto';
import { formatDate } from '../../../shared/dates.js';
import { RECEIPT_EMAIL_ERRORS, RECEIPT_NAME_MAX, type PaymentPartData } from '../../../shared/payments/visit.js';
import type { SettingsOf } from '../../../shared/schemas/settings.js';
import { getLocation } from '../../lib/locations.js';
import { readSettings, writeSettings } from '../../lib/settings.js';
import { updateRepairOrder } from '../../repairOrders/records.js';
import '../../messages/boards.js';
import { visitUrl } from '../../visits/links.js';
import { mail } from '../../lib/mail.js';
import { visitOf } from '../../visits/open.js';
import { emailReceipt as emailReceiptOfVisit } from '../receiptEmail.js';
import { latestRequest } from '../records.js';
import { api, mailbox, signIn, type ApiClient } from '../../../test/support/api.js';
import { createRepairOrder, DEMO_NORTH, serviceNumberOfNorth, useStackEnv } from '../../../test/support/service.js';

const baseUrl = inject('baseUrl');
const carrierUrl = `${baseUrl}/dev/carrier`;
const { companyId, locationId } = DEMO_NORTH;

let advisor: ApiClient;
let gateway: string;
let saved: { payments: SettingsOf<'payments_settings'>; service: SettingsOf<'service_settings'>; landing: SettingsOf<'landing_settings'>; payLanding: SettingsOf<'payments_landing_settings'> };

async function gatewayPost(path: string, body: unknown = {}) {
  const res = await fetch(`${gateway}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return (await res.json()) as Record<string, unknown>;
}

/** An order whose payment request went out to a customer reading `language`: its visit's token. */
async function sentOrder(language: string | null = null) {
  const { ro } = await createRepairOrder({ customer: { opt_in: 'in', language, first_name: 'Lucía', last_name: 'Gómez' } });
  await updateRepairOrder(companyId, ro.id, (current) => ({
    invoice: { requested_amount_in_cents: 24_000, requested_customer_pay_in_cents: 18_050 },
    metadata: { ...current.metadata, dms_status: 'pre_invoiced' },
  }));
  const res = await advisor.post(`/api/repair_orders/${ro.id}/payment_request`, {
    payment_request: { invoice_total_in_cents: 24_000, insurance_in_cents: 5_950, prepaid_in_cents: 0, customer_pay_in_cents: 18_050 },
  });
  expect(res.status, res.text).toBe(201);
  const link = await visitUrl({ company_id: companyId, location_id: locationId, repair_order_id: ro.id });
  return { ro, token: /\/visits\/([A-Za-z0-9_-]{43})/.exec(link)![1]!, record: (await latestRequest(companyId, ro.id))! };
}

/** The order paid at the local checkout, the gateway's word delivered. */
async function paidOrder(language: string | null = null) {
  const order = await sentOrder(language);
  const session = order.record.checkout!.session_id;
  const paid = await fetch(`${order.record.checkout!.url}/pay`, { method: 'POST', body: new URLSearchParams({ card: '4242424242424242' }), redirect: 'manual' });
  expect(paid.status).toBe(303);
  const events = ((await (await fetch(`${gateway}/dev/gateway/events?session=${encodeURIComponent(session)}`)).json()) as { events: { id: string; type: string }[] }).events;
  await gatewayPost(`/dev/gateway/events/${events.find((e) => e.type === 'checkout.session.completed')!.id}/deliver`);
  const record = (await latestRequest(companyId, order.ro.id))!;
  expect(record.state).toBe('paid');
  return { ...order, record };
}

const emailReceipt = (token: string, body: unknown) =>
  fetch(`${baseUrl}/api/public/visits/${token}/payment/email_receipt`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }).then(async (res) => ({
    status: res.status,
    body: (await res.json()) as { part?: { kind: string; data: PaymentPartData }; error?: { id: string; message: string; field?: string } },
  }));

const paymentPartOf = async (token: string): Promise<PaymentPartData> => {
  const page = (await (await fetch(`${baseUrl}/api/public/visits/${token}`)).json()) as { visit: { parts: { kind: string; data: PaymentPartData }[] } };
  return page.visit.parts.find((p) => p.kind === 'payment')!.data;
};

const address = () => `payer-${randomUUID()}@example.com`;

beforeAll(async () => {
  useStackEnv();
  gateway = process.env.STRIPE_API_BASE!;
  advisor = api(baseUrl, await signIn(baseUrl, 'advisor@demo.example'));
  await serviceNumberOfNorth();
  saved = {
    payments: await readSettings(companyId, locationId, 'payments_settings'),
    service: await readSettings(companyId, locationId, 'service_settings'),
    landing: await readSettings(companyId, locationId, 'landing_settings'),
    payLanding: await readSettings(companyId, locationId, 'payments_landing_settings'),
  };
  await writeSettings(companyId, locationId, 'service_settings', { ...saved.service, double_opt_in: false, safe_mode: false }, 'agt_manager');
  await writeSettings(companyId, locationId, 'payments_settings', { ...saved.payments, enabled: true, provider: 'stripe', provider_account: 'acct_test_north' }, 'agt_manager');
  // The test delivers the gateway's word itself, so the request is paid when it asks.
  await gatewayPost('/dev/gateway/hold', { hold: true });
});

afterAll(async () => {
  await gatewayPost('/dev/gateway/hold', { hold: false });
  await writeSettings(companyId, locationId, 'payments_settings', saved.payments, 'agt_manager');
  await writeSettings(companyId, locationId, 'service_settings', saved.service, 'agt_manager');
  await writeSettings(companyId, locationId, 'landing_settings', saved.landing, 'agt_manager');
  await writeSettings(companyId, locationId, 'payments_landing_settings', saved.payLanding, 'agt_manager');
});

describe('the Pay button', () => {
  it("reads in the part's own words until the store changes them, then as the store wrote them, in the store's style", async () => {
    const { token } = await sentOrder();
    await writeSettings(companyId, locationId, 'landing_settings', { ...saved.landing, button_css_class: 'primary', pay_button: false }, 'agt_manager');
    await writeSettings(companyId, locationId, 'payments_landing_settings', { ...saved.payLanding, pay_button_text: 'Pay now' }, 'agt_manager');
    expect((await paymentPartOf(token)).pay_button).toEqual({ text: null, style: 'primary', at_top: false });
    await writeSettings(companyId, locationId, 'landing_settings', { ...saved.landing, button_css_class: 'warning', pay_button: false }, 'agt_manager');
    await writeSettings(companyId, locationId, 'payments_landing_settings', { ...saved.payLanding, pay_button_text: ' Jetzt bezahlen ' }, 'agt_manager');
    expect((await paymentPartOf(token)).pay_button).toEqual({ text: 'Jetzt bezahlen', style: 'warning', at_top: false });
  });
});

describe('the pay button at the top of the page', () => {
  const shortcutOf = async (token: string) => {
    const page = (await (await fetch(`${baseUrl}/api/public/visits/${token}`)).json()) as { visit: { parts: { kind: string; shortcut?: string }[] } };
    return page.visit.parts.find((p) => p.kind === 'payment')?.shortcut;
  };

  it("is offered only while the store shows it and the request can be paid, in the customer's language or the store's words", async () => {
    await writeSettings(companyId, locationId, 'payments_landing_settings', { ...saved.payLanding, pay_button_text: 'Pay now' }, 'agt_manager');
    await writeSettings(companyId, locationId, 'landing_settings', { ...saved.landing, pay_button: false }, 'agt_manager');
    const { token } = await sentOrder('es');
    expect(await shortcutOf(token)).toBeUndefined();

    await writeSettings(companyId, locationId, 'landing_settings', { ...saved.landing, pay_button: true }, 'agt_manager');
    expect(await shortcutOf(token)).toBe('Pagar $180,50');
    await writeSettings(companyId, locationId, 'payments_landing_settings', { ...saved.payLanding, pay_button_text: 'Pay securely' }, 'agt_manager');
    expect(await shortcutOf(token)).toBe('Pay securely');

    // Paid: nothing left to pay, no link at the top
    const paid = await paidOrder();
    expect(await shortcutOf(paid.token)).toBeUndefined();
  });
});

describe('e-mailing the receipt', () => {
  it("sends one e-mail in the customer's language naming the dealership, records it, and the part says where it went", async () => {
    await writeSettings(companyId, locationId, 'landing_settings', { ...saved.landing, name_label: 'Nombre completo', email_label: 'E-mail' }, 'agt_manager');
    const { ro, token, record } = await paidOrder('es');
    const before = await paymentPartOf(token);
    expect(before.receipt_email).toEqual({ name: 'Lucía Gómez', name_label: 'Nombre completo', email_label: null, sent: null, remaining: 3 });
    const to = address();
    const res = await emailReceipt(token, { name: '  Lucía Gómez ', email: ` ${to} ` });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    // The page says where it went without giving the whole address to whoever holds the link
    expect(res.body.part!.data.receipt_email).toMatchObject({ sent: { to: `p•••@example.com` }, remaining: 2 });
    const mails = await mailbox(carrierUrl, to);
    expect(mails).toHaveLength(1);
    const location = (await getLocation(companyId, locationId))!;
    const { subject, text } = mails[0]!;
    expect(subject).toBe(`Su recibo de Demo Motors North, orden de reparación ${ro.ro_id}`);
    expect(text).toContain('Hola, Lucía Gómez:');
    expect(text).toContain('Concesionario: Demo Motors North');
    expect(text).toContain('Importe pagado: $180,50');
    expect(text).toContain(`Fecha de pago: ${formatDate(record.paid_at!, 'es', location.timezone)}`);
    expect(text).toMatch(/Su visita: https?:\/\/\S+\/app\/public\/visits\/[A-Za-z0-9_-]{43}#payment/);
    const stored = (await latestRequest(companyId, ro.id))!;
    expect(stored.receipt_emails).toEqual([{ id: expect.any(String), to, name: 'Lucía Gómez', at: expect.any(String) }]);
    // The console's view of the request does not carry the customer's addresses.
    const view = await advisor.get(`/api/repair_orders/${ro.id}/payment_request`);
    expect(view.body.payment_request.receipt_emails).toBeUndefined();
  });

  it('refuses each bad input with its id at its field, and sends nothing', async () => {
    const { ro, token } = await paidOrder();
    const to = address();
    const cases: [unknown, string, string][] = [
      [{ name: '   ', email: to }, 'name_required', 'name'],
      [{ email: to }, 'name_required', 'name'],
      [{ name: 'x'.repeat(RECEIPT_NAME_MAX + 1), email: to }, 'name_too_long', 'name'],
      [{ name: 'Ana', email: 'ana@' }, 'email_invalid', 'email'],
      [{ name: 'Ana', email: '' }, 'email_invalid', 'email'],
      [{ name: 'Ana', email: 42 }, 'email_invalid', 'email'],
      [{ name: 'Ana', email: `${'a'.repeat(250)}@example.com` }, 'email_invalid', 'email'],
    ];
    for (const [body, id, field] of cases) {
      const res = await emailReceipt(token, body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body.error).toEqual({ id, message: RECEIPT_EMAIL_ERRORS[id as keyof typeof RECEIPT_EMAIL_ERRORS], field });
    }
    expect(RECEIPT_EMAIL_ERRORS.email_invalid).toBe('Please enter valid email address.');
    expect(await mailbox(carrierUrl, to)).toHaveLength(0);
    expect((await latestRequest(companyId, ro.id))!.receipt_emails).toBeUndefined();
  });

  it('refuses a request that is not paid', async () => {
    const { ro, token } = await sentOrder();
    const to = address();
    const res = await emailReceipt(token, { name: 'Ana', email: to });
    expect(res.status).toBe(409);
    expect(res.body.error!.id).toBe('receipt_not_paid');
    expect(await mailbox(carrierUrl, to)).toHaveLength(0);
    expect((await latestRequest(companyId, ro.id))!.receipt_emails).toBeUndefined();
  });

  it('sends at most 3 e-mails per request, however many ask at once', async () => {
    const { ro, token } = await paidOrder();
    const addresses = [address(), address(), address(), address(), address()];
    const answers = await Promise.all(addresses.map((to) => emailReceipt(token, { name: 'Ana Silva', email: to })));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(3);
    const refused = answers.filter((a) => a.status !== 200);
    expect(refused.map((a) => [a.status, a.body.error!.id])).toEqual([
      [409, 'receipt_email_limit'],
      [409, 'receipt_email_limit'],
    ]);
    const delivered = (await Promise.all(addresses.map((to) => mailbox(carrierUrl, to)))).map((m) => m.length);
    expect(delivered.reduce((a, b) => a + b, 0)).toBe(3);
    expect((await latestRequest(companyId, ro.id))!.receipt_emails).toHaveLength(3);
    expect((await paymentPartOf(token)).receipt_email).toMatchObject({ remaining: 0 });
  });

  it('gives the e-mail back when the mail service refuses it: it does not count, and the customer may try again', async () => {
    const { ro, token } = await paidOrder();
    const refusing = vi.spyOn(mail(), 'send').mockRejectedValueOnce(new Error('mail service down'));
    try {
      const { context } = await visitOf(token);
      await expect(emailReceiptOfVisit(context, (await latestRequest(companyId, ro.id))!, { name: 'Ana Silva', email: address() })).rejects.toThrow('mail service down');
    } finally {
      refusing.mockRestore();
    }
    expect((await latestRequest(companyId, ro.id))!.receipt_emails ?? []).toEqual([]);
    expect((await paymentPartOf(token)).receipt_email).toMatchObject({ sent: null, remaining: 3 });
  });

  it("another visit's token cannot e-mail this visit's receipt", async () => {
    const paid = await paidOrder();
    const other = await sentOrder();
    const to = address();
    // The other visit's token reaches only its own (unpaid) order, whatever the body says.
    const res = await emailReceipt(other.token, { name: 'Ana', email: to, repair_order_id: paid.ro.id, token: paid.token });
    expect(res.status).toBe(409);
    expect(res.body.error!.id).toBe('receipt_not_paid');
    expect(await mailbox(carrierUrl, to)).toHaveLength(0);
    expect((await latestRequest(companyId, paid.ro.id))!.receipt_emails).toBeUndefined();
    // A token that names no visit.
    expect((await emailReceipt('x'.repeat(43), { name: 'Ana', email: to })).status).toBe(404);
  });
});
