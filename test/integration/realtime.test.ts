import { describe, expect, inject, it } from 'vitest';
import { api, signIn } from '../support/api.js';
import { readFrames, type SseFrame } from '../support/sse.js';

const baseUrl = inject('baseUrl');
const as = async (email: string) => api(baseUrl, await signIn(baseUrl, email));

/** Reads SSE frames from the stream until `until` is satisfied or the time runs out. */
async function readEvents(ticket: string, until: (types: SseFrame[]) => boolean, ms = 15_000) {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), ms);
  const frames: SseFrame[] = [];
  try {
    const res = await fetch(`${baseUrl}/events?iam=main&v=2`, { headers: { authorization: `Bearer ${ticket}` }, signal: controller.signal });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    await readFrames(res.body!, (frame) => {
      frames.push(frame);
      return until(frames);
    });
  } catch (err) {
    if ((err as Error).name !== 'AbortError') throw err;
  } finally {
    clearTimeout(timer);
    controller.abort();
  }
  return frames;
}

describe('POST /api/notifications/tickets', () => {
  it('gives a short-lived ticket with the channels of SPEC §6', async () => {
    const advisor = await as('advisor@demo.example');
    const res = await advisor.post('/api/notifications/tickets', {});
    expect(res.status).toBe(201);
    expect(res.body.ticket).toEqual(expect.any(String));
    expect(Date.parse(res.body.expires_at) - Date.now()).toBeGreaterThan(60_000);
    expect(res.body.location_id).toBe('loc_demo_north');
    const me = (await advisor.get('/api/agents/me')).body.agent;
    expect(res.body.channels).toContain(`agent:${me.id}`);
    expect(res.body.channels).not.toContain('location:loc_demo_north:manager:repair_orders');

    const manager = await (await as('manager@demo.example')).post('/api/notifications/tickets', {});
    expect(manager.body.channels).toContain('location:loc_demo_north:manager:repair_orders');
    expect(manager.body.channels).toContain('location:loc_demo_north:manager:calls');
    // Their own channel carries their read marks to their other tabs.
    expect(manager.body.channels).toContain('agent:agt_manager');

    const tech = await (await as('tech@demo.example')).post('/api/notifications/tickets', {});
    expect(tech.body.channels).toContain('location:loc_demo_north:technicians');
  });

  it('lets only admins choose the location', async () => {
    const admin = await (await as('admin@demo.example')).post('/api/notifications/tickets', { location_id: 'loc_demo_south' });
    expect(admin.body.location_id).toBe('loc_demo_south');
    const advisor = await (await as('advisor@demo.example')).post('/api/notifications/tickets', { location_id: 'loc_demo_south' });
    expect(advisor.body.location_id).toBe('loc_demo_north');
    const rival = await (await as('rival@demo.example')).post('/api/notifications/tickets', { location_id: 'loc_demo_south' });
    expect(rival.status).toBe(404);
  });
});

describe('GET /events', () => {
  it('refuses a missing or unknown ticket', async () => {
    const res = await fetch(`${baseUrl}/events?iam=main&v=2&ticket=nope`);
    expect(res.status).toBe(401);
    expect((await res.json()).error.id).toBe('invalid_ticket');
  });

  it('streams ready and heartbeat, then a settings change made by someone else', async () => {
    const advisor = await as('advisor@demo.example');
    const manager = await as('manager@demo.example');
    const { ticket } = (await advisor.post('/api/notifications/tickets', {})).body;
    // Its own change, not the first settings_updated: the stream may replay other tests' changes.
    const ours = (f: SseFrame) => f.event === 'settings_updated' && f.data?.key === 'csi_settings';
    const reading = readEvents(ticket, (frames) => frames.some(ours));
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await manager.post('/api/locations/loc_demo_north/csi_settings', { csi_settings: { enabled: true } });
    const frames = await reading;
    expect(frames[0]?.event).toBe('ready');
    expect(frames.some((f) => f.event === 'heartbeat')).toBe(true);
    const change = frames.find(ours);
    expect(change?.data).toMatchObject({ key: 'csi_settings', location_id: 'loc_demo_north', channel: 'location:loc_demo_north' });
  });

  it('does not deliver another company’s events', async () => {
    const rival = await as('rival@demo.example');
    const { ticket } = (await rival.post('/api/notifications/tickets', {})).body;
    const manager = await as('manager@demo.example');
    const reading = readEvents(ticket, () => false, 4000);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    await manager.post('/api/locations/loc_demo_north/csi_settings', { csi_settings: { enabled: false } });
    const frames = await reading;
    expect(frames.some((f) => f.event === 'ready')).toBe(true);
    expect(frames.some((f) => f.event === 'settings_updated')).toBe(false);
  });
});
