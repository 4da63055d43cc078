/**
 * Delivery receipts: the carrier's events move a text along queued → accepted → sent → delivered,
 * or to undelivered / not sent with the SPEC §8 text, forward only, and every move reaches the
 * board. Receipts are injected through the local carrier (POST /sms/receipt), which publishes
 * them on the delivery_receipts topic as End User Messaging would.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import type { SettingsOf } from '../../shared/schemas/settings.js';
import { consentLedger } from '../../functions/customers/consentLedger.js';
import { getCustomer } from '../../functions/customers/records.js';
import { getAgent } from '../../functions/lib/agents.js';
import { CarrierRefused, setSmsCarrierForTests } from '../../functions/lib/carrier.js';
import { channels, cursorAt, eventsAfter } from '../../functions/lib/realtime.js';
import { readSettings, writeSettings } from '../../functions/lib/settings.js';
import { applyReceipt } from '../../functions/inbound/receipts.js';
import { outboundRecord } from '../../functions/messages/delivery.js';
import { appendMessage, getMessage, recordSendIntent } from '../../functions/messages/records.js';
import { sendFromAgent } from '../../functions/messages/send.js';
import { api, signIn, textsTo, type ApiClient } from '../support/api.js';
import { DEMO_NORTH, createRepairOrder, useStackEnv, serviceNumberOfNorth } from '../support/service.js';
import { repairOrderOwner } from '../../functions/repairOrders/owner.js';

const baseUrl = inject('baseUrl');
const carrierUrl = inject('carrierUrl');
const carrier = api(carrierUrl);
const { companyId, locationId } = DEMO_NORTH;
/** The north store's service texting number (the demo's, or one these tests give it). */
let DEALER: string;

let advisor: ApiClient;
let savedService: SettingsOf<'service_settings'>;

beforeAll(async () => {
  useStackEnv();
  process.env.LOG_LEVEL = 'silent';
  DEALER = await serviceNumberOfNorth();
  savedService = await readSettings(companyId, locationId, 'service_settings');
  await writeSettings(companyId, locationId, 'service_settings', { ...savedService, quiet_hours_start: '00:00', quiet_hours_end: '00:00', safe_mode: false, double_opt_in: false }, 'agt_manager');
  advisor = api(baseUrl, await signIn(baseUrl, 'advisor@demo.example'));
});

afterAll(async () => {
  await writeSettings(companyId, locationId, 'service_settings', savedService, 'agt_manager');
});

afterEach(() => setSmsCarrierForTests(undefined));

/** A text sent on a fresh order: its message id, the carrier's id for it, the customer. */
async function sentText(customer: Parameters<typeof createRepairOrder>[0] = {}) {
  const { customer: person, ro } = await createRepairOrder({ customer: { opt_in: 'in', ...customer.customer }, ro: customer.ro });
  const res = await advisor.post(`/api/repair_orders/${ro.id}/messages`, { message: { text: 'Your car is ready' } }, { 'idempotency-key': randomUUID() });
  expect(res.status).toBe(201);
  const [text] = await textsTo(carrierUrl, person.phones.cell!);
  return { messageId: res.body.message.id as string, carrierId: text!.message_id, customer: person, ro };
}

const receipt = (carrierId: string, status: string, errorCode?: string | number) =>
  carrier.post('/sms/receipt', { message_id: carrierId, status, ...(errorCode === undefined ? {} : { error_code: errorCode }) });

const stateOf = async (messageId: string) => (await getMessage(companyId, messageId))?.metadata;

describe('delivery receipts', () => {
  it('move a text from accepted to sent to delivered, and tell the board each time', async () => {
    // Prepare
    const { messageId, carrierId, ro } = await sentText();
    const since = cursorAt(Date.now());
    expect((await stateOf(messageId))?.status).toBe('accepted');
    // Act and assess, step by step
    expect((await receipt(carrierId, 'sent')).status).toBe(202);
    expect((await stateOf(messageId))?.status).toBe('sent');
    await receipt(carrierId, 'delivered');
    expect(await stateOf(messageId)).toMatchObject({ status: 'delivered', error_code: null, error_text: null });
    const updates = (await eventsAfter(companyId, channels.managerRepairOrders(locationId), since))
      .filter((e) => e.type === 'message.updated' && (e.data as { repair_order_id: string }).repair_order_id === ro.id)
      .map((e) => (e.data as { message: { metadata: { status: string } } }).message.metadata.status);
    expect(updates).toEqual(['sent', 'delivered']);
  });

  it('never move a text back: late and repeated receipts change nothing', async () => {
    const { messageId, carrierId } = await sentText();
    await receipt(carrierId, 'delivered');
    const delivered = await stateOf(messageId);
    await receipt(carrierId, 'sent');
    await receipt(carrierId, 'queued');
    await receipt(carrierId, 'delivered');
    expect(await stateOf(messageId)).toEqual(delivered);
  });

  const failures = [
    { status: 'undelivered', code: 'CARRIER_BLOCKED', state: 'undelivered', error_code: 'CARRIER_BLOCKED', text: 'The carrier blocks links' },
    { status: 'undelivered', code: 'SPAM', state: 'undelivered', error_code: 'SPAM', text: 'The carrier blocks links' },
    { status: 'undelivered', code: 30007, state: 'undelivered', error_code: '30007', text: 'Unknown error (code 30007)' },
    { status: 'undelivered', code: undefined, state: 'undelivered', error_code: 'UNREACHABLE', text: 'Unknown error (code UNREACHABLE)' },
    { status: 'not sent', code: undefined, state: 'not sent', error_code: 'INVALID', text: 'Unknown error (code INVALID)' },
    { status: 'not sent', code: 'landline', state: 'not sent', error_code: 'LANDLINE', text: 'Landline numbers do not receive texts' },
  ];
  for (const { status, code, state, error_code, text } of failures) {
    it(`show ${status} (${code ?? 'no code'}) as "${text}"`, async () => {
      const { messageId, carrierId } = await sentText();
      await receipt(carrierId, status, code);
      expect(await stateOf(messageId)).toMatchObject({ status: state, error_code, error_text: text });
    });
  }

  it('mark the customer a landline when a text bounces as one, so the next text is refused', async () => {
    // Prepare: the console believes the number is a mobile (checked today); the carrier knows better
    const believed = { type: 'mobile' as const, checked_at: new Date().toISOString() };
    const exchange = 300 + Math.floor(Math.random() * 600);
    const { messageId, customer, ro } = await sentText({ customer: { carrier: believed, phones: { cell: `+1617${exchange}0142`, work: null, alternate: null } } });
    // Act: the local carrier answers a landline with a not-sent receipt shortly after the text
    await expect.poll(async () => (await stateOf(messageId))?.status, { timeout: 5000 }).toBe('not sent');
    // Assess
    expect(await stateOf(messageId)).toMatchObject({ error_code: 'LANDLINE', error_text: 'Landline numbers do not receive texts' });
    expect((await getCustomer(companyId, customer.id, true))?.carrier.type).toBe('landline');
    const again = await advisor.post(`/api/repair_orders/${ro.id}/messages`, { message: { text: 'Hello?' } });
    expect(again.body.error.id).toBe('landline');
  });

  it('apply a receipt that arrived before the carrier answered the send', async () => {
    // Prepare: a carrier whose receipt beats its own answer
    const carrierId = `early-${randomUUID()}`;
    setSmsCarrierForTests({ send: async () => ({ carrierMessageId: carrierId }), lookup: async () => 'mobile' });
    expect(await applyReceipt({ eventType: 'TEXT_DELIVERED', messageId: carrierId, messageStatus: 'DELIVERED' })).toBe('unknown_message');
    const { ro } = await createRepairOrder({ customer: { opt_in: 'in' } });
    const agent = (await getAgent(companyId, 'agt_advisor'))!;
    // Act
    const { message } = await sendFromAgent(repairOrderOwner(ro), agent, { text: 'Quick one', attachments: [] });
    // Assess
    expect(message.metadata.status).toBe('delivered');
    expect((await stateOf(message.id))?.status).toBe('delivered');
  });

  it('that came while the answer of the send was lost are applied once the sweep reconciles the text', async () => {
    // Prepare: the request recorded its intent and the carrier took the text, but the store went
    // away before the answer was kept; the carrier's receipt names an id the console does not know yet
    const { customer, ro } = await createRepairOrder({ customer: { opt_in: 'in' } });
    const phone = customer.phones.cell!;
    const at = new Date(Date.now() - 5 * 60_000).toISOString();
    const message = outboundRecord(repairOrderOwner(ro), { text: 'Ready at 5', attachments: [], agent: null, automated: null, sendAt: null, from: DEALER, to: phone, at });
    await appendMessage(repairOrderOwner(ro), message);
    await recordSendIntent(message, { send_id: message.id, at });
    expect((await carrier.post('/sms', { message_id: message.id, from: DEALER, to: phone, text: message.text })).status).toBe(202);
    await receipt(message.id, 'delivered');
    expect((await stateOf(message.id))?.status).toBe('queued');
    // Act
    const sweep = await fetch(`${baseUrl}/dev/jobs/message_sweep`, { method: 'POST' });
    // Assess
    expect(sweep.status).toBe(200);
    expect((await stateOf(message.id))?.status).toBe('delivered');
    expect(await textsTo(carrierUrl, phone)).toHaveLength(1);
  });

  it('record a text the carrier refused outright as not sent, with its code', async () => {
    // Prepare: the carrier cannot text this number at all
    const { customer, ro } = await createRepairOrder({ customer: { opt_in: 'in' } });
    await carrier.put('/lookup', { phone: customer.phones.cell, type: 'error' });
    // Act
    const res = await advisor.post(`/api/repair_orders/${ro.id}/messages`, { message: { text: 'Hello' } });
    // Assess
    expect(res.status).toBe(201);
    expect(res.body.message.metadata).toMatchObject({ status: 'not sent', error_code: 'INVALID', error_text: 'Unknown error (code INVALID)' });
  });

  it("record the carrier's own opt-out list: the text is not sent and the customer is opted out", async () => {
    // Prepare: the customer texted STOP to the carrier, which the console never heard
    setSmsCarrierForTests({
      send: async () => {
        throw new CarrierRefused('OPTED_OUT', 'Phone number is opted out');
      },
      lookup: async () => 'mobile',
    });
    const { customer, ro } = await createRepairOrder({ customer: { opt_in: 'in' } });
    const agent = (await getAgent(companyId, 'agt_advisor'))!;
    // Act
    const { message } = await sendFromAgent(repairOrderOwner(ro), agent, { text: 'Hello', attachments: [] });
    // Assess
    expect(message.metadata).toMatchObject({ status: 'not sent', error_code: 'OPTED_OUT', error_text: 'You can not send a text message to the customer because he has opted out' });
    expect((await getCustomer(companyId, customer.id, true))?.opt_in).toBe('out');
    expect((await consentLedger(companyId, customer.id))[0]).toMatchObject({ status: 'out', initiator: 'customer', method: 'carrier_opt_out_list' });
  });

  it('are kept for a text the console never sent, and change nothing', async () => {
    const sent = await carrier.post('/sms', { from: DEALER, to: '+16172235555', text: 'Sent by someone else' });
    const res = await receipt(sent.body.message_id, 'delivered');
    expect(res.status).toBe(202);
    expect(res.body.result).toEqual({ inbound: 0, receipts: 1, rejected: 0 });
  });
});
