import { describe, expect, inject, it } from 'vitest';
import { api, mailbox, signIn } from '../support/api.js';

const baseUrl = inject('baseUrl');
const as = async (email: string) => api(baseUrl, await signIn(baseUrl, email));

describe('GET /api/agents/me', () => {
  it('answers the agent with access flags, level, company and location', async () => {
    const me = await (await as('tech@demo.example')).get('/api/agents/me');
    expect(me.status).toBe(200);
    const agent = me.body.agent;
    expect(agent.email).toBe('tech@demo.example');
    expect(agent.level).toBe(0);
    expect(agent.access_level.technician).toBe(true);
    expect(agent.access_level.service).toBe(false);
    expect(agent.technician_settings).toEqual({ enabled: true, mpi_enabled: true });
    expect(agent.company).toEqual({ id: 'cmp_demo', name: expect.any(String) });
    expect(agent.location).toMatchObject({ id: 'loc_demo_north', timezone: 'America/New_York' });
    expect(me.body.impersonated_agent).toBeNull();
    expect(agent).not.toHaveProperty('pk');
    expect(agent).not.toHaveProperty('password_hash');
  });

  it('marks the agent online once they are active', async () => {
    const hr = await as('hr@demo.example');
    await hr.get('/api/agents/me');
    const colleagues = await (await as('manager@demo.example')).get('/api/agents/colleagues');
    const found = colleagues.body.colleagues.find((c: { email: string }) => c.email === 'hr@demo.example');
    expect(found.online_status).toBe('online');
  });
});

describe('colleagues and agents', () => {
  it('lists colleagues of the same location, without the agent themself', async () => {
    const res = await (await as('advisor@demo.example')).get('/api/agents/colleagues');
    const emails = res.body.colleagues.map((c: { email: string }) => c.email);
    expect(emails).toContain('manager@demo.example');
    expect(emails).not.toContain('advisor@demo.example');
    expect(emails).not.toContain('inventory@demo.example');
    expect(emails).not.toContain('rival@demo.example');
  });

  it('gives advisors no one to impersonate', async () => {
    const res = await (await as('advisor@demo.example')).get('/api/agents/colleagues/impersonatable');
    expect(res.body.colleagues).toEqual([]);
  });

  it('lets admins list the whole company and exclude admins with the filter flag', async () => {
    const admin = await as('admin@demo.example');
    const all = await admin.get('/api/agents');
    const emails = all.body.agents.map((c: { email: string }) => c.email);
    expect(emails).toContain('inventory@demo.example');
    expect(emails).toContain('admin@demo.example');
    expect(emails).not.toContain('rival@demo.example');
    const noAdmins = await admin.get('/api/agents?exclude_admins=1');
    expect(noAdmins.body.agents.map((c: { email: string }) => c.email)).not.toContain('admin@demo.example');
  });

  it('answers 404 for an agent of another company or, for non-admins, another location', async () => {
    const inventoryId = (await (await as('inventory@demo.example')).get('/api/agents/me')).body.agent.id;
    const advisor = await as('advisor@demo.example');
    const rival = await as('rival@demo.example');
    const admin = await as('admin@demo.example');
    expect((await advisor.get(`/api/agents/${inventoryId}`)).status).toBe(404);
    expect((await rival.get(`/api/agents/${inventoryId}`)).status).toBe(404);
    expect((await admin.get(`/api/agents/${inventoryId}`)).status).toBe(200);
  });
});

describe('logo and release', () => {
  it('answers the logo url, null while none is uploaded', async () => {
    const res = await (await as('advisor@demo.example')).get('/api/logo');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ logo: { url: null } });
  });

  it('answers the running release without sign-in', async () => {
    const res = await api(baseUrl).get('/api/releases/app');
    expect(res.status).toBe(200);
    expect(res.body.release.app).toMatchObject({ version: expect.any(String), forced: false });
  });
});

describe('Idempotency-Key on creating requests', () => {
  it('answers the first result again and creates nothing new', async () => {
    const manager = await as('manager@demo.example');
    const hrId = (await (await as('hr@demo.example')).get('/api/agents/me')).body.agent.id;
    const key = `test-${Date.now()}`;
    const before = await mailbox(inject('carrierUrl'), 'hr@demo.example');
    const first = await manager.post(`/api/agents/${hrId}/magic_link`, {}, { 'idempotency-key': key });
    const second = await manager.post(`/api/agents/${hrId}/magic_link`, {}, { 'idempotency-key': key });
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(second.body).toEqual(first.body);
    const after = await mailbox(inject('carrierUrl'), 'hr@demo.example');
    expect(after.length - before.length).toBe(1);
  });

  it('runs the request once when the same key arrives twice at the same moment', async () => {
    const manager = await as('manager@demo.example');
    const chatId = (await (await as('chat@demo.example')).get('/api/agents/me')).body.agent.id;
    const key = `test-race-${Date.now()}`;
    const before = await mailbox(inject('carrierUrl'), 'chat@demo.example');
    const replies = await Promise.all([
      manager.post(`/api/agents/${chatId}/magic_link`, {}, { 'idempotency-key': key }),
      manager.post(`/api/agents/${chatId}/magic_link`, {}, { 'idempotency-key': key }),
    ]);
    expect(replies.map((r) => r.status).sort()).toEqual(expect.arrayContaining([201]));
    for (const reply of replies) expect([201, 409]).toContain(reply.status);
    const after = await mailbox(inject('carrierUrl'), 'chat@demo.example');
    expect(after.length - before.length).toBe(1);
  });

  it('refuses the same key for a different request', async () => {
    const manager = await as('manager@demo.example');
    const key = `test-reuse-${Date.now()}`;
    await manager.post('/api/notifications/tickets', {}, { 'idempotency-key': key });
    const hrId = (await (await as('hr@demo.example')).get('/api/agents/me')).body.agent.id;
    const other = await manager.post(`/api/agents/${hrId}/magic_link`, {}, { 'idempotency-key': key });
    expect(other.status).toBe(409);
    expect(other.body.error.id).toBe('idempotency_key_reused');
  });
});
