/**
 * Sending a text when something fails: the carrier, the store between the carrier's answer and
 * the record, a request that died between writing a text and sending it. Whatever fails when, a
 * text reaches the carrier at most once per attempt, never stays queued, and the agent is told
 * the truth (503 while the store is down, never 500, never "not sent" for a text that went).
 *
 * The store failures are made in this process: the messages handler runs here (as the local server
 * runs it) with a fault on this process's DynamoDB client; the retry then goes to the real server.
 */
import { randomUUID } from 'node:crypto';
import { DeleteCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import type { SettingsOf } from '../../shared/schemas/settings.js';
import { LocalSmsCarrier, setSmsCarrierForTests, type OutboundText, type SmsCarrier } from '../../functions/lib/carrier.js';
import { config } from '../../functions/lib/config.js';
import { RUNNING_LEASE_SECONDS, bodyHash } from '../../functions/lib/idempotency.js';
import { keys } from '../../functions/lib/keys.js';
import { channels } from '../../functions/lib/realtime.js';
import { readSettings, writeSettings } from '../../functions/lib/settings.js';
import { db, getItem } from '../../functions/lib/table.js';
import { UNCONFIRMED_CODE, deliver, outboundRecord, reconcile } from '../../functions/messages/delivery.js';
import { appendMessage, getMessage, messagesOf, recordSendIntent, type MessageRecord } from '../../functions/messages/records.js';
import { threadOf } from '../../functions/repairOrders/records.js';
import { buildHttpEvent, lambdaContext } from '../../infra/local/lambda-event.js';
import { api, signIn, textsTo, type ApiClient } from '../support/api.js';
import { eventsAbout } from '../support/events.js';
import { DEMO_NORTH, createRepairOrder, serviceNumberOfNorth, useStackEnv } from '../support/service.js';
import { repairOrderOwner } from '../../functions/repairOrders/owner.js';
import { idempotencyKeys } from '../../functions/lib/idempotency.js';
import { messageKeys } from '../../functions/messages/records.js';
import { customerKeys } from '../../functions/customers/records.js';

const baseUrl = inject('baseUrl');
const carrierUrl = inject('carrierUrl');
const { companyId, locationId } = DEMO_NORTH;
const ADVISOR_ID = 'agt_advisor';

let DEALER: string;
let advisor: ApiClient;
let advisorToken: string;
let savedService: SettingsOf<'service_settings'>;

beforeAll(async () => {
  useStackEnv();
  process.env.LOG_LEVEL = 'silent';
  DEALER = await serviceNumberOfNorth();
  savedService = await readSettings(companyId, locationId, 'service_settings');
  await writeSettings(
    companyId,
    locationId,
    'service_settings',
    { ...savedService, quiet_hours_start: '00:00', quiet_hours_end: '00:00', safe_mode: false, double_opt_in: false },
    'agt_manager',
  );
  advisorToken = await signIn(baseUrl, 'advisor@demo.example');
  advisor = api(baseUrl, advisorToken);
});

afterAll(async () => {
  await writeSettings(companyId, locationId, 'service_settings', savedService, 'agt_manager');
});

afterEach(() => {
  setSmsCarrierForTests(undefined);
  storeFault.failing = 0;
});

const sendPath = (roId: string) => `/api/repair_orders/${roId}/messages`;

/** This process's table client fails its next `failing` calls as a stopped DynamoDB would. */
const storeFault = { failing: 0 };
const FAULT_NAME = 'sendFaultsStoreDown';
function installStoreFault(): void {
  db().middlewareStack.remove(FAULT_NAME);
  db().middlewareStack.add(
    (next) => async (args) => {
      if (storeFault.failing > 0) {
        storeFault.failing -= 1;
        throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:8000'), { code: 'ECONNREFUSED' });
      }
      return next(args);
    },
    { step: 'initialize', name: FAULT_NAME },
  );
}

/** The local carrier, reached from this process, with the store failing right after it answers. */
function carrierThenStoreFails(failingWrites: number): { sent: OutboundText[] } {
  const real = new LocalSmsCarrier(process.env.LOCAL_CARRIER_URL ?? '');
  const sent: OutboundText[] = [];
  const carrier: SmsCarrier = {
    dedupesSends: real.dedupesSends,
    lookup: (phone) => real.lookup(phone),
    send: async (text) => {
      const answer = await real.send(text);
      sent.push(text);
      storeFault.failing = failingWrites;
      return answer;
    },
  };
  setSmsCarrierForTests(carrier);
  installStoreFault();
  return { sent };
}

/** POST a send through the messages handler in this process (where the store fault lives). */
async function sendHere(roId: string, body: unknown, key: string): Promise<{ status: number; body: { error?: { id: string } }; headers: Record<string, string> }> {
  const { handler } = await import('../../functions/messages/handler.js');
  const raw = JSON.stringify(body);
  const headers = { host: 'localhost', authorization: `Bearer ${advisorToken}`, 'content-type': 'application/json', 'idempotency-key': key };
  const event: APIGatewayProxyEventV2 = buildHttpEvent(
    {
      method: 'POST',
      url: sendPath(roId),
      httpVersion: '1.1',
      headers,
      rawHeaders: Object.entries(headers).flat(),
      body: Buffer.from(raw),
      sourceIp: '127.0.0.1',
    },
    { routeKey: 'POST /api/repair_orders/{id}/messages', pathParameters: { id: roId } },
  );
  const result = (await handler(event, lambdaContext('messages', randomUUID()))) as APIGatewayProxyStructuredResultV2;
  return { status: result.statusCode ?? 200, body: JSON.parse(result.body ?? 'null'), headers: (result.headers ?? {}) as Record<string, string> };
}

/** An outbound text written `queued` as if `minutesAgo` minutes ago, as a request that died would leave it. */
async function leftQueued(minutesAgo: number): Promise<{ message: MessageRecord; phone: string }> {
  const { customer, ro } = await createRepairOrder({ customer: { opt_in: 'in' } });
  const at = new Date(Date.now() - minutesAgo * 60_000).toISOString();
  const message = outboundRecord(repairOrderOwner(ro), { text: 'Your car is ready', attachments: [], agent: null, automated: null, sendAt: null, from: DEALER, to: customer.phones.cell!, at });
  await appendMessage(repairOrderOwner(ro), message);
  return { message, phone: customer.phones.cell! };
}

/** Runs the sweep in the server, as the scheduler would; answers the HTTP status. */
async function runSweep(): Promise<{ status: number }> {
  const res = await fetch(`${baseUrl}/dev/jobs/message_sweep`, { method: 'POST' });
  await res.body?.cancel();
  return { status: res.status };
}

describe('Idempotency-Key on a send', () => {
  it('answers 422 to the same key with a different body, and sends nothing for it', async () => {
    // Prepare
    const { customer, ro } = await createRepairOrder({ customer: { opt_in: 'in' } });
    const key = randomUUID();
    const first = await advisor.post(sendPath(ro.id), { message: { text: 'See you at 4' } }, { 'idempotency-key': key });
    // Act
    const other = await advisor.post(sendPath(ro.id), { message: { text: 'See you at 5' } }, { 'idempotency-key': key });
    const same = await advisor.post(sendPath(ro.id), { message: { text: 'See you at 4' } }, { 'idempotency-key': key });
    // Assess
    expect(first.status).toBe(201);
    expect(other.status).toBe(422);
    expect(other.body.error.id).toBe('idempotency_key_mismatch');
    expect(same.status).toBe(201);
    expect(same.body.message.id).toBe(first.body.message.id);
    expect(await textsTo(carrierUrl, customer.phones.cell!)).toHaveLength(1);
  });
});

describe('the carrier failing', () => {
  it('ends the text `not sent`; a retry once the carrier is back sends it, once per attempt', async () => {
    // Prepare: the carrier is down for this customer's number
    const { customer, ro } = await createRepairOrder({ customer: { opt_in: 'in' } });
    const phone = customer.phones.cell!;
    const carrier = api(carrierUrl);
    await carrier.put('/outage', { on: true, phone });
    let sent;
    try {
      // Act
      sent = await advisor.post(sendPath(ro.id), { message: { text: 'Pick-up at 5?' } }, { 'idempotency-key': randomUUID() });
    } finally {
      await carrier.put('/outage', { on: false, phone });
    }
    // Assess: told the truth, nothing at the carrier
    expect(sent.status).toBe(201);
    expect(sent.body.message.metadata).toMatchObject({ status: 'not sent', error_code: 'CARRIER_UNAVAILABLE' });
    expect(await textsTo(carrierUrl, phone)).toEqual([]);
    // Act: the agent retries with the carrier back
    const retried = await advisor.put(`/api/messages/${sent.body.message.id}/retry`);
    // Assess: the same message, a new attempt, exactly one text
    expect(retried.status).toBe(200);
    expect(retried.body.message).toMatchObject({ id: sent.body.message.id, metadata: { status: 'accepted', attempts: 1 } });
    const texts = await textsTo(carrierUrl, phone);
    expect(texts.map((t) => t.message_id)).toEqual([`${sent.body.message.id}-1`]);
    const conversation = await messagesOf(companyId, threadOf(ro.id), 0, 10);
    expect(conversation.filter((m) => m.metadata.direction === 'outbound')).toHaveLength(1);
  });
});

describe('the store failing after the carrier answered', () => {
  it('answers 503 (not 500, not "not sent"); the retry with the same key answers 201 and the carrier has one text', async () => {
    // Prepare: the first store write after the carrier's answer fails
    const { customer, ro } = await createRepairOrder({ customer: { opt_in: 'in' } });
    const key = randomUUID();
    const body = { message: { text: 'Your loaner is ready' } };
    const { sent } = carrierThenStoreFails(1);
    // Act
    const first = await sendHere(ro.id, body, key);
    // Assess: retryable, and the text is not marked failed
    expect(first.status).toBe(503);
    expect(first.body.error?.id).toBe('service_unavailable');
    expect(first.headers['retry-after']).toBeDefined();
    expect(sent).toHaveLength(1);
    const [written] = (await messagesOf(companyId, threadOf(ro.id), 0, 10)).filter((m) => m.metadata.direction === 'outbound');
    expect(written?.metadata.status).toBe('queued');
    expect(written?.send_intent?.send_id).toBe(written?.id);
    // Act: the client retries with the same key (the real server)
    const retry = await advisor.post(sendPath(ro.id), body, { 'idempotency-key': key });
    // Assess
    expect(retry.status).toBe(201);
    expect(retry.body.message).toMatchObject({ id: written!.id, metadata: { status: 'accepted', attempts: 0 } });
    expect(await textsTo(carrierUrl, customer.phones.cell!)).toHaveLength(1);
    expect((await getMessage(companyId, written!.id))?.carrier_message_id).toBe(written!.id);
  });

  it('with the store down for the cleanup too, the first retry once the store is back answers the text it sent (201, not 409 until the lease ends)', async () => {
    // Prepare: every store call after the carrier's answer fails (the reproduction: the
    // idempotency record stays `running` because writing its failure failed too)
    const { customer, ro } = await createRepairOrder({ customer: { opt_in: 'in' } });
    const key = randomUUID();
    const body = { message: { text: 'Your keys are at the desk' } };
    carrierThenStoreFails(1000);
    // Act
    const first = await sendHere(ro.id, body, key);
    storeFault.failing = 0;
    const claim = await getItem<{ state: string; expires_at: number }>(idempotencyKeys.idempotency(ADVISOR_ID, key), true);
    const retry = await advisor.post(sendPath(ro.id), body, { 'idempotency-key': key });
    const replay = await advisor.post(sendPath(ro.id), body, { 'idempotency-key': key });
    // Assess: the claim was still running, within its lease, and the retry learnt the truth anyway
    expect(first.status).toBe(503);
    expect(claim?.state).toBe('running');
    expect(claim!.expires_at).toBeGreaterThan(Math.floor(Date.now() / 1000));
    expect(retry.status).toBe(201);
    expect(retry.body.message.metadata.status).toBe('accepted');
    expect(replay.status).toBe(201);
    expect(replay.body.message.id).toBe(retry.body.message.id);
    expect((await getItem<{ state: string }>(idempotencyKeys.idempotency(ADVISOR_ID, key), true))?.state).toBe('done');
    expect(await textsTo(carrierUrl, customer.phones.cell!)).toHaveLength(1);
    const outbound = (await messagesOf(companyId, threadOf(ro.id), 0, 10)).filter((m) => m.metadata.direction === 'outbound');
    expect(outbound.map((m) => m.id)).toEqual([retry.body.message.id]);
  });

  it('a claim left running with no text written answers 409 until its lease ends, then one retry takes the key over and sends once', async () => {
    // Prepare: a request that claimed the key and died before writing its text
    const { customer, ro } = await createRepairOrder({ customer: { opt_in: 'in' } });
    const key = randomUUID();
    const body = { message: { text: 'We found a nail in the tire' } };
    const route = `POST /api/repair_orders/{id}/messages ${sendPath(ro.id)}`;
    const claim = (expiresAt: number) =>
      db().send(
        new PutCommand({
          TableName: config.tableName,
          Item: { ...idempotencyKeys.idempotency(ADVISOR_ID, key), state: 'running', route, body_hash: bodyHash(body), run_id: randomUUID(), expires_at: expiresAt },
        }),
      );
    await claim(Math.floor(Date.now() / 1000) + RUNNING_LEASE_SECONDS);
    // Act
    const during = await advisor.post(sendPath(ro.id), body, { 'idempotency-key': key });
    await claim(Math.floor(Date.now() / 1000) - 1);
    const [a, b] = await Promise.all([
      advisor.post(sendPath(ro.id), body, { 'idempotency-key': key }),
      advisor.post(sendPath(ro.id), body, { 'idempotency-key': key }),
    ]);
    const after = await advisor.post(sendPath(ro.id), body, { 'idempotency-key': key });
    // Assess
    expect(RUNNING_LEASE_SECONDS).toBeLessThanOrEqual(30);
    expect(during.status).toBe(409);
    expect(during.body.error.id).toBe('request_in_progress');
    expect([a.status, b.status].sort()).toContain(201);
    expect(after.status).toBe(201);
    expect(await textsTo(carrierUrl, customer.phones.cell!)).toHaveLength(1);
    const outbound = (await messagesOf(companyId, threadOf(ro.id), 0, 10)).filter((m) => m.metadata.direction === 'outbound');
    expect(outbound.map((m) => m.id)).toEqual([after.body.message.id]);
  });

  it('keeps the idempotency record of a failed attempt (marked failed, bound to its body) instead of deleting it', async () => {
    // Prepare
    const { ro } = await createRepairOrder({ customer: { opt_in: 'in' } });
    const key = randomUUID();
    carrierThenStoreFails(1);
    // Act
    const first = await sendHere(ro.id, { message: { text: 'Call us back' } }, key);
    const otherBody = await advisor.post(sendPath(ro.id), { message: { text: 'Something else' } }, { 'idempotency-key': key });
    // Assess
    expect(first.status).toBe(503);
    expect((await getItem<{ state: string }>(idempotencyKeys.idempotency(ADVISOR_ID, key), true))?.state).toBe('failed');
    expect(otherBody.status).toBe(422);
  });
});

describe('the message_sweep job', () => {
  it('sends a text left queued by a request that died before calling the carrier, once', async () => {
    // Prepare
    const { message, phone } = await leftQueued(5);
    // Act
    const run = await runSweep();
    const again = await runSweep();
    // Assess
    expect(run.status).toBe(200);
    expect(again.status).toBe(200);
    expect((await getMessage(companyId, message.id))?.metadata.status).toBe('accepted');
    expect((await textsTo(carrierUrl, phone)).map((t) => t.message_id)).toEqual([message.id]);
  });

  it('leaves a text queued within its grace to the request that is sending it', async () => {
    const { message, phone } = await leftQueued(0);
    await runSweep();
    expect((await getMessage(companyId, message.id))?.metadata.status).toBe('queued');
    expect(await textsTo(carrierUrl, phone)).toEqual([]);
  });

  it('reconciles a text whose intent was recorded and which the carrier took, without a second text', async () => {
    // Prepare: the request recorded its intent, the carrier took the text, the answer was lost
    const { message, phone } = await leftQueued(5);
    await recordSendIntent(message, { send_id: message.id, at: new Date(Date.now() - 4 * 60_000).toISOString() });
    const taken = await api(carrierUrl).post('/sms', { message_id: message.id, from: DEALER, to: phone, text: message.text });
    expect(taken.status).toBe(202);
    // Act
    await runSweep();
    // Assess
    const stored = await getMessage(companyId, message.id);
    expect(stored?.metadata.status).toBe('accepted');
    expect(stored?.carrier_message_id).toBe(message.id);
    expect(await textsTo(carrierUrl, phone)).toHaveLength(1);
  });

  it('sends, once, a text whose intent was recorded but which never reached the carrier', async () => {
    const { message, phone } = await leftQueued(5);
    await recordSendIntent(message, { send_id: message.id, at: new Date(Date.now() - 4 * 60_000).toISOString() });
    await runSweep();
    await runSweep();
    expect((await getMessage(companyId, message.id))?.metadata.status).toBe('accepted');
    expect(await textsTo(carrierUrl, phone)).toHaveLength(1);
  });

  it('ends a long-queued text `not sent` when the rules refuse it now (the customer opted out meanwhile)', async () => {
    const { customer, ro } = await createRepairOrder({ customer: { opt_in: 'out' } });
    const at = new Date(Date.now() - 5 * 60_000).toISOString();
    const message = outboundRecord(repairOrderOwner(ro), { text: 'Hello', attachments: [], agent: null, automated: null, sendAt: null, from: DEALER, to: customer.phones.cell!, at });
    await appendMessage(repairOrderOwner(ro), message);
    await runSweep();
    expect((await getMessage(companyId, message.id))?.metadata).toMatchObject({ status: 'not sent', error_code: 'opted_out' });
    expect(await textsTo(carrierUrl, customer.phones.cell!)).toEqual([]);
  });
});

describe("the message_sweep and receipts lost on the console's side", () => {
  /** A text sent through the API (accepted) and the raw item behind it. */
  async function acceptedText(text: string) {
    const { customer, ro } = await createRepairOrder({ customer: { opt_in: 'in' } });
    const res = await advisor.post(sendPath(ro.id), { message: { text } }, { 'idempotency-key': randomUUID() });
    expect(res.status).toBe(201);
    const message = (await getMessage(companyId, res.body.message.id as string))!;
    return { customer, ro, message };
  }

  /** A receipt the carrier published that never reached the conversation (as while the store was down). */
  async function receiptLost(message: MessageRecord, status: string) {
    const link = await getItem<Record<string, unknown>>(messageKeys.carrierMessage(message.carrier_message_id!), true);
    await db().send(new DeleteCommand({ TableName: config.tableName, Key: messageKeys.carrierMessage(message.carrier_message_id!) }));
    try {
      expect((await api(carrierUrl).post('/sms/receipt', { message_id: message.carrier_message_id, status })).status).toBe(202);
    } finally {
      await db().send(new PutCommand({ TableName: config.tableName, Item: { ...messageKeys.carrierMessage(message.carrier_message_id!), ...link } }));
    }
  }

  /**
   * The receipts' grace has passed for this text (5 minutes in real life), long ago: the sweep takes
   * the oldest due texts first, a hundred a run, and the shared stack may hold more than a hundred
   * others due by the time this file runs (texts of other files whose receipts never came).
   */
  async function graceOver(message: MessageRecord) {
    await db().send(
      new UpdateCommand({
        TableName: config.tableName,
        Key: messageKeys.message(companyId, message.message_thread_id, message.id),
        UpdateExpression: 'SET gsi2sk = :due',
        ExpressionAttributeValues: { ':due': `${new Date(Date.UTC(2020, 0, 1)).toISOString()}#${companyId}#${message.id}` },
      }),
    );
  }

  const watchOf = async (message: MessageRecord) =>
    getItem<{ gsi2pk?: string; gsi2sk?: string }>(messageKeys.message(companyId, message.message_thread_id, message.id), true);

  it('asks the carrier about a text still accepted past its grace and applies what it says: sent, and the board hears message.updated', async () => {
    // Prepare: accepted, watched; the carrier's 'sent' receipt never reached the conversation
    const { ro, message } = await acceptedText('Your car is on the lift');
    const watched = await watchOf(message);
    await receiptLost(message, 'sent');
    const before = await getMessage(companyId, message.id);
    await graceOver(message);
    const since = Date.now();
    // Act
    const run = await runSweep();
    // Assess
    expect(watched?.gsi2pk).toBe(messageKeys.awaitedReceipts().gsi2pk);
    expect(before?.metadata.status).toBe('accepted');
    expect(await new LocalSmsCarrier(process.env.LOCAL_CARRIER_URL ?? '').latestReceipt(message.carrier_message_id!)).toMatchObject({ eventType: 'TEXT_SUCCESSFUL' });
    expect(run.status).toBe(200);
    expect((await getMessage(companyId, message.id))?.metadata.status).toBe('sent');
    expect((await watchOf(message))?.gsi2pk).toBeUndefined();
    const updates = await eventsAbout(companyId, channels.managerRepairOrders(locationId), since, { type: 'message.updated', repairOrderId: ro.id, messageId: message.id });
    expect(updates.map((e) => (e.data as { message: { metadata: { status: string } } }).message.metadata.status)).toContain('sent');
  });

  it('leaves a text the carrier has nothing new for accepted, and asks again later instead of at every run', async () => {
    const { message } = await acceptedText('Your estimate is ready');
    await graceOver(message);
    await runSweep();
    const after = await watchOf(message);
    expect((await getMessage(companyId, message.id))?.metadata.status).toBe('accepted');
    expect(after?.gsi2pk).toBe(messageKeys.awaitedReceipts().gsi2pk);
    expect(after!.gsi2sk! > new Date().toISOString()).toBe(true);
  });

  it('stops watching a text once a receipt has moved it on', async () => {
    const { message } = await acceptedText('Your car is washed');
    await api(carrierUrl).post('/sms/receipt', { message_id: message.carrier_message_id, status: 'delivered' });
    expect((await getMessage(companyId, message.id))?.metadata.status).toBe('delivered');
    expect((await watchOf(message))?.gsi2pk).toBeUndefined();
  });
});

describe('a STOP landing between the rules and the carrier', () => {
  it('stops the text at the moment it is handed over: `not sent`, nothing at the carrier', async () => {
    // Prepare: the rules let the text through (opted in), then the customer opts out before it goes
    const { customer, ro } = await createRepairOrder({ customer: { opt_in: 'in' } });
    const message = outboundRecord(repairOrderOwner(ro), { text: 'Your car is ready', attachments: [], agent: null, automated: null, sendAt: null, from: DEALER, to: customer.phones.cell!, at: new Date().toISOString() });
    await appendMessage(repairOrderOwner(ro), message);
    await db().send(
      new UpdateCommand({ TableName: config.tableName, Key: customerKeys.customer(companyId, customer.id), UpdateExpression: 'SET opt_in = :out', ExpressionAttributeValues: { ':out': 'out' } }),
    );
    // Act
    const outcome = await deliver(repairOrderOwner(ro), message);
    // Assess
    expect(outcome.metadata).toMatchObject({ status: 'not sent', error_code: 'OPTED_OUT' });
    expect((await getMessage(companyId, message.id))?.metadata.status).toBe('not sent');
    expect(await textsTo(carrierUrl, customer.phones.cell!)).toEqual([]);
  });

  it("still sends the answer to a keyword (STOP's confirmation) to the opted-out number", async () => {
    const { customer, ro } = await createRepairOrder({ customer: { opt_in: 'out' } });
    const message = outboundRecord(repairOrderOwner(ro), { text: 'You have been unsubscribed', attachments: [], agent: null, automated: 'opt_out_confirmation', sendAt: null, from: DEALER, to: customer.phones.cell!, at: new Date().toISOString() });
    await appendMessage(repairOrderOwner(ro), message);
    const outcome = await deliver(repairOrderOwner(ro), message);
    expect(outcome.metadata.status).toBe('accepted');
    expect(await textsTo(carrierUrl, customer.phones.cell!)).toHaveLength(1);
  });
});

describe('reconciling with a carrier that has no dedup key (SNS)', () => {
  it('records a text whose answer was lost as handed over (UNCONFIRMED), never sends it again and never calls it not sent', async () => {
    // Prepare: an SNS-like carrier; the intent is older than the grace
    const calls: OutboundText[] = [];
    setSmsCarrierForTests({ send: async (text) => (calls.push(text), { carrierMessageId: randomUUID() }), lookup: async () => 'mobile' });
    const { message } = await leftQueued(5);
    const withIntent = await recordSendIntent(message, { send_id: message.id, at: new Date(Date.now() - 4 * 60_000).toISOString() });
    // Act
    const fresh = await reconcile(undefined, { ...withIntent!, send_intent: { send_id: message.id, at: new Date().toISOString() } });
    const after = await reconcile(undefined, withIntent!);
    // Assess: within the grace nothing is decided; after it, handed over, unconfirmed
    expect(fresh.metadata.status).toBe('queued');
    expect(after.metadata).toMatchObject({ status: 'accepted', error_code: UNCONFIRMED_CODE });
    expect(calls).toEqual([]);
  });
});
