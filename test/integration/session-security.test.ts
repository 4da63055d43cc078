/**
 * Sign-in and session security (security review, items 1 and 4): lockout under parallel guesses,
 * event streams tied to their session, tickets only in a header, bounded resume, rotating refresh
 * tokens with an absolute session end, the IP allow-list on every request, impersonation and
 * password reset of inactive agents, and the reset e-mail throttle. Each test uses agents of its
 * own, written straight into the stack's table, so locking one out disturbs no other test.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { noAccess } from '../../shared/access.js';
import type { AgentRecord } from '../../functions/lib/agents.js';
import { DEMO_COMPANY, DEMO_PASSWORD } from '../../infra/local/demo.js';
import { api, mailbox, signIn, type ApiResponse, type JsonBody } from '../support/api.js';
import { readFrames, type SseFrame } from '../support/sse.js';
import { signInKeys } from '../../functions/sessions/signIn.js';
import { RESET_WINDOW_SECONDS } from '../../functions/sessions/links.js';
import { clearOfWindowEnd } from '../support/service.js';

const baseUrl = inject('baseUrl');
const carrierUrl = inject('carrierUrl');
const anon = api(baseUrl);

beforeAll(() => {
  // The handlers' own modules run here against the test stack's table (to make agents).
  Object.assign(process.env, inject('stackEnv'), { LOG_LEVEL: 'silent' });
});

let demoHash: Promise<string> | undefined;

/** A new agent of Demo Motors with the demo password; answers its record. */
async function newAgent(options: { location?: string; active?: boolean } = {}): Promise<AgentRecord> {
  const [{ agentItem }, { signInItem }, { hashPassword }, { putItem }] = await Promise.all([
    import('../../functions/lib/agents.js'),
    import('../../functions/sessions/signIn.js'),
    import('../../functions/lib/passwords.js'),
    import('../../functions/lib/table.js'),
  ]);
  demoHash ??= hashPassword(DEMO_PASSWORD);
  const id = `agt_sec_${randomUUID().slice(0, 8)}`;
  const record: AgentRecord = {
    id,
    company_id: DEMO_COMPANY.id,
    location_id: options.location ?? 'loc_demo_north',
    email: `${id.replace(/_/g, '-')}@demo.example`,
    first_name: 'Sec',
    last_name: id,
    access_level: { ...noAccess(), service: true, chat: true },
    team: null,
    online_status: 'offline',
    email_notifications_enabled: true,
    sms_notifications_enabled: true,
    technician_settings: { enabled: false, mpi_enabled: false },
    active: options.active ?? true,
    locale: 'en-us',
    created_at: new Date().toISOString(),
  };
  await putItem(agentItem(record));
  await putItem(signInItem(record, await demoHash));
  created.push(record);
  return record;
}

/** The agents this file made: removed at the end, so other files see the demo's staff as it is. */
const created: AgentRecord[] = [];
afterAll(async () => {
  const [{ agentItem }, { signInItem }, { DeleteCommand }, { db }, { config }] = await Promise.all([
    import('../../functions/lib/agents.js'),
    import('../../functions/sessions/signIn.js'),
    import('@aws-sdk/lib-dynamodb'),
    import('../../functions/lib/table.js'),
    import('../../functions/lib/config.js'),
  ]);
  for (const record of created) {
    for (const { pk, sk } of [agentItem(record), signInItem(record, '')]) {
      await db().send(new DeleteCommand({ TableName: config.tableName, Key: { pk, sk } }));
    }
  }
});

async function setActive(agent: AgentRecord, active: boolean): Promise<void> {
  const [{ agentItem }, { putItem }] = await Promise.all([import('../../functions/lib/agents.js'), import('../../functions/lib/table.js')]);
  await putItem(agentItem({ ...agent, active }));
}

const login = (email: string, password = DEMO_PASSWORD, headers: Record<string, string> = {}, remember = false) =>
  anon.post('/agent_sessions/login_jwt', { agent: { email, password, remember_me: remember } }, headers);
const refresh = (token: string) => anon.post('/agent_sessions/refresh', { refresh_token: token });
const statuses = (answers: ApiResponse[]) => answers.map((a) => a.status);
const count = (list: number[], status: number) => list.filter((s) => s === status).length;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type Frame = SseFrame;

/** Reads SSE frames until `until` holds, the stream ends, or the time runs out; `ended` says which. */
async function readStream(
  headers: Record<string, string>,
  until: (frames: Frame[]) => boolean,
  ms: number,
  path = '/events?iam=main&v=2',
): Promise<{ status: number; frames: Frame[]; ended: boolean }> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), ms);
  const frames: Frame[] = [];
  let ended = false;
  let status = 0;
  try {
    const res = await fetch(`${baseUrl}${path}`, { headers, signal: controller.signal });
    status = res.status;
    if (status !== 200) return { status, frames, ended: true };
    if (!until(frames)) {
      ended =
        (await readFrames(res.body!, (frame) => {
          frames.push(frame);
          return until(frames);
        })) === 'ended';
    }
  } catch (err) {
    if ((err as Error).name !== 'AbortError') throw err;
  } finally {
    clearTimeout(timer);
    controller.abort();
  }
  return { status, frames, ended };
}

/** A settings change at the north store: an event every agent there hears. */
async function publishNorthEvent(): Promise<void> {
  const manager = api(baseUrl, await signIn(baseUrl, 'manager@demo.example'));
  const res = await manager.post('/api/locations/loc_demo_north/csi_settings', { csi_settings: { enabled: Math.random() < 0.5 } });
  expect(res.status).toBe(200);
}

async function ticketFor(token: string): Promise<string> {
  const res = await api(baseUrl, token).post('/api/notifications/tickets', {});
  expect(res.status).toBe(201);
  return res.body.ticket as string;
}

describe('sign-in lockout under parallel guesses', () => {
  it('checks at most five of 100 wrong passwords sent at once and refuses the rest with 429', async () => {
    const agent = await newAgent();
    const answers = await Promise.all(Array.from({ length: 100 }, (_, i) => login(agent.email, `wrong-password-${i}`)));
    const codes = statuses(answers);
    expect(count(codes, 401)).toBeGreaterThanOrEqual(1);
    expect(count(codes, 401)).toBeLessThanOrEqual(5);
    expect(count(codes, 429)).toBe(100 - count(codes, 401));
    expect(answers.find((a) => a.status === 429)?.body.error.id).toBe('account_locked');
    // Locked: even the right password is refused now.
    expect((await login(agent.email)).status).toBe(429);
  }, 120_000);

  it('leaves the client locked out when the right password races 30 wrong ones from it', async () => {
    const agent = await newAgent();
    const wrong = Array.from({ length: 30 }, (_, i) => login(agent.email, `wrong-password-${i}`));
    const right = login(agent.email);
    const [rightAnswer] = await Promise.all([right, ...wrong]);
    expect([200, 429]).toContain(rightAnswer.status);
    const after = await login(agent.email);
    expect(after.status).toBe(429);
    expect(after.body.error.id).toBe('account_locked');
  }, 60_000);

  it('forgets a count left by attempts older than the lockout window (a crashed attempt cannot lock for ever)', async () => {
    const agent = await newAgent();
    const client = { 'x-forwarded-for': '198.51.100.61' };
    const { updateItem } = await import('../../functions/lib/table.js');
    const { keys } = await import('../../functions/lib/keys.js');
    const setCount = (lastAttemptAt: number) =>
      updateItem({
        Key: signInKeys.signInClient(agent.email, '198.51.100.61'),
        UpdateExpression:
          'SET failed_attempts = :five, attempt_seq = :five, cleared_seq = :zero, window_started_at = :at, last_attempt_at = :at, locked_until = :none',
        ExpressionAttributeValues: { ':five': 5, ':zero': 0, ':at': lastAttemptAt, ':none': null },
      });
    // Five attempts counted a minute ago and never settled: still refused.
    await setCount(Date.now() - 60_000);
    expect((await login(agent.email, DEMO_PASSWORD, client)).status).toBe(429);
    // The same, sixteen minutes ago: a fresh start.
    await setCount(Date.now() - 16 * 60_000);
    expect((await login(agent.email, DEMO_PASSWORD, client)).status).toBe(200);
  });

  it('still clears earlier failures after a right password when attempts come one by one', async () => {
    const agent = await newAgent();
    for (let i = 0; i < 4; i += 1) expect((await login(agent.email, `wrong-${i}-password`)).status).toBe(401);
    expect((await login(agent.email)).status).toBe(200);
    for (let i = 0; i < 4; i += 1) expect((await login(agent.email, `wrong-${i}-again`)).status).toBe(401);
    expect((await login(agent.email)).status).toBe(200);
  });
});

describe('lockout per client, and of the account only by many clients', () => {
  const from = (address: string) => ({ 'x-forwarded-for': address });

  it("locks out the client that typed five wrong passwords, not a colleague's own sign-in from another client", async () => {
    const agent = await newAgent();
    const a = from('198.51.100.41');
    const b = from('198.51.100.42');
    for (let i = 0; i < 5; i += 1) expect((await login(agent.email, `wrong-${i}-password`, a)).status).toBe(401);
    const lockedOut = await login(agent.email, DEMO_PASSWORD, a);
    expect(lockedOut.status).toBe(429);
    expect(lockedOut.body.error).toMatchObject({ id: 'account_locked', message: 'Too many failed sign-in attempts. Try again in 15 minutes.' });
    expect(lockedOut.body.error.retry_after_seconds).toBeGreaterThan(800);
    // The agent at their own desk signs in; a wrong password there is their own first failure.
    expect((await login(agent.email, DEMO_PASSWORD, b)).status).toBe(200);
    expect((await login(agent.email, 'wrong-at-own-desk', b)).status).toBe(401);
    expect((await login(agent.email, DEMO_PASSWORD, b)).status).toBe(200);
    // A is still out.
    expect((await login(agent.email, DEMO_PASSWORD, a)).status).toBe(429);
  }, 60_000);

  it('locks out a whole IPv6 /64, however many of its addresses guess', async () => {
    const agent = await newAgent();
    for (let i = 0; i < 5; i += 1) expect((await login(agent.email, `wrong-${i}-password`, from(`2001:db8:7:7::${i + 1}`))).status).toBe(401);
    expect((await login(agent.email, DEMO_PASSWORD, from('2001:db8:7:7::99'))).status).toBe(429);
    expect((await login(agent.email, DEMO_PASSWORD, from('2001:db8:7:8::1'))).status).toBe(200);
  }, 60_000);

  it('locks the account for every client once failures are many and come from many clients', async () => {
    const { ACCOUNT_LOCK_CLIENTS, ACCOUNT_LOCK_FAILURES, MAX_FAILED_ATTEMPTS } = await import('../../functions/sessions/signIn.js');
    const agent = await newAgent();
    const guessFrom = (client: number) =>
      (async () => {
        for (let i = 0; i < MAX_FAILED_ATTEMPTS; i += 1) expect((await login(agent.email, `guess-${client}-${i}`, from(`203.0.113.${client}`))).status).toBe(401);
      })();
    const clients = Math.max(ACCOUNT_LOCK_CLIENTS, Math.ceil(ACCOUNT_LOCK_FAILURES / MAX_FAILED_ATTEMPTS));
    // Far more than one person typing a colleague's e-mail could reach.
    expect(clients).toBeGreaterThanOrEqual(10);
    // One client short of the lock: the agent still signs in from a client that never failed.
    await Promise.all(Array.from({ length: clients - 1 }, (_, i) => guessFrom(i + 1)));
    expect((await login(agent.email, DEMO_PASSWORD, from('198.51.100.51'))).status).toBe(200);
    await guessFrom(clients);
    const locked = await login(agent.email, DEMO_PASSWORD, from('198.51.100.52'));
    expect(locked.status).toBe(429);
    expect(locked.body.error).toMatchObject({ id: 'account_locked', message: 'Too many failed sign-in attempts. Try again in 15 minutes.' });
  }, 120_000);
});

describe('event streams end with their session', () => {
  it('closes an open stream soon after sign-out and delivers nothing published after it', async () => {
    const agent = await newAgent();
    const token = await signIn(baseUrl, agent.email);
    const ticket = await ticketFor(token);
    const reading = readStream({ authorization: `Bearer ${ticket}` }, () => false, 20_000);
    await sleep(1000);
    const out = await api(baseUrl, token).del('/agent_sessions/logout_jwt');
    expect(out.status).toBe(204);
    const loggedOutAt = Date.now();
    const publishing = (async () => {
      for (let i = 0; i < 4; i += 1) {
        await sleep(3000);
        await publishNorthEvent();
      }
    })();
    const { frames, ended } = await reading;
    await publishing;
    expect(frames[0]?.event).toBe('ready');
    expect(ended).toBe(true);
    const last = frames[frames.length - 1]!;
    expect(last.at - loggedOutAt).toBeLessThan(8000);
    // The stream was gone before the third event went out.
    expect(frames.filter((f) => f.event === 'settings_updated').length).toBeLessThanOrEqual(1);
  });

  it('refuses a ticket issued before sign-out', async () => {
    const agent = await newAgent();
    const token = await signIn(baseUrl, agent.email);
    const ticket = await ticketFor(token);
    expect((await api(baseUrl, token).del('/agent_sessions/logout_jwt')).status).toBe(204);
    const { status } = await readStream({ authorization: `Bearer ${ticket}` }, () => true, 5000);
    expect(status).toBe(401);
  });

  it('refuses a ticket issued before a password reset', async () => {
    const agent = await newAgent();
    const token = await signIn(baseUrl, agent.email);
    const ticket = await ticketFor(token);
    expect((await anon.post('/password_reset_request', { agent: { email: agent.email } }, { 'x-forwarded-for': '198.51.100.21' })).status).toBe(200);
    const mail = (await mailbox(carrierUrl, agent.email))[0]!;
    const resetToken = new URL(/(https?:\/\/\S+)/.exec(mail.text)![1]!).searchParams.get('token');
    const reset = await anon.post('/password_reset', { agent: { token: resetToken, password: DEMO_PASSWORD, password_confirmation: DEMO_PASSWORD } });
    expect(reset.status).toBe(200);
    const { status } = await readStream({ authorization: `Bearer ${ticket}` }, () => true, 5000);
    expect(status).toBe(401);
  });
});

describe('GET /events tickets', () => {
  it('takes the ticket only from the Authorization header, never from the query string', async () => {
    const agent = await newAgent();
    const ticket = await ticketFor(await signIn(baseUrl, agent.email));
    const inQuery = await readStream({}, () => true, 5000, `/events?iam=main&v=2&ticket=${ticket}`);
    expect(inQuery.status).toBe(401);
    const inHeader = await readStream({ authorization: `Bearer ${ticket}` }, (frames) => frames.length > 0, 5000);
    expect(inHeader.status).toBe(200);
    expect(inHeader.frames[0]?.event).toBe('ready');
  });

  it('answers 401 invalid_ticket to an over-long or malformed ticket, in the query or the header', async () => {
    const long = 'x'.repeat(5000);
    const cases = [
      fetch(`${baseUrl}/events?iam=main&v=2&ticket=${long}`),
      fetch(`${baseUrl}/events?iam=main&v=2`, { headers: { authorization: `Bearer ${long}` } }),
      fetch(`${baseUrl}/events?iam=main&v=2`, { headers: { authorization: 'Bearer not a ticket' } }),
      fetch(`${baseUrl}/events?iam=main&v=2`, { headers: { authorization: `Bearer ${'é'.repeat(40)}` } }),
    ];
    for (const res of await Promise.all(cases)) {
      expect(res.status).toBe(401);
      expect((await res.json()).error.id).toBe('invalid_ticket');
    }
  });
});

describe('resuming an event stream (Last-Event-ID)', () => {
  it('replays from a recent resume point, but not from an ancient one, which starts fresh and reports a gap', async () => {
    const { cursorAt } = await import('../../functions/lib/realtime.js');
    const agent = await newAgent();
    const token = await signIn(baseUrl, agent.email);
    const before = Date.now() - 30_000;
    await publishNorthEvent();

    const recent = await readStream(
      { authorization: `Bearer ${await ticketFor(token)}`, 'last-event-id': cursorAt(before) },
      (frames) => frames.some((f) => f.event === 'settings_updated'),
      8000,
    );
    expect(recent.frames[0]?.data.gap).toBe(false);
    expect(recent.frames.some((f) => f.event === 'settings_updated')).toBe(true);

    const ancient = await readStream({ authorization: `Bearer ${await ticketFor(token)}`, 'last-event-id': '0'.repeat(26) }, () => false, 3000);
    expect(ancient.frames[0]?.event).toBe('ready');
    expect(ancient.frames[0]?.data.gap).toBe(true);
    expect(ancient.frames.some((f) => f.event === 'settings_updated')).toBe(false);

    const invalid = await readStream({ authorization: `Bearer ${await ticketFor(token)}`, 'last-event-id': 'not-an-event-id' }, (f) => f.length > 0, 3000);
    expect(invalid.frames[0]?.data.gap).toBe(true);
  });
});

describe('refresh tokens rotate on use', () => {
  it('answers a new refresh token each time; the replaced one stops working, and reusing it later ends the session', async () => {
    const agent = await newAgent();
    const first = (await login(agent.email, DEMO_PASSWORD, {}, true)).body.agent;
    const second = await refresh(first.refresh_token);
    expect(second.status).toBe(200);
    expect(second.body.agent.refresh_token).not.toBe(first.refresh_token);
    // The token just replaced: refused, but the session goes on (two tabs refreshing at once).
    expect((await refresh(first.refresh_token)).status).toBe(401);
    const third = await refresh(second.body.agent.refresh_token);
    expect(third.status).toBe(200);
    expect((await api(baseUrl, third.body.agent.access_token).get('/api/agents/me')).status).toBe(200);

    // A token two rotations old comes back: it was copied. The whole session ends.
    const reuse = await refresh(first.refresh_token);
    expect(reuse.status).toBe(401);
    expect(reuse.body.error.id).toBe('invalid_refresh_token');
    expect((await refresh(third.body.agent.refresh_token)).status).toBe(401);
    const me = await api(baseUrl, third.body.agent.access_token).get('/api/agents/me');
    expect(me.status).toBe(401);
    expect(me.body.error.id).toBe('token_expired');
  });

  it('lets exactly one of 20 parallel refreshes with one token succeed, and the winner’s tokens keep working', async () => {
    const agent = await newAgent();
    const tokens = (await login(agent.email, DEMO_PASSWORD, {}, true)).body.agent;
    const answers = await Promise.all(Array.from({ length: 20 }, () => refresh(tokens.refresh_token)));
    expect(count(statuses(answers), 200)).toBe(1);
    expect(count(statuses(answers), 401)).toBe(19);
    const winner = answers.find((a) => a.status === 200)!.body.agent;
    expect((await api(baseUrl, winner.access_token).get('/api/agents/me')).status).toBe(200);
    expect((await refresh(winner.refresh_token)).status).toBe(200);
  });

  it('never moves the end of a remembered session: 30 days after sign-in, however often refreshed', async () => {
    const agent = await newAgent();
    const signedIn = (await login(agent.email, DEMO_PASSWORD, {}, true)).body.agent;
    const end = Date.parse(signedIn.expires_at);
    expect(end - Date.now()).toBeGreaterThan(29.9 * 24 * 3600 * 1000);
    expect(end - Date.now()).toBeLessThanOrEqual(30 * 24 * 3600 * 1000);
    let current = signedIn.refresh_token as string;
    for (let i = 0; i < 3; i += 1) {
      await sleep(1100);
      const next = await refresh(current);
      expect(next.status).toBe(200);
      expect(Date.parse(next.body.agent.expires_at)).toBe(end);
      current = next.body.agent.refresh_token;
    }
  });

  it('ends the event stream of a session whose refresh token was reused', async () => {
    const agent = await newAgent();
    const tokens = (await login(agent.email, DEMO_PASSWORD, {}, true)).body.agent;
    const ticket = await ticketFor(tokens.access_token);
    const reading = readStream({ authorization: `Bearer ${ticket}` }, () => false, 20_000);
    const r1 = (await refresh(tokens.refresh_token)).body.agent.refresh_token;
    expect((await refresh(r1)).status).toBe(200);
    const reusedAt = Date.now();
    expect((await refresh(tokens.refresh_token)).status).toBe(401);
    const { ended, frames } = await reading;
    expect(ended).toBe(true);
    expect(frames[frames.length - 1]!.at - reusedAt).toBeLessThan(8000);
  });
});

describe('the IP allow-list on every request', () => {
  it('refuses an agent’s requests from outside their location’s list, not only their sign-in; admins stay exempt', async () => {
    const agent = await newAgent({ location: 'loc_demo_south' });
    const token = await signIn(baseUrl, agent.email);
    const admin = api(baseUrl, await signIn(baseUrl, 'admin@demo.example'));
    expect((await admin.put('/api/locations/loc_demo_south', { location: { ip_allowlist: ['10.9.9.0/24'] } })).status).toBe(200);
    try {
      const outside = await api(baseUrl, token).get('/api/agents/me', { 'x-forwarded-for': '203.0.113.5' });
      expect(outside.status).toBe(403);
      expect(outside.body.error).toEqual({
        id: 'ip_not_allowed',
        message: 'Logging in from your location is not permitted. Please contact your Service Manager for details.',
      });
      expect((await api(baseUrl, token).get('/api/agents/me', { 'x-forwarded-for': '10.9.9.7' })).status).toBe(200);
      expect((await admin.get('/api/agents/me', { 'x-forwarded-for': '203.0.113.5' })).status).toBe(200);
    } finally {
      await admin.put('/api/locations/loc_demo_south', { location: { ip_allowlist: [] } });
    }
    expect((await api(baseUrl, token).get('/api/agents/me', { 'x-forwarded-for': '203.0.113.5' })).status).toBe(200);
  });
});

describe('inactive agents', () => {
  it('refuses viewing as an inactive agent', async () => {
    const former = await newAgent({ active: false });
    const manager = api(baseUrl, await signIn(baseUrl, 'manager@demo.example'));
    const res = await manager.post('/agent_sessions/impersonate', { impersonate_agent_id: former.id });
    expect(res.status).toBe(403);
    expect(res.body.error.message).toBe('You cannot view as an inactive agent');
    expect((await manager.get('/api/agents/me')).body.impersonated_agent).toBeNull();
  });

  it('falls back to the manager’s own identity when the agent viewed as becomes inactive', async () => {
    const advisor = await newAgent();
    const manager = api(baseUrl, await signIn(baseUrl, 'manager@demo.example'));
    const on = await manager.post('/agent_sessions/impersonate', { impersonate_agent_id: advisor.id });
    expect(on.status).toBe(200);
    expect((await manager.get('/api/agents/me')).body.impersonated_agent.id).toBe(advisor.id);
    await setActive(advisor, false);
    const me = await manager.get('/api/agents/me');
    expect(me.status).toBe(200);
    expect(me.body.impersonated_agent).toBeNull();
    expect(me.body.agent.email).toBe('manager@demo.example');
  });

  it('refuses a password reset of an inactive agent before the password changes or the link is used', async () => {
    const agent = await newAgent();
    expect((await anon.post('/password_reset_request', { agent: { email: agent.email } }, { 'x-forwarded-for': '198.51.100.22' })).status).toBe(200);
    const mail = (await mailbox(carrierUrl, agent.email))[0]!;
    const resetToken = new URL(/(https?:\/\/\S+)/.exec(mail.text)![1]!).searchParams.get('token');
    await setActive(agent, false);
    const body = { agent: { token: resetToken, password: 'a-new-password', password_confirmation: 'a-new-password' } };
    const refused = await anon.post('/password_reset', body);
    expect(refused.status).toBe(403);
    expect(refused.body.error.id).toBe('inactive');
    await setActive(agent, true);
    // The old password still works and the link is still unused.
    expect((await login(agent.email)).status).toBe(200);
    expect((await anon.post('/password_reset', body)).status).toBe(200);
    expect((await login(agent.email, 'a-new-password')).status).toBe(200);
  });
});

describe('password reset e-mail throttle', () => {
  it('sends at most 3 e-mails per address in 15 minutes, answering every request the same', async () => {
    const agent = await newAgent();
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        anon.post('/password_reset_request', { agent: { email: agent.email } }, { 'x-forwarded-for': `198.51.100.${100 + i}` }),
      ),
    );
    for (const res of answers) {
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ message: 'Email is on its way!' });
    }
    expect(await mailbox(carrierUrl, agent.email)).toHaveLength(3);
  });

  it('answers 429 to a client past 10 requests in 15 minutes, whatever addresses it asks for', async () => {
    await clearOfWindowEnd(RESET_WINDOW_SECONDS, 15);
    const agent = await newAgent();
    const client = { 'x-forwarded-for': '198.51.100.77' };
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => anon.post('/password_reset_request', { agent: { email: agent.email } }, client)),
    );
    expect(count(statuses(answers), 200)).toBe(10);
    expect(count(statuses(answers), 429)).toBe(10);
    expect(answers.find((a) => a.status === 429)!.body.error.id).toBe('too_many_requests');
    expect(await mailbox(carrierUrl, agent.email)).toHaveLength(3);
  }, 60_000);
});

describe('where a stream starts (startingPoint)', () => {
  it('resumes from a valid id of the last minutes, in any letter case, and starts fresh with a gap otherwise', async () => {
    const { startingPoint, RESUME_WINDOW_MS } = await import('../../functions/events/stream.js');
    const { cursorAt } = await import('../../functions/lib/realtime.js');
    const now = Date.parse('2030-01-01T12:00:00Z');
    const recent = cursorAt(now - 60_000);
    expect(startingPoint(recent, now)).toEqual({ cursor: recent, gap: false, resumed: true });
    expect(startingPoint(recent.toLowerCase(), now)).toEqual({ cursor: recent, gap: false, resumed: true });
    expect(startingPoint(undefined, now)).toEqual({ cursor: cursorAt(now), gap: false, resumed: false });
    for (const refused of [cursorAt(now - RESUME_WINDOW_MS - 1000), '0'.repeat(26), cursorAt(now + 3_600_000), 'garbage', 'Z'.repeat(5000)]) {
      expect(startingPoint(refused, now)).toEqual({ cursor: cursorAt(now), gap: true, resumed: false });
    }
  });
});
