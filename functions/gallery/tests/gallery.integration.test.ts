/**
 * The album of a repair order (issue 21 part 4) on the shared stack, in a store of the tests' own:
 * uploads straight to storage (registered, stored, confirmed; 'Attachment is processing' between),
 * caption and description, public or hidden, archived, `album_present`, the live event, "Share
 * album" through the gatekeeper, the visit page's part, and the walls (another order, another company).
 */
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { GALLERY_ERRORS } from '../../../shared/gallery/album.js';
import { readSettings, writeSettings } from '../../lib/settings.js';
import { channels } from '../../lib/realtime.js';
import { dmsRecordId } from '../../lib/ids.js';
import { getRepairOrder, type RepairOrderRecord } from '../../repairOrders/records.js';
import { albumPart } from '../visitPart.js';
import { api, signIn, textsTo, type ApiClient, type JsonBody } from '../../../test/support/api.js';
import { eventsAbout } from '../../../test/support/events.js';
import { accessFlags, createAgent, createOwnStore, type OwnStore } from '../../../test/support/ownStore.js';
import { createRepairOrder, useStackEnv } from '../../../test/support/service.js';
import type { CustomerRecord } from '../../customers/records.js';
import type { VisitAlbum } from '../../../shared/gallery/visit.js';

useStackEnv();
const baseUrl = inject('baseUrl');
const carrierUrl = inject('carrierUrl');

let store: OwnStore;
let rival: OwnStore;
let advisor: ApiClient;
let technician: ApiClient;
let rivalManager: ApiClient;
let outsider: ApiClient;
const RUN = Date.now().toString(36);

const errorOf = (res: { status: number; body: JsonBody }) => ({ status: res.status, id: res.body?.error?.id, message: res.body?.error?.message });
const album = (roId: string) => `/api/repair_orders/${roId}/album`;
const att = (roId: string, id: string, action: string) => `/api/repair_orders/${roId}/album/attachments/${id}/${action}`;

async function order(customer: Partial<CustomerRecord> = {}): Promise<{ customer: CustomerRecord; ro: RepairOrderRecord }> {
  return createRepairOrder({ customer: { company_id: store.companyId, location_id: store.locationId, opt_in: 'in', ...customer } });
}

/** Registers an upload, stores its file (and renditions) and, unless told not to, confirms it. */
async function upload(
  client: ApiClient,
  roId: string,
  file: { name?: string; type?: string; renditions?: boolean; caption?: string } = {},
  confirm = true,
): Promise<JsonBody> {
  const type = file.type ?? 'image/jpeg';
  const registered = await client.post(`${album(roId)}/attachments`, { name: file.name ?? 'front.jpg', content_type: type, size: 24, renditions: file.renditions ?? true, caption: file.caption ?? '' });
  expect(registered.status, registered.text).toBe(201);
  const { attachment, slots } = registered.body;
  expect((await fetch(slots.upload.upload_url, { method: 'PUT', body: 'a picture of the car', headers: slots.upload.headers })).ok).toBe(true);
  if (slots.small) for (const s of [slots.small, slots.thumb]) expect((await fetch(s.upload_url, { method: 'PUT', body: 'jpeg', headers: s.headers })).ok).toBe(true);
  if (!confirm) return { attachment, slots };
  const confirmed = await client.put(att(roId, attachment.id, 'confirm'), {
    key: slots.upload.key,
    small_key: slots.small?.key ?? null,
    thumb_key: slots.thumb?.key ?? null,
    width: 1280,
    height: 960,
  });
  expect(confirmed.status, confirmed.text).toBe(200);
  return { attachment: confirmed.body.attachment, slots };
}

const visitContext = (ro: RepairOrderRecord) => ({
  visit: { company_id: ro.company_id, location_id: ro.location_id, repair_order_id: ro.id },
  ro,
  locale: 'en-us' as const,
  storeLocale: 'en-us' as const,
  valid_until: new Date(Date.now() + 86_400_000).toISOString(),
  now: new Date(),
});

beforeAll(async () => {
  store = await createOwnStore('gallery');
  rival = await createOwnStore('gallery_rival');
  await createAgent(store, `agt_gal_adv_${RUN}`, 'Ada', 'Advisor');
  await createAgent(store, `agt_gal_tech_${RUN}`, 'Tomas', 'Tech', { access_level: accessFlags('technician') });
  await createAgent(store, `agt_gal_out_${RUN}`, 'Hana', 'Hr', { access_level: accessFlags('hr') });
  await createAgent(rival, `agt_gal_rival_${RUN}`, 'Rex', 'Rival', { access_level: accessFlags('manager', 'service') });
  advisor = api(baseUrl, await signIn(baseUrl, `agt_gal_adv_${RUN}@harbor.example`));
  technician = api(baseUrl, await signIn(baseUrl, `agt_gal_tech_${RUN}@harbor.example`));
  outsider = api(baseUrl, await signIn(baseUrl, `agt_gal_out_${RUN}@harbor.example`));
  rivalManager = api(baseUrl, await signIn(baseUrl, `agt_gal_rival_${RUN}@harbor.example`));
}, 60_000);

describe('uploading to the album', () => {
  it('registers a photo as processing, confirms it with its renditions, and the album answers it with signed links', async () => {
    const { ro } = await order();
    const { attachment, slots } = await upload(technician, ro.id, { caption: 'Front bumper' }, false);
    expect(attachment).toMatchObject({ state: 'processing', kind: 'photo', caption: 'Front bumper', public: true, archived: false, metadata: null });
    expect(slots.upload.key).toMatch(new RegExp(`^album/${store.companyId}/${ro.id}/att_`));
    expect((await getRepairOrder(ro.company_id, ro.id, true))!.album_present).toBe(false);

    const confirmed = await technician.put(att(ro.id, attachment.id, 'confirm'), { key: slots.upload.key, small_key: slots.small.key, thumb_key: slots.thumb.key, width: 1280, height: 960 });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.attachment).toMatchObject({ state: 'ready', width: 1280, height: 960, uploaded_by: { first_name: 'Tomas' } });
    expect(confirmed.body.attachment.metadata.thumb).toContain('thumb.jpg');
    expect(confirmed.body.attachment.metadata.poster).toBeNull();

    const res = await advisor.get(album(ro.id));
    expect(res.status).toBe(200);
    expect(res.body.attachments.map((a: JsonBody) => a.id)).toEqual([attachment.id]);
    expect(res.body.meta.paging).toEqual({ total: 1, current_offset: 0, per_page: 100 });
    expect(res.body.album).toEqual({ shared_at: null, shared_by: null });
    expect((await fetch(res.body.attachments[0].metadata.orig)).status).toBe(200);
    expect((await getRepairOrder(ro.company_id, ro.id, true))!.album_present).toBe(true);
  });

  it('gives a video its poster, keeps a retried confirmation at one attachment, and tells the agents with the order open', async () => {
    const { ro } = await order();
    const since = Date.now();
    const { attachment, slots } = await upload(advisor, ro.id, { name: 'walkaround.webm', type: 'video/webm' });
    expect(attachment).toMatchObject({ kind: 'video', state: 'ready' });
    expect(attachment.metadata.poster).toContain('small.jpg');
    const again = await advisor.put(att(ro.id, attachment.id, 'confirm'), { key: slots.upload.key, small_key: slots.small.key, thumb_key: slots.thumb.key });
    expect(again.status).toBe(200);
    expect((await advisor.get(album(ro.id))).body.attachments).toHaveLength(1);
    const heard = await eventsAbout(store.companyId, channels.managerRepairOrders(store.locationId), since, { type: 'album.changed', repairOrderId: ro.id });
    expect(heard.length).toBeGreaterThanOrEqual(2);
  });

  it('pages the album by the SPEC §7 offset/limit contract, oldest first', async () => {
    const { ro } = await order();
    const ids: string[] = [];
    for (const caption of ['one', 'two', 'three']) ids.push((await upload(advisor, ro.id, { caption })).attachment.id);
    const first = await advisor.get(`${album(ro.id)}?limit=2`);
    expect(first.body.attachments.map((a: JsonBody) => a.id)).toEqual(ids.slice(0, 2));
    expect(first.body.meta.paging).toEqual({ total: 3, current_offset: 0, per_page: 2 });
    const second = await advisor.get(`${album(ro.id)}?limit=2&offset=2`);
    expect(second.body.attachments.map((a: JsonBody) => a.id)).toEqual(ids.slice(2));
    expect(second.body.meta.paging).toEqual({ total: 3, current_offset: 2, per_page: 2 });
    expect((await advisor.get(`${album(ro.id)}?limit=3`)).body.meta.paging.total).toBe(3);
  });

  it('refuses a file type that is no photo or video with the gallery upload text, and an SVG', async () => {
    const { ro } = await order();
    for (const type of ['application/pdf', 'image/svg+xml']) {
      const res = await advisor.post(`${album(ro.id)}/attachments`, { name: 'x', content_type: type, size: 10 });
      expect(errorOf(res)).toEqual({ status: 422, id: 'unsupported_type', message: GALLERY_ERRORS.unsupported_type });
    }
    const tooBig = await advisor.post(`${album(ro.id)}/attachments`, { name: 'x.mp4', content_type: 'video/mp4', size: 600 * 1024 * 1024 });
    expect(tooBig.status).toBe(422);
    expect(tooBig.body.errors[0].message).toBe('File size limit is 512 MB');
    expect((await advisor.get(album(ro.id))).body.attachments).toEqual([]);
  });

  it('checks the stored file: not uploaded, another type than announced, keys of another attachment', async () => {
    const { ro } = await order();
    const registered = await advisor.post(`${album(ro.id)}/attachments`, { name: 'a.jpg', content_type: 'image/jpeg', size: 10 });
    const { attachment, slots } = registered.body;
    const confirm = (body: Record<string, unknown>, id = attachment.id) => advisor.put(att(ro.id, id, 'confirm'), { key: slots.upload.key, ...body });
    expect(errorOf(await confirm({}))).toMatchObject({ status: 422, id: 'attachment_not_found' });
    const other = await upload(advisor, ro.id);
    expect(errorOf(await confirm({ key: other.slots.upload.key }))).toMatchObject({ status: 422, id: 'attachment_not_found' });
    // The object stored is a PDF whatever the slot said.
    await fetch(slots.upload.upload_url, { method: 'PUT', body: '%PDF', headers: { 'content-type': 'application/pdf' } });
    expect(errorOf(await confirm({}))).toEqual({ status: 422, id: 'unsupported_type', message: GALLERY_ERRORS.unsupported_type });
    const answered = (await advisor.get(album(ro.id))).body.attachments.find((a: JsonBody) => a.id === attachment.id);
    expect(answered.state).toBe('processing');
  });
});

describe('caption, description, public and archive', () => {
  it('writes the caption and description, hides and shows, archives and brings back; album_present follows', async () => {
    const { ro } = await order();
    const { attachment } = await upload(advisor, ro.id);
    const notes = await advisor.put(att(ro.id, attachment.id, 'notes'), { caption: '  Worn tyre ', description: 'Front left, 2 mm tread.' });
    expect(notes.body.attachment).toMatchObject({ caption: 'Worn tyre', description: 'Front left, 2 mm tread.' });
    expect((await advisor.put(att(ro.id, attachment.id, 'public'), { public: false })).body.attachment.public).toBe(false);
    expect((await advisor.put(att(ro.id, attachment.id, 'archive'), {})).body.attachment.archived).toBe(true);
    expect((await getRepairOrder(ro.company_id, ro.id, true))!.album_present).toBe(false);
    expect((await advisor.put(att(ro.id, attachment.id, 'archive'), { archived: false })).body.attachment.archived).toBe(false);
    expect((await getRepairOrder(ro.company_id, ro.id, true))!.album_present).toBe(true);
  });

  it('answers the limits with their texts and loses nothing', async () => {
    const { ro } = await order();
    const { attachment } = await upload(advisor, ro.id, { caption: 'Kept' });
    const long = await advisor.put(att(ro.id, attachment.id, 'notes'), { caption: 'x'.repeat(201), description: '' });
    expect(long.status).toBe(422);
    expect(long.body.errors[0].message).toBe(GALLERY_ERRORS.caption_long);
    const longer = await advisor.put(att(ro.id, attachment.id, 'notes'), { caption: '', description: 'x'.repeat(1601) });
    expect(longer.body.errors[0].message).toBe(GALLERY_ERRORS.description_long);
    expect((await advisor.put(att(ro.id, attachment.id, 'public'), { public: 'yes' })).status).toBe(422);
    expect((await advisor.get(album(ro.id))).body.attachments[0].caption).toBe('Kept');
  });
});

describe('the walls', () => {
  it('answers 404 for an attachment of another order and for another company, 403 for an agent without the gallery', async () => {
    const { ro } = await order();
    const { ro: other } = await order();
    const { attachment } = await upload(advisor, ro.id);
    expect(errorOf(await advisor.put(att(other.id, attachment.id, 'public'), { public: false })).status).toBe(404);
    expect(errorOf(await advisor.put(att(ro.id, 'att_nothere', 'notes'), { caption: '', description: '' }))).toMatchObject({ status: 404, message: GALLERY_ERRORS.not_found });
    expect((await rivalManager.get(album(ro.id))).status).toBe(404);
    expect((await rivalManager.put(att(ro.id, attachment.id, 'archive'), {})).status).toBe(404);
    expect((await rivalManager.post(`${album(ro.id)}/share`, {})).status).toBe(404);
    expect((await outsider.get(album(ro.id))).status).toBe(403);
    expect((await advisor.get(album(ro.id))).body.attachments[0]).toMatchObject({ public: true, archived: false });
  });
});

describe('sharing the album', () => {
  it('texts the customer in their language, naming the dealership, with the visit link at the album; the page part shows public, unarchived ones', async () => {
    const { customer, ro } = await order({ language: 'de' });
    expect(await albumPart.load(visitContext(ro))).toBeNull();
    expect(errorOf(await advisor.post(`${album(ro.id)}/share`, {}))).toMatchObject({ status: 422, id: 'nothing_public', message: GALLERY_ERRORS.nothing_public });

    const shown = await upload(advisor, ro.id, { caption: 'Bremsen' });
    const video = await upload(advisor, ro.id, { name: 'walk.mp4', type: 'video/mp4' });
    const hidden = await upload(advisor, ro.id);
    const archived = await upload(advisor, ro.id);
    await upload(advisor, ro.id, {}, false);
    await advisor.put(att(ro.id, hidden.attachment.id, 'public'), { public: false });
    await advisor.put(att(ro.id, archived.attachment.id, 'archive'), {});
    expect(await albumPart.load(visitContext(ro))).toBeNull();

    const res = await advisor.post(`${album(ro.id)}/share`, {});
    expect(res.status, res.text).toBe(200);
    expect(res.body.album.shared_by).toMatchObject({ first_name: 'Ada' });
    const texts = (await textsTo(carrierUrl, customer.phones.cell!)).filter((sms) => sms.direction === 'outbound');
    expect(texts).toHaveLength(1);
    expect(texts[0]!.text).toMatch(/^Harbor Motors: Fotos und ein Video Ihres Fahrzeugs/);
    expect(texts[0]!.text).toMatch(/\/app\/public\/visits\/[A-Za-z0-9_-]{43}#album/);
    expect((await advisor.get(album(ro.id))).body.album.shared_at).not.toBeNull();

    const part = (await albumPart.load(visitContext(ro))) as VisitAlbum;
    expect(part.items.map((item) => item.id)).toEqual([shown.attachment.id, video.attachment.id]);
    expect(part.items[0]).toMatchObject({ kind: 'photo', caption: 'Bremsen', width: 1280, height: 960, poster: null });
    expect(part.items[1]!.poster).toContain('small.jpg');
    expect(part.items[0]!.small).toContain('small.jpg');
    expect(Date.parse(part.links_expire_at)).toBeGreaterThan(Date.now());
    expect((await fetch(part.items[0]!.orig)).status).toBe(200);

    // Hidden later: gone from the page; nothing public left: no part at all.
    await advisor.put(att(ro.id, shown.attachment.id, 'public'), { public: false });
    await advisor.put(att(ro.id, video.attachment.id, 'archive'), {});
    expect(await albumPart.load(visitContext(ro))).toBeNull();
  });

  it('is refused by the gatekeeper (share_album) and leaves the album unshared', async () => {
    const gatekeeper = await readSettings(store.companyId, store.locationId, 'gatekeeper_settings');
    const { customer, ro } = await order({ opt_in: 'unknown' });
    await upload(advisor, ro.id);
    await writeSettings(store.companyId, store.locationId, 'gatekeeper_settings', { ...gatekeeper, share_album: { ...gatekeeper.share_album, target: 'opted_in' } }, 'agt_test');
    try {
      const res = await advisor.post(`${album(ro.id)}/share`, {});
      expect(res.status).toBe(422);
      expect(res.body.error).toMatchObject({ id: 'gatekeeper' });
    } finally {
      await writeSettings(store.companyId, store.locationId, 'gatekeeper_settings', gatekeeper, 'agt_test');
    }
    expect((await textsTo(carrierUrl, customer.phones.cell!)).filter((sms) => sms.direction === 'outbound')).toEqual([]);
    expect((await advisor.get(album(ro.id))).body.album.shared_at).toBeNull();
    expect(await albumPart.load(visitContext(ro))).toBeNull();
  });
});

describe('the demo dealership', () => {
  it("has Emily Chen's album shared: three photos (one hidden) and a walk-around video with its poster, on her visit page", async () => {
    const demoAdvisor = api(baseUrl, await signIn(baseUrl, 'advisor@demo.example'));
    const ro = (await getRepairOrder('cmp_demo', dmsRecordId('ro', 'cmp_demo', 'loc_demo_north', 'repair_order', '7010240'), true))!;
    expect((await demoAdvisor.get(`/api/repair_orders/${ro.id}`)).body.repair_order.album_present).toBe(true);
    const res = await demoAdvisor.get(album(ro.id));
    expect(res.body.album.shared_by).toMatchObject({ first_name: 'Priya' });
    expect(res.body.attachments.map((a: JsonBody) => [a.kind, a.public, a.state])).toEqual([
      ['photo', true, 'ready'],
      ['photo', true, 'ready'],
      ['photo', false, 'ready'],
      ['video', true, 'ready'],
    ]);
    const video = res.body.attachments[3];
    expect((await fetch(video.metadata.orig)).headers.get('content-type')).toBe('video/webm');
    const part = (await albumPart.load(visitContext(ro))) as VisitAlbum;
    expect(part.items.map((item) => item.caption)).toEqual(['Front left tyre', 'Front brake pads', 'Walk-around']);
    expect(part.items[2]!.poster).toContain('small.jpg');
  });
});
