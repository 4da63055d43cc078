/**
 * Sending texts on a repair order (POST /api/repair_orders/{id}/messages, retry, attachments, the
 * conversation's pages) and the console's own texts (vehicle ready, scheduled sends), against the
 * local stack and its carrier. Each test makes its own customer and order with its own phone.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { SEND_ERRORS, SEND_WARNINGS } from '../../shared/schemas/messages.js';
import type { SettingsOf } from '../../shared/schemas/settings.js';
import { getCustomer, rememberLineType } from '../../functions/customers/records.js';
import { customerText } from '../../functions/lib/customerTexts.js';
import { cursorAt, eventsAfter, channels } from '../../functions/lib/realtime.js';
import { readSettings, writeSettings } from '../../functions/lib/settings.js';
import { onInvoiced } from '../../functions/repairOrders/vehicleReady.js';
import { appendMessage, getMessage, messagesOf } from '../../functions/messages/records.js';
import { sendDueMessages } from '../../functions/messages/scheduled.js';
import { outboundRecord } from '../../functions/messages/delivery.js';
import { getRepairOrder } from '../../functions/repairOrders/records.js';
import { DeleteCommand } from '@aws-sdk/lib-dynamodb';
import { config } from '../../functions/lib/config.js';
import { keys } from '../../functions/lib/keys.js';
import { db } from '../../functions/lib/table.js';
import { api, replyAsCustomer, signIn, textsTo, type ApiClient } from '../support/api.js';
import { DEMO_NORTH, createRepairOrder, uniquePhone, useStackEnv, serviceNumberOfNorth, wallClock } from '../support/service.js';
import { repairOrderOwner } from '../../functions/repairOrders/owner.js';
import { idempotencyKeys } from '../../functions/lib/idempotency.js';

const baseUrl = inject('baseUrl');
const carrierUrl = inject('carrierUrl');
const { companyId, locationId } = DEMO_NORTH;
/** The north store's service texting number (the demo's, or one these tests give it). */
let DEALER: string;

const NOTICE = 'Reply STOP to opt out';
/** The north store's name as customers know it (business information): a first text that does not name it gets it on the notice line. */
const NAMED_NOTICE = `Demo Motors North: ${NOTICE}`;

let advisor: ApiClient;
let saved: {
  service: SettingsOf<'service_settings'>;
  dms: SettingsOf<'dms_settings'>;
  gatekeeper: SettingsOf<'gatekeeper_settings'>;
};

async function setService(changes: Partial<SettingsOf<'service_settings'>>): Promise<void> {
  const current = await readSettings(companyId, locationId, 'service_settings');
  await writeSettings(companyId, locationId, 'service_settings', { ...current, ...changes }, 'agt_manager');
}

async function setDms(changes: Partial<SettingsOf<'dms_settings'>>): Promise<void> {
  const current = await readSettings(companyId, locationId, 'dms_settings');
  await writeSettings(companyId, locationId, 'dms_settings', { ...current, ...changes }, 'agt_manager');
}

async function setVehicleReadyGate(target: SettingsOf<'gatekeeper_settings'>['vehicle_ready']['target']): Promise<void> {
  const current = await readSettings(companyId, locationId, 'gatekeeper_settings');
  await writeSettings(companyId, locationId, 'gatekeeper_settings', { ...current, vehicle_ready: { ...current.vehicle_ready, target } }, 'agt_manager');
}


/** A number the local carrier answers as a landline (subscriber 01xx) or VoIP (02xx). */
function lineNumber(kind: 'landline' | 'voip'): string {
  const exchange = 300 + Math.floor(Math.random() * 600);
  const subscriber = (kind === 'landline' ? 100 : 200) + Math.floor(Math.random() * 100);
  return `+1617${exchange}0${subscriber}`;
}

const send = (roId: string, message: Record<string, unknown>, key: string = randomUUID()) =>
  advisor.post(`/api/repair_orders/${roId}/messages`, { message }, { 'idempotency-key': key });

const managerEvents = (since: string) => eventsAfter(companyId, channels.managerRepairOrders(locationId), since);

beforeAll(async () => {
  useStackEnv();
  process.env.LOG_LEVEL = 'silent';
  DEALER = await serviceNumberOfNorth();
  saved = {
    service: await readSettings(companyId, locationId, 'service_settings'),
    dms: await readSettings(companyId, locationId, 'dms_settings'),
    gatekeeper: await readSettings(companyId, locationId, 'gatekeeper_settings'),
  };
  // Every test texts at any hour unless it sets quiet hours itself.
  await setService({ quiet_hours_start: '00:00', quiet_hours_end: '00:00', safe_mode: false, double_opt_in: false });
  await setDms({ require_opcode_for_text: false });
  advisor = api(baseUrl, await signIn(baseUrl, 'advisor@demo.example'));
});

afterAll(async () => {
  await writeSettings(companyId, locationId, 'service_settings', saved.service, 'agt_manager');
  await writeSettings(companyId, locationId, 'dms_settings', saved.dms, 'agt_manager');
  await writeSettings(companyId, locationId, 'gatekeeper_settings', saved.gatekeeper, 'agt_manager');
});

describe('POST /api/repair_orders/{id}/messages', () => {
  it('writes the text queued, hands it to the carrier from the service number, and answers it accepted', async () => {
    // Prepare
    const { customer, ro } = await createRepairOrder({ customer: { opt_in: 'in' } });
    const since = cursorAt(Date.now() - 1000);
    // Act
    const res = await send(ro.id, { text: 'Your brakes are done' });
    // Assess
    expect(res.status).toBe(201);
    expect(res.body.warnings).toEqual([]);
    expect(res.body.message).toMatchObject({
      text: `Your brakes are done\n${NAMED_NOTICE}`,
      behaviour: null,
      agent: { id: 'agt_advisor' },
      metadata: { direction: 'outbound', status: 'accepted', automated: null, attempts: 0 },
    });
    const texts = await textsTo(carrierUrl, customer.phones.cell!);
    expect(texts).toHaveLength(1);
    expect(texts[0]).toMatchObject({ from: DEALER, text: `Your brakes are done\n${NAMED_NOTICE}` });
    const events = (await managerEvents(since)).filter((e) => (e.data as { repair_order_id?: string }).repair_order_id === ro.id);
    const states = events.map((e) => `${e.type}:${(e.data as { message: { metadata: { status: string } } }).message.metadata.status}`);
    expect(states).toEqual(['message.created:queued', 'message.updated:accepted']);
  });

  it('carries the opt-out notice only on the first text a number ever gets, across the records sharing it', async () => {
    // Prepare: two customer records (two DMS ids) with one cell number
    const phone = uniquePhone();
    const first = await createRepairOrder({ customer: { opt_in: 'in', phones: { cell: phone, work: null, alternate: null } } });
    const second = await createRepairOrder({ customer: { opt_in: 'in', phones: { cell: phone, work: null, alternate: null } } });
    // Act
    await send(first.ro.id, { text: 'Hello from service' });
    const res = await send(second.ro.id, { text: 'About your other car' });
    // Assess
    expect(res.body.message.text).toBe('About your other car');
    expect((await textsTo(carrierUrl, phone)).map((t) => t.text)).toEqual(['About your other car', `Hello from service\n${NAMED_NOTICE}`]);
    expect((await getCustomer(companyId, second.customer.id, true))?.opt_notice_sent_at).toEqual(expect.any(String));
  });

  it("writes the opt-out notice in the customer's language", async () => {
    const { customer, ro } = await createRepairOrder({ customer: { opt_in: 'in', language: 'es' } });
    await send(ro.id, { text: 'Su coche está listo' });
    expect((await textsTo(carrierUrl, customer.phones.cell!))[0]!.text).toBe('Su coche está listo\nDemo Motors North: Responda STOP para darse de baja');
  });

  it('sends once for the same Idempotency-Key: one message, one text, the same answer', async () => {
    const { customer, ro } = await createRepairOrder({ customer: { opt_in: 'in' } });
    const key = randomUUID();
    const first = await send(ro.id, { text: 'Once only' }, key);
    const again = await send(ro.id, { text: 'Once only' }, key);
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.body.message.id).toBe(first.body.message.id);
    expect(await textsTo(carrierUrl, customer.phones.cell!)).toHaveLength(1);
    expect((await advisor.get(`/api/repair_orders/${ro.id}/messages`)).body.meta.paging.total).toBe(1);
  });

  it('finds the text of an earlier attempt by its Idempotency-Key even when the replay record is gone', async () => {
    // Prepare: a send whose idempotency record was lost (a failed cleanup, an expired lease)
    const { customer, ro } = await createRepairOrder({ customer: { opt_in: 'in', phones: { cell: lineNumber('voip'), work: null, alternate: null } } });
    const key = randomUUID();
    const first = await send(ro.id, { text: 'Only one of me' }, key);
    await db().send(new DeleteCommand({ TableName: config.tableName, Key: idempotencyKeys.idempotency('agt_advisor', key) }));
    // Act
    const again = await send(ro.id, { text: 'Only one of me' }, key);
    // Assess: the same message and the same warnings, no second text
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.body.message.id).toBe(first.body.message.id);
    expect(again.body.warnings).toEqual(first.body.warnings);
    expect(first.body.warnings).toEqual([SEND_WARNINGS.voip]);
    expect(await textsTo(carrierUrl, customer.phones.cell!)).toHaveLength(1);
    expect((await advisor.get(`/api/repair_orders/${ro.id}/messages`)).body.meta.paging.total).toBe(1);
  });

  it('warns that delivery to a VoIP line is not always possible, and sends', async () => {
    const { customer, ro } = await createRepairOrder({ customer: { opt_in: 'in', phones: { cell: lineNumber('voip'), work: null, alternate: null } } });
    const res = await send(ro.id, { text: 'Ready at 5' });
    expect(res.status).toBe(201);
    expect(res.body.warnings).toEqual(['This number is a VoIP line; delivery is not always possible']);
    expect(await textsTo(carrierUrl, customer.phones.cell!)).toHaveLength(1);
  });

  it('looks up a line type never checked, keeps it on the customer, and refuses a landline', async () => {
    // Prepare: the DMS said nothing about the line; the carrier knows it is a landline
    const { customer, ro } = await createRepairOrder({ customer: { opt_in: 'in', phones: { cell: lineNumber('landline'), work: null, alternate: null } } });
    // Act
    const res = await send(ro.id, { text: 'Hello?' });
    // Assess
    expect(res.status).toBe(422);
    expect(res.body.error).toEqual({ id: 'landline', message: 'Landline numbers do not receive text messages' });
    expect((await getCustomer(companyId, customer.id, true))?.carrier.type).toBe('landline');
    expect(await textsTo(carrierUrl, customer.phones.cell!)).toEqual([]);
  });

  it('keeps the newest line answer: a slower lookup asked earlier does not overwrite it', async () => {
    // Prepare: the carrier answered "landline" to a question asked now
    const { customer } = await createRepairOrder({ customer: { opt_in: 'in' } });
    const now = Date.now();
    await rememberLineType(companyId, customer.id, { type: 'landline', checked_at: new Date(now).toISOString() });
    // Act: a job's lookup asked a second earlier answers "mobile" only now
    await rememberLineType(companyId, customer.id, { type: 'mobile', checked_at: new Date(now - 1000).toISOString() });
    // Assess: the landline stands; a later answer still replaces it
    expect((await getCustomer(companyId, customer.id, true))?.carrier.type).toBe('landline');
    await rememberLineType(companyId, customer.id, { type: 'mobile', checked_at: new Date(now + 1000).toISOString() });
    expect((await getCustomer(companyId, customer.id, true))?.carrier.type).toBe('mobile');
  });

  describe('refuses, with its text, and sends nothing', () => {
    const cases = [
      { why: 'no advisor is assigned', id: 'no_advisor', text: 'Text message was not sent because there is no advisor assigned', ro: { agent: null } },
      { why: 'the customer opted out', id: 'opted_out', text: 'You can not send a text message to the customer because he has opted out', customer: { opt_in: 'out' as const } },
      { why: 'the customer is blocked', id: 'blocked', text: SEND_ERRORS.blocked, customer: { blocked_at: '2026-01-01T00:00:00.000Z' } },
      {
        why: 'the cell number is a landline',
        id: 'landline',
        text: 'Landline numbers do not receive text messages',
        customer: { carrier: { type: 'landline' as const }, phones: { cell: lineNumber('landline'), work: null, alternate: null } },
      },
      { why: 'the order is closed', id: 'closed', text: SEND_ERRORS.closed, ro: { closed: true, closed_at: '2026-01-01T00:00:00.000Z' } },
    ];
    for (const { why, id, text, customer: person, ro: order } of cases) {
      it(`when ${why}`, async () => {
        const { customer, ro } = await createRepairOrder({ customer: { opt_in: 'in', ...person }, ro: order });
        const res = await send(ro.id, { text: 'Can we talk about the estimate?' });
        expect(res.status).toBe(422);
        expect(res.body.error).toEqual({ id, message: text });
        expect(await textsTo(carrierUrl, customer.phones.cell!)).toEqual([]);
        expect(await messagesOf(companyId, ro.message_thread.id, 0, 10)).toEqual([]);
      });
    }

    it('when the customer has no cell number', async () => {
      const { ro } = await createRepairOrder({ customer: { opt_in: 'in', phones: { cell: null, work: '+16172345678', alternate: null } } });
      const res = await send(ro.id, { text: 'Hello' });
      expect(res.status).toBe(422);
      expect(res.body.error).toEqual({ id: 'no_phone', message: SEND_ERRORS.no_phone });
    });

    it('when the text is blank or longer than 1600 characters', async () => {
      const { customer, ro } = await createRepairOrder({ customer: { opt_in: 'in' } });
      const blank = await send(ro.id, { text: '   ' });
      const long = await send(ro.id, { text: 'x'.repeat(1601) });
      expect(blank.status).toBe(422);
      expect(blank.body.errors.map((e: { message: string }) => e.message)).toEqual(['Text cannot be blank']);
      expect(long.status).toBe(422);
      expect(long.body.errors.map((e: { message: string }) => e.message)).toContain('Message length limit is 1600 characters');
      expect(await textsTo(carrierUrl, customer.phones.cell!)).toEqual([]);
    });
  });

  it('refuses unless the op-code text is on the estimate when the location requires it', async () => {
    await setDms({ require_opcode_for_text: true, opcode_text: 'TXT' });
    try {
      const without = await createRepairOrder({ customer: { opt_in: 'in' }, ro: { metadata: { dms_status: 'open', opcodes: ['OIL'], invoiced_at: null, missed_call: false, last_call_at: null, message_count: 0 } } });
      const withCode = await createRepairOrder({ customer: { opt_in: 'in' }, ro: { metadata: { dms_status: 'open', opcodes: ['OIL', 'TXT'], invoiced_at: null, missed_call: false, last_call_at: null, message_count: 0 } } });
      const refused = await send(without.ro.id, { text: 'Hello' });
      const sent = await send(withCode.ro.id, { text: 'Hello' });
      expect(refused.status).toBe(422);
      expect(refused.body.error).toEqual({ id: 'opcode_missing', message: 'You can not text this customer. The OP CODE TEXT must be present on the repair order estimate' });
      expect(sent.status).toBe(201);
    } finally {
      await setDms({ require_opcode_for_text: false });
    }
  });

  it('treats a customer of unknown status as opted out in safe mode', async () => {
    await setService({ safe_mode: true });
    try {
      const unknown = await createRepairOrder({ customer: { opt_in: 'unknown' } });
      const optedIn = await createRepairOrder({ customer: { opt_in: 'in' } });
      const refused = await send(unknown.ro.id, { text: 'Hello' });
      expect(refused.status).toBe(422);
      expect(refused.body.error).toEqual({ id: 'unknown_in_safe_mode', message: SEND_ERRORS.unknown_in_safe_mode });
      expect((await send(optedIn.ro.id, { text: 'Hello' })).status).toBe(201);
    } finally {
      await setService({ safe_mode: false });
    }
  });

  it('with double opt-in, asks a customer of unknown status once, holds the texts, and sends them after they answer YES', async () => {
    await setService({ double_opt_in: true });
    try {
      // Prepare
      const { customer, ro } = await createRepairOrder({ customer: { opt_in: 'unknown' } });
      const phone = customer.phones.cell!;
      // Act: two texts before the customer answers
      const first = await send(ro.id, { text: 'Your estimate is ready' });
      const second = await send(ro.id, { text: 'It is $240 for the brakes' });
      // Assess: both kept in the conversation, waiting for the YES; the customer asked once
      for (const res of [first, second]) {
        expect(res.status).toBe(201);
        expect(res.body.message.metadata).toMatchObject({ status: 'scheduled', held_for_opt_in: true, send_at: null });
        expect(res.body.warnings).toEqual([SEND_WARNINGS.held_for_opt_in]);
      }
      const asked = await textsTo(carrierUrl, phone);
      const business = await readSettings(companyId, locationId, 'business_information');
      const dealership = business.dealership_name || 'Demo Motors North';
      expect(asked.map((t) => t.text)).toEqual([customerText('optInRequest', 'en-us', { dealership })]);
      // Act: the customer answers
      await replyAsCustomer(carrierUrl, phone, DEALER, 'YES');
      // Assess: the held texts went, oldest first, after the confirmation; the notice is not added again
      const texts = (await textsTo(carrierUrl, phone)).map((t) => t.text).reverse();
      expect(texts).toEqual([
        customerText('optInRequest', 'en-us', { dealership }),
        customerText('optInConfirmation', 'en-us', { dealership }),
        'Your estimate is ready',
        'It is $240 for the brakes',
      ]);
      const messages = (await advisor.get(`/api/repair_orders/${ro.id}/messages?limit=10`)).body.messages as { id: string; metadata: { status: string } }[];
      expect(messages.find((m) => m.id === first.body.message.id)?.metadata.status).toBe('accepted');
      expect((await getCustomer(companyId, customer.id, true))?.opt_in).toBe('in');
      // Act: a text after the YES goes at once
      const after = await send(ro.id, { text: 'See you at five' });
      expect(after.status).toBe(201);
      expect(after.body.message.metadata.status).toBe('accepted');
    } finally {
      await setService({ double_opt_in: false });
    }
  });

  it('with double opt-in, ends the held texts `not sent` when the customer answers STOP', async () => {
    await setService({ double_opt_in: true });
    try {
      const { customer, ro } = await createRepairOrder({ customer: { opt_in: 'unknown' } });
      const held = await send(ro.id, { text: 'Can we text you about your car?' });
      expect(held.status).toBe(201);
      await replyAsCustomer(carrierUrl, customer.phones.cell!, DEALER, 'STOP');
      const messages = (await advisor.get(`/api/repair_orders/${ro.id}/messages?limit=10`)).body.messages as { id: string; metadata: { status: string } }[];
      expect(messages.find((m) => m.id === held.body.message.id)?.metadata.status).toBe('not sent');
      expect((await textsTo(carrierUrl, customer.phones.cell!)).map((t) => t.text)).not.toContain('Can we text you about your car?');
    } finally {
      await setService({ double_opt_in: false });
    }
  });
});

describe('quiet hours and scheduled texts', () => {
  it('asks before texting inside quiet hours, sends when confirmed, and holds a text scheduled for the window', async () => {
    // The manager sets quiet hours around now, as the settings screen does.
    const manager = api(baseUrl, await signIn(baseUrl, 'manager@demo.example'));
    const quiet = { service_settings: { quiet_hours_start: wallClock(-60), quiet_hours_end: wallClock(60) } };
    expect((await manager.post(`/api/locations/${locationId}/service_settings`, quiet)).status).toBe(200);
    try {
      // Prepare
      const { customer, ro } = await createRepairOrder({ customer: { opt_in: 'in' } });
      const phone = customer.phones.cell!;
      // Act
      const asked = await send(ro.id, { text: 'Running late?' });
      // Assess: 409 with the moment the window opens, about an hour from now
      expect(asked.status).toBe(409);
      expect(asked.body.error).toMatchObject({ id: 'quiet_hours', message: SEND_ERRORS.quiet_hours });
      const opens = Date.parse(asked.body.error.next_window_at);
      expect(opens - Date.now()).toBeGreaterThan(55 * 60_000);
      expect(opens - Date.now()).toBeLessThan(62 * 60_000);

      // Act: the agent confirms
      const confirmed = await send(ro.id, { text: 'Running late?', confirm_quiet_hours: true });
      expect(confirmed.status).toBe(201);
      expect(await textsTo(carrierUrl, phone)).toHaveLength(1);

      // Act: the agent schedules for the window
      const scheduled = await send(ro.id, { text: 'Good morning, your car is ready', send_at: asked.body.error.next_window_at });
      expect(scheduled.status).toBe(201);
      expect(scheduled.body.message.metadata).toMatchObject({ status: 'scheduled', send_at: new Date(opens).toISOString() });
      expect(await textsTo(carrierUrl, phone)).toHaveLength(1);

      // Act: the job runs before, then after the window opens
      await sendDueMessages(new Date(opens - 60_000));
      expect(await textsTo(carrierUrl, phone)).toHaveLength(1);
      const run = await sendDueMessages(new Date(opens + 1000));
      // Assess
      expect(run.sent).toBeGreaterThanOrEqual(1);
      expect((await textsTo(carrierUrl, phone))[0]!.text).toBe('Good morning, your car is ready');
      expect((await getMessage(companyId, scheduled.body.message.id))?.metadata.status).toBe('accepted');
    } finally {
      await manager.post(`/api/locations/${locationId}/service_settings`, { service_settings: { quiet_hours_start: '00:00', quiet_hours_end: '00:00' } });
    }
  });

  it('does not send a scheduled text to a customer who opted out meanwhile', async () => {
    // Prepare
    const { customer, ro } = await createRepairOrder({ customer: { opt_in: 'in' } });
    const later = new Date(Date.now() + 3600_000).toISOString();
    const scheduled = await send(ro.id, { text: 'Reminder: pick-up tomorrow', send_at: later });
    expect(scheduled.status).toBe(201);
    await replyAsCustomer(carrierUrl, customer.phones.cell!, DEALER, 'STOP');
    const textsBefore = (await textsTo(carrierUrl, customer.phones.cell!)).length;
    // Act
    await sendDueMessages(new Date(Date.parse(later) + 1000));
    // Assess
    const message = await getMessage(companyId, scheduled.body.message.id);
    expect(message?.metadata).toMatchObject({ status: 'not sent', error_code: 'opted_out', error_text: "Notification won't be delivered." });
    expect(await textsTo(carrierUrl, customer.phones.cell!)).toHaveLength(textsBefore);
  });

  it('refuses to schedule further than 90 days ahead', async () => {
    const { ro } = await createRepairOrder({ customer: { opt_in: 'in' } });
    const res = await send(ro.id, { text: 'Next year', send_at: new Date(Date.now() + 91 * 86_400_000).toISOString() });
    expect(res.status).toBe(422);
    expect(res.body.errors[0].path).toBe('message.send_at');
  });
});

describe('GET /api/repair_orders/{id}/messages', () => {
  it('pages the conversation newest first, 10 at a time, with the total', async () => {
    // Prepare: 12 texts, a second apart
    const { customer, ro } = await createRepairOrder({ customer: { opt_in: 'in' } });
    const start = Date.now() - 60_000;
    for (let i = 1; i <= 12; i++) {
      const message = outboundRecord(repairOrderOwner(ro), { text: `Text ${i}`, attachments: [], agent: null, automated: null, sendAt: null, from: DEALER, to: customer.phones.cell!, at: new Date(start + i * 1000).toISOString() });
      await appendMessage(repairOrderOwner(ro), message);
    }
    // Act
    const first = await advisor.get(`/api/repair_orders/${ro.id}/messages`);
    const rest = await advisor.get(`/api/repair_orders/${ro.id}/messages?offset=10&limit=10`);
    // Assess
    expect(first.status).toBe(200);
    expect(first.body.messages.map((m: { text: string }) => m.text)).toEqual(['Text 12', 'Text 11', 'Text 10', 'Text 9', 'Text 8', 'Text 7', 'Text 6', 'Text 5', 'Text 4', 'Text 3']);
    expect(first.body.meta.paging).toEqual({ total: 12, current_offset: 0, per_page: 10 });
    expect(rest.body.messages.map((m: { text: string }) => m.text)).toEqual(['Text 2', 'Text 1']);
  });
});

describe('PUT /api/messages/{id}/retry', () => {
  it('sends an undelivered text again as a new attempt', async () => {
    // Prepare
    const { customer, ro } = await createRepairOrder({ customer: { opt_in: 'in' } });
    const phone = customer.phones.cell!;
    const sent = await send(ro.id, { text: 'Did you get this?' });
    const carrierId = (await textsTo(carrierUrl, phone))[0]!.message_id;
    await api(carrierUrl).post('/sms/receipt', { message_id: carrierId, status: 'undelivered', error_code: 30003 });
    // Act
    const res = await advisor.put(`/api/messages/${sent.body.message.id}/retry`);
    // Assess
    expect(res.status).toBe(200);
    expect(res.body.message).toMatchObject({ id: sent.body.message.id, metadata: { status: 'accepted', attempts: 1, error_code: null, error_text: null } });
    expect(await textsTo(carrierUrl, phone)).toHaveLength(2);
  });

  it('refuses to resend a delivered text, and asks the rules again', async () => {
    const { customer, ro } = await createRepairOrder({ customer: { opt_in: 'in' } });
    const phone = customer.phones.cell!;
    const sent = await send(ro.id, { text: 'Hello' });
    const carrierId = (await textsTo(carrierUrl, phone))[0]!.message_id;
    await api(carrierUrl).post('/sms/receipt', { message_id: carrierId, status: 'delivered' });
    const delivered = await advisor.put(`/api/messages/${sent.body.message.id}/retry`);
    expect(delivered.status).toBe(422);
    expect(delivered.body.error.id).toBe('not_retryable');

    const other = await createRepairOrder({ customer: { opt_in: 'in' } });
    const failed = await send(other.ro.id, { text: 'Hello' });
    const otherId = (await textsTo(carrierUrl, other.customer.phones.cell!))[0]!.message_id;
    await api(carrierUrl).post('/sms/receipt', { message_id: otherId, status: 'undelivered' });
    await replyAsCustomer(carrierUrl, other.customer.phones.cell!, DEALER, 'STOP');
    const optedOut = await advisor.put(`/api/messages/${failed.body.message.id}/retry`);
    expect(optedOut.status).toBe(422);
    expect(optedOut.body.error).toEqual({ id: 'opted_out', message: 'You can not send a text message to the customer because he has opted out' });
  });
});

describe('attachments', () => {
  async function upload(name: string, contentType: string, body: string): Promise<string> {
    const slot = await advisor.post('/api/attachments', { name, content_type: contentType, size: body.length });
    expect(slot.status).toBe(201);
    expect(slot.body.key).toMatch(new RegExp(`^attachments/${companyId}/`));
    const put = await fetch(slot.body.upload_url, { method: 'PUT', body, headers: slot.body.headers });
    expect(put.ok).toBe(true);
    return slot.body.key;
  }

  it('sends an uploaded picture with the text, as a link the carrier and the conversation can open', async () => {
    const { customer, ro } = await createRepairOrder({ customer: { opt_in: 'in' } });
    const key = await upload('brake pads (front).jpg', 'image/jpeg', 'not really a jpeg');
    const res = await send(ro.id, { text: 'Worn pads', attachments: [{ key, name: 'brake pads (front).jpg', content_type: 'image/jpeg', size: 17 }] });
    expect(res.status).toBe(201);
    const [attachment] = res.body.message.attachments;
    expect(attachment).toMatchObject({ name: 'brake pads (front).jpg', content_type: 'image/jpeg', size: 17 });
    expect(await (await fetch(attachment.metadata.orig)).text()).toBe('not really a jpeg');
    const [text] = await textsTo(carrierUrl, customer.phones.cell!);
    expect(text!.media).toHaveLength(1);
  });

  it('sends attachments without words', async () => {
    const { ro } = await createRepairOrder({ customer: { opt_in: 'in' } });
    const key = await upload('invoice.pdf', 'application/pdf', '%PDF-1.4');
    const res = await send(ro.id, { text: '', attachments: [{ key, name: 'invoice.pdf', content_type: 'application/pdf', size: 8 }] });
    expect(res.status).toBe(201);
  });

  it('refuses files over 512 MB, files of types a phone cannot open, and keys it did not hand out', async () => {
    const big = await advisor.post('/api/attachments', { name: 'walkaround.mp4', content_type: 'video/mp4', size: 512 * 1024 * 1024 + 1 });
    expect(big.status).toBe(413);
    const program = await advisor.post('/api/attachments', { name: 'setup.exe', content_type: 'application/x-msdownload', size: 10 });
    expect(program.status).toBe(422);
    expect(program.body.error.id).toBe('unsupported_type');

    const { ro } = await createRepairOrder({ customer: { opt_in: 'in' } });
    for (const key of ['attachments/cmp_rival/upl_x/photo.jpg', `attachments/${companyId}/upl_never/photo.jpg`]) {
      const res = await send(ro.id, { text: 'See photo', attachments: [{ key, name: 'photo.jpg', content_type: 'image/jpeg', size: 10 }] });
      expect(res.status).toBe(422);
      expect(res.body.error.id).toBe('attachment_not_found');
    }
  });
});

describe('who may read and text a conversation', () => {
  it("answers 404 to another company's admin and 403 to an agent without the service board", async () => {
    const { ro } = await createRepairOrder({ customer: { opt_in: 'in' } });
    const sent = await send(ro.id, { text: 'Hello' });
    const rival = api(baseUrl, await signIn(baseUrl, 'rival@demo.example'));
    expect((await rival.get(`/api/repair_orders/${ro.id}/messages`)).status).toBe(404);
    expect((await rival.post(`/api/repair_orders/${ro.id}/messages`, { message: { text: 'Hi' } })).status).toBe(404);
    expect((await rival.put(`/api/messages/${sent.body.message.id}/retry`)).status).toBe(404);
    const hr = api(baseUrl, await signIn(baseUrl, 'hr@demo.example'));
    expect((await hr.get(`/api/repair_orders/${ro.id}/messages`)).status).toBe(403);
  });
});

describe('automated vehicle-ready text (onInvoiced)', () => {
  const invoiced = { dms_status: 'invoiced' as const, opcodes: [], invoiced_at: new Date().toISOString(), missed_call: false, last_call_at: null, message_count: 0 };

  it('tells the customer once when the order becomes invoiced, and marks the order vehicle ready', async () => {
    const { customer, ro } = await createRepairOrder({ customer: { opt_in: 'in' }, ro: { metadata: invoiced } });
    const first = await onInvoiced(ro);
    const again = await onInvoiced((await getRepairOrder(companyId, ro.id, true))!);
    expect(first?.message?.metadata).toMatchObject({ automated: 'vehicle_ready', status: 'accepted' });
    expect(again).toBeNull();
    expect((await textsTo(carrierUrl, customer.phones.cell!)).map((t) => t.text)).toEqual([`Demo Motors North: Your vehicle is ready for pick-up.\n${NOTICE}`]);
    expect((await getRepairOrder(companyId, ro.id, true))?.vehicle_ready).toBe(true);
  });

  it("leaves \"Notification won't be delivered.\" and a gatekeeper_error when the gatekeeper target refuses", async () => {
    await setVehicleReadyGate('opted_in');
    try {
      const { customer, ro } = await createRepairOrder({ customer: { opt_in: 'unknown' }, ro: { metadata: invoiced } });
      const since = cursorAt(Date.now() - 1000);
      const result = await onInvoiced(ro);
      expect(result?.refused).toEqual({ id: 'gatekeeper', reason: 'not_opted_in', opcode: '', message: 'The customer has not opted in' });
      expect(await textsTo(carrierUrl, customer.phones.cell!)).toEqual([]);
      const [note] = await messagesOf(companyId, ro.message_thread.id, 0, 1);
      expect(note).toMatchObject({
        behaviour: 'GENERIC_SYSTEM',
        text: "Notification won't be delivered.",
        metadata: { note: { key: 'not_delivered', kind: 'vehicle_ready', reason_id: 'not_opted_in', reason: 'The customer has not opted in' } },
      });
      const toast = (await managerEvents(since)).find((e) => e.type === 'gatekeeper_error' && (e.data as { repair_order_id?: string }).repair_order_id === ro.id);
      expect(toast?.data).toEqual({ repair_order_id: ro.id, kind: 'vehicle_ready', message: 'The customer has not opted in', reason: 'not_opted_in', opcode: '' });
    } finally {
      await setVehicleReadyGate(saved.gatekeeper.vehicle_ready.target);
    }
  });

  it('holds the text until quiet hours end', async () => {
    await setService({ quiet_hours_start: wallClock(-60), quiet_hours_end: wallClock(60) });
    try {
      const { customer, ro } = await createRepairOrder({ customer: { opt_in: 'in' }, ro: { metadata: invoiced } });
      const result = await onInvoiced(ro);
      expect(result?.message?.metadata.status).toBe('scheduled');
      expect(Date.parse(result!.message!.metadata.send_at!) - Date.now()).toBeGreaterThan(55 * 60_000);
      expect(await textsTo(carrierUrl, customer.phones.cell!)).toEqual([]);
    } finally {
      await setService({ quiet_hours_start: '00:00', quiet_hours_end: '00:00' });
    }
  });
});
