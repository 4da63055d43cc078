/**
 * The incoming-call notice (issue 25): shown while an inbound call rings, gone when it is answered
 * or ends, hidden for good when the agent hides it, never left behind by a lost event, and a
 * desktop notification only for the call's own agent (SPEC §6).
 */
import { describe, expect, it } from 'vitest';
import type { Call } from '../../../../../shared/customers.js';
import { LONGEST_RING_MS, NOTHING_RINGING, callChanged, forgetStale, hideCall, notifiesDesktop, type RingingCall } from '../incomingCalls.js';
import { localeText } from '../../../../../test/support/localeFiles.js';

const AT = Date.parse('2025-03-01T10:00:00Z');

function notice(id: string, call: Partial<Call> = {}): RingingCall {
  return {
    call: { id, customer_id: 'cus_1', board: 'service', agent: { id: 'agt_anna' }, direction: 'inbound', status: 'ringing', dial_status: null, created_at: '2025-03-01T10:00:00.000Z', ...call },
    location_id: 'loc_1',
    customer: { id: 'cus_1', name: 'Maria Lopez', phone: '+16175550101' },
    owner: { kind: 'repair_order', id: 'ro_1' },
    owner_label: 'RO 48213',
    link: '/?ro=ro_1',
  };
}

const ids = (state: typeof NOTHING_RINGING) => state.calls.map((known) => known.call.id);

describe('calls ringing', () => {
  it('are the inbound calls that ring, each once, in the order they started', () => {
    let state = callChanged(NOTHING_RINGING, notice('c1'), AT);
    state = callChanged(state, notice('c2'), AT + 1000);
    state = callChanged(state, notice('c1'), AT + 2000);
    expect(ids(state)).toEqual(['c2', 'c1']);
    // Ringing since it first rang, not since the repeat.
    expect(state.calls.find((known) => known.call.id === 'c1')?.seen_at).toBe(AT);
  });

  it('lose a call when it is answered or ends, whichever way', () => {
    const ringing = callChanged(callChanged(NOTHING_RINGING, notice('c1'), AT), notice('c2'), AT);
    expect(ids(callChanged(ringing, notice('c1', { status: 'in-progress', dial_status: 'answered' }), AT))).toEqual(['c2']);
    expect(ids(callChanged(ringing, notice('c2', { status: 'completed', dial_status: 'no-answer' }), AT))).toEqual(['c1']);
    expect(ids(callChanged(ringing, notice('c2', { status: 'failed' }), AT))).toEqual(['c1']);
  });

  it("never include an advisor's own outbound call", () => {
    expect(ids(callChanged(NOTHING_RINGING, notice('out', { direction: 'outbound' }), AT))).toEqual([]);
  });

  it('stay hidden once the agent hid them, whatever repeats arrive', () => {
    const hidden = hideCall(callChanged(NOTHING_RINGING, notice('c1'), AT), 'c1');
    expect(ids(hidden)).toEqual([]);
    expect(ids(callChanged(hidden, notice('c1'), AT + 500))).toEqual([]);
    expect(ids(callChanged(hidden, notice('c3'), AT + 500))).toEqual(['c3']);
  });

  it('are forgotten once they have rung longer than any call can, if their end never arrived', () => {
    const state = callChanged(callChanged(NOTHING_RINGING, notice('old'), AT), notice('new'), AT + LONGEST_RING_MS - 5000);
    expect(forgetStale(state, AT + LONGEST_RING_MS - 1)).toBe(state);
    expect(ids(forgetStale(state, AT + LONGEST_RING_MS))).toEqual(['new']);
  });
});

describe('the desktop notification of a ringing call', () => {
  it("goes to the call's agent only, and only while it rings", () => {
    expect(notifiesDesktop(notice('c1'), 'agt_anna')).toBe(true);
    expect(notifiesDesktop(notice('c1'), 'agt_ben')).toBe(false);
    expect(notifiesDesktop(notice('c1', { agent: null }), 'agt_anna')).toBe(false);
    expect(notifiesDesktop(notice('c1', { status: 'completed' }), 'agt_anna')).toBe(false);
  });
});

describe("the notice's words", () => {
  it('name the customer in every language', () => {
    expect(localeText('en-us', 'calls:calls.incoming')).toBe('Incoming call: {{customer}}');
    expect(localeText('de', 'calls:calls.incoming')).toBe('Eingehender Anruf: {{customer}}');
  });
});
