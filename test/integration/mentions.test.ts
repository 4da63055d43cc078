/**
 * Mentions on any board's conversation: who may be mentioned (GET {conversation}/mentionable), the
 * mentions a message keeps (only colleagues who may see the conversation), and the notice on the
 * mentioned agent's own channel (mention.created), on the local stack.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { channels, cursorAt, eventsAfter } from '../../functions/lib/realtime.js';
import { readSettings, writeSettings } from '../../functions/lib/settings.js';
import { api, signIn, type ApiClient } from '../support/api.js';
import { DEMO_NORTH, createRepairOrder, serviceNumberOfNorth, useStackEnv } from '../support/service.js';

const baseUrl = inject('baseUrl');
const { companyId, locationId } = DEMO_NORTH;
let advisor: ApiClient;
let rival: ApiClient;

const send = (roId: string, message: Record<string, unknown>, key = randomUUID()) => advisor.post(`/api/repair_orders/${roId}/messages`, { message }, { 'idempotency-key': key });
const mentionsHeard = async (agentId: string, since: string, messageId: string) =>
  (await eventsAfter(companyId, channels.agent(agentId), since, true)).filter((e) => e.type === 'mention.created' && (e.data as { message_id: string }).message_id === messageId);

beforeAll(async () => {
  useStackEnv();
  process.env.LOG_LEVEL = 'silent';
  await serviceNumberOfNorth();
  const service = await readSettings(companyId, locationId, 'service_settings');
  await writeSettings(companyId, locationId, 'service_settings', { ...service, quiet_hours_start: '00:00', quiet_hours_end: '00:00', double_opt_in: false }, 'agt_manager');
  advisor = api(baseUrl, await signIn(baseUrl, 'advisor@demo.example'));
  rival = api(baseUrl, await signIn(baseUrl, 'rival@demo.example'));
});

describe('GET {conversation}/mentionable', () => {
  it('answers the active colleagues of the location who open the board, by name, without the asker', async () => {
    // Prepare
    const { ro } = await createRepairOrder();
    // Act
    const res = await advisor.get(`/api/repair_orders/${ro.id}/mentionable`);
    // Assess: the manager and admin open every board, the technician answers in the notes; the HR agent, the inactive
    // advisor and the south store's advisor do not see this order
    expect(res.status).toBe(200);
    const ids = (res.body.agents as { id: string }[]).map((a) => a.id);
    expect(ids).toContain('agt_manager');
    expect(ids).toContain('agt_admin');
    for (const absent of ['agt_advisor', 'agt_hr', 'agt_former', 'agt_south_advisor', 'agt_rival']) expect(ids).not.toContain(absent);
    expect(res.body.meta.paging).toMatchObject({ total: ids.length, current_offset: 0 });
  });

  it('keeps the names that start with what was typed after @, accents aside', async () => {
    const { ro } = await createRepairOrder();
    const res = await advisor.get(`/api/repair_orders/${ro.id}/mentionable?q=marc`);
    expect((res.body.agents as { id: string }[]).map((a) => a.id)).toEqual(['agt_manager']);
  });

  it("answers 404 for another company's conversation", async () => {
    const { ro } = await createRepairOrder();
    const res = await rival.get(`/api/repair_orders/${ro.id}/mentionable`);
    expect(res.status).toBe(404);
  });
});

describe('mentions in a message', () => {
  it('keeps only colleagues who may see the conversation, and answers them on the message', async () => {
    // Prepare
    const { ro } = await createRepairOrder({ customer: { opt_in: 'in' } });
    // Act
    const res = await send(ro.id, { text: 'Ready at 5, @Marcus Bell please call them', mentions: ['agt_manager', 'agt_hr', 'agt_rival', 'agt_advisor', 'agt_nobody'] });
    // Assess
    expect(res.status).toBe(201);
    expect(res.body.message.mentions).toEqual(['agt_manager']);
    const list = await advisor.get(`/api/repair_orders/${ro.id}/messages`);
    expect(list.body.messages[0].mentions).toEqual(['agt_manager']);
  });

  it('tells the mentioned colleague of a text to the customer too, once however often the request is sent', async () => {
    // Prepare
    const { ro } = await createRepairOrder({ customer: { opt_in: 'in' } });
    const since = cursorAt(Date.now() - 1000);
    const key = randomUUID();
    // Act
    const first = await send(ro.id, { text: 'Told them 5 pm, @Marcus Bell', mentions: ['agt_manager'] }, key);
    const again = await send(ro.id, { text: 'Told them 5 pm, @Marcus Bell', mentions: ['agt_manager'] }, key);
    // Assess
    expect(again.body.message.id).toBe(first.body.message.id);
    const heard = await mentionsHeard('agt_manager', since, first.body.message.id);
    expect(heard.map((e) => e.data)).toEqual([expect.objectContaining({ staff_note: false, link: `/?ro=${ro.id}`, excerpt: 'Told them 5 pm, @Marcus Bell' })]);
    expect(await mentionsHeard('agt_advisor', since, first.body.message.id)).toEqual([]);
  });

  it('refuses more than 50 mentions and the same colleague twice, with a clear error', async () => {
    const { ro } = await createRepairOrder({ customer: { opt_in: 'in' } });
    const many = await send(ro.id, { text: 'Hello', mentions: Array.from({ length: 51 }, (_, i) => `agt_${i}`) });
    expect(many.status).toBe(422);
    expect(JSON.stringify(many.body)).toContain('A message can mention up to 50 colleagues');
    const twice = await send(ro.id, { text: 'Hello', mentions: ['agt_manager', 'agt_manager'] });
    expect(twice.status).toBe(422);
    expect(JSON.stringify(twice.body)).toContain('Each colleague can be mentioned once');
  });
});
