import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import type { SessionTokens } from '../../shared/api.js';
import { ApiError, MAX_CONCURRENT_REQUESTS, createApiClient, type TokenStore } from '../../web/src/lib/request.js';

interface Call {
  url: string;
  init: RequestInit;
}

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

function memoryTokens(access: string | null, refresh: string | null = 'sess.secret'): TokenStore & { saved: SessionTokens[] } {
  const state = { access, refresh };
  const saved: SessionTokens[] = [];
  return {
    saved,
    access: () => state.access,
    refresh: () => state.refresh,
    save(tokens) {
      saved.push(tokens);
      state.access = tokens.access_token;
      state.refresh = tokens.refresh_token;
    },
  };
}

async function tokenExpiringIn(seconds: number, email = 'advisor@demo.example'): Promise<string> {
  return new SignJWT({ agent_email: email })
    .setProtectedHeader({ alg: 'HS256' })
    .setExpirationTime(Math.floor(Date.now() / 1000) + seconds)
    .sign(new TextEncoder().encode('test-secret'));
}

function headersOf(call: Call): Headers {
  return new Headers(call.init.headers);
}

describe('createApiClient', () => {
  it(`never has more than ${MAX_CONCURRENT_REQUESTS} requests in flight, and uses all ${MAX_CONCURRENT_REQUESTS}`, async () => {
    let inFlight = 0;
    let most = 0;
    const client = createApiClient({
      tokens: memoryTokens(null),
      deviceId: () => 'device-1',
      fetch: async () => {
        inFlight++;
        most = Math.max(most, inFlight);
        await new Promise((resolve) => setTimeout(resolve, 5));
        inFlight--;
        return json(200, { ok: true });
      },
    });
    const answers = await Promise.all(Array.from({ length: 37 }, (_, i) => client.request<{ ok: boolean }>(`/api/things/${i}`)));
    expect(answers).toHaveLength(37);
    expect(answers.every((a) => a.ok)).toBe(true);
    expect(most).toBe(MAX_CONCURRENT_REQUESTS);
  });

  it('sends JSON with the bearer token and the browser id (X-OID)', async () => {
    const token = await tokenExpiringIn(3600);
    const calls: Call[] = [];
    const client = createApiClient({
      tokens: memoryTokens(token),
      deviceId: () => 'device-42',
      fetch: async (url, init) => {
        calls.push({ url: String(url), init: init ?? {} });
        return json(200, { agent: { id: 'agt_1' } });
      },
    });
    const answer = await client.request('/agent_sessions/impersonate', { method: 'POST', body: { impersonate_agent_id: null } });
    expect(answer).toEqual({ agent: { id: 'agt_1' } });
    const [call] = calls;
    expect(call?.init.method).toBe('POST');
    expect(call?.init.body).toBe('{"impersonate_agent_id":null}');
    const headers = headersOf(call!);
    expect(headers.get('authorization')).toBe(`Bearer ${token}`);
    expect(headers.get('x-oid')).toBe('device-42');
    expect(headers.get('content-type')).toBe('application/json');
  });

  it('sends a URLSearchParams body as a form, not as JSON (login_sso takes the partner answer as a form)', async () => {
    const calls: Call[] = [];
    const client = createApiClient({
      tokens: memoryTokens(null),
      deviceId: () => 'd',
      fetch: async (url, init) => {
        calls.push({ url: String(url), init: init ?? {} });
        return json(200, { ok: true });
      },
    });
    const form = new URLSearchParams({ id_token: 'a.b.c', scope: 'openid email' });
    await client.request('/agent_sessions/login_sso', { method: 'POST', body: form, auth: false });
    expect(calls[0]?.init.body).toBe('id_token=a.b.c&scope=openid+email');
    expect(headersOf(calls[0]!).get('content-type')).toBe('application/x-www-form-urlencoded');
  });

  it('sends no token when the caller says auth: false', async () => {
    const calls: Call[] = [];
    const client = createApiClient({
      tokens: memoryTokens(await tokenExpiringIn(3600)),
      deviceId: () => 'd',
      fetch: async (url, init) => {
        calls.push({ url: String(url), init: init ?? {} });
        return new Response('password', { status: 200, headers: { 'content-type': 'text/plain' } });
      },
    });
    const answer = await client.request('/agent_sessions/login_probe', { method: 'POST', body: { agent: { email: 'a@b.co' } }, auth: false });
    expect(answer).toBe('password');
    expect(headersOf(calls[0]!).get('authorization')).toBeNull();
  });

  it('refreshes an access token with less than five minutes left, once for many requests', async () => {
    const old = await tokenExpiringIn(120);
    const fresh = await tokenExpiringIn(3600);
    const tokens = memoryTokens(old, 'sess.secret');
    const calls: Call[] = [];
    const client = createApiClient({
      tokens,
      deviceId: () => 'd',
      fetch: async (url, init) => {
        calls.push({ url: String(url), init: init ?? {} });
        if (String(url) === '/agent_sessions/refresh') {
          return json(200, { agent: { access_token: fresh, refresh_token: 'sess.secret', expires_at: '2030-01-01T00:00:00Z' } });
        }
        return json(200, {});
      },
    });
    await Promise.all([client.request('/api/agents/me'), client.request('/api/locations'), client.request('/api/templates/me')]);
    const refreshes = calls.filter((c) => c.url === '/agent_sessions/refresh');
    expect(refreshes).toHaveLength(1);
    expect(refreshes[0]?.init.body).toBe('{"refresh_token":"sess.secret"}');
    expect(headersOf(refreshes[0]!).get('authorization')).toBeNull();
    const others = calls.filter((c) => c.url !== '/agent_sessions/refresh');
    expect(others.map((c) => headersOf(c).get('authorization'))).toEqual([`Bearer ${fresh}`, `Bearer ${fresh}`, `Bearer ${fresh}`]);
    expect(tokens.saved).toHaveLength(1);
  });

  it("hands a partner session's refreshed partner token to the store, which keeps the partner cookie current", async () => {
    const fresh = await tokenExpiringIn(3600);
    const tokens = memoryTokens(await tokenExpiringIn(60), 'sess.secret');
    const client = createApiClient({
      tokens,
      deviceId: () => 'd',
      fetch: async (url) =>
        String(url) === '/agent_sessions/refresh'
          ? json(200, { agent: { access_token: fresh, refresh_token: 'sess.next', expires_at: 'e', partner_refresh_token: 'partner.rotated' } })
          : json(200, {}),
    });
    await client.request('/api/agents/me');
    expect(tokens.saved).toEqual([{ access_token: fresh, refresh_token: 'sess.next', expires_at: 'e', partner_refresh_token: 'partner.rotated' }]);
  });

  it('ends the session, without sending the request, when the refresh token is refused', async () => {
    const calls: string[] = [];
    const client = createApiClient({
      tokens: memoryTokens(await tokenExpiringIn(60), 'sess.revoked'),
      deviceId: () => 'd',
      fetch: async (url) => {
        calls.push(String(url));
        return json(401, { error: { id: 'invalid_refresh_token', message: 'Your session has ended. Please sign in again.' } });
      },
    });
    const failure = (await client.request('/api/agents/me').catch((e: unknown) => e)) as ApiError;
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure.action).toEqual({ kind: 'inactive' });
    expect(calls).toEqual(['/agent_sessions/refresh']);
  });

  it('still sends the request with the current token when the refresh cannot reach the server', async () => {
    const token = await tokenExpiringIn(60);
    const calls: Call[] = [];
    const client = createApiClient({
      tokens: memoryTokens(token),
      deviceId: () => 'd',
      fetch: async (url, init) => {
        calls.push({ url: String(url), init: init ?? {} });
        if (String(url) === '/agent_sessions/refresh') throw new TypeError('Failed to fetch');
        return json(200, { ok: true });
      },
    });
    expect(await client.request('/api/agents/me')).toEqual({ ok: true });
    expect(headersOf(calls[1]!).get('authorization')).toBe(`Bearer ${token}`);
  });

  it('leaves a good token alone', async () => {
    const calls: string[] = [];
    const client = createApiClient({
      tokens: memoryTokens(await tokenExpiringIn(3600)),
      deviceId: () => 'd',
      fetch: async (url) => {
        calls.push(String(url));
        return json(200, {});
      },
    });
    await client.request('/api/agents/me');
    expect(calls).toEqual(['/api/agents/me']);
  });

  it('classifies a failed answer so callers and SWR can act on it', async () => {
    const client = createApiClient({
      tokens: memoryTokens(await tokenExpiringIn(3600)),
      deviceId: () => 'd',
      fetch: async () => json(401, { error: { id: 'token_expired', message: 'Access token has expired.' } }),
    });
    const failure = await client.request('/api/agents/me').catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).status).toBe(401);
    expect((failure as ApiError).id).toBe('token_expired');
    expect((failure as ApiError).action).toEqual({ kind: 'session_expired' });
  });

  it('reports a lost network as offline', async () => {
    const client = createApiClient({
      tokens: memoryTokens(null),
      deviceId: () => 'd',
      fetch: async () => {
        throw new TypeError('Failed to fetch');
      },
    });
    const failure = (await client.request('/api/releases/app').catch((e: unknown) => e)) as ApiError;
    expect(failure.action).toEqual({ kind: 'offline' });
  });

  it('does not send a request cancelled while it waited for a free slot', async () => {
    const started: string[] = [];
    const release: (() => void)[] = [];
    const client = createApiClient({
      tokens: memoryTokens(null),
      deviceId: () => 'd',
      concurrency: 1,
      fetch: async (url) => {
        started.push(String(url));
        await new Promise<void>((resolve) => release.push(resolve));
        return json(200, {});
      },
    });
    const first = client.request('/api/first');
    const controller = new AbortController();
    const second = client.request('/api/second', { signal: controller.signal }).catch((e: unknown) => e);
    await new Promise((resolve) => setTimeout(resolve, 0));
    controller.abort();
    release.shift()?.();
    await first;
    const failure = (await second) as ApiError;
    expect(failure.action).toEqual({ kind: 'aborted' });
    expect(started).toEqual(['/api/first']);
  });
});

describe('refresh with rotating refresh tokens, across tabs', () => {
  /** One browser: the tabs share its storage and (where the browser has Web Locks) one lock. */
  function sharedBrowser(access: string, refresh: string, withLock: boolean) {
    const store = memoryTokens(access, refresh);
    let queue: Promise<unknown> = Promise.resolve();
    const exclusive = <T>(task: () => Promise<T>): Promise<T> => {
      const run = queue.then(task, task);
      queue = run.catch(() => undefined);
      return run;
    };
    return withLock ? { ...store, saved: store.saved, exclusive } : { ...store, saved: store.saved, exclusive: <T>(task: () => Promise<T>) => task() };
  }

  /** A server that takes each refresh token once and refuses it afterwards, as functions/lib/session.ts does. */
  function rotatingServer(fresh: string) {
    let current = 'sess.0';
    const presented: string[] = [];
    const fetch = async (url: RequestInfo | URL, init?: RequestInit) => {
      if (String(url) !== '/agent_sessions/refresh') return json(200, { ok: true });
      const { refresh_token } = JSON.parse(String(init?.body)) as { refresh_token: string };
      presented.push(refresh_token);
      // Both tabs' requests are on the wire together before either answer comes.
      await new Promise((resolve) => setTimeout(resolve, 5));
      if (refresh_token !== current) return json(401, { error: { id: 'invalid_refresh_token', message: 'Your session has ended. Please sign in again.' } });
      current = `sess.${Number(current.split('.')[1]) + 1}`;
      return json(200, { agent: { access_token: fresh, refresh_token: current, expires_at: '2030-01-01T00:00:00Z' } });
    };
    return { fetch, presented, current: () => current };
  }

  it('stores the rotated refresh token and spends it on the next refresh', async () => {
    const server = rotatingServer(await tokenExpiringIn(3600));
    const tokens = memoryTokens(await tokenExpiringIn(60), 'sess.0');
    const client = createApiClient({ tokens, deviceId: () => 'd', fetch: server.fetch });
    expect(await client.refreshSession()).toBe(true);
    expect(tokens.refresh()).toBe('sess.1');
    expect(await client.refreshSession()).toBe(true);
    expect(server.presented).toEqual(['sess.0', 'sess.1']);
    expect(tokens.refresh()).toBe('sess.2');
  });

  it('lets two tabs refreshing at the same moment spend the token once, and both stay signed in (Web Locks)', async () => {
    const fresh = await tokenExpiringIn(3600);
    const server = rotatingServer(fresh);
    const browser = sharedBrowser(await tokenExpiringIn(60), 'sess.0', true);
    const tabA = createApiClient({ tokens: browser, deviceId: () => 'a', fetch: server.fetch });
    const tabB = createApiClient({ tokens: browser, deviceId: () => 'b', fetch: server.fetch });
    const [a, b] = await Promise.all([tabA.refreshSession(), tabB.refreshSession()]);
    expect([a, b]).toEqual([true, true]);
    expect(server.presented).toEqual(['sess.0']);
    expect(browser.refresh()).toBe('sess.1');
    expect(browser.access()).toBe(fresh);
  });

  it('keeps the losing tab signed in without Web Locks: the server refuses it, and it finds the winner’s token', async () => {
    const server = rotatingServer(await tokenExpiringIn(3600));
    const browser = sharedBrowser(await tokenExpiringIn(60), 'sess.0', false);
    const tabA = createApiClient({ tokens: browser, deviceId: () => 'a', fetch: server.fetch });
    const tabB = createApiClient({ tokens: browser, deviceId: () => 'b', fetch: server.fetch });
    const [a, b] = await Promise.all([tabA.refreshSession(), tabB.refreshSession()]);
    expect(server.presented).toEqual(['sess.0', 'sess.0']);
    expect([a, b]).toEqual([true, true]);
    expect(browser.refresh()).toBe('sess.1');
  });

  it('still ends the session when the refused token is the one stored (no other tab refreshed)', async () => {
    const server = rotatingServer(await tokenExpiringIn(3600));
    const tokens = memoryTokens(await tokenExpiringIn(60), 'sess.stolen-and-replaced');
    const client = createApiClient({ tokens, deviceId: () => 'd', fetch: server.fetch });
    expect(await client.refreshSession()).toBe(false);
  });
});
