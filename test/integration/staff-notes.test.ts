/**
 * Notes to colleagues on a conversation (POST {conversation}/messages with `staff_note: true`): in
 * the conversation for the staff, never handed to the carrier, never the number's last text, never
 * on the customer's pages, free of the texting rules (consent, quiet hours, the op-code rule), and
 * their mentions told to the mentioned colleague's own channel only.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { SettingsOf } from '../../shared/schemas/settings.js';
import { channels, cursorAt, eventsAfter } from '../../functions/lib/realtime.js';
import { readSettings, writeSettings } from '../../functions/lib/settings.js';
import { lastTextTo } from '../../functions/messages/records.js';
import { getRepairOrder } from '../../functions/repairOrders/records.js';
import { DEMO_NORTH, createRepairOrder, serviceNumberOfNorth, useStackEnv } from '../support/service.js';
import { sendInspection } from '../support/inspections.js';
import { api, signIn, textsTo, type ApiClient } from '../support/api.js';

const baseUrl = inject('baseUrl');
const carrierUrl = inject('carrierUrl');
const { companyId, locationId } = DEMO_NORTH;
let advisor: ApiClient;
let saved: { service: SettingsOf<'service_settings'>; dms: SettingsOf<'dms_settings'> };

const post = (client: ApiClient, roId: string, message: Record<string, unknown>, key = randomUUID()) =>
  client.post(`/api/repair_orders/${roId}/messages`, { message }, { 'idempotency-key': key });
const note = (roId: string, text: string, extra: Record<string, unknown> = {}) => post(advisor, roId, { text, staff_note: true, ...extra });
const since = () => cursorAt(Date.now() - 1000);

beforeAll(async () => {
  useStackEnv();
  process.env.LOG_LEVEL = 'silent';
  await serviceNumberOfNorth();
  saved = { service: await readSettings(companyId, locationId, 'service_settings'), dms: await readSettings(companyId, locationId, 'dms_settings') };
  advisor = api(baseUrl, await signIn(baseUrl, 'advisor@demo.example'));
});

afterAll(async () => {
  await writeSettings(companyId, locationId, 'service_settings', saved.service, 'agt_manager');
  await writeSettings(companyId, locationId, 'dms_settings', saved.dms, 'agt_manager');
});

describe('a note to colleagues', () => {
  it('is written in the conversation as a staff message and never handed to the carrier', async () => {
    // Prepare
    const { customer, ro } = await createRepairOrder({ customer: { opt_in: 'in' } });
    // Act
    const res = await note(ro.id, 'Customer is picky about the paint, handle with care');
    // Assess
    expect(res.status).toBe(201);
    expect(res.body.message).toMatchObject({
      text: 'Customer is picky about the paint, handle with care',
      agent: { id: 'agt_advisor' },
      metadata: { direction: 'staff', status: null },
    });
    const list = await advisor.get(`/api/repair_orders/${ro.id}/messages`);
    expect(list.body.messages.map((m: { id: string }) => m.id)).toEqual([res.body.message.id]);
    expect(await textsTo(carrierUrl, customer.phones.cell!)).toEqual([]);
    expect(await lastTextTo(companyId, locationId, customer.phones.cell!)).toBeUndefined();
    expect((await getRepairOrder(companyId, ro.id))?.last_inbound_at ?? null).toBeNull();
  });

  it('goes whatever the texting rules say: opted out, quiet hours, no op code, closed', async () => {
    // Prepare: every rule that would stop a text
    await writeSettings(companyId, locationId, 'service_settings', { ...saved.service, quiet_hours_start: '00:00', quiet_hours_end: '23:59' }, 'agt_manager');
    await writeSettings(companyId, locationId, 'dms_settings', { ...saved.dms, require_opcode_for_text: true }, 'agt_manager');
    const { customer, ro } = await createRepairOrder({ customer: { opt_in: 'out' } });
    const text = await post(advisor, ro.id, { text: 'Hello' });
    // Act
    const res = await note(ro.id, 'Opted out: call them about the brakes');
    // Assess
    expect(text.status).not.toBe(201);
    expect(res.status).toBe(201);
    expect(res.body.message.metadata.direction).toBe('staff');
    expect(await textsTo(carrierUrl, customer.phones.cell!)).toEqual([]);
    await writeSettings(companyId, locationId, 'service_settings', saved.service, 'agt_manager');
    await writeSettings(companyId, locationId, 'dms_settings', saved.dms, 'agt_manager');
  });

  it('is written once for one request, however often it is sent again', async () => {
    const { ro } = await createRepairOrder();
    const key = randomUUID();
    const first = await post(advisor, ro.id, { text: 'Loaner is out', staff_note: true }, key);
    const again = await post(advisor, ro.id, { text: 'Loaner is out', staff_note: true }, key);
    expect(again.body.message.id).toBe(first.body.message.id);
    const list = await advisor.get(`/api/repair_orders/${ro.id}/messages`);
    expect(list.body.messages).toHaveLength(1);
  });

  it('cannot be scheduled, and cannot be blank', async () => {
    const { ro } = await createRepairOrder();
    const later = await note(ro.id, 'Later', { send_at: new Date(Date.now() + 3_600_000).toISOString() });
    expect(later.status).toBe(422);
    expect(JSON.stringify(later.body)).toContain('A note to colleagues cannot be scheduled');
    const blank = await note(ro.id, '   ');
    expect(blank.status).toBe(422);
  });

  it("is refused on another company's conversation (404) and to an agent who does not work the board (403)", async () => {
    const { ro } = await createRepairOrder();
    const rival = api(baseUrl, await signIn(baseUrl, 'rival@demo.example'));
    const hr = api(baseUrl, await signIn(baseUrl, 'hr@demo.example'));
    expect((await post(rival, ro.id, { text: 'x', staff_note: true })).status).toBe(404);
    expect([403, 404]).toContain((await post(hr, ro.id, { text: 'x', staff_note: true })).status);
  });

  it("is never on the customer's inspection page", async () => {
    // Prepare: an order whose inspection was sent to the customer, with a note on it
    const { ro } = await createRepairOrder({ customer: { opt_in: 'in' } });
    const { token } = await sendInspection(ro);
    await note(ro.id, 'NOTE-FOR-STAFF-ONLY customer haggles on every price');
    // Act
    const page = await api(baseUrl).get(`/api/public/inspections/${token}`);
    // Assess
    expect(page.status).toBe(200);
    expect(page.text).not.toContain('NOTE-FOR-STAFF-ONLY');
  });

  it("tells a mentioned colleague on their own channel, with where to open it, and nobody else's", async () => {
    // Prepare
    const { ro } = await createRepairOrder();
    const from = since();
    // Act
    const res = await note(ro.id, '@Marcus Bell can you check the brake lines before we call?', { mentions: ['agt_manager'] });
    // Assess
    expect(res.body.message.mentions).toEqual(['agt_manager']);
    const heard = (await eventsAfter(companyId, channels.agent('agt_manager'), from, true)).filter((e) => e.type === 'mention.created');
    expect(heard.map((e) => e.data)).toContainEqual({
      owner: { kind: 'repair_order', id: ro.id },
      location_id: locationId,
      message_id: res.body.message.id,
      author: { id: 'agt_advisor', first_name: 'Priya', last_name: 'Raman' },
      excerpt: '@Marcus Bell can you check the brake lines before we call?',
      staff_note: true,
      link: `/?ro=${ro.id}`,
    });
    const admin = (await eventsAfter(companyId, channels.agent('agt_admin'), from, true)).filter((e) => e.type === 'mention.created');
    expect(admin.filter((e) => (e.data as { message_id: string }).message_id === res.body.message.id)).toEqual([]);
    const location = await eventsAfter(companyId, channels.location(locationId), from, true);
    expect(location.filter((e) => e.type === 'mention.created')).toEqual([]);
  });
});
