import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, inject, it } from 'vitest';
import type { SmsRecord } from '../../infra/local/carrier.js';
import { api, mailbox, replyAsCustomer, textsTo } from '../support/api.js';

const baseUrl = inject('baseUrl');
const carrierUrl = inject('carrierUrl');
const env = inject('stackEnv');
const carrier = api(carrierUrl);

/** Reads the stack's table directly, to see what the inbound Lambda stored. */
const table = DynamoDBDocumentClient.from(
  new DynamoDBClient({ endpoint: env.DYNAMODB_ENDPOINT, region: env.AWS_REGION, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } }),
);
afterAll(() => table.destroy());

const DEALER = '+16175550100';
/**
 * A fresh customer number per test keeps the tests independent of each other and of order. Its
 * last four digits stay at 0300 or above: the carrier's convention makes 01xx landlines and 02xx VoIP.
 */
const digits = (count: number) => String(Math.floor(Math.random() * 10 ** count)).padStart(count, '0');
const customer = () => `+1555${digits(3)}${String(300 + Math.floor(Math.random() * 9700)).padStart(4, '0')}`;
/** A landline by the carrier's convention (subscriber number 0100–0199), fresh per test. */
const landline = () => `+1555${digits(3)}01${digits(2)}`;

/** Waits until the carrier has published a receipt for the phone's newest text. */
async function receiptOfNewestText(phone: string): Promise<SmsRecord> {
  const deadline = Date.now() + 5_000;
  for (;;) {
    const newest = (await textsTo(carrierUrl, phone))[0];
    if (newest?.status || Date.now() > deadline) return newest!;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('local carrier: mail', () => {
  it('keeps mail the console sends and lists it by recipient, newest first', async () => {
    // Act: the console sends a password reset mail through its mail adapter.
    const requested = await api(baseUrl).post('/password_reset_request', { agent: { email: 'chat@demo.example' } }, { 'x-forwarded-for': '198.51.100.201' });
    await carrier.post('/mail', { to: 'someone@demo.example', subject: 'Not for chat', text: '-' });
    // Assess
    expect(requested.status).toBe(200);
    const mails = await mailbox(carrierUrl, 'chat@demo.example');
    expect(mails.length).toBeGreaterThan(0);
    expect(mails.every((m) => m.to === 'chat@demo.example')).toBe(true);
    expect(mails[0]!.text).toContain(`${baseUrl}/app/password_reset?token=`);
    const dates = mails.map((m) => m.received_at);
    expect(dates).toEqual([...dates].sort().reverse());
  });

  it('shows the outbox on /dev/mail with clickable links', async () => {
    await carrier.post('/mail', { to: 'links@demo.example', subject: 'Sign in <now>', text: `Open ${baseUrl}/app/magicLogin?email=a&token=b.` });
    const html = await (await fetch(`${baseUrl}/dev/mail?to=links@demo.example`)).text();
    expect(html).toContain('Sign in &lt;now&gt;');
    expect(html).toContain(`<a href="${baseUrl}/app/magicLogin?email=a&amp;token=b"`);
  });

  it('refuses mail without a recipient', async () => {
    const res = await carrier.post('/mail', { subject: 'x', text: 'y' });
    expect(res.status).toBe(400);
  });
});

describe('local carrier: texts', () => {
  it('records an outbound text and lists the texts a phone received, newest first', async () => {
    const phone = customer();
    const first = await carrier.post('/sms', { from: DEALER, to: phone, text: 'Your vehicle is ready' });
    const second = await carrier.post('/sms', { message_id: `msg-${randomUUID()}`, from: DEALER, to: phone, text: 'See you soon', media: ['https://example.com/a.jpg'] });
    expect(first.status).toBe(202);
    expect(first.body.message_id).toMatch(/^[0-9a-f-]{36}$/);
    const texts = await textsTo(carrierUrl, phone);
    expect(texts.map((t) => t.text)).toEqual(['See you soon', 'Your vehicle is ready']);
    expect(texts[0]).toMatchObject({ message_id: second.body.message_id, media: ['https://example.com/a.jpg'], direction: 'outbound' });
  });

  it('delivers a customer reply to the inbound Lambda as an SNS event, which stores it', async () => {
    // Prepare
    const phone = customer();
    await carrier.post('/sms', { from: DEALER, to: phone, text: 'Can we replace the wipers?' });
    // Act
    const res = await replyAsCustomer(carrierUrl, phone, DEALER, 'Yes please');
    // Assess: the handler parsed it as an inbound text, and recorded it under the dealership number.
    expect(res.status).toBe(202);
    expect(res.body.result).toEqual({ inbound: 1, receipts: 0, rejected: 0 });
    const { inboundMessageId } = res.body.message;
    const stored = await table.send(new GetCommand({ TableName: env.TABLE_NAME, Key: { pk: `CARRIER#INBOUND#${DEALER}`, sk: inboundMessageId } }));
    expect(stored.Item).toMatchObject({ from: phone, to: DEALER, body: 'Yes please' });
  });

  it('delivers a delivery receipt to the delivery_receipts Lambda, which stores it', async () => {
    const phone = customer();
    const sent = await carrier.post('/sms', { from: DEALER, to: phone, text: 'Reminder: oil change tomorrow' });
    const res = await carrier.post('/sms/receipt', { message_id: sent.body.message_id, status: 'delivered' });
    expect(res.status).toBe(202);
    expect(res.body.result).toEqual({ inbound: 0, receipts: 1, rejected: 0 });
    expect(res.body.message).toMatchObject({ eventType: 'TEXT_DELIVERED', destinationPhoneNumber: phone, isFinal: true });
    const stored = await table.send(
      new GetCommand({ TableName: env.TABLE_NAME, Key: { pk: `CARRIER#RECEIPT#${sent.body.message_id}`, sk: 'TEXT_DELIVERED' } }),
    );
    expect(stored.Item).toMatchObject({ status: 'DELIVERED', to: phone, final: true });
    expect((await textsTo(carrierUrl, phone))[0]!.status).toBe('delivered');
  });

  it('answers 404 for a receipt of an unknown text and 400 for an unknown status', async () => {
    expect((await carrier.post('/sms/receipt', { message_id: 'never-sent', status: 'delivered' })).status).toBe(404);
    expect((await carrier.post('/sms/receipt', { message_id: 'x', status: 'teleported' })).status).toBe(400);
  });

  it('shows the conversation on the customer phone page, with a reply box', async () => {
    const phone = customer();
    await carrier.post('/sms', { from: DEALER, to: phone, text: 'Your <b>car</b> is ready' });
    await replyAsCustomer(carrierUrl, phone, DEALER, 'Thanks!');
    const page = await (await fetch(`${baseUrl}/dev/phone?phone=${encodeURIComponent(phone)}`)).text();
    expect(page).toContain('Your &lt;b&gt;car&lt;/b&gt; is ready');
    expect(page).toContain('Thanks!');
    expect(page).toContain(`value="${DEALER}"`);
    expect(page).toContain('/dev/carrier/sms/inbound');
    const fragment = await (await fetch(`${baseUrl}/dev/phone?phone=${encodeURIComponent(phone)}&fragment=1`)).text();
    expect(fragment.indexOf('is ready')).toBeLessThan(fragment.indexOf('Thanks!'));
    expect(fragment).not.toContain('<html');
  });
});

describe('local carrier: line types', () => {
  it('answers a lookup by its convention: 01xx landline, 02xx VoIP, anything else mobile', async () => {
    const lookup = async (phone: string) => (await carrier.get(`/lookup?phone=${encodeURIComponent(phone)}`)).body;
    expect(await lookup('+16175550142')).toEqual({ type: 'landline' });
    expect(await lookup('+16175550250')).toEqual({ type: 'voip' });
    expect(await lookup('+16175550342')).toEqual({ type: 'mobile' });
    expect(await lookup('not a number')).toEqual({ type: 'error' });
    expect((await carrier.get('/lookup')).status).toBe(400);
  });

  it('answers the line type set for a number from then on', async () => {
    const phone = customer();
    const set = await carrier.put('/lookup', { phone, type: 'voip' });
    expect(set.status).toBe(200);
    expect((await carrier.get(`/lookup?phone=${encodeURIComponent(phone)}`)).body).toEqual({ type: 'voip' });
    expect((await carrier.put('/lookup', { phone, type: 'fax' })).status).toBe(400);
  });

  it('keeps a text to a landline and answers it with a not-sent LANDLINE receipt', async () => {
    // Prepare
    const phone = landline();
    // Act
    const sent = await carrier.post('/sms', { from: DEALER, to: phone, text: 'Your car is ready' });
    const text = await receiptOfNewestText(phone);
    // Assess
    expect(sent.status).toBe(202);
    expect(text).toMatchObject({ message_id: sent.body.message_id, status: 'not sent', error_code: 'LANDLINE' });
  });

  it('refuses a text to a number set as no line at all, with 422 INVALID', async () => {
    const phone = customer();
    await carrier.put('/lookup', { phone, type: 'error' });
    const res = await carrier.post('/sms', { from: DEALER, to: phone, text: 'Hello' });
    expect(res.status).toBe(422);
    expect(res.body.error.id).toBe('INVALID');
    expect(await textsTo(carrierUrl, phone)).toEqual([]);
  });

  it('answers a resend with the same message id with the first answer, texting once (an idempotency key)', async () => {
    const phone = customer();
    const id = `msg-${randomUUID()}`;
    const first = await carrier.post('/sms', { message_id: id, from: DEALER, to: phone, text: 'Hello' });
    const again = await carrier.post('/sms', { message_id: id, from: DEALER, to: phone, text: 'Hello' });
    expect([first.body.message_id, again.body.message_id]).toEqual([id, id]);
    expect(await textsTo(carrierUrl, phone)).toHaveLength(1);
  });

  it('answers 503 and keeps nothing while the outage switch is on', async () => {
    const phone = customer();
    // Only this test's number: the other test files share the carrier.
    expect((await carrier.put('/outage', { on: true, phone })).body.phones).toContain(phone);
    try {
      const res = await carrier.post('/sms', { from: DEALER, to: phone, text: 'Hello' });
      expect(res.status).toBe(503);
      expect(res.body.error.id).toBe('carrier_unavailable');
    } finally {
      await carrier.put('/outage', { on: false, phone });
    }
    expect(await textsTo(carrierUrl, phone)).toEqual([]);
    expect((await carrier.post('/sms', { from: DEALER, to: phone, text: 'Hello' })).status).toBe(202);
  });

  it('shows the line type on the customer phone page, with a form to change it and the convention', async () => {
    const phone = landline();
    const page = await (await fetch(`${baseUrl}/dev/phone?phone=${encodeURIComponent(phone)}`)).text();
    expect(page).toContain('<option value="landline" selected>');
    expect(page).toContain('/dev/carrier/lookup');
    expect(page).toContain('0100–0199 landline');
  });
});
