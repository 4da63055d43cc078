/**
 * Which customers' calls are ringing right now, as `call.changed` tells them (issue 25): an inbound
 * call shows while it rings and goes when it is answered or ends; a call the agent hid stays hidden.
 */
import { RING_SECONDS } from '../../../../shared/calls/calls.js';
import type { EventData } from '../../../../shared/events.js';

export type RingingCall = EventData<'call.changed'>;

/**
 * The longest a call can ring through (every ring-to number the settings allow, one after the
 * other): a notice whose end the console never heard of (a lost event) is gone by then.
 */
export const LONGEST_RING_MS = 10 * RING_SECONDS * 1000;

export interface Ringing {
  calls: readonly (RingingCall & { seen_at: number })[];
  hidden: ReadonlySet<string>;
}

export const NOTHING_RINGING: Ringing = { calls: [], hidden: new Set() };

export function isRinging(notice: RingingCall): boolean {
  return notice.call.direction === 'inbound' && notice.call.status === 'ringing';
}

/** The calls ringing after this change of one call. */
export function callChanged(state: Ringing, notice: RingingCall, now: number): Ringing {
  const others = state.calls.filter((known) => known.call.id !== notice.call.id);
  if (!isRinging(notice)) return { calls: others, hidden: state.hidden };
  if (state.hidden.has(notice.call.id)) return state;
  const earlier = state.calls.find((known) => known.call.id === notice.call.id);
  return { calls: [...others, { ...notice, seen_at: earlier?.seen_at ?? now }], hidden: state.hidden };
}

export function hideCall(state: Ringing, callId: string): Ringing {
  return { calls: state.calls.filter((known) => known.call.id !== callId), hidden: new Set([...state.hidden, callId]) };
}

/** Drops the calls that have rung longer than any call can. */
export function forgetStale(state: Ringing, now: number): Ringing {
  const calls = state.calls.filter((known) => now - known.seen_at < LONGEST_RING_MS);
  return calls.length === state.calls.length ? state : { calls, hidden: state.hidden };
}

/** SPEC §6: a desktop notification goes to the call's agent only; colleagues who see the call see it in the console. */
export function notifiesDesktop(notice: RingingCall, agentId: string): boolean {
  return isRinging(notice) && notice.call.agent?.id === agentId;
}
