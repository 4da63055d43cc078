/**
 * A technician in a repair order's notes for colleagues: the advisor asks "@Luis can you check the
 * brake lines?", Luis (technician only, who does not work the service board) is told on his own
 * channel with a link to the order's inspection sheet, reads the order's notes (and nothing of the
 * customer's texts), and answers with a note of his own, on the local stack.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { channels, cursorAt, eventsAfter } from '../../lib/realtime.js';
import { api, signIn, type ApiClient } from '../../../test/support/api.js';
import { DEMO_NORTH, createRepairOrder, serviceNumberOfNorth, useStackEnv } from '../../../test/support/service.js';

const baseUrl = inject('baseUrl');
const { companyId, locationId } = DEMO_NORTH;
let advisor: ApiClient;
let tech: ApiClient;
let hr: ApiClient;
let rival: ApiClient;

const sheetLink = (roId: string) => `/mpi/repair_orders/${roId}`;
const since = () => cursorAt(Date.now() - 1000);
const heard = async (channel: string, after: string, type: string, messageId: string) =>
  (await eventsAfter(companyId, channel, after, true)).filter(
    (e) => e.type === type && ((e.data as { message_id?: string; message?: { id: string } }).message_id ?? (e.data as { message?: { id: string } }).message?.id) === messageId,
  );
const advisorNote = (roId: string, text: string, mentions: string[] = []) =>
  advisor.post(`/api/repair_orders/${roId}/messages`, { message: { text, staff_note: true, mentions } }, { 'idempotency-key': randomUUID() });
const techNote = (roId: string, message: Record<string, unknown>, key = randomUUID()) => tech.post(`/api/repair_orders/${roId}/notes`, { message }, { 'idempotency-key': key });

beforeAll(async () => {
  useStackEnv();
  process.env.LOG_LEVEL = 'silent';
  // The stack lifts the quiet hours (test/support/stack-setup.ts): the advisor's text to the customer goes at any hour.
  await serviceNumberOfNorth();
  const client = async (email: string) => api(baseUrl, await signIn(baseUrl, email));
  [advisor, tech, hr, rival] = await Promise.all([client('advisor@demo.example'), client('tech@demo.example'), client('hr@demo.example'), client('rival@demo.example')]);
});

describe('who may be mentioned on a repair order', () => {
  it("lists the location's technicians beside the service board's agents", async () => {
    // Prepare
    const { ro } = await createRepairOrder();
    // Act
    const res = await advisor.get(`/api/repair_orders/${ro.id}/mentionable?limit=100`);
    // Assess: Luis is there; agents who neither work the board nor inspect are not
    expect(res.status).toBe(200);
    const ids = (res.body.agents as { id: string }[]).map((a) => a.id);
    expect(ids).toEqual(expect.arrayContaining(['agt_tech', 'agt_manager', 'agt_admin']));
    for (const absent of ['agt_advisor', 'agt_hr', 'agt_former', 'agt_south_advisor', 'agt_rival']) expect(ids).not.toContain(absent);
    expect(res.body.meta.paging.total).toBe(ids.length);
  });

  it('answers the technician too, so he can name the advisor in his answer', async () => {
    const { ro } = await createRepairOrder();
    const res = await tech.get(`/api/repair_orders/${ro.id}/mentionable?q=priya`);
    expect(res.status).toBe(200);
    expect((res.body.agents as { id: string }[]).map((a) => a.id)).toEqual(['agt_advisor']);
  });
});

describe("an advisor's note mentioning the technician", () => {
  it('tells him on his own channel with the link to the sheet, and the board agents with the board link', async () => {
    // Prepare
    const { ro } = await createRepairOrder();
    const after = since();
    // Act
    const res = await advisorNote(ro.id, '@Luis Ortega can you check the brake lines? @Marcus Bell FYI', ['agt_tech', 'agt_manager']);
    // Assess
    expect(res.status).toBe(201);
    expect(res.body.message.mentions).toEqual(['agt_tech', 'agt_manager']);
    const toTech = await heard(channels.agent('agt_tech'), after, 'mention.created', res.body.message.id);
    expect(toTech.map((e) => e.data)).toEqual([expect.objectContaining({ staff_note: true, link: sheetLink(ro.id), owner: { kind: 'repair_order', id: ro.id } })]);
    const toManager = await heard(channels.agent('agt_manager'), after, 'mention.created', res.body.message.id);
    expect(toManager.map((e) => e.data)).toEqual([expect.objectContaining({ link: `/?ro=${ro.id}` })]);
    // The technicians' channel hears the note itself, so an open sheet shows it at once
    const onSheet = await heard(channels.technicians(locationId), after, 'message.created', res.body.message.id);
    expect(onSheet).toHaveLength(1);
  });
});

describe('the technician in the notes', () => {
  it('reads only the notes for colleagues, newest first, with their true total', async () => {
    // Prepare: a text to the customer between two notes
    const { ro } = await createRepairOrder({ customer: { opt_in: 'in' } });
    const first = await advisorNote(ro.id, 'Customer mentioned a squeal when braking');
    const text = await advisor.post(`/api/repair_orders/${ro.id}/messages`, { message: { text: 'Your car is in the shop' } }, { 'idempotency-key': randomUUID() });
    expect(text.status).toBe(201);
    const second = await advisorNote(ro.id, '@Luis Ortega can you check the brake lines?', ['agt_tech']);
    // Act
    const all = await tech.get(`/api/repair_orders/${ro.id}/notes`);
    const paged = await tech.get(`/api/repair_orders/${ro.id}/notes?offset=1&limit=1`);
    // Assess
    expect(all.status).toBe(200);
    expect(all.body.messages.map((m: { id: string }) => m.id)).toEqual([second.body.message.id, first.body.message.id]);
    expect(all.body.messages.every((m: { metadata: { direction: string } }) => m.metadata.direction === 'staff')).toBe(true);
    expect(all.body.meta.paging).toEqual({ total: 2, current_offset: 0, per_page: expect.any(Number) });
    expect(paged.body.messages.map((m: { id: string }) => m.id)).toEqual([first.body.message.id]);
    expect(paged.body.meta.paging).toMatchObject({ total: 2, current_offset: 1, per_page: 1 });
  });

  it('answers with a note mentioning the advisor, who is told with the board link and hears it in the conversation', async () => {
    // Prepare
    const { ro } = await createRepairOrder();
    await advisorNote(ro.id, '@Luis Ortega can you check the brake lines?', ['agt_tech']);
    const after = since();
    const key = randomUUID();
    // Act
    const res = await techNote(ro.id, { text: '@Priya Raman rear lines are corroded, front ones fine', mentions: ['agt_advisor'] }, key);
    const again = await techNote(ro.id, { text: '@Priya Raman rear lines are corroded, front ones fine', mentions: ['agt_advisor'] }, key);
    // Assess
    expect(res.status).toBe(201);
    expect(res.body.message).toMatchObject({ agent: { id: 'agt_tech' }, mentions: ['agt_advisor'], metadata: { direction: 'staff' } });
    expect(again.body.message.id).toBe(res.body.message.id);
    const told = await heard(channels.agent('agt_advisor'), after, 'mention.created', res.body.message.id);
    expect(told.map((e) => e.data)).toEqual([expect.objectContaining({ link: `/?ro=${ro.id}`, staff_note: true })]);
    expect(await heard(channels.agent('agt_advisor'), after, 'message.created', res.body.message.id)).toHaveLength(1);
    const conversation = await advisor.get(`/api/repair_orders/${ro.id}/messages`);
    expect(conversation.body.messages.filter((m: { id: string }) => m.id === res.body.message.id)).toHaveLength(1);
    const notes = await tech.get(`/api/repair_orders/${ro.id}/notes`);
    expect(notes.body.meta.paging.total).toBe(2);
  });

  it('adds a photo of the part to his note (he may upload for a note, though he works no conversation)', async () => {
    // Prepare
    const { ro } = await createRepairOrder();
    const photo = 'not really a jpeg';
    const slot = await tech.post('/api/attachments', { name: 'rear brake line.jpg', content_type: 'image/jpeg', size: photo.length });
    expect(slot.status).toBe(201);
    expect((await fetch(slot.body.upload_url, { method: 'PUT', body: photo, headers: slot.body.headers })).ok).toBe(true);
    // Act
    const res = await techNote(ro.id, { text: '', attachments: [{ key: slot.body.key, name: 'rear brake line.jpg', content_type: 'image/jpeg', size: photo.length }] });
    // Assess
    expect(res.status).toBe(201);
    const notes = await advisor.get(`/api/repair_orders/${ro.id}/notes`);
    const [attachment] = notes.body.messages[0].attachments;
    expect(attachment).toMatchObject({ name: 'rear brake line.jpg', content_type: 'image/jpeg' });
    expect(await (await fetch(attachment.metadata.orig)).text()).toBe(photo);
  });

  it('refuses a blank note with a clear error', async () => {
    const { ro } = await createRepairOrder();
    const res = await techNote(ro.id, { text: '   ' });
    expect(res.status).toBe(422);
    expect(JSON.stringify(res.body)).toContain('Text cannot be blank');
  });

  it("is refused the customer's texts and texting the customer", async () => {
    const { ro } = await createRepairOrder({ customer: { opt_in: 'in' } });
    const list = await tech.get(`/api/repair_orders/${ro.id}/messages`);
    const text = await tech.post(`/api/repair_orders/${ro.id}/messages`, { message: { text: 'Hi, your car is ready' } }, { 'idempotency-key': randomUUID() });
    const noteBySendRoute = await tech.post(`/api/repair_orders/${ro.id}/messages`, { message: { text: 'Note', staff_note: true } }, { 'idempotency-key': randomUUID() });
    expect([list.status, text.status, noteBySendRoute.status]).toEqual([403, 403, 403]);
  });
});

describe('who else reads the notes', () => {
  it("answers 404 for another location's order and another company's", async () => {
    const { ro: south } = await createRepairOrder({ customer: { location_id: 'loc_demo_south' } });
    const { ro: north } = await createRepairOrder();
    expect((await tech.get(`/api/repair_orders/${south.id}/notes`)).status).toBe(404);
    expect((await techNote(south.id, { text: 'Checked' })).status).toBe(404);
    expect((await rival.get(`/api/repair_orders/${north.id}/notes`)).status).toBe(404);
    expect((await rival.post(`/api/repair_orders/${north.id}/notes`, { message: { text: 'Hi' } })).status).toBe(404);
  });

  it('refuses an agent who neither works the board nor inspects', async () => {
    const { ro } = await createRepairOrder();
    expect((await hr.get(`/api/repair_orders/${ro.id}/notes`)).status).toBe(403);
    expect((await hr.post(`/api/repair_orders/${ro.id}/notes`, { message: { text: 'Hi' } })).status).toBe(403);
  });

  it('lets the advisor read the same notes through the notes route', async () => {
    const { ro } = await createRepairOrder();
    const written = await techNote(ro.id, { text: 'Brake fluid is dark, recommend a flush' });
    const res = await advisor.get(`/api/repair_orders/${ro.id}/notes`);
    expect(res.body.messages.map((m: { id: string }) => m.id)).toEqual([written.body.message.id]);
  });
});
