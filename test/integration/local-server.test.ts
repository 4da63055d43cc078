import { describe, expect, inject, it } from 'vitest';
import { api, signIn } from '../support/api.js';

const baseUrl = inject('baseUrl');
const stackEnv = inject('stackEnv');
const as = async (email: string) => api(baseUrl, await signIn(baseUrl, email));

describe('local server: API routes of the area manifest', () => {
  it('calls the area handler and writes its answer, with the request id API Gateway adds', async () => {
    const res = await api(baseUrl).get('/api/releases/app');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/json');
    expect(res.headers.get('apigw-requestid')).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.body.release.app.version).toBe(stackEnv.APP_VERSION);
  });

  it('routes a literal segment before a {param} one (agents of a location, not a settings key)', async () => {
    const admin = await as('admin@demo.example');
    const agents = await admin.get('/api/locations/loc_demo_north/agents');
    const settings = await admin.get('/api/locations/loc_demo_north/service_settings');
    expect(agents.status).toBe(200);
    expect(Array.isArray(agents.body.agents)).toBe(true);
    expect(settings.status).toBe(200);
    expect(settings.body).toHaveProperty('service_settings');
    expect(settings.body).not.toHaveProperty('agents');
  });

  it('gives the handler URL-decoded path parameters, and tolerates a trailing slash', async () => {
    const manager = await as('manager@demo.example');
    const encoded = await manager.get('/api/agents/agt%5Fadvisor');
    expect(encoded.status).toBe(200);
    expect(encoded.body.agent.email).toBe('advisor@demo.example');
    const slashed = await manager.get('/api/agents/me/');
    expect(slashed.status).toBe(200);
    expect(slashed.body.agent.email).toBe('manager@demo.example');
  });

  it('answers 404 JSON for an unknown API path or method, never the SPA', async () => {
    for (const [method, path] of [
      ['GET', '/api/nothing/here'],
      ['DELETE', '/api/agents/me'],
      ['POST', '/agent_sessions/unknown'],
      ['GET', '/api'],
    ] as const) {
      const res = await fetch(`${baseUrl}${path}`, { method });
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.headers.get('content-type')).toContain('application/json');
      expect(await res.json()).toEqual({ error: { id: 'not_found', message: 'Not found' } });
    }
  });

  it('refuses a body over Lambda’s 6 MB payload limit with 413', async () => {
    const res = await fetch(`${baseUrl}/agent_sessions/login_jwt`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ agent: { email: 'x'.repeat(7 * 1024 * 1024), password: 'x' } }),
    });
    expect(res.status).toBe(413);
    expect((await res.json()).error.id).toBe('payload_too_large');
  });

  it('redirects / to the console', async () => {
    const res = await fetch(`${baseUrl}/`, { redirect: 'manual' });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/app/');
  });
});

describe('local server: /events through the response streaming shim', () => {
  it('answers the handler’s own status without a ticket', async () => {
    const res = await fetch(`${baseUrl}/events?iam=main&v=2`);
    expect(res.status).toBe(401);
    expect(res.headers.get('content-type')).toBe('application/json');
    expect((await res.json()).error.id).toBe('invalid_ticket');
  });

  it('streams events as they are written, and stays healthy after the client leaves', async () => {
    // Prepare
    const advisor = await as('advisor@demo.example');
    const ticket = (await advisor.post('/api/notifications/tickets', {})).body.ticket;
    const controller = new AbortController();
    // Act: read the first frame, then hang up.
    const res = await fetch(`${baseUrl}/events?iam=main&v=2`, { headers: { authorization: `Bearer ${ticket}` }, signal: controller.signal });
    const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
    let received = '';
    while (!received.includes('event: ready')) {
      const chunk = await reader.read();
      if (chunk.done) break;
      received += chunk.value;
    }
    controller.abort();
    // Assess
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/event-stream');
    expect(received).toContain('event: ready');
    expect((await api(baseUrl).get('/api/releases/app')).status).toBe(200);
  });
});

describe('local server: jobs', () => {
  it('runs a scheduled job now with the scheduler’s input and answers its result', async () => {
    const res = await api(baseUrl).post('/dev/jobs/presence_sweep');
    expect(res.status).toBe(200);
    expect(res.body.job).toBe('presence_sweep');
    expect(res.body.result).toMatchObject({ job: 'presence_sweep' });
  });

  it('answers 404 for a job that does not exist', async () => {
    expect((await api(baseUrl).post('/dev/jobs/make_coffee')).status).toBe(404);
  });
});
