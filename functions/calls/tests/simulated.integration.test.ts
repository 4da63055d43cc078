/**
 * Calls end to end on the shared stack (issue 25): a customer calls the store's number through the
 * telephony simulator (test/support/calls.ts), the SIP media application's handler hands each step
 * over, and the steps' job applies them to the console (functions/calls/apply.ts). What the console
 * then shows: the call in the customer's history, the voicemail in their conversation, the
 * missed-call text-back at the carrier; and an advisor's "call customer" from the API, its legs and
 * the hangup from the console.
 */
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { answer, callOver, callStore, decline, hangUp, leaveVoicemail, phoneRings, ringOut } from '../../../test/support/calls.js';
import { api, signIn, textsTo, type ApiClient } from '../../../test/support/api.js';
import { accessFlags, createAgent, createOwnStore, type OwnStore } from '../../../test/support/ownStore.js';
import { createRepairOrder, uniquePhone, useStackEnv } from '../../../test/support/service.js';
import { callPaths } from '../../../shared/calls/routes.js';
import type { CustomerRecord } from '../../customers/records.js';
import { readSettings, writeSettings } from '../../lib/settings.js';
import '../../messages/boards.js';
import type { RepairOrderRecord } from '../../repairOrders/records.js';

useStackEnv();
const baseUrl = inject('baseUrl');
const carrierUrl = inject('carrierUrl');

let store: OwnStore;
const run = Date.now().toString(36);
const ADVISOR_ID = `agt_simcalls_adv_${run}`;
const MANAGER_ID = `agt_simcalls_mgr_${run}`;
const ADVISOR_PHONE = uniquePhone();
const DESK = uniquePhone();
let advisorRef: { id: string; first_name: string; last_name: string };
let advisor: ApiClient;
let manager: ApiClient;

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, what: string, ms = 15_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > end) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

interface CallView {
  id: string;
  direction: string;
  status: string;
  dial_status: string | null;
  duration_seconds?: number | null;
  voicemail?: boolean;
}
interface MessageView {
  text: string;
  metadata: { direction: string; automated: string | null; note: Record<string, string> | null; voicemail?: { call_id: string; duration_seconds: number } };
  attachments: { content_type: string; metadata: { orig: string } }[];
}
const historyOf = async (customerId: string): Promise<CallView[]> => (await manager.get(callPaths.ofCustomer(customerId, 'service'))).body.calls as CallView[];
const messagesOf = async (ro: RepairOrderRecord): Promise<MessageView[]> => (await manager.get(`/api/repair_orders/${ro.id}/messages?limit=100`)).body.messages as MessageView[];
const outboundTexts = async (phone: string) => (await textsTo(carrierUrl, phone)).filter((sms) => sms.direction === 'outbound');

async function customerWithOrder(customer: Partial<CustomerRecord> = {}): Promise<{ customer: CustomerRecord; ro: RepairOrderRecord }> {
  return createRepairOrder({ customer: { company_id: store.companyId, location_id: store.locationId, opt_in: 'in', ...customer }, ro: { agent: advisorRef } });
}

/** The last call of the customer once it is completed (the steps are applied in the background). */
const completedCall = (customerId: string) => until(() => historyOf(customerId), (list) => list[0]?.status === 'completed', 'the completed call');

beforeAll(async () => {
  store = await createOwnStore('simcalls');
  const adv = await createAgent(store, ADVISOR_ID, 'Ava', 'Advisor', { call_phone: ADVISOR_PHONE });
  advisorRef = { id: adv.id, first_name: adv.first_name, last_name: adv.last_name };
  await createAgent(store, MANAGER_ID, 'Mara', 'Manager', { access_level: accessFlags('manager', 'service') });
  advisor = api(baseUrl, await signIn(baseUrl, `${ADVISOR_ID}@harbor.example`));
  manager = api(baseUrl, await signIn(baseUrl, `${MANAGER_ID}@harbor.example`));
  const calls = await readSettings(store.companyId, store.locationId, 'service_calls_settings');
  await writeSettings(store.companyId, store.locationId, 'service_calls_settings', { ...calls, enabled: true, ring_to_numbers: [DESK], voicemail_enabled: true }, 'agt_test');
}, 60_000);

describe('a customer’s call through the simulator', () => {
  it('answered at the desk: kept as answered with its length, no text-back', async () => {
    const { customer } = await customerWithOrder();
    const call = await callStore(baseUrl, { from: customer.phones.cell!, to: store.number });
    await phoneRings(baseUrl, DESK);
    await answer(baseUrl, DESK);
    await hangUp(baseUrl, call);
    await callOver(baseUrl, call);
    const [latest] = await completedCall(customer.id);
    expect(latest).toMatchObject({ direction: 'inbound', dial_status: 'answered', voicemail: false });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await outboundTexts(customer.phones.cell!)).toEqual([]);
  });

  it('rung out into a voicemail: the audio in the conversation, the order flagged, one text-back from the number called', async () => {
    const { customer, ro } = await customerWithOrder();
    const call = await callStore(baseUrl, { from: customer.phones.cell!, to: store.number });
    await phoneRings(baseUrl, DESK);
    await ringOut(baseUrl, DESK);
    await leaveVoicemail(baseUrl, call, { seconds: 2 });
    await callOver(baseUrl, call);

    const messages = await until(() => messagesOf(ro), (list) => list.some((m) => m.metadata.voicemail), 'the voicemail in the conversation');
    const voicemail = messages.find((m) => m.metadata.voicemail)!;
    expect(voicemail.metadata.direction).toBe('inbound');
    expect(voicemail.attachments[0]!.content_type).toBe('audio/wav');
    expect((await fetch(voicemail.attachments[0]!.metadata.orig)).status).toBe(200);
    const [latest] = await completedCall(customer.id);
    expect(latest).toMatchObject({ dial_status: 'no-answer', voicemail: true });
    expect((await manager.get(`/api/repair_orders/${ro.id}`)).body.repair_order.metadata.missed_call).toBe(true);
    const [text] = await until(() => outboundTexts(customer.phones.cell!), (list) => list.length >= 1, 'the text-back');
    expect(text).toMatchObject({ from: store.number });
    expect(text!.text).toContain('Harbor Motors: sorry we missed your call.');
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(await outboundTexts(customer.phones.cell!)).toHaveLength(1);
  });

  it('busy, and the caller hangs up without a message: a missed call, texted back', async () => {
    const { customer } = await customerWithOrder();
    const call = await callStore(baseUrl, { from: customer.phones.cell!, to: store.number });
    await phoneRings(baseUrl, DESK);
    await decline(baseUrl, DESK);
    await hangUp(baseUrl, call);
    await callOver(baseUrl, call);
    const [latest] = await completedCall(customer.id);
    expect(latest).toMatchObject({ dial_status: 'busy', voicemail: false });
    await until(() => outboundTexts(customer.phones.cell!), (list) => list.length === 1, 'the text-back');
  });
});

describe('an advisor’s call through the simulator', () => {
  it('rings the advisor first, then the customer; hung up from the console, the call and its note land in the order', async () => {
    const { customer, ro } = await customerWithOrder();
    const placed = await advisor.post(callPaths.ofCustomer(customer.id, 'service'), { owner: { kind: 'repair_order', id: ro.id } });
    expect(placed.status).toBe(201);
    const callId = placed.body.call.id as string;
    expect(placed.body.call).toMatchObject({ direction: 'outbound', status: 'ringing' });
    await phoneRings(baseUrl, ADVISOR_PHONE);
    await answer(baseUrl, ADVISOR_PHONE);
    await phoneRings(baseUrl, customer.phones.cell!);
    await answer(baseUrl, customer.phones.cell!);
    await until(() => historyOf(customer.id), (list) => list[0]?.dial_status === 'answered', 'the customer answering');

    const hungUp = await advisor.put(callPaths.hangup(callId));
    expect(hungUp.status).toBe(200);
    expect(hungUp.body.call.id).toBe(callId);
    const [latest] = await completedCall(customer.id);
    expect(latest).toMatchObject({ id: callId, direction: 'outbound', dial_status: 'answered' });
    const notes = await until(() => messagesOf(ro), (list) => list.some((m) => m.metadata.note?.key === 'call'), 'the call’s note');
    expect(notes.find((m) => m.metadata.note?.key === 'call')!.metadata.note).toMatchObject({ direction: 'outbound', outcome: 'answered', agent_name: 'Ava Advisor' });
    // Hanging up an ended call answers it as it is.
    expect((await advisor.put(callPaths.hangup(callId))).body.call).toMatchObject({ id: callId, status: 'completed' });
  });
});
