/**
 * The landing branding of the visit page (issue 21 part 5): the managers' header image and logo,
 * uploaded straight to storage and confirmed (type and size checked on what storage holds, keys
 * of the store's own prefix only), shown on the customer's visit page with the landing texts; the
 * header's link https only; advisors and other companies kept out.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { readSettings, writeSettings } from '../../lib/settings.js';
import '../../messages/boards.js';
import type { SettingsOf } from '../../../shared/schemas/settings.js';
import { LANDING_IMAGE_ERRORS } from '../../../shared/visits/branding.js';
import { visitUrl } from '../links.js';
import { api, signIn, type ApiClient } from '../../../test/support/api.js';
import { createRepairOrder, DEMO_NORTH, useStackEnv } from '../../../test/support/service.js';

useStackEnv();
const baseUrl = inject('baseUrl');
const { companyId, locationId } = DEMO_NORTH;
const images = `/api/locations/${locationId}/landing_images`;
// The smallest PNG there is: one transparent pixel.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');

let manager: ApiClient;
let saved: { landing: SettingsOf<'landing_settings'>; vcard: SettingsOf<'vcard_settings'> };

beforeAll(async () => {
  manager = api(baseUrl, await signIn(baseUrl, 'manager@demo.example'));
  saved = { landing: await readSettings(companyId, locationId, 'landing_settings'), vcard: await readSettings(companyId, locationId, 'vcard_settings') };
});

afterAll(async () => {
  await writeSettings(companyId, locationId, 'landing_settings', saved.landing, 'agt_test');
  await writeSettings(companyId, locationId, 'vcard_settings', saved.vcard, 'agt_test');
});

/** A slot, the file PUT to it as a browser would, and the confirmation. */
async function upload(image: 'header' | 'logo', body: Buffer, contentType = 'image/png') {
  const slot = await manager.post(images, { image, content_type: contentType, size: body.length });
  expect(slot.status, slot.text).toBe(200);
  const put = await fetch(slot.body.upload.upload_url, { method: 'PUT', headers: slot.body.upload.headers, body: new Uint8Array(body) });
  expect(put.status).toBe(200);
  return { key: slot.body.upload.key as string, confirmed: await manager.put(images, { image, key: slot.body.upload.key }) };
}

describe('the landing images', () => {
  it("become the store's header image and logo, shown on the customer's visit page with the landing texts", async () => {
    const header = await upload('header', PNG);
    const logo = await upload('logo', PNG);
    expect(header.confirmed.status, header.confirmed.text).toBe(200);
    expect(logo.confirmed.body.images).toEqual({ header_image_url: expect.stringContaining(header.key), logo_url: expect.stringContaining(logo.key) });
    expect((await readSettings(companyId, locationId, 'landing_settings')).header_image_key).toBe(header.key);
    expect((await readSettings(companyId, locationId, 'vcard_settings')).logo_key).toBe(logo.key);

    const texts = await manager.post(`/api/locations/${locationId}/landing_settings`, {
      landing_settings: { colour: '#004225', text: 'Demo Motors North', link: 'https://demo-motors.example', intro: 'Thank you for your visit.', footer: 'Open Mon–Sat', disclaimer: 'Prices include tax.' },
    });
    expect(texts.status, texts.text).toBe(200);
    const { ro } = await createRepairOrder();
    const token = /visits\/([\w-]+)/.exec(await visitUrl({ company_id: ro.company_id, location_id: ro.location_id, repair_order_id: ro.id }))![1];
    const page = await api(baseUrl).get(`/api/public/visits/${token}`);
    expect(page.body.visit.branding).toEqual({
      colour: '#004225',
      header_image_url: expect.stringContaining(header.key),
      logo_url: expect.stringContaining(logo.key),
      text: 'Demo Motors North',
      link: 'https://demo-motors.example',
      intro: 'Thank you for your visit.',
      body: expect.any(String),
      footer: 'Open Mon–Sat',
      disclaimer: 'Prices include tax.',
    });
    // The image is the store's own, readable from the page.
    expect((await fetch(page.body.visit.branding.logo_url)).status).toBe(200);

    const removed = await manager.put(images, { image: 'header', key: null });
    expect(removed.body.images.header_image_url).toBeNull();
  });

  it('refuses what is not an image of at most 5 MB, before and after the upload, and keys of another store', async () => {
    const pdf = await manager.post(images, { image: 'logo', content_type: 'application/pdf', size: 100 });
    expect(pdf.status).toBe(422);
    expect(pdf.text).toContain(LANDING_IMAGE_ERRORS.type);
    const large = await manager.post(images, { image: 'logo', content_type: 'image/png', size: 6 * 1024 * 1024 });
    expect(large.status).toBe(422);
    expect(large.text).toContain(LANDING_IMAGE_ERRORS.size);

    // A slot for a PNG used for text (storage refuses the type it was not signed for, or holds text): never the logo.
    const before = (await readSettings(companyId, locationId, 'vcard_settings')).logo_key;
    const slot = await manager.post(images, { image: 'logo', content_type: 'image/png', size: 10 });
    await fetch(slot.body.upload.upload_url, { method: 'PUT', headers: { 'content-type': 'text/plain' }, body: 'plain text' });
    expect((await manager.put(images, { image: 'logo', key: slot.body.upload.key })).status).not.toBe(200);
    expect((await readSettings(companyId, locationId, 'vcard_settings')).logo_key).toBe(before);

    for (const key of [`branding/${companyId}/loc_demo_south/logo/img_x.png`, 'mpi/cmp_demo/ro_x/att_x/p.jpg', `branding/${companyId}/${locationId}/header/img_never.png`]) {
      const res = await manager.put(images, { image: 'logo', key });
      expect(res.status, key).not.toBe(200);
      expect(res.body.error.message, key).toBe(LANDING_IMAGE_ERRORS.not_uploaded);
    }
  });

  it("never takes an image's key from a settings save, nor signs a key that is not the store's own image", async () => {
    const elsewhere = 'mpi/cmp_other/ro_x/att_x/photo.jpg';
    for (const [group, field] of [['landing_settings', 'header_image_key'], ['vcard_settings', 'logo_key']] as const) {
      const res = await manager.post(`/api/locations/${locationId}/${group}`, { [group]: { [field]: elsewhere } });
      expect(res.status, group).toBe(422);
      expect(res.text).toContain('Upload the image instead of naming its key');
      expect(res.text).toContain(`${group}.${field}`);
    }
    // A key stored before this check (or by hand): the console's logo, the landing images and the visit page sign nothing for it.
    await writeSettings(companyId, locationId, 'vcard_settings', { ...(await readSettings(companyId, locationId, 'vcard_settings')), logo_key: elsewhere }, 'agt_test');
    await writeSettings(companyId, locationId, 'landing_settings', { ...(await readSettings(companyId, locationId, 'landing_settings')), header_image_key: elsewhere }, 'agt_test');
    expect((await manager.get('/api/logo')).body.logo.url).toBeNull();
    expect((await manager.get(images)).body.images).toEqual({ header_image_url: null, logo_url: null });
    const { ro } = await createRepairOrder();
    const token = /visits\/([\w-]+)/.exec(await visitUrl({ company_id: ro.company_id, location_id: ro.location_id, repair_order_id: ro.id }))![1];
    const page = await api(baseUrl).get(`/api/public/visits/${token}`);
    expect(page.body.visit.branding).toMatchObject({ header_image_url: null, logo_url: null });
  });

  it('keeps the header link https only', async () => {
    const res = await manager.post(`/api/locations/${locationId}/landing_settings`, { landing_settings: { link: 'javascript:alert(1)' } });
    expect(res.status).toBe(422);
    expect(res.text).toContain('The link must start with https://');
  });

  it('is for the managers of the store: advisors are refused, another company does not find it', async () => {
    const advisor = api(baseUrl, await signIn(baseUrl, 'advisor@demo.example'));
    const rival = api(baseUrl, await signIn(baseUrl, 'rival@demo.example'));
    expect((await advisor.post(images, { image: 'logo', content_type: 'image/png', size: 10 })).status).toBe(403);
    expect((await rival.get(images)).status).toBe(404);
    expect((await rival.post(images, { image: 'logo', content_type: 'image/png', size: 10 })).status).toBe(404);
  });
});
