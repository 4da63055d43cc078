/**
 * The SIP media application's handler (issue 25): Amazon Chime SDK PSTN audio invokes it with each
 * event of a call and runs the actions it answers (functions/calls/chime.ts); locally the
 * telephony simulator (infra/local/telephony.ts) does the same.
 *
 * It must answer within 5 s, so it only reads what decides the next actions (the number's store
 * and board, the board's calls settings, the store's name and language) and hands each step of the
 * call to the background work (functions/calls/steps.ts) for everything slow. The call's own state
 * travels with the call as TransactionAttributes (`CallState`), handed back with every event.
 *
 * Inbound: the board's ring-to numbers ring in turn, RING_SECONDS each (a CallAndBridge dials one
 * PSTN endpoint); nobody answers → the greeting and a voicemail (or a short apology without one).
 * Outbound ("call customer"): the advisor's phone rings first; when they pick up, the customer's.
 * Either leg hanging up ends the call: the other leg is hung up (Chime does not do it by itself).
 * Nothing throws: anything unexpected ends the call cleanly.
 */
import { CALL_BOARDS, RING_SECONDS, VOICEMAIL_MAX_SECONDS, VOICEMAIL_SILENCE_SECONDS, type CallBoard } from '../../shared/calls/calls.js';
import { getLocation } from '../lib/locations.js';
import { logger } from '../lib/log.js';
import { normalizePhone } from '../lib/phones.js';
import { readSettings } from '../lib/settings.js';
import { s3 } from '../lib/storage.js';
import { textingNumber, type TextingModule } from '../lib/textingNumbers.js';
import type { ChimeAction, ChimeEvent, ChimeParticipant, ChimeResponse } from './chime.js';
import { spoken, voiceOf, type SpokenKey } from './greeting.js';
import type { CallStep } from './progress.js';
import { handOver } from './steps.js';

/** The boards whose numbers take calls, by the texting number's module. */
const BOARD_OF_MODULE: Partial<Record<TextingModule, CallBoard>> = { service: 'service', appointment: 'appointments', inventory: 'inventory' };

type Phase = 'ringing' | 'bridging' | 'bridged' | 'voicemail' | 'recorded' | 'closing' | 'ended';
type DialStatus = 'answered' | 'no-answer' | 'busy';

/** What the handler keeps with the call (TransactionAttributes: strings only, a few hundred bytes). */
export interface CallState {
  direction: 'inbound' | 'outbound';
  company_id: string;
  location_id: string;
  board: CallBoard;
  /** The store's number the call is on and the customer's. */
  store_number: string;
  customer_number: string;
  /** Outbound: the console's call and the advisor who placed it. */
  call_id?: string;
  agent_id?: string;
  /** Inbound: the ring-to numbers (E.164, comma-separated) and which one rings now. */
  ring_to?: string;
  ring_index?: string;
  phase: Phase;
  /** How the last dialling went (the customer's leg on an outbound call); '' before any. */
  dial?: DialStatus | '';
  /** Milliseconds since the epoch: when the bridge was made, and when the voicemail greeting began. */
  answered_at?: string;
  voicemail_at?: string;
  /** '1' once a voicemail was recorded. */
  recorded?: '1';
  /** The store's locale (outbound: what the advisor hears). */
  locale?: string;
}

const response = (actions: ChimeAction[], state?: CallState): ChimeResponse => ({
  SchemaVersion: '1.0',
  Actions: actions,
  ...(state ? { TransactionAttributes: toAttributes(state) } : {}),
});

function toAttributes(state: CallState): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(state)) if (value !== undefined) out[key] = String(value);
  return out;
}

function stateOf(event: ChimeEvent): CallState | null {
  const attributes = event.CallDetails.TransactionAttributes;
  if (!attributes?.direction || !attributes.phase || !attributes.board) return null;
  return attributes as unknown as CallState;
}

const leg = (event: ChimeEvent, tag: 'LEG-A' | 'LEG-B'): ChimeParticipant | undefined => event.CallDetails.Participants.find((p) => p.ParticipantTag === tag);
const connected = (event: ChimeEvent): ChimeParticipant[] => event.CallDetails.Participants.filter((p) => p.Status !== 'Disconnected');

const hangup = (callId: string, code: '0' | '480' = '0'): ChimeAction => ({ Type: 'Hangup', Parameters: { CallId: callId, SipResponseCode: code } });

/** Hangs up every leg still there (but the one that just went). */
function hangupAll(event: ChimeEvent, except?: string): ChimeAction[] {
  return connected(event)
    .filter((p) => p.CallId !== except)
    .map((p) => hangup(p.CallId));
}

function bridge(to: string, callerId: string): ChimeAction {
  return { Type: 'CallAndBridge', Parameters: { CallTimeoutSeconds: RING_SECONDS, CallerIdNumber: callerId, Endpoints: [{ BridgeEndpointType: 'PSTN', Uri: to }] } };
}

function speak(callId: string, text: string, locale: string | undefined): ChimeAction {
  return { Type: 'Speak', Parameters: { CallId: callId, Text: text, Engine: 'standard', TextType: 'text', ...voiceOf(locale) } };
}

/** The step's common part, from the call's state. */
function stepBase(event: ChimeEvent, state: CallState): Omit<Extract<CallStep, { step: 'ringing' }>, 'step'> {
  return {
    transaction_id: event.CallDetails.TransactionId,
    sequence: event.Sequence,
    at: new Date().toISOString(),
    direction: state.direction,
    store_number: state.store_number,
    customer_number: state.customer_number,
    board: state.board,
    company_id: state.company_id,
    location_id: state.location_id,
    ...(state.call_id ? { call_id: state.call_id } : {}),
    ...(state.agent_id ? { agent_id: state.agent_id } : {}),
  };
}

/** Hands the step over; a failure is logged, never thrown: the caller's call goes on (the step is lost, and the log says so). */
async function keep(step: CallStep): Promise<void> {
  try {
    await handOver(step);
  } catch (err) {
    logger.error('call step not handed over', { transaction_id: step.transaction_id, sequence: step.sequence, step: step.step, error: (err as Error).message });
  }
}

/** Whether a failed CallAndBridge means the line was busy (the guide documents only `CallNotAnswered`; see chime.ts). */
function wasBusy(event: ChimeEvent): boolean {
  const data = event.ActionData;
  return /busy|486/i.test(`${data?.ErrorType ?? ''} ${data?.ErrorMessage ?? ''}`);
}

// ---------------------------------------------------------------------------------------------
// Inbound

async function newInboundCall(event: ChimeEvent): Promise<ChimeResponse> {
  const caller = leg(event, 'LEG-A');
  if (!caller) return response([]);
  const storeNumber = normalizePhone(caller.To) ?? caller.To;
  const customerNumber = normalizePhone(caller.From) ?? caller.From;
  const number = await textingNumber(storeNumber);
  const board = number ? BOARD_OF_MODULE[number.module] : undefined;
  if (!number || !board) {
    logger.info('call to a number that takes no calls', { to: storeNumber, module: number?.module ?? null });
    return response([hangup(caller.CallId, '480')]);
  }
  const settings = await readSettings(number.company_id, number.location_id, `${board}_calls_settings`);
  if (!settings.enabled) {
    logger.info('call to a board with calls off', { company_id: number.company_id, location_id: number.location_id, board });
    return response([hangup(caller.CallId, '480')]);
  }
  const ringTo = settings.ring_to_numbers.map((raw) => normalizePhone(raw)).filter((n): n is string => n !== null && n !== customerNumber);
  const state: CallState = {
    direction: 'inbound',
    company_id: number.company_id,
    location_id: number.location_id,
    board,
    store_number: storeNumber,
    customer_number: customerNumber,
    phase: 'ringing',
    dial: '',
  };
  if (ringTo.length === 0) return nobodyAnswered(event, state, null);
  await keep({ ...stepBase(event, state), step: 'ringing' });
  // The ring-to phone shows who is calling: the customer's own number.
  return response([bridge(ringTo[0]!, customerNumber)], { ...state, ring_to: ringTo.join(','), ring_index: '0' });
}

/** Nobody picked up (or nobody was there to ring): the greeting and a voicemail, or a short apology. */
async function nobodyAnswered(event: ChimeEvent, state: CallState, dial: 'no-answer' | 'busy' | null): Promise<ChimeResponse> {
  const caller = leg(event, 'LEG-A');
  if (!caller) return response([], { ...state, phase: 'closing' });
  const [settings, business, location] = await Promise.all([
    readSettings(state.company_id, state.location_id, `${state.board}_calls_settings`),
    readSettings(state.company_id, state.location_id, 'business_information'),
    getLocation(state.company_id, state.location_id),
  ]);
  const dealership = business.dealership_name.trim() || location?.name || '';
  const locale = location?.locale;
  const bucket = process.env.RECORDINGS_BUCKET;
  if (settings.voicemail_enabled && !bucket) logger.error('voicemail is on but RECORDINGS_BUCKET is not set: the caller hears the apology');
  if (settings.voicemail_enabled && bucket) {
    await keep({ ...stepBase(event, state), step: 'voicemail', dial_status: dial ?? 'no-answer' });
    const greeting = settings.voicemail_greeting.trim() || spoken('voicemailGreeting', locale, dealership);
    const record: ChimeAction = {
      Type: 'RecordAudio',
      Parameters: {
        CallId: caller.CallId,
        DurationInSeconds: VOICEMAIL_MAX_SECONDS,
        SilenceDurationInSeconds: VOICEMAIL_SILENCE_SECONDS,
        RecordingTerminators: ['#'],
        RecordingDestination: { Type: 'S3', BucketName: bucket, Prefix: `voicemail/${state.company_id}/${state.location_id}/${event.CallDetails.TransactionId}` },
      },
    };
    return response([speak(caller.CallId, greeting, locale), record], { ...state, phase: 'voicemail', dial: dial ?? '', voicemail_at: String(Date.now()) });
  }
  return response([speak(caller.CallId, spoken('noVoicemail', locale, dealership), locale), hangup(caller.CallId)], { ...state, phase: 'closing', dial: dial ?? '' });
}

/** How long a WAV recording is, from its header (the first bytes and the object's size); null when it cannot tell. */
export function wavSeconds(head: Uint8Array, totalBytes: number): number | null {
  const view = new DataView(head.buffer, head.byteOffset, head.byteLength);
  const text = (at: number) => String.fromCharCode(...head.subarray(at, at + 4));
  if (head.byteLength < 12 || text(0) !== 'RIFF' || text(8) !== 'WAVE') return null;
  let byteRate = 0;
  for (let at = 12; at + 8 <= head.byteLength; ) {
    const id = text(at);
    const size = view.getUint32(at + 4, true);
    if (id === 'fmt ' && at + 16 <= head.byteLength) byteRate = view.getUint32(at + 16, true);
    if (id === 'data') {
      if (!byteRate) return null;
      // A streamed recording may leave the data size open: the object's size tells.
      const bytes = Math.min(size, Math.max(0, totalBytes - (at + 8)));
      return bytes / byteRate;
    }
    at += 8 + size + (size % 2);
  }
  return null;
}

async function recordingSeconds(bucket: string, key: string): Promise<number | null> {
  try {
    const { client, GetObjectCommand } = await s3();
    const out = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key, Range: 'bytes=0-4095' }));
    const head = await out.Body!.transformToByteArray();
    const total = Number(/\/(\d+)$/.exec(out.ContentRange ?? '')?.[1] ?? out.ContentLength ?? head.byteLength);
    return wavSeconds(head, total);
  } catch (err) {
    logger.warn('voicemail length not read from the recording', { bucket, key, error: (err as Error).message });
    return null;
  }
}

async function recorded(event: ChimeEvent, state: CallState): Promise<ChimeResponse> {
  const destination = event.ActionData?.RecordingDestination;
  if (!destination?.BucketName || !destination.Key) {
    logger.error('voicemail recorded without a destination', { transaction_id: event.CallDetails.TransactionId });
    return response(hangupAll(event), { ...state, phase: 'closing' });
  }
  const fromHeader = await recordingSeconds(destination.BucketName, destination.Key);
  // Without a readable header, the time since the greeting began is the best there is.
  const seconds = fromHeader ?? (Date.now() - Number(state.voicemail_at ?? Date.now())) / 1000;
  const duration_seconds = Math.min(VOICEMAIL_MAX_SECONDS, Math.max(0, Math.round(seconds)));
  await keep({ ...stepBase(event, state), step: 'recorded', recording: { bucket: destination.BucketName, key: destination.Key }, duration_seconds });
  const next: CallState = { ...state, phase: state.phase === 'ended' ? 'ended' : 'recorded', recorded: '1' };
  return response(hangupAll(event), next);
}

// ---------------------------------------------------------------------------------------------
// Outbound

async function newOutboundCall(event: ChimeEvent): Promise<ChimeResponse> {
  const advisor = leg(event, 'LEG-A');
  const args = event.ActionData?.Parameters.Arguments ?? {};
  const board = args.board as CallBoard | undefined;
  const customer = args.customer_number ? normalizePhone(args.customer_number) : null;
  if (!advisor || !args.call_id || !args.agent_id || !args.company_id || !args.location_id || !board || !CALL_BOARDS.includes(board) || !customer) {
    logger.error('outbound call without its arguments', { transaction_id: event.CallDetails.TransactionId, arguments: Object.keys(args) });
    return response(advisor ? [hangup(advisor.CallId)] : []);
  }
  const location = await getLocation(args.company_id, args.location_id);
  const state: CallState = {
    direction: 'outbound',
    company_id: args.company_id,
    location_id: args.location_id,
    board,
    store_number: normalizePhone(advisor.From) ?? advisor.From,
    customer_number: customer,
    call_id: args.call_id,
    agent_id: args.agent_id,
    phase: 'ringing',
    dial: '',
    ...(location?.locale ? { locale: location.locale } : {}),
  };
  await keep({ ...stepBase(event, state), step: 'ringing' });
  // Chime ignores the actions of this answer but keeps its TransactionAttributes for the call's later events.
  return response([], state);
}

async function agentAnswered(event: ChimeEvent, state: CallState): Promise<ChimeResponse> {
  if (state.direction !== 'outbound' || state.phase !== 'ringing') return response([], state);
  await keep({ ...stepBase(event, state), step: 'agent_answered' });
  // The customer sees the store's number, which their texts come from.
  return response([bridge(state.customer_number, state.store_number)], { ...state, phase: 'bridging' });
}

// ---------------------------------------------------------------------------------------------
// Both

async function bridged(event: ChimeEvent, state: CallState): Promise<ChimeResponse> {
  const endpoints = event.ActionData?.Parameters.Endpoints as { Uri?: string }[] | undefined;
  const answeredBy = endpoints?.[0]?.Uri ?? leg(event, 'LEG-B')?.To ?? '';
  await keep({ ...stepBase(event, state), step: 'answered', answered_by: answeredBy });
  return response([], { ...state, phase: 'bridged', dial: 'answered', answered_at: String(Date.now()) });
}

async function dialFailed(event: ChimeEvent, state: CallState): Promise<ChimeResponse> {
  const dial: DialStatus = wasBusy(event) ? 'busy' : 'no-answer';
  const first = leg(event, 'LEG-A');
  if (!first || first.Status === 'Disconnected') return response([], { ...state, dial });
  if (state.direction === 'inbound') {
    const ringTo = (state.ring_to ?? '').split(',').filter(Boolean);
    const next = Number(state.ring_index ?? 0) + 1;
    if (next < ringTo.length) return response([bridge(ringTo[next]!, state.customer_number)], { ...state, ring_index: String(next), dial });
    return nobodyAnswered(event, state, dial);
  }
  const words: SpokenKey = dial === 'busy' ? 'customerBusy' : 'customerDidNotAnswer';
  // The advisor hears it in their store's language; the store's name is not needed for it.
  return response([speak(first.CallId, spoken(words, state.locale, ''), state.locale), hangup(first.CallId)], { ...state, phase: 'closing', dial });
}

/** The dial status the ended step reports: how the dialling went, or how it stood when the call ended. */
function finalDial(state: CallState): 'answered' | 'no-answer' | 'busy' | null {
  if (state.dial === 'answered') return 'answered';
  if (state.direction === 'inbound') {
    // A caller who hangs up while it rings was not answered.
    if (state.phase === 'ringing') return 'no-answer';
    return state.dial || null;
  }
  // Outbound: the customer's leg. It rang (bridging) or was dialled and failed; before that, it never rang.
  if (state.phase === 'bridging') return 'no-answer';
  return state.dial || null;
}

async function hungUp(event: ChimeEvent, state: CallState): Promise<ChimeResponse> {
  if (state.phase === 'ended') return response([], state);
  const gone = event.ActionData?.Parameters.CallId;
  const talkSeconds = state.answered_at ? Math.max(0, Math.round((Date.now() - Number(state.answered_at)) / 1000)) : 0;
  await keep({ ...stepBase(event, state), step: 'ended', dial_status: finalDial(state), talk_seconds: talkSeconds, voicemail: state.recorded === '1' });
  return response(hangupAll(event, gone), { ...state, phase: 'ended' });
}

function endCleanly(event: ChimeEvent, state: CallState | null, why: string): ChimeResponse {
  logger.warn('ending the call', { transaction_id: event.CallDetails.TransactionId, event: event.InvocationEventType, why, error: event.ActionData?.ErrorType ?? event.ErrorType });
  const actions = hangupAll(event);
  return response(actions, state ? { ...state, phase: state.phase === 'ended' ? 'ended' : 'closing' } : undefined);
}

async function answer(event: ChimeEvent): Promise<ChimeResponse> {
  switch (event.InvocationEventType) {
    case 'NEW_INBOUND_CALL':
      return newInboundCall(event);
    case 'NEW_OUTBOUND_CALL':
      return newOutboundCall(event);
  }
  const state = stateOf(event);
  if (!state) return endCleanly(event, null, 'no call state');
  switch (event.InvocationEventType) {
    case 'RINGING':
    case 'ACTION_INTERRUPTED':
    case 'DIGITS_RECEIVED':
      return response([], state);
    case 'CALL_ANSWERED':
      return agentAnswered(event, state);
    case 'ACTION_SUCCESSFUL':
      if (event.ActionData?.Type === 'CallAndBridge') return bridged(event, state);
      if (event.ActionData?.Type === 'RecordAudio') return recorded(event, state);
      return response([], state);
    case 'ACTION_FAILED':
      if (event.ActionData?.Type === 'CallAndBridge') return dialFailed(event, state);
      return endCleanly(event, state, `${event.ActionData?.Type ?? 'an action'} failed`);
    case 'HANGUP':
      return hungUp(event, state);
    case 'CALL_UPDATE_REQUESTED':
      // The console's hang-up: every leg goes, and each leg's HANGUP ends the call.
      return response(hangupAll(event), { ...state, phase: state.phase === 'ended' ? 'ended' : 'closing' });
    default:
      return endCleanly(event, state, 'unexpected event');
  }
}

export async function handler(event: ChimeEvent): Promise<ChimeResponse> {
  try {
    return await answer(event);
  } catch (err) {
    logger.error('call event not handled: ending the call', { transaction_id: event.CallDetails?.TransactionId, event: event.InvocationEventType, error: (err as Error).message });
    try {
      return response(hangupAll(event));
    } catch {
      return response([]);
    }
  }
}
