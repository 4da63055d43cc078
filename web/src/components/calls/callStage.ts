/**
 * Where an advisor's "call customer" is (issue 25), read from the call record each `call.changed`
 * carries (shared/customers.ts `Call`). An outbound call rings the advisor's own phone first
 * (`ringing`), then, once they pick up, the customer's (`in-progress`, not yet answered), and is
 * connected when the customer answers (`dial_status: 'answered'`).
 */
import { PLACE_CALL_REFUSALS, type PlaceCallRefusal } from '../../../../shared/calls/calls.js';
import type { Call } from '../../../../shared/customers.js';
import { formatDuration } from '../conversation/times.js';

export type CallStage = 'ringing_agent' | 'ringing_customer' | 'connected' | 'ended';

export function callStage(call: Pick<Call, 'status' | 'dial_status'>): CallStage {
  if (call.status === 'completed' || call.status === 'failed') return 'ended';
  if (call.status === 'ringing') return 'ringing_agent';
  return call.dial_status === 'answered' ? 'connected' : 'ringing_customer';
}

/**
 * The words of a call that ended: its length when the customer answered, else why it did not
 * connect. `reachedCustomer`: the console saw the customer's phone ring, so a call nobody answered
 * was the customer's doing, not a missed ring on the advisor's own phone.
 */
export function endedWords(call: Pick<Call, 'status' | 'dial_status'>, reachedCustomer: boolean): 'calling.ended' | 'calling.failed' | 'calling.busy' | 'calling.no_answer' | 'calling.not_picked_up' {
  if (call.dial_status === 'answered') return 'calling.ended';
  if (call.status === 'failed') return 'calling.failed';
  if (call.dial_status === 'busy') return 'calling.busy';
  return reachedCustomer ? 'calling.no_answer' : 'calling.not_picked_up';
}

export function isPlaceCallRefusal(id: string | null): id is PlaceCallRefusal {
  return id !== null && (PLACE_CALL_REFUSALS as readonly string[]).includes(id);
}

/** What "call customer" shows: nothing yet, the request on its way, a refusal, or the call. */
export type CallState =
  | { phase: 'idle' }
  | { phase: 'placing' }
  | { phase: 'refused'; refusal: PlaceCallRefusal }
  /** `connectedAt`: when this console saw the customer answer (the running time starts there). */
  | { phase: 'call'; call: Call; reachedCustomer: boolean; connectedAt: number | null; hangingUp: boolean };

const STAGE_ORDER: readonly CallStage[] = ['ringing_agent', 'ringing_customer', 'connected', 'ended'];

/**
 * The state for a newer version of the call on screen (another call's news changes nothing). A call
 * only moves forward: an answer older than the news already shown (the hang-up's, arriving after
 * the end it caused) does not bring it back.
 */
export function followCall(state: CallState, call: Call, now: number): CallState {
  if (state.phase !== 'call' || state.call.id !== call.id) return state;
  const stage = callStage(call);
  if (STAGE_ORDER.indexOf(stage) < STAGE_ORDER.indexOf(callStage(state.call))) return state;
  return {
    ...state,
    call,
    reachedCustomer: state.reachedCustomer || stage === 'ringing_customer' || stage === 'connected',
    connectedAt: stage === 'connected' ? (state.connectedAt ?? now) : state.connectedAt,
    hangingUp: stage === 'ended' ? false : state.hangingUp,
  };
}

/** The state's words (a key of the shared words and its values), null while idle. */
export function callWords(state: CallState, now: number): { key: string; values?: Record<string, string> } | null {
  switch (state.phase) {
    case 'idle':
      return null;
    case 'placing':
      return { key: 'calling.ringing_agent' };
    case 'refused':
      return { key: `calling.refused.${state.refusal}` };
    case 'call': {
      const stage = callStage(state.call);
      if (stage === 'ringing_agent') return { key: 'calling.ringing_agent' };
      if (stage === 'ringing_customer') return { key: 'calling.ringing_customer' };
      if (stage === 'connected') return { key: 'calling.connected', values: { duration: formatDuration((now - (state.connectedAt ?? now)) / 1000) } };
      return { key: endedWords(state.call, state.reachedCustomer), values: { duration: formatDuration(state.call.duration_seconds ?? 0) } };
    }
  }
}
