/**
 * SPEC §7's own settings paths beside the generic `/api/locations/{id}/{settings_key}`: each group
 * round-trips at both and both answer the same; writes by a non-manager are refused; a bad value is
 * refused with its field named; a path without a location id acts on the agent's own location, or
 * on an admin's `?location_id=` of their company only; a save is published on the location channel.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { channels, cursorAt, eventsAfter } from '../../lib/realtime.js';
import { api, signIn, type ApiClient } from '../../../test/support/api.js';
import { DEMO_NORTH, useStackEnv } from '../../../test/support/service.js';
import { writeSettings } from '../../lib/settings.js';

const baseUrl = inject('baseUrl');
const { companyId, locationId } = DEMO_NORTH;
const SOUTH = 'loc_demo_south';
const generic = (key: string, location: string = locationId) => `/api/locations/${location}/${key}`;

let manager: ApiClient;
let admin: ApiClient;
let advisor: ApiClient;
let rival: ApiClient;

/** Each spec path, its group, and a change that touches nothing another test relies on. */
const GROUPS: { path: string; key: string; change: Record<string, unknown> }[] = [
  { path: '/business_info', key: 'business_information', change: { brand: 'Probe Motors' } },
  { path: '/calls_settings/service', key: 'service_calls_settings', change: { voicemail_greeting: 'Service is closed, leave a message.' } },
  { path: '/calls_settings/appointments', key: 'appointments_calls_settings', change: { ring_to_numbers: ['+16175550142'] } },
  { path: '/calls_settings/inventory', key: 'inventory_calls_settings', change: { unarchive_on_incoming_call_days: 45 } },
  { path: '/inventory/settings', key: 'inventory_settings', change: { close_after_days: 200 } },
  { path: '/tech/mpi/settings', key: 'mpi_settings', change: { link_expiry_days: 21 } },
  { path: `/api/chatrooms/locations/${locationId}/settings`, key: 'chatrooms_settings', change: { groups_enabled: false } },
];

const before = new Map<string, Record<string, unknown>>();

beforeAll(async () => {
  useStackEnv();
  const as = async (email: string) => api(baseUrl, await signIn(baseUrl, email));
  [manager, admin, advisor, rival] = await Promise.all([as('manager@demo.example'), as('admin@demo.example'), as('advisor@demo.example'), as('rival@demo.example')]);
  for (const { key } of GROUPS) before.set(key, (await manager.get(generic(key))).body[key]);
});

afterAll(async () => {
  // The shared stack's other tests read these groups: put back what was stored.
  for (const [key, values] of before) await manager.post(generic(key), { [key]: values });
});

describe('settings at the spec paths', () => {
  it.each(GROUPS)('$path round-trips $key with the generic route', async ({ path, key, change }) => {
    const since = cursorAt(Date.now() - 1000);
    const saved = await manager.post(path, { [key]: change });
    expect(saved.status).toBe(200);
    expect(saved.body[key]).toMatchObject(change);

    const atGeneric = await manager.get(generic(key));
    const atSpec = await manager.get(path);
    expect(atSpec.status).toBe(200);
    expect(atSpec.body).toEqual(atGeneric.body);
    expect(atGeneric.body[key]).toEqual(saved.body[key]);

    const events = await eventsAfter(companyId, channels.location(locationId), since, true);
    expect(events.some((e) => e.type === 'settings_updated' && (e.data as { key: string }).key === key)).toBe(true);

    const back = await manager.post(generic(key), { [key]: before.get(key) });
    expect(back.status).toBe(200);
    expect((await manager.get(path)).body[key]).toEqual(before.get(key));
  });

  it('refuses a write by an agent who is no manager, and lets them read only what their board loads', async () => {
    expect((await advisor.post('/business_info', { business_information: { brand: 'Not mine' } })).status).toBe(403);
    expect((await advisor.post('/calls_settings/service', { service_calls_settings: { enabled: true } })).status).toBe(403);
    expect((await advisor.post(`/api/chatrooms/locations/${locationId}/settings`, { chatrooms_settings: { groups_enabled: false } })).status).toBe(403);
    expect((await advisor.get('/business_info')).status).toBe(403);
    expect((await advisor.get('/calls_settings/service')).status).toBe(200);
    expect((await manager.get('/business_info')).body.business_information.brand).toBe(before.get('business_information')!.brand);
  });

  it('refuses a bad value with its field named, and changes nothing', async () => {
    const bad = await manager.post('/calls_settings/service', { service_calls_settings: { unarchive_on_incoming_call_days: 500 } });
    expect(bad.status).toBe(422);
    expect(bad.body.errors[0].path).toBe('service_calls_settings.unarchive_on_incoming_call_days');
    const time = await manager.post('/business_info', { business_information: { texting_numbers: { service: 'x'.repeat(40) } } });
    expect(time.status).toBe(422);
    expect(time.body.errors[0].path).toBe('business_information.texting_numbers.service');
    expect((await manager.get('/calls_settings/service')).body).toEqual({ service_calls_settings: before.get('service_calls_settings') });
  });

  it('answers 404 for a board that has no calls settings', async () => {
    expect((await manager.get('/calls_settings/hotel')).status).toBe(404);
    expect((await manager.post('/calls_settings/toString', { toString: {} })).status).toBe(404);
  });

  it('takes the vCard settings as a form with the logo file, checked, stored with the landing images', async () => {
    const token = await signIn(baseUrl, 'manager@demo.example');
    const original = (await manager.get(generic('vcard_settings'))).body.vcard_settings;
    const send = (form: FormData, who = token) => fetch(`${baseUrl}/vcard_settings`, { method: 'POST', headers: { authorization: `Bearer ${who}` }, body: form });
    const form = (logo: Blob | null, fields: Record<string, string> = {}) => {
      const data = new FormData();
      for (const [name, value] of Object.entries(fields)) data.append(name, value);
      if (logo) data.append('logo', logo, 'logo.png');
      return data;
    };
    const png = new Blob([Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13])], { type: 'image/png' });
    try {
      const saved = await send(form(png, { display_name: 'Demo Motors North' }));
      expect(saved.status).toBe(200);
      const body = (await saved.json()) as { vcard_settings: { logo_key: string; display_name: string } };
      expect(body.vcard_settings.display_name).toBe('Demo Motors North');
      expect(body.vcard_settings.logo_key).toMatch(new RegExp(`^branding/${companyId}/${locationId}/logo/img_[a-z0-9]+\\.png$`));
      expect((await manager.get(generic('vcard_settings'))).body).toEqual(body);
      // The stored file is the one sent: the console's logo address serves it.
      const stored = await fetch((await manager.get('/api/logo')).body.logo.url as string);
      expect(stored.status).toBe(200);
      expect(new Uint8Array(await stored.arrayBuffer())).toEqual(new Uint8Array(await png.arrayBuffer()));

      // Refused beside the logo: a file that is no image (whatever its declared type), one too large; a key named by hand.
      const html = await send(form(new Blob(['<html></html>'], { type: 'image/png' })));
      expect(html.status).toBe(422);
      expect(((await html.json()) as { errors: { path: string }[] }).errors[0]!.path).toBe('vcard_settings.logo');
      const declaredWrong = await send(form(new Blob([await png.arrayBuffer()], { type: 'image/jpeg' })));
      expect(declaredWrong.status).toBe(422);
      const huge = await send(form(new Blob([new Uint8Array(4 * 1024 * 1024 + 1)], { type: 'image/png' })));
      expect(huge.status).toBe(422);
      const byKey = await send(form(null, { logo_key: 'branding/cmp_rival/loc_rival_main/logo/img_x.png' }));
      expect(byKey.status).toBe(422);
      const longName = await send(form(null, { 'vcard_settings[display_name]': 'x'.repeat(121) }));
      expect(((await longName.json()) as { errors: { path: string }[] }).errors[0]!.path).toBe('vcard_settings.display_name');
      expect((await manager.get(generic('vcard_settings'))).body).toEqual(body);

      // Only managers and admins.
      expect((await send(form(null, { display_name: 'Mine' }), await signIn(baseUrl, 'advisor@demo.example'))).status).toBe(403);
    } finally {
      // Straight to the store: a settings save may not set the logo's key (only the image routes do).
      await writeSettings(companyId, locationId, 'vcard_settings', original, 'agt_test');
    }
  });

  it("acts on an admin's ?location_id= of their company, and on nobody else's", async () => {
    const south = await admin.get(`/inventory/settings?location_id=${SOUTH}`);
    expect(south.status).toBe(200);
    expect(south.body).toEqual((await admin.get(generic('inventory_settings', SOUTH))).body);
    // A manager is no admin: another location of the company is not theirs.
    expect((await manager.get(`/business_info?location_id=${SOUTH}`)).status).toBe(404);
    expect((await rival.get(`/business_info?location_id=${locationId}`)).status).toBe(404);
    expect((await rival.post(`/business_info?location_id=${locationId}`, { business_information: { brand: 'Rival' } })).status).toBe(404);
  });
});
