import { describe, expect, inject, it } from 'vitest';
import { api, mailbox, signIn } from '../support/api.js';

const baseUrl = inject('baseUrl');
const carrierUrl = inject('carrierUrl');
const anon = api(baseUrl);

async function post(path: string, body: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  let json: unknown = null;
  try {
    json = JSON.parse(text);
  } catch {
    json = null;
  }
  return { status: res.status, text, body: json as Record<string, any> };
}

function linkFrom(text: string): URL {
  const match = /(https?:\/\/\S+)/.exec(text);
  if (!match?.[1]) throw new Error(`no link in mail: ${text}`);
  return new URL(match[1]);
}

describe('POST /agent_sessions/login_probe', () => {
  it('answers password for a known agent, with the e-mail trimmed and lowercased', async () => {
    const res = await post('/agent_sessions/login_probe', { agent: { email: '  ADVISOR@Demo.Example ' } });
    expect(res.status).toBe(200);
    expect(res.text).toBe('password');
  });

  it('answers 404 User Not Found for an unknown e-mail', async () => {
    const res = await post('/agent_sessions/login_probe', { agent: { email: 'nobody@demo.example' } });
    expect(res.status).toBe(404);
    expect(res.body.error).toEqual({ id: 'user_not_found', message: 'User Not Found' });
  });
});

describe('POST /agent_sessions/login_jwt', () => {
  it('signs in with the right password and gives access and refresh tokens', async () => {
    // Prepare / act
    const res = await post('/agent_sessions/login_jwt', { agent: { email: 'Advisor@demo.example ', password: 'demo-dealer' } });
    // Assess
    expect(res.status).toBe(200);
    expect(res.body.agent.access_token).toMatch(/^ey/);
    expect(res.body.agent.refresh_token).toContain('.');
    const me = await api(baseUrl, res.body.agent.access_token).get('/api/agents/me');
    expect(me.status).toBe(200);
    expect(me.body.agent.email).toBe('advisor@demo.example');
  });

  it('refuses empty credentials with Provide credentials', async () => {
    const res = await post('/agent_sessions/login_jwt', { agent: { email: '  ', password: '' } });
    expect(res.status).toBe(422);
    expect(res.body.errors.map((e: { message: string }) => e.message)).toContain('Provide credentials');
  });

  it('refuses a wrong password and an unknown e-mail with the same text', async () => {
    const wrong = await post('/agent_sessions/login_jwt', { agent: { email: 'advisor@demo.example', password: 'nope-nope' } });
    const unknown = await post('/agent_sessions/login_jwt', { agent: { email: 'ghost@demo.example', password: 'nope-nope' } });
    for (const res of [wrong, unknown]) {
      expect(res.status).toBe(401);
      expect(res.body.error).toEqual({
        id: 'bad_credentials',
        message: 'Wrong username or password. Click here if you forgot your password.',
      });
    }
  });

  it('refuses an inactive agent with the inactive-account text', async () => {
    const res = await post('/agent_sessions/login_jwt', { agent: { email: 'former@demo.example', password: 'demo-dealer' } });
    expect(res.status).toBe(403);
    expect(res.body.error).toEqual({
      id: 'inactive',
      message: 'Your account is inactive. Please contact your administrator for details.',
    });
  });

  it('answers malformed JSON with a clear 4xx, not a crash', async () => {
    const res = await fetch(`${baseUrl}/agent_sessions/login_jwt`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"agent":',
    });
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual({ errors: [{ message: 'The request body is not valid JSON' }] });
  });
});

describe('lockout after repeated failures, lifted by a password reset', () => {
  it('locks the fifth failure in a row, then refuses even the right password; a reset unlocks', async () => {
    const email = 'inventory@demo.example';
    for (let i = 0; i < 5; i += 1) {
      const res = await post('/agent_sessions/login_jwt', { agent: { email, password: `wrong-${i}-password` } });
      expect(res.status).toBe(401);
    }
    const locked = await post('/agent_sessions/login_jwt', { agent: { email, password: 'demo-dealer' } });
    expect(locked.status).toBe(429);
    expect(locked.body.error.id).toBe('account_locked');
    expect(locked.body.error.message).toBe('Too many failed sign-in attempts. Try again in 15 minutes.');
    expect(locked.body.error.retry_after_seconds).toBeGreaterThan(800);

    const requested = await post('/password_reset_request', { agent: { email } });
    expect(requested.status).toBe(200);
    const mails = await mailbox(carrierUrl, email);
    const link = linkFrom(mails[0]!.text);
    expect(link.pathname).toBe('/app/password_reset');
    const reset = await post('/password_reset', {
      agent: { token: link.searchParams.get('token'), password: 'demo-dealer', password_confirmation: 'demo-dealer' },
    });
    expect(reset.status).toBe(200);
    expect(reset.body.agent.access_token).toMatch(/^ey/);

    const again = await post('/agent_sessions/login_jwt', { agent: { email, password: 'demo-dealer' } });
    expect(again.status).toBe(200);
  });
});

describe('IP allow-list per location', () => {
  it('refuses sign-in from outside the list with ip_not_allowed, allows inside, never locks out admins', async () => {
    const admin = api(baseUrl, await signIn(baseUrl, 'admin@demo.example'));
    const set = await admin.put('/api/locations/loc_demo_north', { location: { ip_allowlist: ['10.9.9.0/24'] } });
    expect(set.status).toBe(200);
    try {
      const outside = await post(
        '/agent_sessions/login_jwt',
        { agent: { email: 'chat@demo.example', password: 'demo-dealer' } },
        { 'x-forwarded-for': '203.0.113.5' },
      );
      expect(outside.status).toBe(403);
      expect(outside.body.error).toEqual({
        id: 'ip_not_allowed',
        message: 'Logging in from your location is not permitted. Please contact your Service Manager for details.',
      });
      const inside = await post(
        '/agent_sessions/login_jwt',
        { agent: { email: 'chat@demo.example', password: 'demo-dealer' } },
        { 'x-forwarded-for': '10.9.9.7' },
      );
      expect(inside.status).toBe(200);
      const adminOutside = await post(
        '/agent_sessions/login_jwt',
        { agent: { email: 'admin@demo.example', password: 'demo-dealer' } },
        { 'x-forwarded-for': '203.0.113.5' },
      );
      expect(adminOutside.status).toBe(200);
    } finally {
      await admin.put('/api/locations/loc_demo_north', { location: { ip_allowlist: [] } });
    }
  });
});

describe('session refresh and sign-out', () => {
  it('refreshes with the refresh token, and sign-out ends both tokens at once', async () => {
    const login = await post('/agent_sessions/login_jwt', { agent: { email: 'hr@demo.example', password: 'demo-dealer', remember_me: true } });
    const { access_token, refresh_token } = login.body.agent;
    const refreshed = await post('/agent_sessions/refresh', { refresh_token });
    expect(refreshed.status).toBe(200);
    expect(refreshed.body.agent.access_token).toMatch(/^ey/);
    expect(Date.parse(refreshed.body.agent.expires_at) - Date.now()).toBeGreaterThan(29 * 24 * 3600 * 1000);

    const out = await api(baseUrl, access_token).del('/agent_sessions/logout_jwt');
    expect(out.status).toBe(204);
    const after = await api(baseUrl, access_token).get('/api/agents/me');
    expect(after.status).toBe(401);
    expect(after.body.error.id).toBe('token_expired');
    const refreshAfter = await post('/agent_sessions/refresh', { refresh_token });
    expect(refreshAfter.status).toBe(401);
  });

  it('refuses a forged refresh token', async () => {
    const res = await post('/agent_sessions/refresh', { refresh_token: 'not-a-session.secret' });
    expect(res.status).toBe(401);
  });

  it('answers 401 without a token and Invalid agent ID. for a forged one', async () => {
    expect((await anon.get('/api/agents/me')).status).toBe(401);
    const forged = await api(baseUrl, 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.AAAA').get('/api/agents/me');
    expect(forged.status).toBe(401);
    expect(forged.body.error).toEqual({ id: 'invalid_token', message: 'Invalid agent ID.' });
  });
});

describe('password reset', () => {
  it('validates the address of the request', async () => {
    const res = await post('/password_reset_request', { agent: { email: 'not-an-address' } });
    expect(res.status).toBe(422);
    expect(res.body.errors[0].message).toBe('Please enter valid email address.');
  });

  it('answers an unknown address like a known one and sends nothing', async () => {
    const res = await post('/password_reset_request', { agent: { email: 'stranger@nowhere.example' } });
    expect(res.status).toBe(200);
    expect(await mailbox(carrierUrl, 'stranger@nowhere.example')).toHaveLength(0);
  });

  it('needs the token, a password of 8 or more and a matching confirmation', async () => {
    const missing = await post('/password_reset', { agent: { token: '', password: 'long-enough', password_confirmation: 'long-enough' } });
    expect(missing.status).toBe(422);
    expect(missing.body.errors.map((e: { message: string }) => e.message)).toContain('Missing token');
    const short = await post('/password_reset', { agent: { token: 't', password: 'short', password_confirmation: 'short' } });
    expect(short.body.errors.map((e: { message: string }) => e.message)).toContain('Password is too short (minimum is 8 characters)');
    const blank = await post('/password_reset', { agent: { token: 't', password: '', password_confirmation: '' } });
    expect(blank.body.errors.map((e: { message: string }) => e.message)).toContain("Password can't be blank");
    const mismatch = await post('/password_reset', { agent: { token: 't', password: 'long-enough', password_confirmation: 'long-enougH' } });
    expect(mismatch.body.errors.map((e: { message: string }) => e.message)).toContain("Password confirmation doesn't match Password");
  });

  it('ends every other session of the agent when the password changes', async () => {
    const email = 'appointments@demo.example';
    const before = await signIn(baseUrl, email);
    expect((await api(baseUrl, before).get('/api/agents/me')).status).toBe(200);
    await post('/password_reset_request', { agent: { email } });
    const token = linkFrom((await mailbox(carrierUrl, email))[0]!.text).searchParams.get('token');
    const reset = await post('/password_reset', { agent: { token, password: 'demo-dealer', password_confirmation: 'demo-dealer' } });
    expect(reset.status).toBe(200);
    expect((await api(baseUrl, before).get('/api/agents/me')).status).toBe(401);
    expect((await api(baseUrl, reset.body.agent.access_token).get('/api/agents/me')).status).toBe(200);
  });

  it('refuses an unknown token and a used one', async () => {
    const email = 'appointments@demo.example';
    await post('/password_reset_request', { agent: { email } });
    const token = linkFrom((await mailbox(carrierUrl, email))[0]!.text).searchParams.get('token');
    const first = await post('/password_reset', { agent: { token, password: 'demo-dealer', password_confirmation: 'demo-dealer' } });
    expect(first.status).toBe(200);
    const second = await post('/password_reset', { agent: { token, password: 'demo-dealer', password_confirmation: 'demo-dealer' } });
    expect(second.status).toBe(422);
    expect(second.body.error.id).toBe('invalid_token');
    const bogus = await post('/password_reset', { agent: { token: 'bogus', password: 'demo-dealer', password_confirmation: 'demo-dealer' } });
    expect(bogus.body.error.message).toBe('This password reset link is invalid or has expired.');
  });
});

describe('magic sign-in links', () => {
  it('lets a manager send one, which signs the agent in once', async () => {
    const manager = api(baseUrl, await signIn(baseUrl, 'manager@demo.example'));
    const me = await api(baseUrl, await signIn(baseUrl, 'chat@demo.example')).get('/api/agents/me');
    const sent = await manager.post(`/api/agents/${me.body.agent.id}/magic_link`, {});
    expect(sent.status).toBe(201);
    expect(sent.body.magic_link.sent_to).toBe('chat@demo.example');
    const link = linkFrom((await mailbox(carrierUrl, 'chat@demo.example'))[0]!.text);
    expect(link.pathname).toBe('/app/magicLogin');
    const body = { agent: { email: link.searchParams.get('email'), token: link.searchParams.get('token') } };
    const wrongEmail = await post('/magic_sessions', { agent: { ...body.agent, email: 'hr@demo.example' } });
    expect(wrongEmail.status).toBe(401);
    const used = await post('/magic_sessions', body);
    expect(used.status).toBe(200);
    expect(used.body.agent.access_token).toMatch(/^ey/);
    const again = await post('/magic_sessions', body);
    expect(again.status).toBe(401);
    expect(again.body.error.id).toBe('invalid_magic_link');
  });

  it('is refused to advisors and across companies', async () => {
    const advisor = api(baseUrl, await signIn(baseUrl, 'advisor@demo.example'));
    const rival = api(baseUrl, await signIn(baseUrl, 'rival@demo.example'));
    const target = (await advisor.get('/api/agents/me')).body.agent.id;
    expect((await advisor.post(`/api/agents/${target}/magic_link`, {})).status).toBe(403);
    expect((await rival.post(`/api/agents/${target}/magic_link`, {})).status).toBe(404);
  });
});

describe('impersonation', () => {
  it('lets a manager view as an advisor and turn it off by choosing themself', async () => {
    const manager = api(baseUrl, await signIn(baseUrl, 'manager@demo.example'));
    const managerId = (await manager.get('/api/agents/me')).body.agent.id;
    const list = await manager.get('/api/agents/colleagues/impersonatable');
    const emails = list.body.colleagues.map((c: { email: string }) => c.email);
    expect(emails).toContain('advisor@demo.example');
    expect(emails).toContain('manager@demo.example');
    expect(emails).not.toContain('admin@demo.example');
    expect(emails).not.toContain('inventory@demo.example'); // another location
    const advisorId = list.body.colleagues.find((c: { email: string }) => c.email === 'advisor@demo.example').id;

    const on = await manager.post('/agent_sessions/impersonate', { impersonate_agent_id: advisorId });
    expect(on.status).toBe(200);
    expect(on.body.impersonated_agent.email).toBe('advisor@demo.example');
    expect((await manager.get('/api/agents/me')).body.impersonated_agent.id).toBe(advisorId);

    const off = await manager.post('/agent_sessions/impersonate', { impersonate_agent_id: managerId });
    expect(off.body.impersonated_agent).toBeNull();
    expect((await manager.get('/api/agents/me')).body.impersonated_agent).toBeNull();
  });

  it('refuses advisors, managers viewing as an admin, and agents of another company', async () => {
    const advisor = api(baseUrl, await signIn(baseUrl, 'advisor@demo.example'));
    const manager = api(baseUrl, await signIn(baseUrl, 'manager@demo.example'));
    const rival = api(baseUrl, await signIn(baseUrl, 'rival@demo.example'));
    const adminId = (await api(baseUrl, await signIn(baseUrl, 'admin@demo.example')).get('/api/agents/me')).body.agent.id;
    const managerId = (await manager.get('/api/agents/me')).body.agent.id;
    expect((await advisor.post('/agent_sessions/impersonate', { impersonate_agent_id: managerId })).status).toBe(403);
    expect((await manager.post('/agent_sessions/impersonate', { impersonate_agent_id: adminId })).status).toBe(403);
    expect((await rival.post('/agent_sessions/impersonate', { impersonate_agent_id: managerId })).status).toBe(404);
  });
});
