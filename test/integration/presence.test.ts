/**
 * An agent's chosen presence (shared/presence.ts): the API and its refusals, the auto-reply (once
 * per conversation per absence, never to a STOP, nothing to an opted-out customer), routing to a
 * colleague (their inbox, unread, their channel's event, until the agent is back), and the
 * presence sweep beside it. A dealership of its own (test/support/ownStore.ts), so no other test
 * meets its away advisors or counts its agents.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { PRESENCE_ERRORS } from '../../shared/presence.js';
import { getAgent } from '../../functions/lib/agents.js';
import { channels, cursorAt, eventsAfter } from '../../functions/lib/realtime.js';
import { readSettings, writeSettings } from '../../functions/lib/settings.js';
import { messagesOf, type MessageRecord } from '../../functions/messages/records.js';
import type { RepairOrderRecord } from '../../functions/repairOrders/records.js';
import { presenceSweep } from '../../functions/jobs/presenceSweep.js';
import { sendDueMessages } from '../../functions/messages/scheduled.js';
import { api, replyAsCustomer, signIn, textsTo, type ApiClient } from '../support/api.js';
import { createRepairOrder, useStackEnv, wallClock } from '../support/service.js';
import { accessFlags, createAgent, createOwnStore, type OwnStore } from '../support/ownStore.js';

const baseUrl = inject('baseUrl');
const carrierUrl = inject('carrierUrl');
const PRESENCE = '/api/agents/me/presence';

let store: OwnStore;
let away: ApiClient;
let cover: ApiClient;
const run = Date.now().toString(36);
const AWAY_ID = `agt_presence_away_${run}`;
const COVER_ID = `agt_presence_cover_${run}`;
const THIRD_ID = `agt_presence_third_${run}`;
const TECH_ID = `agt_presence_tech_${run}`;
const FORMER_ID = `agt_presence_former_${run}`;
const EAST_ID = `agt_presence_east_${run}`;
const alex = { id: AWAY_ID, first_name: 'Alex', last_name: 'Awaywood' };
const blake = { id: COVER_ID, first_name: 'Blake', last_name: 'Cover' };

beforeAll(async () => {
  useStackEnv();
  process.env.LOG_LEVEL = 'silent';
  store = await createOwnStore('presence');
  await Promise.all([
    createAgent(store, AWAY_ID, alex.first_name, alex.last_name),
    createAgent(store, COVER_ID, blake.first_name, blake.last_name),
    createAgent(store, THIRD_ID, 'Casey', 'Third'),
    createAgent(store, TECH_ID, 'Toni', 'Tech', { access_level: accessFlags('technician') }),
    createAgent(store, FORMER_ID, 'Frankie', 'Former', { active: false }),
    createAgent(store, EAST_ID, 'Eli', 'East', { location_id: store.otherLocationId }),
  ]);
  away = api(baseUrl, await signIn(baseUrl, `${AWAY_ID}@harbor.example`));
  cover = api(baseUrl, await signIn(baseUrl, `${COVER_ID}@harbor.example`));
});

afterAll(async () => {
  await away?.put(PRESENCE, { presence: { mode: 'online' } });
});

const inbox = () => `/api/locations/${store.locationId}/repair_orders/inbox?limit=100`;
const choose = (presence: Record<string, unknown>) => away.put(PRESENCE, { presence });
const reply = (phone: string, text: string) => replyAsCustomer(carrierUrl, phone, store.number, text);
const conversation = (ro: RepairOrderRecord): Promise<MessageRecord[]> => messagesOf(store.companyId, ro.message_thread.id, 0, 20);
const received = async (phone: string) => (await textsTo(carrierUrl, phone)).filter((t) => t.direction === 'outbound' && t.to === phone).map((t) => t.text);
const orderOf = (agent: { id: string; first_name: string; last_name: string }) =>
  createRepairOrder({ customer: { opt_in: 'in', company_id: store.companyId, location_id: store.locationId }, ro: { agent } });
const alexsOrder = () => orderOf(alex);
const inboxRow = async (client: ApiClient, id: string) => ((await client.get(inbox())).body.repair_orders as { id: string }[]).find((row) => row.id === id);
const eventsOf = async (agentId: string, since: number, type: string) => (await eventsAfter(store.companyId, channels.agent(agentId), cursorAt(since))).filter((e) => e.type === type);

describe('GET|PUT /api/agents/me/presence', () => {
  it('starts online and offers the colleagues of the store who work the same boards', async () => {
    // Act
    const res = await away.get(PRESENCE);
    // Assess
    expect(res.status).toBe(200);
    expect(res.body.presence).toEqual({ mode: 'online', auto_reply_text: '', routed_to: null, away_since: null });
    // Not oneself, not a technician (no board with conversations), not the other store, not an inactive agent.
    expect(res.body.colleagues.map((c: { id: string }) => c.id)).toEqual([COVER_ID, THIRD_ID]);
    expect(res.body.colleagues[0]).toEqual({ ...blake, online_status: 'online', presence: 'online' });
  });

  it.each([
    ['an unknown mode', { mode: 'on_holiday' }, 'presence.mode', PRESENCE_ERRORS.mode],
    ['an auto-reply mode with empty words', { mode: 'away_autoresponder', auto_reply_text: '   ' }, 'presence.auto_reply_text', PRESENCE_ERRORS.auto_reply_text],
    ['an auto-reply of more than 480 characters', { mode: 'away_autoresponder', auto_reply_text: 'x'.repeat(481) }, 'presence.auto_reply_text', PRESENCE_ERRORS.auto_reply_too_long],
    ['routing to no one', { mode: 'away_routing', routed_to_agent_id: null }, 'presence.routed_to_agent_id', PRESENCE_ERRORS.routed_to],
    ['routing to oneself', { mode: 'away_routing', routed_to_agent_id: AWAY_ID }, 'presence.routed_to_agent_id', PRESENCE_ERRORS.routed_to_self],
    ["routing to another store's advisor", { mode: 'away_routing', routed_to_agent_id: EAST_ID }, 'presence.routed_to_agent_id', PRESENCE_ERRORS.routed_to_colleague],
    ["routing to another company's agent", { mode: 'away_both', auto_reply_text: 'Out today', routed_to_agent_id: 'agt_advisor' }, 'presence.routed_to_agent_id', PRESENCE_ERRORS.routed_to_colleague],
    ['routing to a technician, who works no board with conversations', { mode: 'away_routing', routed_to_agent_id: TECH_ID }, 'presence.routed_to_agent_id', PRESENCE_ERRORS.routed_to_colleague],
    ['routing to an inactive agent', { mode: 'away_routing', routed_to_agent_id: FORMER_ID }, 'presence.routed_to_agent_id', PRESENCE_ERRORS.routed_to_colleague],
    ['routing to an agent that does not exist', { mode: 'away_routing', routed_to_agent_id: 'agt_nobody' }, 'presence.routed_to_agent_id', PRESENCE_ERRORS.routed_to_colleague],
  ])('refuses %s with 422 at the field, and changes nothing', async (_case, presence, path, message) => {
    // Act
    const res = await choose(presence);
    // Assess
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual([{ message, path }]);
    expect((await away.get(PRESENCE)).body.presence.mode).toBe('online');
  });

  it('refuses a body without a presence', async () => {
    const res = await away.put(PRESENCE, { mode: 'away' });
    expect(res.status).toBe(422);
  });

  it('keeps the words and the colleague for the next absence, and "I\'m back" needs only the mode', async () => {
    // Act
    const chosen = await choose({ mode: 'away_both', auto_reply_text: '  Out until 2 pm.  ', routed_to_agent_id: COVER_ID });
    const back = await choose({ mode: 'online' });
    // Assess
    expect(chosen.status).toBe(200);
    expect(chosen.body.presence).toMatchObject({ mode: 'away_both', auto_reply_text: 'Out until 2 pm.', routed_to: blake, away_since: expect.any(String) });
    expect(back.status).toBe(200);
    expect(back.body.presence).toEqual({ mode: 'online', auto_reply_text: 'Out until 2 pm.', routed_to: blake, away_since: null });
  });

  it("tells the agent's other tabs on their own channel", async () => {
    const since = Date.now() - 1000;
    await choose({ mode: 'away' });
    const events = await eventsOf(AWAY_ID, since, 'presence.changed');
    expect(events.at(-1)?.data).toMatchObject({ agent_id: AWAY_ID, presence: { mode: 'away' } });
    await choose({ mode: 'online' });
  });

  it('shows colleagues who is away', async () => {
    await choose({ mode: 'away' });
    const colleagues = (await cover.get('/api/agents/colleagues')).body.colleagues as { id: string; presence: string }[];
    expect(colleagues.find((c) => c.id === AWAY_ID)?.presence).toBe('away');
    await choose({ mode: 'online' });
  });
});

describe('the auto-reply', () => {
  it('answers once per conversation per absence, naming the dealership, and again in a new absence', async () => {
    // Prepare
    const { customer, ro } = await alexsOrder();
    const phone = customer.phones.cell!;
    expect((await choose({ mode: 'away_autoresponder', auto_reply_text: 'I am out of the office today; I will answer tomorrow.' })).status).toBe(200);
    // Act: two texts in one absence
    await reply(phone, 'Is my car ready?');
    await reply(phone, 'Hello?');
    // Assess
    const expected = `${store.name}: I am out of the office today; I will answer tomorrow.`;
    expect((await received(phone)).filter((t) => t.startsWith(expected))).toHaveLength(1);
    const replies = (await conversation(ro)).filter((m) => m.metadata.automated === 'auto_reply');
    expect(replies).toHaveLength(1);
    expect(replies[0]!.agent).toBeNull();

    // Act: back, then away again: a new absence
    await choose({ mode: 'online' });
    await reply(phone, 'Thanks');
    await choose({ mode: 'away_autoresponder' });
    await reply(phone, 'One more question');
    // Assess
    expect((await received(phone)).filter((t) => t.startsWith(expected))).toHaveLength(2);
    await choose({ mode: 'online' });
  });

  it('never answers a STOP, and an opted-out customer gets nothing', async () => {
    // Prepare
    const { customer, ro } = await alexsOrder();
    const phone = customer.phones.cell!;
    await choose({ mode: 'away_autoresponder', auto_reply_text: 'Away today.' });
    // Act
    await reply(phone, 'STOP');
    await reply(phone, 'Why did nobody call me?');
    // Assess: the opt-out confirmation is the only text the number got
    const texts = await received(phone);
    expect(texts).toHaveLength(1);
    expect(texts[0]).toContain('unsubscribed');
    expect((await conversation(ro)).filter((m) => m.metadata.direction === 'outbound' && m.metadata.automated === 'auto_reply' && m.metadata.status !== 'not sent')).toEqual([]);
    await choose({ mode: 'online' });
  });

  it('waits for texting hours like any automated text, and does not go once the agent is back', async () => {
    // Prepare: quiet hours from an hour ago to an hour ahead, for the texts alone
    const service = await readSettings(store.companyId, store.locationId, 'service_settings');
    const inQuietHours = async (text: () => Promise<unknown>) => {
      await writeSettings(store.companyId, store.locationId, 'service_settings', { ...service, quiet_hours_start: wallClock(-60), quiet_hours_end: wallClock(60) }, 'agt_test');
      try {
        await text();
      } finally {
        await writeSettings(store.companyId, store.locationId, 'service_settings', service, 'agt_test');
      }
    };
    const heldReply = async (ro: RepairOrderRecord) => (await conversation(ro)).find((m) => m.metadata.automated === 'auto_reply');
    const first = await alexsOrder();
    const second = await alexsOrder();
    await choose({ mode: 'away_autoresponder', auto_reply_text: 'Out at the training day.' });

    // Act: a late text; the window opens while Alex is still away
    await inQuietHours(() => reply(first.customer.phones.cell!, 'Late question'));
    const held = await heldReply(first.ro);
    expect(held?.metadata).toMatchObject({ status: 'scheduled', send_at: expect.any(String) });
    expect(await received(first.customer.phones.cell!)).toEqual([]);
    await sendDueMessages(new Date(Date.parse(held!.metadata.send_at!) + 1000));
    // Assess: it went
    // (the first text to a number carries the opt-out line)
    expect(await received(first.customer.phones.cell!)).toEqual([`${store.name}: Out at the training day.\nReply STOP to opt out`]);

    // Act: another late text; Alex is back before the window opens
    await inQuietHours(() => reply(second.customer.phones.cell!, 'Another late question'));
    const waiting = await heldReply(second.ro);
    await choose({ mode: 'online' });
    await sendDueMessages(new Date(Date.parse(waiting!.metadata.send_at!) + 1000));
    // Assess: "I'm away" never reaches the customer
    expect(await received(second.customer.phones.cell!)).toEqual([]);
    expect((await heldReply(second.ro))?.metadata).toMatchObject({ status: 'not sent', error_code: 'agent_back' });
  });

  it('does not answer while the agent is online', async () => {
    const { customer } = await alexsOrder();
    await reply(customer.phones.cell!, 'Anyone there?');
    expect(await received(customer.phones.cell!)).toEqual([]);
  });
});

describe('routing to a colleague', () => {
  it("puts new texts in the colleague's inbox, unread, with an event on their channel, until the agent is back", async () => {
    // Prepare
    const { customer, ro } = await alexsOrder();
    const quiet = await alexsOrder();
    await choose({ mode: 'away_routing', routed_to_agent_id: COVER_ID });
    const since = Date.now() - 1000;
    // Act
    await reply(customer.phones.cell!, 'Can someone call me back?');
    // Assess: in Blake's inbox, unread, routed from Alex; an order without a new text is not
    const row = await inboxRow(cover, ro.id);
    expect(row).toMatchObject({ id: ro.id, is_unread: true, routed_from: alex, agent: alex });
    expect(await inboxRow(cover, quiet.ro.id)).toBeUndefined();
    expect((await cover.get(`/api/repair_orders/${ro.id}`)).body.repair_order.routed_from).toEqual(alex);
    const routed = await eventsOf(COVER_ID, since, 'conversation.routed');
    expect(routed).toHaveLength(1);
    expect(routed[0]!.data).toMatchObject({ repair_order_id: ro.id, owner: { kind: 'repair_order', id: ro.id }, location_id: store.locationId, from_agent: alex, message: { text: 'Can someone call me back?' } });
    // No auto-reply without autoresponder
    expect(await received(customer.phones.cell!)).toEqual([]);

    // Act: Alex is back
    const back = Date.now() - 500;
    await choose({ mode: 'online' });
    // Assess: gone from Blake's inbox, and Blake's console heard it
    expect(await inboxRow(cover, ro.id)).toBeUndefined();
    expect((await cover.get(`/api/repair_orders/${ro.id}`)).body.repair_order.routed_from).toBeNull();
    const ended = await eventsOf(COVER_ID, back, 'routing.ended');
    expect(ended.map((e) => e.data)).toContainEqual({ location_id: store.locationId, from_agent_id: AWAY_ID, owners: [{ kind: 'repair_order', id: ro.id }] });

    // Act: a text after Alex is back
    const after = Date.now() - 500;
    await reply(customer.phones.cell!, 'Still waiting');
    // Assess: routed nowhere
    const later = await eventsOf(COVER_ID, after, 'conversation.routed');
    expect(later.filter((e) => (e.data as { message: { text: string } }).message.text === 'Still waiting')).toEqual([]);
    expect(await inboxRow(cover, ro.id)).toBeUndefined();
  });

  it("counts routed orders in the inbox's total and pages through them with the colleague's own", async () => {
    // Prepare: Blake has orders of his own; Alex routes two to him
    const own = await Promise.all([1, 2, 3].map(() => orderOf(blake)));
    const routed = [await alexsOrder(), await alexsOrder()];
    const before = (await cover.get(inbox())).body.meta.paging.total as number;
    await choose({ mode: 'away_routing', routed_to_agent_id: COVER_ID });
    for (const { customer } of routed) await reply(customer.phones.cell!, 'Hello from a routed customer');
    // Act: the whole inbox, one row a page
    const total = (await cover.get(inbox())).body.meta.paging.total as number;
    const pages: string[] = [];
    for (let offset = 0; offset < total; offset++) pages.push(...(await cover.get(`/api/locations/${store.locationId}/repair_orders/inbox?offset=${offset}&limit=1`)).body.repair_orders.map((r: { id: string }) => r.id));
    // Assess
    expect(total).toBe(before + 2);
    expect(new Set(pages).size).toBe(total);
    expect(pages.slice(0, 2).sort()).toEqual(routed.map((r) => r.ro.id).sort());
    for (const { ro } of own) expect(pages).toContain(ro.id);
    await choose({ mode: 'online' });
    expect((await cover.get(inbox())).body.meta.paging.total).toBe(before);
  });

  it('moves the routing when the agent picks another colleague while away', async () => {
    const { customer, ro } = await alexsOrder();
    await choose({ mode: 'away_routing', routed_to_agent_id: COVER_ID });
    await reply(customer.phones.cell!, 'First text');
    expect(await inboxRow(cover, ro.id)).toBeDefined();
    // Act
    await choose({ mode: 'away_routing', routed_to_agent_id: THIRD_ID });
    // Assess: Blake no longer holds it; the same absence goes on
    expect(await inboxRow(cover, ro.id)).toBeUndefined();
    expect((await away.get(PRESENCE)).body.presence.mode).toBe('away_routing');
    await choose({ mode: 'online' });
  });
});

describe('the presence sweep and activity', () => {
  it('marks a quiet agent offline without ending their absence, and activity shows them away, not online', async () => {
    // Prepare
    await choose({ mode: 'away_autoresponder', auto_reply_text: 'Back Monday.' });
    // Act: the sweep runs 16 minutes on
    await presenceSweep(Date.now() + 16 * 60_000);
    // Assess
    expect((await getAgent(store.companyId, AWAY_ID))?.online_status).toBe('offline');
    expect((await away.get(PRESENCE)).body.presence.mode).toBe('away_autoresponder');
    // Act: activity (opening the console, signing in again)
    await away.get('/api/agents/me');
    await signIn(baseUrl, `${AWAY_ID}@harbor.example`);
    // Assess: still away, by choice and by status
    const me = (await away.get('/api/agents/me')).body.agent;
    expect(me).toMatchObject({ online_status: 'away', presence: 'away_autoresponder' });
    // Act: back
    await choose({ mode: 'online' });
    expect((await getAgent(store.companyId, AWAY_ID))?.online_status).toBe('online');
  });
});
