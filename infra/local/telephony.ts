/**
 * The local telephony simulator: what Amazon Chime SDK PSTN audio is for the deployed console
 * (issue 25). It invokes the SIP media application's handler with Chime-shaped events (Sequence
 * increasing, TransactionAttributes handed back, participants LEG-A / LEG-B) and carries out the
 * actions it answers, on simulated phones that a test or a person answers, declines (busy) or lets
 * ring out:
 * - CallAndBridge rings the endpoint's phone; answered → ACTION_SUCCESSFUL with both legs,
 *   declined → ACTION_FAILED (busy), rung out after CallTimeoutSeconds → ACTION_FAILED
 *   `CallNotAnswered`, as the guide documents it.
 * - Speak and PlayAudio are noted (what the caller heard) and answer an unanswered leg.
 * - RecordAudio waits for the caller to leave a message (`leaveVoicemail`), writes a WAV to the
 *   destination bucket (spoken words with espeak-ng when it is installed, else a tone) and answers
 *   ACTION_SUCCESSFUL with the recording's RecordingDestination.
 * - Hangup ends the leg and sends HANGUP; a person hanging up does the same.
 * Placing a call (the LocalTelephony adapter) starts an outbound call: NEW_OUTBOUND_CALL, then the
 * advisor's phone rings; CALL_ANSWERED when it is answered. A hangup from the console is an update
 * request (CALL_UPDATE_REQUESTED).
 *
 * Each call's events are handled one after another (a queue per call), as Chime does; what a person
 * does answers once the events it caused were handled, so a test sees their effect at once. Calls
 * are kept in memory (the last few hundred).
 */
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { ChimeAction, ChimeEvent, ChimeEventType, ChimeParticipant, ChimeResponse } from '../../functions/calls/chime.js';
import { LOCAL_ACCOUNT_ID, LOCAL_REGION } from './lambda-event.js';

/** The handler's budget per event (Chime's). */
export const ANSWER_BUDGET_MS = 5000;
/** What Chime accepts in one answer (the guide): actions, and TransactionAttributes' pairs and size. */
export const MAX_ACTIONS = 10;
export const MAX_ATTRIBUTES = 100;
export const MAX_ATTRIBUTES_BYTES = 20 * 1024;
const KEEP_CALLS = 300;

export type SipMediaHandler = (event: ChimeEvent) => Promise<ChimeResponse>;
/** Writes a recording where Chime would (the local S3). */
export type StoreRecording = (bucket: string, key: string, body: Uint8Array) => Promise<void>;

export interface SimulatedLeg {
  call_id: string;
  tag: 'LEG-A' | 'LEG-B';
  from: string;
  to: string;
  direction: 'Inbound' | 'Outbound';
  /** ringing: the phone at `ring_number` rings; connected: talking (or hearing the console); disconnected: gone. */
  state: 'ringing' | 'connected' | 'disconnected';
  /** The phone that rings or answered: `to` of an outbound leg (the ring-to phone, the advisor, the customer), the store's number of an inbound one. */
  phone: string;
  started_at: number;
  /** How the leg ended: answered and hung up, declined (busy), rung out, or never there. */
  outcome?: 'hung_up' | 'busy' | 'no_answer' | 'cancelled';
}

export interface InvocationRecord {
  sequence: number;
  event: ChimeEventType;
  /** What the event was about (the action's type), if anything. */
  about?: string;
  actions: string[];
  /** How long the handler took to answer (ms): Chime allows ANSWER_BUDGET_MS. */
  answered_in_ms: number;
  error?: string;
}

export interface SimulatedCall {
  transaction_id: string;
  kind: 'inbound' | 'outbound';
  /** The customer calling the store (inbound) or the store's number placing the call (outbound). */
  from: string;
  to: string;
  state: 'active' | 'over';
  started_at: string;
  ended_at?: string;
  legs: SimulatedLeg[];
  /** What was spoken or played to the caller (or the advisor), in order. */
  heard: { at: string; leg: 'LEG-A' | 'LEG-B'; text: string; language?: string }[];
  /** Voicemails recorded: where, and how long. */
  recordings: { bucket: string; key: string; seconds: number }[];
  /** The action the call waits on: a bridge ringing, or a recording. */
  waiting: 'bridge' | 'recording' | null;
  invocations: InvocationRecord[];
  attributes: Record<string, string>;
}

interface Internal extends SimulatedCall {
  sequence: number;
  pending: { action: ChimeAction; leg?: SimulatedLeg; timer?: NodeJS.Timeout; startedAt: number } | null;
  queue: Promise<void>;
  overWaiters: (() => void)[];
}

export class TelephonyError extends Error {
  constructor(
    readonly status: number,
    readonly id: string,
    message: string,
  ) {
    super(message);
  }
}

export interface TelephonyOptions {
  /** Multiplies every ring timeout (tests: a small number lets a phone ring out at once). Default 1. */
  ringScale?: number;
  log?: (line: string) => void;
}

const run = promisify(execFile);

/** A mono 16-bit PCM WAV at 8 kHz, as telephone audio is: `seconds` of a soft 440 Hz tone with pauses, so it is audibly a message. */
export function toneWav(seconds: number, rate = 8000): Uint8Array {
  const samples = Math.max(1, Math.round(seconds * rate));
  const buffer = new ArrayBuffer(44 + samples * 2);
  const view = new DataView(buffer);
  const ascii = (at: number, text: string) => [...text].forEach((c, i) => view.setUint8(at + i, c.charCodeAt(0)));
  ascii(0, 'RIFF');
  view.setUint32(4, 36 + samples * 2, true);
  ascii(8, 'WAVE');
  ascii(12, 'fmt ');
  view.setUint32(16, 16, true);
  view.setUint16(20, 1, true);
  view.setUint16(22, 1, true);
  view.setUint32(24, rate, true);
  view.setUint32(28, rate * 2, true);
  view.setUint16(32, 2, true);
  view.setUint16(34, 16, true);
  ascii(36, 'data');
  view.setUint32(40, samples * 2, true);
  for (let i = 0; i < samples; i++) {
    const on = Math.floor((i / rate) * 2) % 2 === 0;
    view.setInt16(44 + i * 2, on ? Math.round(Math.sin((2 * Math.PI * 440 * i) / rate) * 6000) : 0, true);
  }
  return new Uint8Array(buffer);
}

/** The caller's words as speech (espeak-ng, when installed), else null. */
async function spokenWav(words: string): Promise<Uint8Array | null> {
  const file = join(tmpdir(), `voicemail-${randomUUID()}.wav`);
  try {
    await run('espeak-ng', ['-w', file, words], { timeout: 10_000 });
    return new Uint8Array(await readFile(file));
  } catch {
    return null;
  } finally {
    await rm(file, { force: true });
  }
}

/** Seconds of audio in a WAV made here (the data chunk at 44). */
function wavLength(wav: Uint8Array): number {
  const view = new DataView(wav.buffer, wav.byteOffset, wav.byteLength);
  const byteRate = view.getUint32(28, true);
  return byteRate ? (wav.byteLength - 44) / byteRate : 0;
}

/**
 * Why Chime would refuse the answer (INVALID_LAMBDA_RESPONSE's ErrorType and ErrorMessage), or null.
 * The guide names `TransactionAttributesInvalidMapSize`; the other ErrorTypes are the simulator's words.
 */
export function invalidAnswer(answer: ChimeResponse): { ErrorType: string; ErrorMessage: string } | null {
  if (answer.Actions.length > MAX_ACTIONS) return { ErrorType: 'InvalidActionsCount', ErrorMessage: `At most ${MAX_ACTIONS} actions per response` };
  const attributes = answer.TransactionAttributes;
  if (attributes) {
    if (Object.keys(attributes).length > MAX_ATTRIBUTES) return { ErrorType: 'TransactionAttributesInvalidMapSize', ErrorMessage: `Transaction Attributes has too many mappings. Maximum number of mappings is ${MAX_ATTRIBUTES}` };
    if (Object.values(attributes).some((v) => typeof v !== 'string')) return { ErrorType: 'TransactionAttributesInvalidValue', ErrorMessage: 'Transaction Attributes values must be strings' };
    if (new TextEncoder().encode(JSON.stringify(attributes)).byteLength > MAX_ATTRIBUTES_BYTES) return { ErrorType: 'TransactionAttributesInvalidSize', ErrorMessage: 'Transaction Attributes are larger than 20 KB' };
  }
  return null;
}

const phoneKey = (phone: string) => `+${phone.replace(/\D/g, '')}`;

export class TelephonySimulator {
  private readonly calls = new Map<string, Internal>();
  private readonly ringScale: number;
  private readonly log: (line: string) => void;
  private stopped = false;

  constructor(
    private readonly handler: () => Promise<SipMediaHandler>,
    private readonly storeRecording: StoreRecording,
    options: TelephonyOptions = {},
  ) {
    this.ringScale = options.ringScale ?? 1;
    this.log = options.log ?? ((line) => console.log(line));
  }

  // -------------------------------------------------------------------------------------------
  // What people and the adapter do

  /** A customer calls a store's number: NEW_INBOUND_CALL. Answers once the handler's first actions are under way. */
  async callStore(input: { from: string; to: string }): Promise<SimulatedCall> {
    const call = this.newCall('inbound', phoneKey(input.from), phoneKey(input.to));
    call.legs.push(this.newLeg('LEG-A', call.from, call.to, 'Inbound', call.to, 'connected'));
    await this.enqueue(call, () => this.invokeAndRun(call, 'NEW_INBOUND_CALL'));
    return this.view(call);
  }

  /** The adapter's placeCall (CreateSipMediaApplicationCall): answered at once, as Chime answers 202. */
  placeCall(input: { from: string; to: string; arguments: Record<string, string> }): { transaction_id: string } {
    const call = this.newCall('outbound', phoneKey(input.from), phoneKey(input.to));
    call.legs.push(this.newLeg('LEG-A', call.from, call.to, 'Outbound', call.to, 'ringing'));
    void this.enqueue(call, async () => {
      // Chime ignores the actions answered to NEW_OUTBOUND_CALL (it keeps the attributes).
      const answer = await this.invoke(call, 'NEW_OUTBOUND_CALL', { Type: 'CallCreateRequest', Parameters: { Arguments: input.arguments } });
      if (!answer) return this.dropCall(call);
      this.ringTimer(call, call.legs[0]!, 30);
    });
    return { transaction_id: call.transaction_id };
  }

  /** The adapter's hangup (UpdateSipMediaApplicationCall): CALL_UPDATE_REQUESTED; answered at once. */
  updateCall(transactionId: string, args: Record<string, string>): void {
    const call = this.call(transactionId);
    if (call.state === 'over') return;
    void this.enqueue(call, async () => {
      if (call.state === 'over') return;
      // The update's actions replace what the call was doing.
      this.cancelPending(call);
      await this.invokeAndRun(call, 'CALL_UPDATE_REQUESTED', { Type: 'CallUpdateRequest', Parameters: { Arguments: args } });
    });
  }

  /** The phone ringing at `number` (a ring-to phone, the advisor's, the customer's), or null. */
  ringing(number: string): { call: SimulatedCall; leg: SimulatedLeg } | null {
    const key = phoneKey(number);
    for (const call of [...this.calls.values()].toReversed()) {
      const leg = call.legs.find((l) => l.state === 'ringing' && l.phone === key);
      if (leg) return { call: this.view(call), leg: { ...leg } };
    }
    return null;
  }

  /** The ringing phone at `number` picks up. */
  async answer(number: string): Promise<SimulatedCall> {
    const { call, leg } = this.ringingLeg(number);
    await this.enqueue(call, async () => {
      if (leg.state !== 'ringing') return;
      leg.state = 'connected';
      if (leg.tag === 'LEG-A') return this.invokeAndRun(call, 'CALL_ANSWERED');
      const pending = call.pending!;
      clearTimeout(pending.timer);
      call.pending = null;
      call.waiting = null;
      await this.invokeAndRun(call, 'ACTION_SUCCESSFUL', { Type: 'CallAndBridge', Parameters: { ...pending.action.Parameters, CallId: this.legA(call).call_id } });
    });
    return this.view(call);
  }

  /** The ringing phone at `number` declines (busy). */
  async decline(number: string): Promise<SimulatedCall> {
    const { call, leg } = this.ringingLeg(number);
    await this.enqueue(call, () => this.notAnswered(call, leg, 'busy'));
    return this.view(call);
  }

  /** The ringing phone at `number` rings out now (as after its CallTimeoutSeconds). */
  async ringOut(number: string): Promise<SimulatedCall> {
    const { call, leg } = this.ringingLeg(number);
    await this.enqueue(call, () => this.notAnswered(call, leg, 'no_answer'));
    return this.view(call);
  }

  /** The caller speaks a message after the tone: `seconds` long (a tone), or `words` spoken with espeak-ng when installed. */
  async leaveVoicemail(transactionId: string, input: { seconds?: number; words?: string }): Promise<SimulatedCall> {
    const call = this.call(transactionId);
    if (call.pending?.action.Type !== 'RecordAudio') throw new TelephonyError(409, 'not_recording', 'The call is not recording a voicemail now');
    await this.enqueue(call, () => this.finishRecording(call, input));
    return this.view(call);
  }

  /**
   * A person hangs up: the caller (LEG-A) unless `number` names another phone on the call. A
   * recording under way is kept first (Chime writes what it has), then HANGUP.
   */
  async hangUp(transactionId: string, number?: string): Promise<SimulatedCall> {
    const call = this.call(transactionId);
    await this.enqueue(call, async () => {
      const leg = number ? call.legs.find((l) => l.state === 'connected' && l.phone === phoneKey(number)) : this.legA(call);
      if (!leg || leg.state === 'disconnected') return;
      if (leg.tag === 'LEG-A' && call.pending?.action.Type === 'RecordAudio') await this.finishRecording(call, { seconds: Math.max(1, (Date.now() - call.pending.startedAt) / 1000) });
      if (leg.state !== 'connected') return;
      this.cancelPending(call);
      leg.state = 'disconnected';
      leg.outcome = 'hung_up';
      await this.invokeAndRun(call, 'HANGUP', { Type: 'Hangup', Parameters: { CallId: leg.call_id, ParticipantTag: leg.tag, SipResponseCode: '0' } });
    });
    return this.view(call);
  }

  /** Resolves when the call is over (every leg gone), or after `timeoutMs` with the call as it stands. */
  async callOver(transactionId: string, timeoutMs = 10_000): Promise<SimulatedCall> {
    const call = this.call(transactionId);
    if (call.state !== 'over') {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, timeoutMs);
        call.overWaiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
    await call.queue;
    return this.view(call);
  }

  /** Newest first. */
  list(): SimulatedCall[] {
    return [...this.calls.values()].toReversed().map((call) => this.view(call));
  }

  get(transactionId: string): SimulatedCall {
    return this.view(this.call(transactionId));
  }

  /** No more timers or events (the stack is stopping). */
  async stop(): Promise<void> {
    this.stopped = true;
    for (const call of this.calls.values()) clearTimeout(call.pending?.timer);
    await Promise.all([...this.calls.values()].map((call) => call.queue));
  }

  // -------------------------------------------------------------------------------------------
  // Carrying out actions

  private newCall(kind: 'inbound' | 'outbound', from: string, to: string): Internal {
    const call: Internal = {
      transaction_id: randomUUID(),
      kind,
      from,
      to,
      state: 'active',
      started_at: new Date().toISOString(),
      legs: [],
      heard: [],
      recordings: [],
      waiting: null,
      invocations: [],
      attributes: {},
      sequence: 0,
      pending: null,
      queue: Promise.resolve(),
      overWaiters: [],
    };
    this.calls.set(call.transaction_id, call);
    while (this.calls.size > KEEP_CALLS) this.calls.delete(this.calls.keys().next().value!);
    return call;
  }

  private newLeg(tag: 'LEG-A' | 'LEG-B', from: string, to: string, direction: 'Inbound' | 'Outbound', phone: string, state: SimulatedLeg['state']): SimulatedLeg {
    return { call_id: randomUUID(), tag, from, to, direction, state, phone, started_at: Date.now() };
  }

  private call(transactionId: string): Internal {
    const call = this.calls.get(transactionId);
    if (!call) throw new TelephonyError(404, 'not_found', `No call ${transactionId}`);
    return call;
  }

  private legA(call: Internal): SimulatedLeg {
    return call.legs.find((l) => l.tag === 'LEG-A')!;
  }

  private ringingLeg(number: string): { call: Internal; leg: SimulatedLeg } {
    const key = phoneKey(number);
    for (const call of [...this.calls.values()].toReversed()) {
      const leg = call.legs.find((l) => l.state === 'ringing' && l.phone === key);
      if (leg) return { call, leg };
    }
    throw new TelephonyError(404, 'not_ringing', `No phone rings at ${number}`);
  }

  /** Runs `work` after the call's earlier events; answers when it is done. A failure is logged, not thrown to whoever caused it. */
  private enqueue(call: Internal, work: () => Promise<void>): Promise<void> {
    const next = call.queue.then(work).catch((err: unknown) => {
      this.log(`[telephony] call ${call.transaction_id}: ${(err as Error).stack ?? err}`);
    });
    call.queue = next;
    return next;
  }

  private participants(call: Internal): ChimeParticipant[] {
    return call.legs
      // A B leg that never connected is no participant (Chime lists the legs of the call).
      .filter((l) => l.tag === 'LEG-A' || (l.state !== 'ringing' && l.outcome !== 'busy' && l.outcome !== 'no_answer' && l.outcome !== 'cancelled'))
      .map((l) => ({
        CallId: l.call_id,
        ParticipantTag: l.tag,
        To: l.to,
        From: l.from,
        Direction: l.direction,
        StartTimeInMilliseconds: String(l.started_at),
        Status: l.state === 'disconnected' ? 'Disconnected' : 'Connected',
      }));
  }

  /** One invocation of the handler; answers its response (null when it failed). */
  private async invoke(call: Internal, type: ChimeEventType, actionData?: ChimeEvent['ActionData'], error?: { ErrorType: string; ErrorMessage: string }): Promise<ChimeResponse | null> {
    if (this.stopped) return null;
    const event: ChimeEvent = {
      SchemaVersion: '1.0',
      Sequence: ++call.sequence,
      InvocationEventType: type,
      CallDetails: {
        TransactionId: call.transaction_id,
        ...(Object.keys(call.attributes).length ? { TransactionAttributes: { ...call.attributes } } : {}),
        AwsAccountId: LOCAL_ACCOUNT_ID,
        AwsRegion: LOCAL_REGION,
        SipMediaApplicationId: 'local-sip-media-application',
        ...(call.kind === 'inbound' ? { SipRuleId: 'local-sip-rule' } : {}),
        Participants: this.participants(call),
      },
      ...(actionData ? { ActionData: actionData } : {}),
      ...(error ?? {}),
    };
    const record: InvocationRecord = { sequence: event.Sequence, event: type, ...(actionData ? { about: actionData.Type } : {}), actions: [], answered_in_ms: 0 };
    call.invocations.push(record);
    const started = performance.now();
    try {
      const answer = await (await this.handler())(event);
      record.answered_in_ms = Math.round(performance.now() - started);
      if (record.answered_in_ms > ANSWER_BUDGET_MS) this.log(`[telephony] ${type} answered in ${record.answered_in_ms} ms: over Chime's ${ANSWER_BUDGET_MS} ms`);
      if (!answer || answer.SchemaVersion !== '1.0' || !Array.isArray(answer.Actions)) throw new Error('not a SIP media application response');
      record.actions = answer.Actions.map((a) => a.Type);
      const invalid = invalidAnswer(answer);
      if (invalid) {
        record.error = invalid.ErrorMessage;
        return { SchemaVersion: '1.0', Actions: [], invalid } as ChimeResponse & { invalid: typeof invalid };
      }
      if (answer.TransactionAttributes) call.attributes = { ...answer.TransactionAttributes };
      return answer;
    } catch (err) {
      record.answered_in_ms = Math.round(performance.now() - started);
      record.error = (err as Error).message;
      this.log(`[telephony] the SIP media application failed on ${type}: ${(err as Error).message}`);
      return null;
    }
  }

  private async invokeAndRun(call: Internal, type: ChimeEventType, actionData?: ChimeEvent['ActionData'], error?: { ErrorType: string; ErrorMessage: string }): Promise<void> {
    const answer = await this.invoke(call, type, actionData, error);
    // A failed invocation ends the call, as a Lambda error ends a Chime call.
    if (!answer) return this.dropCall(call);
    const invalid = (answer as ChimeResponse & { invalid?: { ErrorType: string; ErrorMessage: string } }).invalid;
    if (invalid) {
      // Chime says so with INVALID_LAMBDA_RESPONSE; an answer to that which is no better ends the call.
      if (type === 'INVALID_LAMBDA_RESPONSE') return this.dropCall(call);
      return this.invokeAndRun(call, 'INVALID_LAMBDA_RESPONSE', undefined, invalid);
    }
    await this.runActions(call, answer.Actions);
    this.checkOver(call);
  }

  /** Carries out the actions in order; stops at one that waits (a bridge, a recording) or a hang-up. */
  private async runActions(call: Internal, actions: ChimeAction[]): Promise<void> {
    if (actions.length === 0 || call.state === 'over') return;
    let last: ChimeAction | undefined;
    for (const action of actions) {
      last = action;
      switch (action.Type) {
        case 'Speak':
        case 'PlayAudio': {
          const leg = this.legOf(call, action.Parameters);
          if (!leg || leg.state === 'disconnected') return this.invokeAndRun(call, 'ACTION_FAILED', { Type: action.Type, Parameters: action.Parameters, ErrorType: 'InvalidActionParameter', ErrorMessage: 'CallId or ParticipantTag parameter for action is invalid' });
          const text = action.Type === 'Speak' ? action.Parameters.Text : `(audio ${action.Parameters.AudioSource.Key})`;
          call.heard.push({ at: new Date().toISOString(), leg: leg.tag, text, ...(action.Type === 'Speak' && action.Parameters.LanguageCode ? { language: action.Parameters.LanguageCode } : {}) });
          break;
        }
        case 'Pause':
          break;
        case 'Hangup': {
          const leg = this.legOf(call, action.Parameters);
          if (!leg || leg.state === 'disconnected') break;
          leg.state = 'disconnected';
          leg.outcome = 'hung_up';
          await this.invokeAndRun(call, 'HANGUP', { Type: 'Hangup', Parameters: { CallId: leg.call_id, ParticipantTag: leg.tag, SipResponseCode: action.Parameters.SipResponseCode } });
          this.checkOver(call);
          return;
        }
        case 'CallAndBridge': {
          const to = phoneKey(action.Parameters.Endpoints[0]?.Uri ?? '');
          const leg = this.newLeg('LEG-B', action.Parameters.CallerIdNumber, to, 'Outbound', to, 'ringing');
          call.legs.push(leg);
          call.pending = { action, leg, startedAt: Date.now() };
          call.waiting = 'bridge';
          this.ringTimer(call, leg, action.Parameters.CallTimeoutSeconds ?? 30);
          return;
        }
        case 'RecordAudio':
          call.pending = { action, startedAt: Date.now() };
          call.waiting = 'recording';
          return;
        default:
          return this.invokeAndRun(call, 'INVALID_LAMBDA_RESPONSE', { Type: (action as { Type: string }).Type, Parameters: {}, ErrorType: 'InvalidActionType', ErrorMessage: 'Unsupported action' });
      }
    }
    if (last) await this.invokeAndRun(call, 'ACTION_SUCCESSFUL', { Type: last.Type, Parameters: { ...last.Parameters } });
  }

  private legOf(call: Internal, parameters: { CallId?: string; ParticipantTag?: 'LEG-A' | 'LEG-B' }): SimulatedLeg | undefined {
    if (parameters.CallId) return call.legs.find((l) => l.call_id === parameters.CallId);
    return call.legs.find((l) => l.tag === (parameters.ParticipantTag ?? 'LEG-A') && l.state !== 'ringing') ?? this.legA(call);
  }

  private ringTimer(call: Internal, leg: SimulatedLeg, seconds: number): void {
    const timer = setTimeout(() => {
      if (leg.state === 'ringing') void this.enqueue(call, () => this.notAnswered(call, leg, 'no_answer'));
    }, seconds * 1000 * this.ringScale);
    timer.unref();
    if (call.pending?.leg === leg) call.pending.timer = timer;
  }

  private async notAnswered(call: Internal, leg: SimulatedLeg, outcome: 'busy' | 'no_answer'): Promise<void> {
    if (leg.state !== 'ringing') return;
    leg.state = 'disconnected';
    leg.outcome = outcome;
    if (leg.tag === 'LEG-A') {
      // The advisor's phone of an outbound call: Chime ends the call and reports its hang-up.
      await this.invokeAndRun(call, 'HANGUP', { Type: 'Hangup', Parameters: { CallId: leg.call_id, ParticipantTag: 'LEG-A', SipResponseCode: outcome === 'busy' ? '486' : '480' } });
      this.checkOver(call);
      return;
    }
    const pending = call.pending!;
    clearTimeout(pending.timer);
    call.pending = null;
    call.waiting = null;
    await this.invokeAndRun(call, 'ACTION_FAILED', {
      Type: 'CallAndBridge',
      Parameters: { ...pending.action.Parameters, CallId: this.legA(call).call_id },
      ...(outcome === 'busy' ? { ErrorType: 'CallBusy', ErrorMessage: 'Busy here (SIP 486)' } : { ErrorType: 'CallNotAnswered', ErrorMessage: 'Call not answered' }),
    });
  }

  private async finishRecording(call: Internal, input: { seconds?: number; words?: string }): Promise<void> {
    const pending = call.pending;
    if (pending?.action.Type !== 'RecordAudio') return;
    const parameters = pending.action.Parameters;
    call.pending = null;
    call.waiting = null;
    const spokenAudio = input.words ? await spokenWav(input.words) : null;
    const wav = spokenAudio ?? toneWav(Math.min(parameters.DurationInSeconds, Math.max(0.5, input.seconds ?? 5)));
    const a = this.legA(call);
    const key = `${parameters.RecordingDestination.Prefix.replace(/\/+$/, '')}/${a.call_id}-${call.recordings.length}.wav`;
    await this.storeRecording(parameters.RecordingDestination.BucketName, key, wav);
    call.recordings.push({ bucket: parameters.RecordingDestination.BucketName, key, seconds: Math.round(wavLength(wav) * 10) / 10 });
    await this.invokeAndRun(call, 'ACTION_SUCCESSFUL', {
      Type: 'RecordAudio',
      Parameters: { ...parameters, CallId: a.call_id },
      RecordingDestination: { Type: 'S3', BucketName: parameters.RecordingDestination.BucketName, Key: key },
    });
  }

  /** Stops what the call waits on: a ringing bridge's phone stops ringing. */
  private cancelPending(call: Internal): void {
    const pending = call.pending;
    if (!pending) return;
    clearTimeout(pending.timer);
    if (pending.leg?.state === 'ringing') {
      pending.leg.state = 'disconnected';
      pending.leg.outcome = 'cancelled';
    }
    call.pending = null;
    call.waiting = null;
  }

  private dropCall(call: Internal): void {
    this.cancelPending(call);
    for (const leg of call.legs) if (leg.state !== 'disconnected') leg.state = 'disconnected';
    this.checkOver(call);
  }

  private checkOver(call: Internal): void {
    if (call.state === 'over') return;
    if (call.legs.some((l) => l.state !== 'disconnected')) return;
    this.cancelPending(call);
    call.state = 'over';
    call.ended_at = new Date().toISOString();
    for (const done of call.overWaiters.splice(0)) done();
  }

  private view(call: Internal): SimulatedCall {
    const { sequence: _s, pending: _p, queue: _q, overWaiters: _o, ...rest } = call;
    return structuredClone({ ...rest, legs: rest.legs.map((l) => ({ ...l })) });
  }
}
