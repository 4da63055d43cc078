/**
 * Where an advisor's "call customer" is (issue 25), read from the call record each `call.changed`
 * carries (shared/customers.ts `Call`). An outbound call rings the advisor's own phone first
 * (`ringing`), then, once they pick up, the customer's (`in-progress`, not yet answered), and is
 * connected when the customer answers (`dial_status: 'answered'`).
 */
import type { Call } from '../../../../shared/customers.js';

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
