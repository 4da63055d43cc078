import { describe, expect, it } from 'vitest';
import { SEND_WARNINGS } from '../../shared/schemas/messages.js';
import { refusalStatus } from '../../functions/lib/http.js';
import { decideSend, gatekeeperReason, gatekeeperReasonText, type RuleCustomer, type RuleOrder, type RuleSettings } from '../../functions/messages/rules.js';

const ADVISOR = { id: 'agt_advisor', first_name: 'Priya', last_name: 'Raman' };
const order = (overrides: Partial<RuleOrder> = {}): RuleOrder => ({ closed: false, agent: ADVISOR, opcodes: [], ...overrides });
const customer = (overrides: Partial<RuleCustomer> = {}): RuleCustomer => ({ opt_in: 'in', blocked_at: null, line: 'mobile', cell: '+16172015555', ...overrides });
/** Boston, quiet from 21:00 to 08:00. */
const settings = (overrides: Partial<RuleSettings> = {}): RuleSettings => ({
  safeMode: false,
  doubleOptIn: false,
  quietStart: '21:00',
  quietEnd: '08:00',
  timezone: 'America/New_York',
  opcodeText: 'TXT',
  requireOpcode: false,
  ...overrides,
});
const text = (words = 'Your car is ready') => ({ text: words, attachments: 0 });
/** 15:00 in Boston (EST, UTC-5), inside the texting window. */
const AFTERNOON = new Date('2026-01-15T20:00:00Z');
/** 23:30 in Boston: quiet; the window opens at 08:00 the next morning (13:00 UTC). */
const NIGHT = new Date('2026-01-16T04:30:00Z');
const NEXT_MORNING = '2026-01-16T13:00:00.000Z';

describe('decideSend: refusals (SPEC §5)', () => {
  it('refuses a blank text but sends attachments without words', () => {
    expect(decideSend(order(), customer(), settings(), text('   '), 'manual', AFTERNOON)).toEqual({ outcome: 'refuse', error: 'blank' });
    expect(decideSend(order(), customer(), settings(), { text: '', attachments: 1 }, 'manual', AFTERNOON).outcome).toBe('send');
  });

  it('refuses an agent text over 1600 characters, and sends one of exactly 1600', () => {
    expect(decideSend(order(), customer(), settings(), text('x'.repeat(1601)), 'manual', AFTERNOON)).toEqual({ outcome: 'refuse', error: 'too_long' });
    expect(decideSend(order(), customer(), settings(), text('x'.repeat(1600)), 'manual', AFTERNOON).outcome).toBe('send');
  });

  it('lets a stored text grown past 1600 by the opt-out notice go on retry', () => {
    expect(decideSend(order(), customer(), settings(), text('x'.repeat(1620)), 'retry', NIGHT).outcome).toBe('send');
  });

  it('refuses a closed order, an order without advisor, an opted-out, blocked, phoneless or landline customer', () => {
    const cases: [RuleOrder, RuleCustomer, string][] = [
      [order({ closed: true }), customer(), 'closed'],
      [order({ agent: null }), customer(), 'no_advisor'],
      [order(), customer({ opt_in: 'out' }), 'opted_out'],
      [order(), customer({ blocked_at: '2026-01-01T00:00:00Z' }), 'blocked'],
      [order(), customer({ cell: null }), 'no_phone'],
      [order(), customer({ line: 'landline' }), 'landline'],
    ];
    for (const [ro, person, error] of cases) {
      expect(decideSend(ro, person, settings(), text(), 'manual', AFTERNOON)).toEqual({ outcome: 'refuse', error });
    }
  });

  it('refuses when the op-code rule is on and the estimate lacks the op-code text, in any letter case', () => {
    const rule = settings({ requireOpcode: true, opcodeText: 'TXT' });
    expect(decideSend(order({ opcodes: ['OIL'] }), customer(), rule, text(), 'manual', AFTERNOON)).toEqual({ outcome: 'refuse', error: 'opcode_missing' });
    expect(decideSend(order({ opcodes: ['OIL', 'txt'] }), customer(), rule, text(), 'manual', AFTERNOON).outcome).toBe('send');
    expect(decideSend(order(), customer(), settings({ requireOpcode: true, opcodeText: '' }), text(), 'manual', AFTERNOON).outcome).toBe('refuse');
  });

  it('answers 409 for the refusals an agent resolves by waiting or confirming, 422 otherwise', () => {
    expect(refusalStatus('quiet_hours')).toBe(409);
    expect(refusalStatus('awaiting_opt_in')).toBe(409);
    expect(refusalStatus('opted_out')).toBe(422);
  });
});

describe('decideSend: consent of a customer of unknown status', () => {
  it('sends to unknown customers when neither safe mode nor double opt-in is on', () => {
    expect(decideSend(order(), customer({ opt_in: 'unknown' }), settings(), text(), 'manual', AFTERNOON).outcome).toBe('send');
  });

  it('treats unknown as opted out in safe mode', () => {
    expect(decideSend(order(), customer({ opt_in: 'unknown' }), settings({ safeMode: true }), text(), 'manual', AFTERNOON)).toEqual({
      outcome: 'refuse',
      error: 'unknown_in_safe_mode',
    });
  });

  it('asks for opt-in when an agent texts with double opt-in on, even in safe mode', () => {
    const rule = settings({ doubleOptIn: true, safeMode: true });
    expect(decideSend(order(), customer({ opt_in: 'unknown' }), rule, text(), 'manual', AFTERNOON)).toEqual({ outcome: 'ask_opt_in' });
    expect(decideSend(order(), customer({ opt_in: 'unknown' }), rule, text(), 'action', AFTERNOON)).toEqual({ outcome: 'ask_opt_in' });
  });

  it('does not ask on its own: automated and scheduled texts wait for the answer', () => {
    const rule = settings({ doubleOptIn: true });
    expect(decideSend(order(), customer({ opt_in: 'unknown' }), rule, text(), 'automated', AFTERNOON)).toEqual({ outcome: 'refuse', error: 'awaiting_opt_in' });
    expect(decideSend(order(), customer({ opt_in: 'unknown' }), rule, text(), 'scheduled', AFTERNOON)).toEqual({ outcome: 'refuse', error: 'awaiting_opt_in' });
  });

  it('lets the opt-in request itself through the consent gate', () => {
    const rule = settings({ doubleOptIn: true, safeMode: true });
    expect(decideSend(order(), customer({ opt_in: 'unknown' }), rule, { ...text(), asksConsent: true }, 'scheduled', AFTERNOON).outcome).toBe('send');
  });
});

describe('decideSend: quiet hours and scheduling', () => {
  it('refuses an agent text inside quiet hours with the moment the window opens', () => {
    expect(decideSend(order(), customer(), settings(), text(), 'manual', NIGHT)).toEqual({ outcome: 'refuse', error: 'quiet_hours', nextWindowAt: NEXT_MORNING });
  });

  it('sends inside quiet hours once the agent confirms', () => {
    expect(decideSend(order(), customer(), settings(), { ...text(), confirmQuietHours: true }, 'manual', NIGHT).outcome).toBe('send');
  });

  it('holds a text for the moment the agent chose, quiet hours or not', () => {
    expect(decideSend(order(), customer(), settings(), { ...text(), sendAt: NEXT_MORNING }, 'manual', NIGHT)).toEqual({ outcome: 'hold', sendAt: NEXT_MORNING, warnings: [] });
  });

  it('sends now when the chosen moment has passed', () => {
    expect(decideSend(order(), customer(), settings(), { ...text(), sendAt: '2026-01-15T19:00:00Z' }, 'manual', AFTERNOON).outcome).toBe('send');
  });

  it('holds automated texts until the window opens, never asking', () => {
    expect(decideSend(order(), customer(), settings(), text(), 'automated', NIGHT)).toEqual({ outcome: 'hold', sendAt: NEXT_MORNING, warnings: [] });
  });

  it("asks about a button's text (vehicle ready, inspection link, mass text) as about the composer's", () => {
    expect(decideSend(order(), customer(), settings(), text(), 'action', NIGHT)).toEqual({ outcome: 'refuse', error: 'quiet_hours', nextWindowAt: NEXT_MORNING });
    expect(decideSend(order(), customer(), settings(), { ...text(), confirmQuietHours: true }, 'action', NIGHT).outcome).toBe('send');
    expect(decideSend(order(), customer(), settings(), { ...text(), sendAt: NEXT_MORNING }, 'action', NIGHT)).toEqual({ outcome: 'hold', sendAt: NEXT_MORNING, warnings: [] });
  });

  it('sends retries and due scheduled texts without a quiet-hours question', () => {
    expect(decideSend(order(), customer(), settings(), text(), 'retry', NIGHT).outcome).toBe('send');
    expect(decideSend(order(), customer(), settings(), text(), 'scheduled', NIGHT).outcome).toBe('send');
  });

  it('sends at any hour when the location has no quiet hours (equal start and end)', () => {
    expect(decideSend(order(), customer(), settings({ quietStart: '00:00', quietEnd: '00:00' }), text(), 'manual', NIGHT).outcome).toBe('send');
  });

  it('refuses before it asks about quiet hours: an opted-out customer is refused at night too', () => {
    expect(decideSend(order(), customer({ opt_in: 'out' }), settings(), text(), 'manual', NIGHT)).toEqual({ outcome: 'refuse', error: 'opted_out' });
  });
});

describe('decideSend: consent is the number’s', () => {
  it('refuses a record that shows no opt-out when its number opted out', () => {
    for (const own of ['in', 'unknown'] as const) {
      expect(decideSend(order(), customer({ opt_in: own, number_opt_in: 'out' }), settings(), text(), 'manual', AFTERNOON)).toEqual({ outcome: 'refuse', error: 'opted_out' });
    }
  });

  it('counts an opt-in of the number for a record with no status (no safe-mode refusal, no double opt-in request)', () => {
    const strict = settings({ safeMode: true, doubleOptIn: true });
    expect(decideSend(order(), customer({ opt_in: 'unknown', number_opt_in: 'in' }), strict, text(), 'manual', AFTERNOON).outcome).toBe('send');
    expect(decideSend(order(), customer({ opt_in: 'unknown', number_opt_in: 'unknown' }), strict, text(), 'manual', AFTERNOON)).toEqual({ outcome: 'ask_opt_in' });
  });
});

describe('decideSend: warnings', () => {
  it('sends to a VoIP line with the warning that delivery is not always possible', () => {
    expect(decideSend(order(), customer({ line: 'voip' }), settings(), text(), 'manual', AFTERNOON)).toEqual({ outcome: 'send', warnings: [SEND_WARNINGS.voip] });
  });

  it('sends when the line type could not be told', () => {
    expect(decideSend(order(), customer({ line: 'error' }), settings(), text(), 'manual', AFTERNOON)).toEqual({ outcome: 'send', warnings: [] });
  });
});

/** The gatekeeper's reason for these arguments in English (as the note and the event carry it), or null. */
function gatekeeperRefusal(...args: Parameters<typeof gatekeeperReason>): string | null {
  const reason = gatekeeperReason(...args);
  return reason ? gatekeeperReasonText(reason, args[3]) : null;
}

describe('gatekeeperReason: targets of automated texts (SPEC §3)', () => {
  const dms = { initiator: 'dms' as const, opcode: null, timestamp: '2026-01-01T00:00:00Z', agent: null };
  const byAgent = { ...dms, initiator: 'agent' as const };

  it('ro_with_opcode: only orders whose estimate carries the op-code text', () => {
    expect(gatekeeperRefusal('ro_with_opcode', order({ opcodes: ['TXT'] }), { opt_in: 'unknown', opt_metadata: null }, 'TXT')).toBeNull();
    expect(gatekeeperRefusal('ro_with_opcode', order({ opcodes: ['OIL'] }), { opt_in: 'in', opt_metadata: dms }, 'TXT')).toMatch(/op code TXT/);
  });

  it('opted_in: only customers who opted in', () => {
    expect(gatekeeperRefusal('opted_in', order(), { opt_in: 'in', opt_metadata: byAgent }, '')).toBeNull();
    expect(gatekeeperRefusal('opted_in', order(), { opt_in: 'unknown', opt_metadata: null }, '')).toBe('The customer has not opted in');
  });

  it('opted_in_and_no_status: everyone but opted-out customers', () => {
    expect(gatekeeperRefusal('opted_in_and_no_status', order(), { opt_in: 'unknown', opt_metadata: null }, '')).toBeNull();
    expect(gatekeeperRefusal('opted_in_and_no_status', order(), { opt_in: 'out', opt_metadata: null }, '')).toBe('The customer has opted out');
  });

  it('green_only: opted in with written consent (the DMS or the customer), not an agent', () => {
    expect(gatekeeperRefusal('green_only', order(), { opt_in: 'in', opt_metadata: dms }, '')).toBeNull();
    expect(gatekeeperRefusal('green_only', order(), { opt_in: 'in', opt_metadata: { ...dms, initiator: 'customer' } }, '')).toBeNull();
    expect(gatekeeperRefusal('green_only', order(), { opt_in: 'in', opt_metadata: byAgent }, '')).toBe('The customer has not given written consent');
  });
});
