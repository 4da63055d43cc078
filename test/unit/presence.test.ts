/**
 * The rules of an agent's chosen presence (shared/presence.ts, functions/agents/presence.ts) and the
 * merge of routed conversations into a board's page (functions/messages/away.ts pageWithRouted),
 * without a table.
 */
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { noAccess, type AccessFlags } from '../../shared/access.js';
import { PRESENCE_ERRORS, isAway, presenceBody, repliesWhileAway, resolvePresence, routesWhileAway } from '../../shared/presence.js';
import type { AgentRecord } from '../../functions/lib/agents.js';
import { presenceOf } from '../../functions/lib/presence.js';
import { mayRouteTo } from '../../functions/agents/presence.js';
import { mayHold, pageWithRouted } from '../../functions/messages/away.js';

function flags(...on: (keyof AccessFlags)[]): AccessFlags {
  const set = noAccess();
  for (const flag of on) set[flag] = true;
  return set;
}

function agent(id: string, overrides: Partial<AgentRecord> = {}): AgentRecord {
  return {
    id,
    company_id: 'cmp_a',
    location_id: 'loc_a',
    email: `${id}@example.com`,
    first_name: id,
    last_name: 'Agent',
    access_level: flags('service'),
    team: null,
    online_status: 'online',
    email_notifications_enabled: false,
    sms_notifications_enabled: false,
    technician_settings: { enabled: false, mpi_enabled: false },
    active: true,
    locale: 'en-us',
    created_at: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

const errorsOf = (body: unknown) => {
  const parsed = presenceBody.safeParse(body);
  return parsed.success ? [] : parsed.error.issues.map((issue) => ({ message: issue.message, path: issue.path.join('.') }));
};

describe('the modes', () => {
  it('say what each one does', () => {
    expect([isAway('online'), isAway('away'), isAway('away_both')]).toEqual([false, true, true]);
    expect(['online', 'away', 'away_autoresponder', 'away_routing', 'away_both'].map((m) => repliesWhileAway(m as never))).toEqual([false, false, true, false, true]);
    expect(['online', 'away', 'away_autoresponder', 'away_routing', 'away_both'].map((m) => routesWhileAway(m as never))).toEqual([false, false, false, true, true]);
  });

  it('read an agent who never chose as online, with nothing remembered', () => {
    expect(presenceOf({})).toEqual({ mode: 'online', auto_reply_text: '', routed_to: null, absence_id: null, away_since: null, changed_at: '' });
  });
});

describe('the body of PUT /api/agents/me/presence', () => {
  it('takes a mode alone ("I\'m back")', () => {
    expect(errorsOf({ presence: { mode: 'online' } })).toEqual([]);
  });

  it('refuses an unknown mode with its own words', () => {
    expect(errorsOf({ presence: { mode: 'lunch' } })).toEqual([{ message: PRESENCE_ERRORS.mode, path: 'presence.mode' }]);
  });

  it('refuses blank words for an auto-reply mode, and words over 480 characters in any mode', () => {
    expect(errorsOf({ presence: { mode: 'away_both', auto_reply_text: ' \n ', routed_to_agent_id: 'agt_b' } })).toEqual([
      { message: PRESENCE_ERRORS.auto_reply_text, path: 'presence.auto_reply_text' },
    ]);
    expect(errorsOf({ presence: { mode: 'away', auto_reply_text: 'x'.repeat(481) } })).toEqual([
      { message: PRESENCE_ERRORS.auto_reply_too_long, path: 'presence.auto_reply_text' },
    ]);
  });

  it('refuses a routing mode that names nobody', () => {
    expect(errorsOf({ presence: { mode: 'away_routing', routed_to_agent_id: '' } })).toEqual([{ message: PRESENCE_ERRORS.routed_to, path: 'presence.routed_to_agent_id' }]);
  });

  it('trims the words', () => {
    const parsed = presenceBody.parse({ presence: { mode: 'away_autoresponder', auto_reply_text: '  Back at 2.  ' } }) as z.infer<typeof presenceBody>;
    expect(parsed.presence.auto_reply_text).toBe('Back at 2.');
  });
});

describe('what an agent ends up with', () => {
  const stored = { auto_reply_text: 'Out today.', routed_to_id: 'agt_b' };

  it('keeps the stored words and colleague where the choice leaves them out', () => {
    expect(resolvePresence({ mode: 'away_both' }, stored)).toEqual({ ok: true, mode: 'away_both', auto_reply_text: 'Out today.', routed_to_id: 'agt_b' });
  });

  it('takes new words and a new colleague, or none', () => {
    expect(resolvePresence({ mode: 'away', auto_reply_text: 'New', routed_to_agent_id: null }, stored)).toEqual({ ok: true, mode: 'away', auto_reply_text: 'New', routed_to_id: null });
  });

  it('refuses an auto-reply mode when nothing is stored or given, and routing with no colleague', () => {
    expect(resolvePresence({ mode: 'away_autoresponder' }, { auto_reply_text: '', routed_to_id: null })).toEqual({ ok: false, error: 'auto_reply_text', path: 'auto_reply_text' });
    expect(resolvePresence({ mode: 'away_routing' }, { auto_reply_text: '', routed_to_id: null })).toEqual({ ok: false, error: 'routed_to', path: 'routed_to_agent_id' });
  });
});

describe('whom an agent may route to', () => {
  const me = agent('agt_me');

  it('an active colleague of the same store who works a board with conversations the agent works', () => {
    expect(mayRouteTo(me, agent('agt_b'))).toBe(true);
    expect(mayRouteTo(me, agent('agt_mgr', { access_level: flags('manager') }))).toBe(true);
  });

  it('never oneself, nobody, an inactive agent, another store or company, or someone without a shared board', () => {
    expect(mayRouteTo(me, me)).toBe(false);
    expect(mayRouteTo(me, undefined)).toBe(false);
    expect(mayRouteTo(me, agent('agt_b', { active: false }))).toBe(false);
    expect(mayRouteTo(me, agent('agt_b', { location_id: 'loc_b' }))).toBe(false);
    expect(mayRouteTo(me, agent('agt_b', { company_id: 'cmp_b' }))).toBe(false);
    expect(mayRouteTo(me, agent('agt_tech', { access_level: flags('technician') }))).toBe(false);
    expect(mayRouteTo(me, agent('agt_coordinator', { access_level: flags('appointments') }))).toBe(false);
  });

  it("reaches a colleague only with conversations of a board they work, at the conversation's store", () => {
    const coordinator = agent('agt_coordinator', { access_level: flags('appointments') });
    expect(mayHold(coordinator, { kind: 'appointment', location_id: 'loc_a' })).toBe(true);
    expect(mayHold(coordinator, { kind: 'repair_order', location_id: 'loc_a' })).toBe(false);
    expect(mayHold(agent('agt_b'), { kind: 'repair_order', location_id: 'loc_b' })).toBe(false);
  });
});

describe("a page of a board's list with the conversations routed to the agent", () => {
  // Sort keys as the lists use them: newer is larger.
  const own = ['o90', 'o80', 'o70', 'o60', 'o50', 'o40', 'o30', 'o20', 'o10'];
  const key = (record: string) => record.slice(1);
  const readOwn = async (offset: number, limit: number) => ({ records: own.slice(offset, offset + limit), total: own.length });
  const merged = (routed: string[]) => [...own, ...routed].sort((a, b) => (key(a) < key(b) ? 1 : -1));

  it.each([
    [[]],
    [['r95']],
    [['r05']],
    [['r75', 'r45']],
    [['r99', 'r85', 'r55', 'r15', 'r01']],
  ])('pages %j in with the own records at every offset and limit as one sorted list', async (routed) => {
    const whole = merged(routed);
    for (const limit of [1, 2, 3, 5, 20]) {
      for (let offset = 0; offset <= whole.length + 1; offset++) {
        const page = await pageWithRouted({ offset, limit, routed, sortKey: key, readOwn });
        expect({ offset, limit, records: page.records }).toEqual({ offset, limit, records: whole.slice(offset, offset + limit) });
        expect(page.total).toBe(whole.length);
      }
    }
  });

  it('reads only the own records up to the end of the page', async () => {
    const asked: [number, number][] = [];
    await pageWithRouted({ offset: 6, limit: 2, routed: ['r75', 'r45'], sortKey: key, readOwn: (offset, limit) => (asked.push([offset, limit]), readOwn(offset, limit)) });
    expect(asked).toEqual([[4, 4]]);
  });
});
