/**
 * The SIP media application's handler (issue 25) on the shared stack, in a store of the tests' own.
 *
 * Replayed events: every branch (each event type in each state of a call, inbound and outbound)
 * is answered with the right actions well within Chime's 5 s, and each step is handed over once
 * (the steps store). Through the telephony simulator: inbound calls answered, rung out into a
 * voicemail recorded in the recordings bucket, busy; an advisor's call customer; a hang-up from the
 * console.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { RING_SECONDS, VOICEMAIL_MAX_SECONDS, VOICEMAIL_SILENCE_SECONDS } from '../../../shared/calls/calls.js';
import { answer, callOver, callStore, decline, hangUp, heard, leaveVoicemail, phoneRings, ringingPhone, ringOut } from '../../../test/support/calls.js';
import { api, signIn, textsTo } from '../../../test/support/api.js';
import { accessFlags, createAgent, createOwnStore, type OwnStore } from '../../../test/support/ownStore.js';
import { createRepairOrder, uniquePhone, useStackEnv } from '../../../test/support/service.js';
import { toneWav } from '../../../infra/local/telephony.js';
import { readSettings, writeSettings } from '../../lib/settings.js';
import { readStored, s3 } from '../../lib/storage.js';
import { telephony } from '../../lib/telephony.js';
import { registerTextingNumbers } from '../../lib/textingNumbers.js';
import type { ChimeAction, ChimeEvent, ChimeEventType, ChimeParticipant, ChimeResponse } from '../chime.js';
import type { CallStep } from '../progress.js';
import { handler, wavSeconds } from '../sipMediaApplication.js';
import { stepsOfCall } from '../steps.js';

useStackEnv();
const baseUrl = inject('baseUrl');
const carrierUrl = inject('carrierUrl');

/** Chime's budget is 5 s; an answer of the local stack should take a small part of it. */
const BUDGET_MS = 1000;

let store: OwnStore;
let otherStore: OwnStore;
const RING_1 = uniquePhone();
const RING_2 = uniquePhone();

async function callsSettings(target: OwnStore, change: Record<string, unknown>): Promise<void> {
  const current = await readSettings(target.companyId, target.locationId, 'service_calls_settings');
  await writeSettings(target.companyId, target.locationId, 'service_calls_settings', { ...current, ...change }, 'agt_test');
}

beforeAll(async () => {
  store = await createOwnStore('calls');
  await callsSettings(store, { enabled: true, ring_to_numbers: [RING_1, RING_2], voicemail_enabled: true, voicemail_greeting: '' });
  otherStore = await createOwnStore('calls_other');
});

/** A call as Chime keeps it: legs, the attributes handed back, the next sequence number; each answer timed. */
class ReplayedCall {
  readonly transactionId = randomUUID();
  sequence = 0;
  attributes: Record<string, string> | undefined;
  legs: ChimeParticipant[] = [];
  answers: { type: ChimeEventType; ms: number }[] = [];

  static inbound(from: string, to: string): ReplayedCall {
    const call = new ReplayedCall();
    call.legs.push({ CallId: randomUUID(), ParticipantTag: 'LEG-A', From: from, To: to, Direction: 'Inbound', StartTimeInMilliseconds: String(Date.now()), Status: 'Connected' });
    return call;
  }

  static outbound(from: string, to: string): ReplayedCall {
    const call = new ReplayedCall();
    call.legs.push({ CallId: randomUUID(), ParticipantTag: 'LEG-A', From: from, To: to, Direction: 'Outbound', StartTimeInMilliseconds: String(Date.now()) });
    return call;
  }

  get a(): ChimeParticipant {
    return this.legs.find((l) => l.ParticipantTag === 'LEG-A')!;
  }

  get b(): ChimeParticipant | undefined {
    return this.legs.find((l) => l.ParticipantTag === 'LEG-B');
  }

  connectB(to: string): void {
    this.legs.push({ CallId: randomUUID(), ParticipantTag: 'LEG-B', From: this.a.From, To: to, Direction: 'Outbound', StartTimeInMilliseconds: String(Date.now()), Status: 'Connected' });
  }

  disconnect(tag: 'LEG-A' | 'LEG-B'): ChimeParticipant {
    const leg = this.legs.find((l) => l.ParticipantTag === tag)!;
    leg.Status = 'Disconnected';
    return leg;
  }

  async send(type: ChimeEventType, actionData?: ChimeEvent['ActionData'], sequence = ++this.sequence): Promise<ChimeResponse> {
    const event: ChimeEvent = {
      SchemaVersion: '1.0',
      Sequence: sequence,
      InvocationEventType: type,
      CallDetails: {
        TransactionId: this.transactionId,
        ...(this.attributes ? { TransactionAttributes: this.attributes } : {}),
        AwsAccountId: '000000000000',
        AwsRegion: 'us-east-1',
        SipMediaApplicationId: 'sma-test',
        Participants: structuredClone(this.legs),
      },
      ...(actionData ? { ActionData: actionData } : {}),
    };
    const started = performance.now();
    const answered = await handler(event);
    this.answers.push({ type, ms: performance.now() - started });
    if (answered.TransactionAttributes) this.attributes = answered.TransactionAttributes;
    return answered;
  }

  async hangupOf(tag: 'LEG-A' | 'LEG-B'): Promise<ChimeResponse> {
    const leg = this.disconnect(tag);
    return this.send('HANGUP', { Type: 'Hangup', Parameters: { CallId: leg.CallId, ParticipantTag: tag } });
  }

  async steps(): Promise<CallStep[]> {
    return (await stepsOfCall(this.transactionId)).map((record) => record.step);
  }

  slowest(): number {
    return Math.max(...this.answers.map((a) => a.ms));
  }
}

const bridgeFailed = (to: string, errorType: string, errorMessage: string): ChimeEvent['ActionData'] => ({
  Type: 'CallAndBridge',
  Parameters: { CallTimeoutSeconds: RING_SECONDS, CallerIdNumber: '+10000000000', Endpoints: [{ BridgeEndpointType: 'PSTN', Uri: to }] },
  ErrorType: errorType,
  ErrorMessage: errorMessage,
});
const notAnswered = (to: string) => bridgeFailed(to, 'CallNotAnswered', 'Call not answered');
const busy = (to: string) => bridgeFailed(to, 'CallBusy', 'Busy here (SIP 486)');
const bridgedTo = (to: string): ChimeEvent['ActionData'] => ({ Type: 'CallAndBridge', Parameters: { CallTimeoutSeconds: RING_SECONDS, Endpoints: [{ BridgeEndpointType: 'PSTN', Uri: to }] } });
const types = (res: ChimeResponse) => res.Actions.map((a) => a.Type);
const only = <T extends ChimeAction['Type']>(res: ChimeResponse, type: T) => res.Actions.find((a): a is Extract<ChimeAction, { Type: T }> => a.Type === type)!;

async function putWav(key: string, seconds: number): Promise<void> {
  const { client, PutObjectCommand } = await s3();
  await client.send(new PutObjectCommand({ Bucket: process.env.RECORDINGS_BUCKET!, Key: key, Body: toneWav(seconds), ContentType: 'audio/wav' }));
}

describe('the SIP media application, inbound (replayed events)', () => {
  it('hangs up on a number that is no store’s, without a step', async () => {
    const call = ReplayedCall.inbound(uniquePhone(), uniquePhone());
    const res = await call.send('NEW_INBOUND_CALL');
    expect(res.Actions).toEqual([{ Type: 'Hangup', Parameters: { CallId: call.a.CallId, SipResponseCode: '480' } }]);
    expect(await call.steps()).toEqual([]);
    expect(call.slowest()).toBeLessThan(BUDGET_MS);
  });

  it('hangs up on a store number of a board that takes no calls (employees)', async () => {
    const employees = uniquePhone();
    await registerTextingNumbers(otherStore.companyId, otherStore.locationId, {}, { employees });
    const call = ReplayedCall.inbound(uniquePhone(), employees);
    expect(types(await call.send('NEW_INBOUND_CALL'))).toEqual(['Hangup']);
    expect(await call.steps()).toEqual([]);
  });

  it('hangs up when the board’s calls are off', async () => {
    const call = ReplayedCall.inbound(uniquePhone(), otherStore.number);
    expect(types(await call.send('NEW_INBOUND_CALL'))).toEqual(['Hangup']);
    expect(await call.steps()).toEqual([]);
  });

  it('rings the ring-to numbers in turn, then plays the greeting naming the store and records a voicemail; steps ringing, voicemail (busy), recorded, ended', async () => {
    const customer = uniquePhone();
    const call = ReplayedCall.inbound(customer, store.number);

    const first = await call.send('NEW_INBOUND_CALL');
    expect(first.Actions).toEqual([
      { Type: 'CallAndBridge', Parameters: { CallTimeoutSeconds: RING_SECONDS, CallerIdNumber: customer, Endpoints: [{ BridgeEndpointType: 'PSTN', Uri: RING_1 }] } },
    ]);
    expect(call.attributes).toMatchObject({ direction: 'inbound', board: 'service', company_id: store.companyId, location_id: store.locationId, phase: 'ringing', ring_index: '0' });

    const second = await call.send('ACTION_FAILED', notAnswered(RING_1));
    expect(only(second, 'CallAndBridge').Parameters.Endpoints[0]!.Uri).toBe(RING_2);

    const greeting = await call.send('ACTION_FAILED', busy(RING_2));
    expect(types(greeting)).toEqual(['Speak', 'RecordAudio']);
    expect(only(greeting, 'Speak').Parameters).toMatchObject({ CallId: call.a.CallId, LanguageCode: 'en-US', VoiceId: 'Joanna' });
    expect(only(greeting, 'Speak').Parameters.Text).toContain(store.name);
    const record = only(greeting, 'RecordAudio').Parameters;
    expect(record).toMatchObject({ CallId: call.a.CallId, DurationInSeconds: VOICEMAIL_MAX_SECONDS, SilenceDurationInSeconds: VOICEMAIL_SILENCE_SECONDS, RecordingTerminators: ['#'] });
    expect(record.RecordingDestination.BucketName).toBe(process.env.RECORDINGS_BUCKET);

    const key = `${record.RecordingDestination.Prefix}/${call.a.CallId}-0.wav`;
    await putWav(key, 4);
    const recorded = await call.send('ACTION_SUCCESSFUL', {
      Type: 'RecordAudio',
      Parameters: { ...record, CallId: call.a.CallId },
      RecordingDestination: { Type: 'S3', BucketName: record.RecordingDestination.BucketName, Key: key },
    });
    expect(recorded.Actions).toEqual([{ Type: 'Hangup', Parameters: { CallId: call.a.CallId, SipResponseCode: '0' } }]);

    const ended = await call.hangupOf('LEG-A');
    expect(ended.Actions).toEqual([]);

    const steps = await call.steps();
    expect(steps.map((s) => s.step)).toEqual(['ringing', 'voicemail', 'recorded', 'ended']);
    expect(steps.map((s) => s.sequence)).toEqual([1, 3, 4, 5]);
    expect(steps[0]).toMatchObject({ direction: 'inbound', board: 'service', store_number: store.number, customer_number: customer, company_id: store.companyId, location_id: store.locationId });
    expect(steps[1]).toMatchObject({ step: 'voicemail', dial_status: 'busy' });
    expect(steps[2]).toMatchObject({ step: 'recorded', recording: { bucket: process.env.RECORDINGS_BUCKET, key }, duration_seconds: 4 });
    expect(steps[3]).toMatchObject({ step: 'ended', dial_status: 'busy', talk_seconds: 0, voicemail: true });
    expect(call.slowest()).toBeLessThan(BUDGET_MS);
  });

  it('bridges the ring-to number that answers; when it hangs up, the caller is hung up too; steps ringing, answered, ended (answered)', async () => {
    const call = ReplayedCall.inbound(uniquePhone(), store.number);
    await call.send('NEW_INBOUND_CALL');
    await call.send('ACTION_FAILED', notAnswered(RING_1));
    call.connectB(RING_2);
    expect((await call.send('ACTION_SUCCESSFUL', bridgedTo(RING_2))).Actions).toEqual([]);

    const ended = await call.hangupOf('LEG-B');
    expect(ended.Actions).toEqual([{ Type: 'Hangup', Parameters: { CallId: call.a.CallId, SipResponseCode: '0' } }]);
    // The caller's leg then goes too: its HANGUP is no second end.
    expect((await call.hangupOf('LEG-A')).Actions).toEqual([]);

    const steps = await call.steps();
    expect(steps.map((s) => s.step)).toEqual(['ringing', 'answered', 'ended']);
    expect(steps[1]).toMatchObject({ answered_by: RING_2 });
    expect(steps[2]).toMatchObject({ dial_status: 'answered', voicemail: false });
    expect(call.slowest()).toBeLessThan(BUDGET_MS);
  });

  it('ends a call whose caller hangs up while it rings as not answered', async () => {
    const call = ReplayedCall.inbound(uniquePhone(), store.number);
    await call.send('NEW_INBOUND_CALL');
    expect((await call.hangupOf('LEG-A')).Actions).toEqual([]);
    const steps = await call.steps();
    expect(steps.map((s) => s.step)).toEqual(['ringing', 'ended']);
    expect(steps[1]).toMatchObject({ dial_status: 'no-answer', talk_seconds: 0, voicemail: false });
  });

  it('takes a call to an appointments number on the appointments board, with that board’s settings', async () => {
    const own = await createOwnStore('calls_appt');
    const appointments = uniquePhone();
    const desk = uniquePhone();
    await registerTextingNumbers(own.companyId, own.locationId, {}, { appointment: appointments });
    const current = await readSettings(own.companyId, own.locationId, 'appointments_calls_settings');
    await writeSettings(own.companyId, own.locationId, 'appointments_calls_settings', { ...current, enabled: true, ring_to_numbers: [desk] }, 'agt_test');
    const call = ReplayedCall.inbound(uniquePhone(), appointments);
    const res = await call.send('NEW_INBOUND_CALL');
    expect(only(res, 'CallAndBridge').Parameters.Endpoints[0]!.Uri).toBe(desk);
    expect(call.attributes).toMatchObject({ board: 'appointments' });
    expect((await call.steps()).map((s) => [s.step, s.board])).toEqual([['ringing', 'appointments']]);
  });

  it('answers nothing to an interrupted action, a ringing leg or digits, and keeps the call as it was', async () => {
    const call = ReplayedCall.inbound(uniquePhone(), store.number);
    await call.send('NEW_INBOUND_CALL');
    const before = call.attributes;
    for (const type of ['ACTION_INTERRUPTED', 'RINGING', 'DIGITS_RECEIVED'] as const) {
      expect((await call.send(type)).Actions).toEqual([]);
      expect(call.attributes).toEqual(before);
    }
    expect((await call.steps()).map((s) => s.step)).toEqual(['ringing']);
  });

  it('hands each step over once when the provider repeats an event', async () => {
    const call = ReplayedCall.inbound(uniquePhone(), store.number);
    await call.send('NEW_INBOUND_CALL');
    const attributes = call.attributes;
    call.attributes = undefined;
    await call.send('NEW_INBOUND_CALL', undefined, 1);
    call.attributes = attributes;
    expect((await call.steps()).map((s) => s.step)).toEqual(['ringing']);
  });

  it('goes straight to voicemail when the board has no ring-to numbers', async () => {
    const own = await createOwnStore('calls_novm');
    await callsSettings(own, { enabled: true, ring_to_numbers: [], voicemail_enabled: true, voicemail_greeting: 'Harbor here, leave us a message.' });
    const call = ReplayedCall.inbound(uniquePhone(), own.number);
    const res = await call.send('NEW_INBOUND_CALL');
    expect(types(res)).toEqual(['Speak', 'RecordAudio']);
    // The store's own greeting, as written.
    expect(only(res, 'Speak').Parameters.Text).toBe('Harbor here, leave us a message.');
    expect((await call.steps()).map((s) => [s.step, 'dial_status' in s ? s.dial_status : null])).toEqual([['voicemail', 'no-answer']]);
    await call.hangupOf('LEG-A');
    expect((await call.steps()).at(-1)).toMatchObject({ step: 'ended', dial_status: null, voicemail: false });
  });

  it('without voicemail, says a short sorry in the store’s language and hangs up after the last number', async () => {
    const own = await createOwnStore('calls_sorry');
    const ringTo = uniquePhone();
    await callsSettings(own, { enabled: true, ring_to_numbers: [ringTo], voicemail_enabled: false });
    const business = await readSettings(own.companyId, own.locationId, 'business_information');
    await writeSettings(own.companyId, own.locationId, 'business_information', { ...business, dealership_name: 'Hafen Autohaus' }, 'agt_test');
    const { getLocation, saveLocation } = await import('../../lib/locations.js');
    await saveLocation({ ...(await getLocation(own.companyId, own.locationId))!, locale: 'de' });

    const call = ReplayedCall.inbound(uniquePhone(), own.number);
    await call.send('NEW_INBOUND_CALL');
    const res = await call.send('ACTION_FAILED', notAnswered(ringTo));
    expect(types(res)).toEqual(['Speak', 'Hangup']);
    expect(only(res, 'Speak').Parameters).toMatchObject({ LanguageCode: 'de-DE' });
    expect(only(res, 'Speak').Parameters.Text).toContain('Hafen Autohaus');
    expect(only(res, 'Speak').Parameters.Text).toContain('Anruf');
    await call.hangupOf('LEG-A');
    const steps = await call.steps();
    expect(steps.map((s) => s.step)).toEqual(['ringing', 'ended']);
    expect(steps[1]).toMatchObject({ dial_status: 'no-answer', voicemail: false });
  });

  it('ends the call cleanly on what it does not expect: a failed greeting, an invalid response, an event without the call’s state', async () => {
    const call = ReplayedCall.inbound(uniquePhone(), store.number);
    await call.send('NEW_INBOUND_CALL');
    const speakFailed = await call.send('ACTION_FAILED', { Type: 'Speak', Parameters: { CallId: call.a.CallId }, ErrorType: 'SystemException', ErrorMessage: 'System error' });
    expect(speakFailed.Actions).toEqual([{ Type: 'Hangup', Parameters: { CallId: call.a.CallId, SipResponseCode: '0' } }]);
    const invalid = await call.send('INVALID_LAMBDA_RESPONSE', { Type: 'Speak', Parameters: {}, ErrorType: 'InvalidResponse', ErrorMessage: 'bad' });
    expect(types(invalid)).toEqual(['Hangup']);
    call.attributes = undefined;
    expect(types(await call.send('ACTION_SUCCESSFUL', bridgedTo(RING_1)))).toEqual(['Hangup']);
    expect(call.slowest()).toBeLessThan(BUDGET_MS);
  });

  it('hangs up every leg on the console’s update request; each leg’s hang-up then ends the call once', async () => {
    const call = ReplayedCall.inbound(uniquePhone(), store.number);
    await call.send('NEW_INBOUND_CALL');
    call.connectB(RING_1);
    await call.send('ACTION_SUCCESSFUL', bridgedTo(RING_1));
    const update = await call.send('CALL_UPDATE_REQUESTED', { Type: 'CallUpdateRequest', Parameters: { Arguments: { reason: 'hangup' } } });
    expect(update.Actions).toEqual([
      { Type: 'Hangup', Parameters: { CallId: call.a.CallId, SipResponseCode: '0' } },
      { Type: 'Hangup', Parameters: { CallId: call.b!.CallId, SipResponseCode: '0' } },
    ]);
    await call.hangupOf('LEG-A');
    await call.hangupOf('LEG-B');
    expect((await call.steps()).map((s) => s.step)).toEqual(['ringing', 'answered', 'ended']);
  });
});

describe('the SIP media application, outbound (replayed events)', () => {
  const args = () => ({ call_id: `cal_${randomUUID()}`, agent_id: 'agt_test_adv', company_id: store.companyId, location_id: store.locationId, board: 'service', customer_number: uniquePhone() });

  it('rings the advisor, then bridges the customer with the store’s number; steps ringing, agent_answered, answered, ended', async () => {
    const advisorPhone = uniquePhone();
    const a = args();
    const call = ReplayedCall.outbound(store.number, advisorPhone);
    const placed = await call.send('NEW_OUTBOUND_CALL', { Type: 'CallCreateRequest', Parameters: { Arguments: a } });
    expect(placed.Actions).toEqual([]);
    expect(call.attributes).toMatchObject({ direction: 'outbound', call_id: a.call_id, agent_id: a.agent_id, customer_number: a.customer_number, locale: 'en-us' });
    expect((await call.send('RINGING')).Actions).toEqual([]);
    call.a.Status = 'Connected';
    const answered = await call.send('CALL_ANSWERED');
    expect(answered.Actions).toEqual([
      { Type: 'CallAndBridge', Parameters: { CallTimeoutSeconds: RING_SECONDS, CallerIdNumber: store.number, Endpoints: [{ BridgeEndpointType: 'PSTN', Uri: a.customer_number }] } },
    ]);
    call.connectB(a.customer_number);
    await call.send('ACTION_SUCCESSFUL', bridgedTo(a.customer_number));
    expect((await call.hangupOf('LEG-B')).Actions).toEqual([{ Type: 'Hangup', Parameters: { CallId: call.a.CallId, SipResponseCode: '0' } }]);

    const steps = await call.steps();
    expect(steps.map((s) => s.step)).toEqual(['ringing', 'agent_answered', 'answered', 'ended']);
    expect(steps.every((s) => s.direction === 'outbound' && s.call_id === a.call_id && s.agent_id === a.agent_id && s.customer_number === a.customer_number)).toBe(true);
    expect(steps[2]).toMatchObject({ answered_by: a.customer_number });
    expect(steps[3]).toMatchObject({ dial_status: 'answered' });
    expect(call.slowest()).toBeLessThan(BUDGET_MS);
  });

  it('tells the advisor the customer did not answer (or is busy) and hangs up; ended carries the customer’s dial status', async () => {
    for (const [failure, words, dial] of [
      [notAnswered, 'did not answer', 'no-answer'],
      [busy, 'busy', 'busy'],
    ] as const) {
      const a = args();
      const call = ReplayedCall.outbound(store.number, uniquePhone());
      await call.send('NEW_OUTBOUND_CALL', { Type: 'CallCreateRequest', Parameters: { Arguments: a } });
      call.a.Status = 'Connected';
      await call.send('CALL_ANSWERED');
      const res = await call.send('ACTION_FAILED', failure(a.customer_number));
      expect(types(res)).toEqual(['Speak', 'Hangup']);
      expect(only(res, 'Speak').Parameters.Text).toContain(words);
      await call.hangupOf('LEG-A');
      expect((await call.steps()).at(-1)).toMatchObject({ step: 'ended', dial_status: dial, talk_seconds: 0 });
    }
  });

  it('ends an advisor’s call that they never picked up with no dial status of the customer', async () => {
    const call = ReplayedCall.outbound(store.number, uniquePhone());
    await call.send('NEW_OUTBOUND_CALL', { Type: 'CallCreateRequest', Parameters: { Arguments: args() } });
    await call.hangupOf('LEG-A');
    expect((await call.steps()).map((s) => [s.step, 'dial_status' in s ? s.dial_status : undefined])).toEqual([
      ['ringing', undefined],
      ['ended', null],
    ]);
  });

  it('hands no step over for a placed call without its arguments, and hangs up when the advisor answers it', async () => {
    const call = ReplayedCall.outbound(store.number, uniquePhone());
    await call.send('NEW_OUTBOUND_CALL', { Type: 'CallCreateRequest', Parameters: { Arguments: { call_id: 'cal_x' } } });
    call.a.Status = 'Connected';
    expect(types(await call.send('CALL_ANSWERED'))).toEqual(['Hangup']);
    expect(await call.steps()).toEqual([]);
  });
});

describe('calls through the telephony simulator', () => {
  const stepNames = async (transactionId: string) => (await stepsOfCall(transactionId)).map((r) => r.step.step);

  it('a call answered by the second ring-to phone, talked and hung up by the caller', async () => {
    const started = await callStore(baseUrl, { from: uniquePhone(), to: store.number });
    expect((await ringingPhone(baseUrl, RING_1))?.call.transaction_id).toBe(started.transaction_id);
    await ringOut(baseUrl, RING_1);
    await answer(baseUrl, RING_2);
    await hangUp(baseUrl, started);
    const over = await callOver(baseUrl, started);
    expect(over.state).toBe('over');
    expect(over.invocations.every((i) => i.answered_in_ms < BUDGET_MS && !i.error)).toBe(true);
    expect(await stepNames(started.transaction_id)).toEqual(['ringing', 'answered', 'ended']);
    expect((await stepsOfCall(started.transaction_id)).at(-1)!.step).toMatchObject({ dial_status: 'answered' });
  });

  it('a call nobody answers: the greeting, a voicemail of the caller’s length in the recordings bucket', async () => {
    const started = await callStore(baseUrl, { from: uniquePhone(), to: store.number });
    await ringOut(baseUrl, RING_1);
    const recording = await ringOut(baseUrl, RING_2);
    expect(recording.waiting).toBe('recording');
    expect(heard(recording).join(' ')).toContain(store.name);
    await leaveVoicemail(baseUrl, started, { seconds: 3 });
    const over = await callOver(baseUrl, started);
    expect(over.state).toBe('over');
    const [kept] = over.recordings;
    const wav = await readStored(kept!.bucket, kept!.key);
    expect(wavSeconds(wav, wav.byteLength)).toBeCloseTo(3, 1);
    expect(await stepNames(started.transaction_id)).toEqual(['ringing', 'voicemail', 'recorded', 'ended']);
    const steps = (await stepsOfCall(started.transaction_id)).map((r) => r.step);
    expect(steps[1]).toMatchObject({ dial_status: 'no-answer' });
    expect(steps[2]).toMatchObject({ recording: { bucket: kept!.bucket, key: kept!.key }, duration_seconds: 3 });
    expect(steps[3]).toMatchObject({ dial_status: 'no-answer', voicemail: true });
  });

  it('a call both ring-to phones decline goes to voicemail as busy; the caller hangs up while recording and what they said is kept', async () => {
    const started = await callStore(baseUrl, { from: uniquePhone(), to: store.number });
    await decline(baseUrl, RING_1);
    await decline(baseUrl, RING_2);
    const over = await hangUp(baseUrl, started);
    expect(over.recordings).toHaveLength(1);
    await callOver(baseUrl, started);
    const steps = (await stepsOfCall(started.transaction_id)).map((r) => r.step);
    expect(steps.map((s) => s.step)).toEqual(['ringing', 'voicemail', 'recorded', 'ended']);
    expect(steps[1]).toMatchObject({ dial_status: 'busy' });
    expect(steps[3]).toMatchObject({ dial_status: 'busy' });
  });

  it('call customer: the advisor’s phone rings, then the customer’s with the store’s number; the console hangs up', async () => {
    const advisorPhone = uniquePhone();
    const customer = uniquePhone();
    const { transactionId } = await telephony().placeCall({
      from: store.number,
      to: advisorPhone,
      arguments: { call_id: `cal_${randomUUID()}`, agent_id: 'agt_test_adv', company_id: store.companyId, location_id: store.locationId, board: 'service', customer_number: customer },
    });
    await phoneRings(baseUrl, advisorPhone);
    await answer(baseUrl, advisorPhone);
    const customerRings = await ringingPhone(baseUrl, customer);
    expect(customerRings?.leg).toMatchObject({ tag: 'LEG-B', from: store.number, to: customer });
    await answer(baseUrl, customer);
    await telephony().hangup(transactionId);
    const over = await callOver(baseUrl, transactionId);
    expect(over.state).toBe('over');
    expect(over.legs.map((l) => l.state)).toEqual(['disconnected', 'disconnected']);
    expect(await stepNames(transactionId)).toEqual(['ringing', 'agent_answered', 'answered', 'ended']);
  });
});

describe('a missed call the whole way (the simulator, the handler, the steps job, the console)', () => {
  it('lands the voicemail left through the simulator in the customer’s open order and texts them back from the number they called', async () => {
    const managerId = `agt_calls_mgr_${Date.now().toString(36)}`;
    await createAgent(store, managerId, 'Mara', 'Manager', { access_level: accessFlags('manager', 'service') });
    const manager = api(baseUrl, await signIn(baseUrl, `${managerId}@harbor.example`));
    const { customer, ro } = await createRepairOrder({ customer: { company_id: store.companyId, location_id: store.locationId, opt_in: 'in' } });
    const phone = customer.phones.cell!;

    const started = await callStore(baseUrl, { from: phone, to: store.number });
    await ringOut(baseUrl, RING_1);
    await ringOut(baseUrl, RING_2);
    await leaveVoicemail(baseUrl, started, { seconds: 2 });
    await callOver(baseUrl, started);

    type Message = { metadata: { voicemail?: { call_id: string; duration_seconds: number } }; attachments: { content_type: string }[] };
    let voicemail: Message | undefined;
    await expect
      .poll(
        async () => {
          const messages = (await manager.get(`/api/repair_orders/${ro.id}/messages?offset=0&limit=50`)).body.messages as Message[];
          voicemail = messages.find((m) => m.metadata.voicemail);
          return Boolean(voicemail);
        },
        { timeout: 10_000, interval: 100 },
      )
      .toBe(true);
    expect(voicemail!.metadata.voicemail!.duration_seconds).toBe(2);
    expect(voicemail!.attachments.map((a) => a.content_type)).toEqual(['audio/wav']);
    await expect.poll(async () => (await textsTo(carrierUrl, phone)).filter((sms) => sms.from === store.number).map((sms) => sms.text), { timeout: 10_000, interval: 100 }).toEqual([
      expect.stringContaining(store.name),
    ]);
    // Every step applied (the last one's application texted back and goes on with the note).
    await expect.poll(async () => (await stepsOfCall(started.transaction_id)).map((r) => [r.step.step, r.state]), { timeout: 10_000, interval: 100 }).toEqual([
      ['ringing', 'applied'],
      ['voicemail', 'applied'],
      ['recorded', 'applied'],
      ['ended', 'applied'],
    ]);
  });
});
