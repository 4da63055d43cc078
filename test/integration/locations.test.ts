import { describe, expect, inject, it } from 'vitest';
import { SETTINGS_KEYS } from '../../shared/access.js';
import { api, signIn } from '../support/api.js';

const baseUrl = inject('baseUrl');
const as = async (email: string) => api(baseUrl, await signIn(baseUrl, email));

describe('GET /api/locations', () => {
  it('gives admins every location of their company, paged by 20', async () => {
    const res = await (await as('admin@demo.example')).get('/api/locations');
    expect(res.status).toBe(200);
    expect(res.body.locations.map((l: { id: string }) => l.id).sort()).toEqual(['loc_demo_north', 'loc_demo_south']);
    expect(res.body.meta.paging).toEqual({ total: 2, current_offset: 0, per_page: 20 });
  });

  it('pages with offset and limit', async () => {
    const admin = await as('admin@demo.example');
    const first = await admin.get('/api/locations?offset=0&limit=1');
    const second = await admin.get('/api/locations?offset=1&limit=1');
    expect(first.body.locations).toHaveLength(1);
    expect(second.body.locations).toHaveLength(1);
    expect(first.body.locations[0].id).not.toBe(second.body.locations[0].id);
    expect(second.body.meta.paging).toEqual({ total: 2, current_offset: 1, per_page: 1 });
  });

  it('gives everyone else only their own location', async () => {
    const res = await (await as('advisor@demo.example')).get('/api/locations');
    expect(res.body.locations.map((l: { id: string }) => l.id)).toEqual(['loc_demo_north']);
    const rival = await (await as('rival@demo.example')).get('/api/locations');
    expect(rival.body.locations.map((l: { id: string }) => l.id)).toEqual(['loc_rival_main']);
  });
});

describe('GET and PUT /api/locations/{id}', () => {
  it('answers 404 for another location of a non-admin and for another company', async () => {
    const advisor = await as('advisor@demo.example');
    expect((await advisor.get('/api/locations/loc_demo_north')).status).toBe(200);
    expect((await advisor.get('/api/locations/loc_demo_south')).status).toBe(404);
    const rival = await as('rival@demo.example');
    expect((await rival.get('/api/locations/loc_demo_north')).status).toBe(404);
    expect((await rival.put('/api/locations/loc_demo_north', { location: { name: 'Taken' } })).status).toBe(404);
  });

  it('lets a manager change their location and refuses advisors', async () => {
    const manager = await as('manager@demo.example');
    const res = await manager.put('/api/locations/loc_demo_north', { location: { teams: ['Express', 'Main Shop', 'Body'] } });
    expect(res.status).toBe(200);
    expect(res.body.location.teams).toEqual(['Express', 'Main Shop', 'Body']);
    expect(res.body.location.name).toBeTruthy();
    const advisor = await as('advisor@demo.example');
    expect((await advisor.put('/api/locations/loc_demo_north', { location: { name: 'Mine' } })).status).toBe(403);
  });

  it('refuses an unknown time zone and a malformed IP range with their messages', async () => {
    const manager = await as('manager@demo.example');
    const tz = await manager.put('/api/locations/loc_demo_north', { location: { timezone: 'Mars/Olympus' } });
    expect(tz.status).toBe(422);
    expect(tz.body.errors[0].message).toBe('Unknown time zone');
    const ip = await manager.put('/api/locations/loc_demo_north', { location: { ip_allowlist: ['10.0.0.0/99'] } });
    expect(ip.status).toBe(422);
    const after = await manager.get('/api/locations/loc_demo_north');
    expect(after.body.location.timezone).toBe('America/New_York');
    expect(after.body.location.ip_allowlist).toEqual([]);
  });

  it('lists the agents of a location', async () => {
    const res = await (await as('admin@demo.example')).get('/api/locations/loc_demo_south/agents');
    // By last name: Harris, Reyes.
    expect(res.body.agents.map((a: { email: string }) => a.email)).toEqual(['inventory@demo.example', 'south@demo.example']);
  });
});

describe('location settings groups', () => {
  it('answers every group complete with defaults to an admin', async () => {
    const admin = await as('admin@demo.example');
    for (const key of SETTINGS_KEYS) {
      const res = await admin.get(`/api/locations/loc_demo_north/${key}`);
      expect(res.status, key).toBe(200);
      expect(Object.keys(res.body), key).toEqual([key]);
      expect(typeof res.body[key], key).toBe('object');
    }
  });

  it('answers 404 for an unknown group', async () => {
    const res = await (await as('admin@demo.example')).get('/api/locations/loc_demo_north/pizza_settings');
    expect(res.status).toBe(404);
  });

  it('loads groups by the role rules of SPEC §6', async () => {
    const advisor = await as('advisor@demo.example');
    expect((await advisor.get('/api/locations/loc_demo_north/service_settings')).status).toBe(200);
    expect((await advisor.get('/api/locations/loc_demo_north/technician_settings')).status).toBe(200);
    expect((await advisor.get('/api/locations/loc_demo_north/business_information')).status).toBe(403);
    expect((await advisor.get('/api/locations/loc_demo_north/employee_settings')).status).toBe(403);
    const hr = await as('hr@demo.example');
    expect((await hr.get('/api/locations/loc_demo_north/employee_settings')).status).toBe(200);
    expect((await hr.get('/api/locations/loc_demo_north/service_settings')).status).toBe(403);
  });

  it('saves a partial change and keeps the other fields', async () => {
    const manager = await as('manager@demo.example');
    const before = (await manager.get('/api/locations/loc_demo_north/service_settings')).body.service_settings;
    const res = await manager.post('/api/locations/loc_demo_north/service_settings', { service_settings: { safe_mode: true } });
    expect(res.status).toBe(200);
    expect(res.body.service_settings).toEqual({ ...before, safe_mode: true });
    const after = (await manager.get('/api/locations/loc_demo_north/service_settings')).body.service_settings;
    expect(after.safe_mode).toBe(true);
    expect(after.vehicle_ready_message).toBe(before.vehicle_ready_message);
    await manager.post('/api/locations/loc_demo_north/service_settings', { service_settings: { safe_mode: false } });
  });

  it('refuses out-of-range values and loses nothing', async () => {
    const manager = await as('manager@demo.example');
    const res = await manager.post('/api/locations/loc_demo_north/appointments_settings', {
      appointments_settings: { remind_days_prior: 8, reminder_template: 'changed' },
    });
    expect(res.status).toBe(422);
    expect(res.body.errors[0].path).toBe('appointments_settings.remind_days_prior');
    const after = (await manager.get('/api/locations/loc_demo_north/appointments_settings')).body.appointments_settings;
    expect(after.reminder_template).not.toBe('changed');
  });

  it('refuses changes by advisors and by another company', async () => {
    const advisor = await as('advisor@demo.example');
    const change = { service_settings: { safe_mode: true } };
    expect((await advisor.post('/api/locations/loc_demo_north/service_settings', change)).status).toBe(403);
    const rival = await as('rival@demo.example');
    expect((await rival.post('/api/locations/loc_demo_north/service_settings', change)).status).toBe(404);
    expect((await rival.get('/api/locations/loc_demo_north/service_settings')).status).toBe(404);
  });
});
