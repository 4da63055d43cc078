/**
 * Calls (issue 25) on the shared stack, in a store of the tests' own: each step of a call applied
 * as the SIP media application's handler hands it over (applyCallStep), and the calls API. Inbound
 * calls answered, missed and busy in the call history with the missed-call flag; the voicemail in
 * the customer's conversation, unread and playable; the missed-call text-back once per call and
 * only where the texting rules allow; the unarchive rule; the notice only to the call's agent and
 * the managers; the advisor's call's legs; the refusals; the hangup; the walls between companies.
 */
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { CallStep } from '../progress.js';
import { applyCallStep, callIdOf } from '../apply.js';
import { handOver } from '../steps.js';
import { getCallPointer } from '../records.js';
import { hangupCall, placeCall } from '../outbound.js';
import type { PlaceCall, Telephony } from '../../lib/telephony.js';
import { config } from '../../lib/config.js';
import { newId } from '../../lib/ids.js';
import { channels, cursorAt, eventsAfter, type ChannelEvent } from '../../lib/realtime.js';
import { readSettings, writeSettings } from '../../lib/settings.js';
import { s3 } from '../../lib/storage.js';
import { getAgent } from '../../lib/agents.js';
import '../../messages/boards.js';
import { getRepairOrder, type RepairOrderRecord } from '../../repairOrders/records.js';
import { customersWithPhone, getCustomer, saveCustomer, type CustomerRecord } from '../../customers/records.js';
import type { CallNotice } from '../../../shared/calls/calls.js';
import type { SettingsOf } from '../../../shared/schemas/settings.js';
import { callPaths } from '../../../shared/calls/routes.js';
import { api, replyAsCustomer, signIn, textsTo, type ApiClient } from '../../../test/support/api.js';
import { boardOfKind } from '../../lib/boardList.js';
import { accessFlags, createAgent, createOwnStore, type OwnStore } from '../../../test/support/ownStore.js';
import { createRepairOrder, customerRecord, uniquePhone, useStackEnv, wallClock } from '../../../test/support/service.js';

useStackEnv();
const baseUrl = inject('baseUrl');
const carrierUrl = inject('carrierUrl');
const DAY = 24 * 3_600_000;

let store: OwnStore;
let rival: OwnStore;
const run = Date.now().toString(36);
const ADVISOR_ID = `agt_calls_adv_${run}`;
const OTHER_ADVISOR_ID = `agt_calls_other_${run}`;
const PHONELESS_ID = `agt_calls_nophone_${run}`;
const MANAGER_ID = `agt_calls_mgr_${run}`;
const RIVAL_ID = `agt_calls_rival_${run}`;
const ADVISOR_PHONE = uniquePhone();
let advisorRef: { id: string; first_name: string; last_name: string };
let advisor: ApiClient;
let phoneless: ApiClient;
let manager: ApiClient;
let rivalManager: ApiClient;

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, what: string, ms = 10_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > end) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

type CallsSettings = SettingsOf<'service_calls_settings'>;
async function callsSettings(changes: Partial<CallsSettings>, at: { companyId: string; locationId: string } = store, key: 'service_calls_settings' | 'inventory_calls_settings' = 'service_calls_settings'): Promise<void> {
  const current = await readSettings(at.companyId, at.locationId, key);
  await writeSettings(at.companyId, at.locationId, key, { ...current, ...changes }, 'agt_test');
}

/** Runs `work` with the settings changed, and puts them back whatever happens. */
async function withCallsSettings<T>(changes: Partial<CallsSettings>, work: () => Promise<T>): Promise<T> {
  const before = await readSettings(store.companyId, store.locationId, 'service_calls_settings');
  await callsSettings(changes);
  try {
    return await work();
  } finally {
    await writeSettings(store.companyId, store.locationId, 'service_calls_settings', before, 'agt_test');
  }
}

async function withQuietHoursNow<T>(work: () => Promise<T>): Promise<T> {
  const before = await readSettings(store.companyId, store.locationId, 'service_settings');
  await writeSettings(store.companyId, store.locationId, 'service_settings', { ...before, quiet_hours_start: wallClock(-60), quiet_hours_end: wallClock(120) }, 'agt_test');
  try {
    return await work();
  } finally {
    await writeSettings(store.companyId, store.locationId, 'service_settings', before, 'agt_test');
  }
}

/** A customer of the store with an open order assigned to the advisor. */
async function customerWithOrder(customer: Partial<CustomerRecord> = {}, ro: Partial<RepairOrderRecord> = {}): Promise<{ customer: CustomerRecord; ro: RepairOrderRecord }> {
  return createRepairOrder({ customer: { company_id: store.companyId, location_id: store.locationId, opt_in: 'in', ...customer }, ro: { agent: advisorRef, ...ro } });
}

/** One inbound call's steps, as the SIP media application's handler hands them over. */
function inboundCall(customerNumber: string, at: OwnStore = store) {
  const transaction = newId('txn');
  let sequence = 0;
  const base = () => ({
    transaction_id: transaction,
    sequence: ++sequence,
    at: new Date().toISOString(),
    direction: 'inbound' as const,
    store_number: at.number,
    customer_number: customerNumber,
    board: 'service' as const,
    company_id: at.companyId,
    location_id: at.locationId,
  });
  const steps = {
    ringing: (): CallStep => ({ ...base(), step: 'ringing' }),
    answered: (): CallStep => ({ ...base(), step: 'answered', answered_by: '+16175554210' }),
    voicemail: (dial: 'no-answer' | 'busy' = 'no-answer'): CallStep => ({ ...base(), step: 'voicemail', dial_status: dial }),
    recorded: (recording: { bucket: string; key: string }, seconds: number): CallStep => ({ ...base(), step: 'recorded', recording, duration_seconds: seconds }),
    ended: (dial: 'answered' | 'no-answer' | 'busy' | null, talk = 0, voicemail = false): CallStep => ({ ...base(), step: 'ended', dial_status: dial, talk_seconds: talk, voicemail }),
  };
  return { transaction, steps, callId: () => callIdOf(steps.ringing()) };
}

async function applyAll(...steps: CallStep[]): Promise<void> {
  for (const step of steps) await applyCallStep(step);
}

/** A missed call from the number: rang, nobody answered, no voicemail. */
async function missedCall(customerNumber: string, dial: 'no-answer' | 'busy' = 'no-answer'): Promise<string> {
  const call = inboundCall(customerNumber);
  await applyAll(call.steps.ringing(), call.steps.voicemail(dial), call.steps.ended(dial));
  return call.callId();
}

interface CallView {
  id: string;
  direction: string;
  status: string;
  dial_status: string | null;
  duration_seconds?: number | null;
  voicemail?: boolean;
  agent: { id: string } | null;
}
const historyOf = async (client: ApiClient, customerId: string): Promise<CallView[]> => (await client.get(callPaths.ofCustomer(customerId, 'service'))).body.calls as CallView[];

interface MessageView {
  id: string;
  text: string;
  metadata: { direction: string; automated: string | null; note: Record<string, string> | null; voicemail?: { call_id: string; duration_seconds: number } };
  attachments: { content_type: string; size: number; metadata: { orig: string; small: string; thumb: string } }[];
}
/** A conversation's messages through its board's own path (functions/lib/boardModule.ts conversations.path). */
async function messagesOfOwner(owner: { kind: string; id: string }): Promise<MessageView[]> {
  const board = boardOfKind(owner.kind)!.conversations!;
  const path = board.path.replace(`{${board.idParam}}`, owner.id).replace('{id}', store.locationId);
  return (await manager.get(`${path}/messages?limit=100`)).body.messages as MessageView[];
}
const messagesOf = async (ro: RepairOrderRecord): Promise<MessageView[]> => (await manager.get(`/api/repair_orders/${ro.id}/messages?limit=100`)).body.messages as MessageView[];
/** The console's texts to the number (a missed call's customer gets no other in these tests). */
const textBacks = async (phone: string) => (await textsTo(carrierUrl, phone)).filter((sms) => sms.direction === 'outbound');

/** Puts a recording where the provider would leave it (a bucket of the stack), answers where. */
async function recording(bytes: Uint8Array): Promise<{ bucket: string; key: string }> {
  const key = `recordings-test/${newId('rec')}.wav`;
  const { client, PutObjectCommand } = await s3();
  await client.send(new PutObjectCommand({ Bucket: config.uploadsBucket, Key: key, Body: bytes, ContentType: 'audio/wav' }));
  return { bucket: config.uploadsBucket, key };
}

/** A telephony adapter that records what the console asked of it. */
function fakeTelephony(fail = false): Telephony & { placed: PlaceCall[]; hungUp: string[] } {
  const placed: PlaceCall[] = [];
  const hungUp: string[] = [];
  return {
    placed,
    hungUp,
    async placeCall(call) {
      if (fail) throw new Error('provider down');
      placed.push(call);
      return { transactionId: newId('txn') };
    },
    async hangup(transactionId) {
      hungUp.push(transactionId);
    },
  };
}

const noticesOn = async (channel: string, since: number, callId: string, companyId = store.companyId): Promise<ChannelEvent[]> =>
  (await eventsAfter(companyId, channel, cursorAt(since))).filter((e) => e.type === 'call.changed' && (e.data as CallNotice).call.id === callId);

beforeAll(async () => {
  store = await createOwnStore('calls');
  rival = await createOwnStore('calls_rival');
  const adv = await createAgent(store, ADVISOR_ID, 'Ava', 'Advisor', { call_phone: ADVISOR_PHONE });
  advisorRef = { id: adv.id, first_name: adv.first_name, last_name: adv.last_name };
  await createAgent(store, OTHER_ADVISOR_ID, 'Otto', 'Other');
  await createAgent(store, PHONELESS_ID, 'Pia', 'Phoneless');
  await createAgent(store, MANAGER_ID, 'Mara', 'Manager', { access_level: accessFlags('manager', 'service') });
  await createAgent(rival, RIVAL_ID, 'Rex', 'Rival', { access_level: accessFlags('admin', 'manager', 'service') });
  advisor = api(baseUrl, await signIn(baseUrl, `${ADVISOR_ID}@harbor.example`));
  phoneless = api(baseUrl, await signIn(baseUrl, `${PHONELESS_ID}@harbor.example`));
  manager = api(baseUrl, await signIn(baseUrl, `${MANAGER_ID}@harbor.example`));
  rivalManager = api(baseUrl, await signIn(baseUrl, `${RIVAL_ID}@harbor.example`));
  await callsSettings({ enabled: true, ring_to_numbers: ['+16175554210'], voicemail_enabled: true });
  await callsSettings({ enabled: true }, rival);
}, 60_000);

describe('an inbound call', () => {
  it('answered: kept with its dial status and length, noted in the conversation, the order not flagged, no text-back', async () => {
    const { customer, ro } = await customerWithOrder();
    const call = inboundCall(customer.phones.cell!);
    await applyCallStep(call.steps.ringing());
    expect(await historyOf(manager, customer.id)).toMatchObject([{ id: call.callId(), direction: 'inbound', status: 'ringing', dial_status: null, agent: { id: ADVISOR_ID } }]);
    await applyAll(call.steps.answered(), call.steps.ended('answered', 95));

    expect(await historyOf(manager, customer.id)).toMatchObject([{ id: call.callId(), status: 'completed', dial_status: 'answered', duration_seconds: 95, voicemail: false }]);
    expect((await getRepairOrder(store.companyId, ro.id, true))!.metadata.missed_call).toBe(false);
    const notes = (await messagesOf(ro)).filter((m) => m.metadata.note?.key === 'call');
    expect(notes.map((m) => m.metadata.note)).toMatchObject([{ direction: 'inbound', outcome: 'answered', duration_seconds: '95' }]);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await textBacks(customer.phones.cell!)).toEqual([]);
  });

  it.each(['no-answer', 'busy'] as const)('%s: kept as missed, the order flagged, the history and the note say so', async (dial) => {
    const { customer, ro } = await customerWithOrder();
    const callId = await missedCall(customer.phones.cell!, dial);
    expect(await historyOf(manager, customer.id)).toMatchObject([{ id: callId, status: 'completed', dial_status: dial }]);
    expect((await getRepairOrder(store.companyId, ro.id, true))!.metadata.missed_call).toBe(true);
    expect((await manager.get(`/api/repair_orders/${ro.id}`)).body.repair_order.metadata.missed_call).toBe(true);
    const notes = (await messagesOf(ro)).filter((m) => m.metadata.note?.key === 'call');
    expect(notes.map((m) => m.metadata.note?.outcome)).toEqual([dial]);
  });

  it('handed over as the SIP media application hands it (each step twice), applied in the background once', async () => {
    const { customer, ro } = await customerWithOrder();
    const call = inboundCall(customer.phones.cell!);
    const steps = [call.steps.ringing(), call.steps.voicemail(), call.steps.ended('no-answer')];
    for (const step of steps) {
      await handOver(step);
      await handOver(step);
    }
    await until(() => historyOf(manager, customer.id), (list) => list[0]?.status === 'completed', 'the call applied in the background');
    await until(() => textBacks(customer.phones.cell!), (list) => list.length >= 1, 'the text-back');
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(await textBacks(customer.phones.cell!)).toHaveLength(1);
    expect((await messagesOf(ro)).filter((m) => m.metadata.note?.key === 'call')).toHaveLength(1);
    expect(await historyOf(manager, customer.id)).toMatchObject([{ id: call.callId(), dial_status: 'no-answer' }]);
  });

  it('applied twice, step by step (a crash and a retry), keeps one call, one note, one text-back', async () => {
    const { customer, ro } = await customerWithOrder();
    const call = inboundCall(customer.phones.cell!);
    const steps = [call.steps.ringing(), call.steps.voicemail(), call.steps.ended('no-answer')];
    await applyAll(...steps);
    await applyAll(...steps);
    expect(await historyOf(manager, customer.id)).toHaveLength(1);
    expect((await messagesOf(ro)).filter((m) => m.metadata.note?.key === 'call')).toHaveLength(1);
    await until(() => textBacks(customer.phones.cell!), (list) => list.length >= 1, 'the text-back');
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await textBacks(customer.phones.cell!)).toHaveLength(1);
  });
});

describe('a voicemail', () => {
  it('lands in the customer’s conversation as an inbound message with the audio and its length, unread, playable', async () => {
    const { customer, ro } = await customerWithOrder();
    expect((await advisor.put(`/api/repair_orders/${ro.id}/read`)).status).toBeLessThan(300);
    expect((await advisor.get(`/api/repair_orders/${ro.id}`)).body.repair_order.is_unread).toBe(false);
    const audio = new Uint8Array([82, 73, 70, 70, 1, 2, 3, 4, 87, 65, 86, 69]);
    const call = inboundCall(customer.phones.cell!);
    const recorded = call.steps.recorded(await recording(audio), 17);
    await applyAll(call.steps.ringing(), call.steps.voicemail(), recorded, call.steps.ended('no-answer', 0, true));
    await applyCallStep(recorded);

    const voicemails = (await messagesOf(ro)).filter((m) => m.metadata.voicemail);
    expect(voicemails).toHaveLength(1);
    const [voicemail] = voicemails;
    expect(voicemail!.metadata).toMatchObject({ direction: 'inbound', voicemail: { call_id: call.callId(), duration_seconds: 17 } });
    expect(voicemail!.attachments).toMatchObject([{ content_type: 'audio/wav', size: audio.byteLength }]);
    const played = await fetch(voicemail!.attachments[0]!.metadata.orig);
    expect(played.status).toBe(200);
    expect(new Uint8Array(await played.arrayBuffer())).toEqual(audio);

    expect((await advisor.get(`/api/repair_orders/${ro.id}`)).body.repair_order.is_unread).toBe(true);
    expect(await historyOf(manager, customer.id)).toMatchObject([{ status: 'completed', dial_status: 'no-answer', voicemail: true }]);
    expect((await messagesOf(ro)).find((m) => m.metadata.note?.key === 'call')?.metadata.note?.outcome).toBe('voicemail');
  });

  it('from a known customer with no conversation opens one, as a text would', async () => {
    const customer = customerRecord({ company_id: store.companyId, location_id: store.locationId, opt_in: 'in' });
    await saveCustomer(customer);
    const call = inboundCall(customer.phones.cell!);
    await applyCallStep(call.steps.ringing());
    // Ringing alone opens nothing.
    expect((await getCallPointer(store.companyId, call.callId()))?.owner).toBeNull();
    await applyAll(call.steps.voicemail(), call.steps.recorded(await recording(new Uint8Array([1, 2, 3])), 4), call.steps.ended('no-answer', 0, true));
    const pointer = (await getCallPointer(store.companyId, call.callId()))!;
    expect(pointer.owner).toMatchObject({ kind: 'repair_order' });
    const opened = (await getRepairOrder(store.companyId, pointer.owner!.id, true))!;
    expect(opened.customer_id).toBe(customer.id);
    const messages = (await manager.get(`/api/repair_orders/${opened.id}/messages?limit=100`)).body.messages as MessageView[];
    expect(messages.filter((m) => m.metadata.voicemail)).toHaveLength(1);
  });

  it('kept after the call’s end (the caller hung up before the recording was done) still lands, and the call says so', async () => {
    const { customer, ro } = await customerWithOrder();
    const call = inboundCall(customer.phones.cell!);
    await applyAll(call.steps.ringing(), call.steps.voicemail(), call.steps.ended('no-answer', 0, false), call.steps.recorded(await recording(new Uint8Array([5, 6, 7, 8])), 6));
    expect((await messagesOf(ro)).filter((m) => m.metadata.voicemail)).toHaveLength(1);
    expect(await historyOf(manager, customer.id)).toMatchObject([{ status: 'completed', dial_status: 'no-answer', voicemail: true }]);
  });

  it('cut at the tone (the caller hung up) is not one: the call stays a missed call', async () => {
    const { customer, ro } = await customerWithOrder();
    const call = inboundCall(customer.phones.cell!);
    await applyAll(call.steps.ringing(), call.steps.voicemail(), call.steps.ended('no-answer', 0, true), call.steps.recorded(await recording(new Uint8Array([1])), 1));
    expect((await messagesOf(ro)).filter((m) => m.metadata.voicemail)).toEqual([]);
    expect(await historyOf(manager, customer.id)).toMatchObject([{ status: 'completed', dial_status: 'no-answer', voicemail: false }]);
    expect((await messagesOf(ro)).find((m) => m.metadata.note?.key === 'call')?.metadata.note?.outcome).toBe('no-answer');
  });
});

describe('the missed-call text-back', () => {
  it('goes once from the number called, in the console’s words naming the store; the reply lands in the conversation', async () => {
    const { customer, ro } = await customerWithOrder();
    await missedCall(customer.phones.cell!);
    const [text] = await until(() => textBacks(customer.phones.cell!), (list) => list.length === 1, 'the text-back');
    expect(text!.text).toContain('Harbor Motors: sorry we missed your call. Reply here and an advisor will text you back.');
    expect(text).toMatchObject({ from: store.number });
    expect((await messagesOf(ro)).filter((m) => m.metadata.automated === 'missed_call_text_back')).toHaveLength(1);

    expect((await replyAsCustomer(carrierUrl, customer.phones.cell!, store.number, 'Can you call me after 3?')).status).toBeLessThan(300);
    await until(() => messagesOf(ro), (list) => list.some((m) => m.metadata.direction === 'inbound' && m.text === 'Can you call me after 3?'), 'the reply in the conversation');
  });

  it('reaches a known customer with no order too: the missed call opens one for their reply, as their text would', async () => {
    const customer = customerRecord({ company_id: store.companyId, location_id: store.locationId, opt_in: 'in' });
    await saveCustomer(customer);
    const callId = await missedCall(customer.phones.cell!);
    await until(() => textBacks(customer.phones.cell!), (list) => list.length === 1, 'the text-back');
    const pointer = (await getCallPointer(store.companyId, callId))!;
    expect(pointer.owner).toMatchObject({ kind: 'repair_order' });
    const opened = (await getRepairOrder(store.companyId, pointer.owner!.id, true))!;
    expect(opened.metadata.missed_call).toBe(true);
    const messages = (await manager.get(`/api/repair_orders/${opened.id}/messages?limit=100`)).body.messages as MessageView[];
    expect(messages.filter((m) => m.metadata.automated === 'missed_call_text_back')).toHaveLength(1);
  });

  it('in the customer’s language', async () => {
    const { customer } = await customerWithOrder({ language: 'de' });
    await missedCall(customer.phones.cell!);
    const [text] = await until(() => textBacks(customer.phones.cell!), (list) => list.length === 1, 'the text-back');
    expect(text!.text).toContain('Leider haben wir Ihren Anruf verpasst');
  });

  it('in the store’s own words, naming the store', async () => {
    const { customer } = await customerWithOrder();
    await withCallsSettings({ text_back_text: 'Call us back any time, we are open till 6.' }, () => missedCall(customer.phones.cell!));
    const [text] = await until(() => textsTo(carrierUrl, customer.phones.cell!), (list) => list.some((s) => s.text.includes('Call us back')), 'the text-back');
    expect(text!.text).toMatch(/^Harbor Motors: Call us back any time, we are open till 6\./);
  });

  it('not to an opted-out customer: the conversation says why', async () => {
    const { customer, ro } = await customerWithOrder({ opt_in: 'out' });
    await missedCall(customer.phones.cell!);
    const note = await until(() => messagesOf(ro), (list) => list.some((m) => m.metadata.note?.key === 'not_delivered'), 'the not-delivered note');
    expect(note.find((m) => m.metadata.note?.key === 'not_delivered')!.metadata.note).toMatchObject({ kind: 'missed_call_text_back', reason_id: 'opted_out' });
    expect(await textsTo(carrierUrl, customer.phones.cell!)).toEqual([]);
  });

  it('not to a landline', async () => {
    const landline = `+1617${200 + Math.floor(Math.random() * 700)}01${String(Math.floor(Math.random() * 100)).padStart(2, '0')}`;
    const { customer, ro } = await customerWithOrder({ phones: { cell: landline, work: null, alternate: null } });
    await missedCall(customer.phones.cell!);
    const messages = await until(() => messagesOf(ro), (list) => list.some((m) => m.metadata.note?.key === 'not_delivered'), 'the not-delivered note');
    expect(messages.find((m) => m.metadata.note?.key === 'not_delivered')!.metadata.note?.reason_id).toBe('landline');
    expect((await textsTo(carrierUrl, landline)).filter((s) => s.direction === 'outbound')).toEqual([]);
  });

  it('not during quiet hours (nor held till morning), unless the store allows it: then at once', async () => {
    const quiet = await customerWithOrder();
    const allowed = await customerWithOrder();
    await withQuietHoursNow(async () => {
      await missedCall(quiet.customer.phones.cell!);
      await withCallsSettings({ text_back_in_quiet_hours: true }, () => missedCall(allowed.customer.phones.cell!));
    });
    await until(() => textBacks(allowed.customer.phones.cell!), (list) => list.length === 1, 'the allowed text-back');
    const messages = await messagesOf(quiet.ro);
    expect(messages.find((m) => m.metadata.note?.key === 'not_delivered')?.metadata.note?.reason_id).toBe('quiet_hours');
    expect(messages.filter((m) => m.metadata.automated === 'missed_call_text_back')).toEqual([]);
    expect(await textBacks(quiet.customer.phones.cell!)).toEqual([]);
  });

  it('none when the store turned it off, and no note', async () => {
    const { customer, ro } = await customerWithOrder();
    await withCallsSettings({ text_back_enabled: false }, () => missedCall(customer.phones.cell!));
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await textsTo(carrierUrl, customer.phones.cell!)).toEqual([]);
    expect((await messagesOf(ro)).filter((m) => m.metadata.note?.key === 'not_delivered')).toEqual([]);
  });

  it('none for an answered call', async () => {
    const { customer } = await customerWithOrder();
    const call = inboundCall(customer.phones.cell!);
    await applyAll(call.steps.ringing(), call.steps.answered(), call.steps.ended('answered', 30));
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await textsTo(carrierUrl, customer.phones.cell!)).toEqual([]);
  });

  it('answers a stranger too: their call opens a conversation as their text would, and the call is kept on its contact', async () => {
    const stranger = uniquePhone();
    const callId = await missedCall(stranger);
    await until(() => textBacks(stranger), (list) => list.length === 1, 'the stranger’s text-back');
    const pointer = await getCallPointer(store.companyId, callId);
    expect(pointer?.owner).not.toBeNull();
    const [contact] = await customersWithPhone(store.companyId, stranger, true);
    expect(contact).toBeDefined();
    expect(pointer!.customer_id).toBe(contact!.id);
    // Their answer to the text-back joins the conversation the call opened.
    expect((await replyAsCustomer(carrierUrl, stranger, store.number, 'Hi, it is Jo about a quote')).status).toBeLessThan(300);
    const reply = await until(() => messagesOfOwner(pointer!.owner!), (list) => list.some((m) => m.text === 'Hi, it is Jo about a quote'), 'the stranger’s reply');
    expect(reply.some((m) => m.metadata.automated === 'missed_call_text_back')).toBe(true);
  });
});

describe('the unarchive rule', () => {
  it('brings back an order archived within the period; not one archived before it', async () => {
    await callsSettings({ unarchive_on_incoming_call: true, unarchive_on_incoming_call_days: 30 });
    const archived = (days: number) => ({ archived: true, archived_at: new Date(Date.now() - days * DAY).toISOString(), closed: true, closed_at: new Date(Date.now() - days * DAY).toISOString() });
    const recent = await customerWithOrder({}, archived(10));
    const old = await customerWithOrder({}, archived(45));
    for (const { customer } of [recent, old]) {
      const call = inboundCall(customer.phones.cell!);
      await applyAll(call.steps.ringing(), call.steps.answered(), call.steps.ended('answered', 20));
    }
    expect((await getRepairOrder(store.companyId, recent.ro.id, true))!.archived).toBe(false);
    expect((await getRepairOrder(store.companyId, old.ro.id, true))!.archived).toBe(true);
  });

  it('not when the store turned it off', async () => {
    const { customer, ro } = await customerWithOrder({}, { archived: true, archived_at: new Date(Date.now() - DAY).toISOString(), closed: true, closed_at: new Date(Date.now() - DAY).toISOString() });
    await withCallsSettings({ unarchive_on_incoming_call: false }, async () => {
      const call = inboundCall(customer.phones.cell!);
      await applyAll(call.steps.ringing(), call.steps.answered(), call.steps.ended('answered', 20));
    });
    expect((await getRepairOrder(store.companyId, ro.id, true))!.archived).toBe(true);
  });
});

describe('the notice', () => {
  it('rings on the call’s agent’s channel and the managers’, not another advisor’s; with the customer and their order', async () => {
    const since = Date.now() - 1000;
    const { customer, ro } = await customerWithOrder();
    const call = inboundCall(customer.phones.cell!);
    await applyCallStep(call.steps.ringing());
    const [ringing] = await until(() => noticesOn(channels.agent(ADVISOR_ID), since, call.callId()), (list) => list.length === 1, 'the agent’s notice');
    expect(ringing!.data).toMatchObject({
      call: { id: call.callId(), status: 'ringing', direction: 'inbound', agent: { id: ADVISOR_ID } },
      location_id: store.locationId,
      customer: { id: customer.id, name: `${customer.first_name} ${customer.last_name}`, phone: customer.phones.cell },
      owner: { kind: 'repair_order', id: ro.id },
      owner_label: `RO ${ro.ro_id}`,
      link: `/?ro=${ro.id}`,
    });
    await applyAll(call.steps.answered(), call.steps.ended('answered', 12));
    const heard = await noticesOn(channels.agent(ADVISOR_ID), since, call.callId());
    expect(heard.map((e) => (e.data as CallNotice).call.status)).toEqual(['ringing', 'in-progress', 'completed']);
    expect(await noticesOn(channels.managerCalls(store.locationId), since, call.callId())).toHaveLength(3);
    expect(await noticesOn(channels.agent(OTHER_ADVISOR_ID), since, call.callId())).toEqual([]);
    expect(await noticesOn(channels.agent(MANAGER_ID), since, call.callId())).toEqual([]);
  });
});

describe('an advisor’s call', () => {
  it('rings the advisor’s own phone first from the store’s number; its legs land in the call and its note in the order’s conversation', async () => {
    const { customer, ro } = await customerWithOrder();
    const telephony = fakeTelephony();
    const agent = (await getAgent(store.companyId, ADVISOR_ID))!;
    const placed = await placeCall({ companyId: store.companyId, agent, customer, board: 'service', owner: { kind: 'repair_order', id: ro.id } }, telephony);
    expect(placed).toMatchObject({ direction: 'outbound', status: 'ringing', agent: { id: ADVISOR_ID } });
    expect(telephony.placed).toEqual([
      {
        from: store.number,
        to: ADVISOR_PHONE,
        arguments: { call_id: placed.id, agent_id: ADVISOR_ID, company_id: store.companyId, location_id: store.locationId, board: 'service', customer_number: customer.phones.cell },
      },
    ]);
    const pointer = (await getCallPointer(store.companyId, placed.id))!;
    const leg = (step: string, extra: object = {}) =>
      ({
        transaction_id: pointer.transaction_id!,
        sequence: 0,
        at: new Date().toISOString(),
        direction: 'outbound',
        store_number: store.number,
        customer_number: customer.phones.cell!,
        board: 'service',
        company_id: store.companyId,
        location_id: store.locationId,
        call_id: placed.id,
        agent_id: ADVISOR_ID,
        step,
        ...extra,
      }) as CallStep;
    const statuses: string[] = [];
    for (const step of [leg('ringing'), leg('agent_answered'), leg('answered', { answered_by: customer.phones.cell }), leg('ended', { dial_status: 'answered', talk_seconds: 125, voicemail: false })]) {
      await applyCallStep(step);
      const [latest] = await historyOf(advisor, customer.id);
      statuses.push(`${latest!.status}/${latest!.dial_status}`);
    }
    expect(statuses).toEqual(['ringing/null', 'in-progress/null', 'in-progress/answered', 'completed/answered']);
    const [call] = await historyOf(advisor, customer.id);
    expect(call).toMatchObject({ id: placed.id, direction: 'outbound', duration_seconds: 125 });
    const note = (await messagesOf(ro)).find((m) => m.metadata.note?.key === 'call');
    expect(note?.metadata.note).toMatchObject({ direction: 'outbound', outcome: 'answered', agent_name: 'Ava Advisor', duration_seconds: '125' });
    expect(note?.text).toBe('Ava Advisor called the customer (2:05).');
    // An outbound call is never "missed": no text-back, no flag.
    expect((await getRepairOrder(store.companyId, ro.id, true))!.metadata.missed_call).toBe(false);
  });

  it('a provider that refuses leaves the call failed', async () => {
    const { customer } = await customerWithOrder();
    const agent = (await getAgent(store.companyId, ADVISOR_ID))!;
    await expect(placeCall({ companyId: store.companyId, agent, customer, board: 'service', owner: null }, fakeTelephony(true))).rejects.toMatchObject({ status: 502, id: 'telephony_failed' });
    expect(await historyOf(advisor, customer.id)).toMatchObject([{ status: 'failed' }]);
  });

  it('is refused, each refusal by its id', async () => {
    const { customer } = await customerWithOrder();
    const path = callPaths.ofCustomer(customer.id, 'service');
    expect((await phoneless.post(path, {})).body.error?.id).toBe('no_agent_phone');

    const blocked = await customerWithOrder({ blocked_at: new Date().toISOString() });
    expect((await advisor.post(callPaths.ofCustomer(blocked.customer.id, 'service'), {})).body.error?.id).toBe('customer_blocked');

    const noPhone = await customerWithOrder({ phones: { cell: null, work: null, alternate: null } });
    expect((await advisor.post(callPaths.ofCustomer(noPhone.customer.id, 'service'), {})).body.error?.id).toBe('no_customer_phone');

    // The east store takes calls but has no number.
    await callsSettings({ enabled: true }, { companyId: store.companyId, locationId: store.otherLocationId });
    const east = await createRepairOrder({ customer: { company_id: store.companyId, location_id: store.otherLocationId, opt_in: 'in' } });
    const eastRes = await manager.post(callPaths.ofCustomer(east.customer.id, 'service'), {});
    expect(eastRes.status).toBe(404); // a store manager reaches only their own store
    const admin = `${MANAGER_ID}_admin`;
    await createAgent(store, admin, 'Adam', 'Admin', { access_level: accessFlags('admin', 'manager', 'service', 'inventory'), call_phone: uniquePhone() });
    const adminClient = api(baseUrl, await signIn(baseUrl, `${admin}@harbor.example`));
    expect((await adminClient.post(callPaths.ofCustomer(east.customer.id, 'service'), {})).body.error?.id).toBe('no_store_number');
    // Inventory calls are off at the store.
    expect((await adminClient.post(callPaths.ofCustomer(customer.id, 'inventory'), {})).body.error?.id).toBe('calls_disabled');

    // A call of theirs still ringing.
    const agent = (await getAgent(store.companyId, ADVISOR_ID))!;
    await placeCall({ companyId: store.companyId, agent, customer, board: 'service', owner: null }, fakeTelephony());
    const busy = await advisor.post(path, {});
    expect(busy.status).toBe(422);
    expect(busy.body.error?.id).toBe('call_in_progress');
  });

  it('names only a conversation of this customer', async () => {
    const { customer } = await customerWithOrder();
    const other = await customerWithOrder();
    const res = await advisor.post(callPaths.ofCustomer(customer.id, 'service'), { owner: { kind: 'repair_order', id: other.ro.id } });
    expect(res.status).toBe(404);
    expect((await advisor.post(callPaths.ofCustomer(customer.id, 'service'), { owner: { kind: 'nonsense', id: 'x' } })).status).toBe(404);
  });
});

describe('the hangup', () => {
  it('asks the provider to end a call in progress; an ended call is answered as it is', async () => {
    const { customer } = await customerWithOrder();
    const agent = (await getAgent(store.companyId, ADVISOR_ID))!;
    const telephony = fakeTelephony();
    const placed = await placeCall({ companyId: store.companyId, agent, customer, board: 'service', owner: null }, telephony);
    const pointer = (await getCallPointer(store.companyId, placed.id))!;
    await hangupCall(pointer, telephony);
    expect(telephony.hungUp).toEqual([pointer.transaction_id]);

    const call = inboundCall(customer.phones.cell!);
    await applyAll(call.steps.ringing(), call.steps.answered(), call.steps.ended('answered', 3));
    const ended = (await getCallPointer(store.companyId, call.callId()))!;
    const quiet = fakeTelephony();
    expect(await hangupCall(ended, quiet)).toMatchObject({ id: call.callId(), status: 'completed' });
    expect(quiet.hungUp).toEqual([]);
    const res = await advisor.put(callPaths.hangup(call.callId()));
    expect(res.status).toBe(200);
    expect(res.body.call).toMatchObject({ id: call.callId(), status: 'completed', dial_status: 'answered' });
  });

  it('is another company’s 404, and an unknown call’s', async () => {
    const { customer } = await customerWithOrder();
    const call = inboundCall(customer.phones.cell!);
    await applyAll(call.steps.ringing(), call.steps.answered(), call.steps.ended('answered', 3));
    expect((await rivalManager.put(callPaths.hangup(call.callId()))).status).toBe(404);
    expect((await advisor.put(callPaths.hangup('call_nope'))).status).toBe(404);
  });
});

describe('the walls', () => {
  it('another company neither places a call to our customer nor reads its calls', async () => {
    const { customer } = await customerWithOrder();
    await missedCall(customer.phones.cell!);
    expect((await rivalManager.post(callPaths.ofCustomer(customer.id, 'service'), {})).status).toBe(404);
    expect((await rivalManager.get(callPaths.ofCustomer(customer.id, 'service'))).status).toBe(404);
  });

  it('a call to a store’s number is kept only at that store, even for a number another company knows', async () => {
    const phone = uniquePhone();
    const ours = await customerWithOrder({ phones: { cell: phone, work: null, alternate: null } });
    const theirs = await createRepairOrder({ customer: { company_id: rival.companyId, location_id: rival.locationId, opt_in: 'in', phones: { cell: phone, work: null, alternate: null } } });
    const call = inboundCall(phone, rival);
    await applyAll(call.steps.ringing(), call.steps.voicemail(), call.steps.ended('no-answer'));
    expect(await historyOf(manager, ours.customer.id)).toEqual([]);
    expect((await getCustomer(rival.companyId, theirs.customer.id, true))?.id).toBe(theirs.customer.id);
    expect((await getRepairOrder(rival.companyId, theirs.ro.id, true))!.metadata.missed_call).toBe(true);
    expect((await getRepairOrder(store.companyId, ours.ro.id, true))!.metadata.missed_call).toBe(false);
  });
});
