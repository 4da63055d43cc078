import { beforeAll, describe, expect, inject, it } from 'vitest';
import { appendMessage } from '../../functions/messages/records.js';
import { systemMessage } from '../../functions/messages/notes.js';
import { channels, cursorAt, eventsAfter } from '../../functions/lib/realtime.js';
import { readSettings } from '../../functions/lib/settings.js';
import type { RepairOrderRecord } from '../../functions/repairOrders/records.js';
import { holdsOrders, type AccessFlags } from '../../shared/access.js';
import { MISSING_AGENT, OPTED_OUT_ACTION } from '../../shared/schemas/messages.js';
import { api, signIn, type ApiClient } from '../support/api.js';
import { createRepairOrder, DEMO_NORTH, ensureServiceNumber, useStackEnv } from '../support/service.js';
import { repairOrderOwner } from '../../functions/repairOrders/owner.js';

const baseUrl = inject('baseUrl');
const as = async (email: string) => api(baseUrl, await signIn(baseUrl, email));
const board = `/api/locations/${DEMO_NORTH.locationId}/repair_orders`;

let advisor: ApiClient;
let manager: ApiClient;
let admin: ApiClient;
let rival: ApiClient;
let tech: ApiClient;

beforeAll(async () => {
  useStackEnv();
  [advisor, manager, admin, rival, tech] = await Promise.all([
    as('advisor@demo.example'),
    as('manager@demo.example'),
    as('admin@demo.example'),
    as('rival@demo.example'),
    as('tech@demo.example'),
  ]);
});

/** The location texts from its service number: keep the one it has, else give it one. */
async function hasServiceNumber(): Promise<void> {
  const info = await readSettings(DEMO_NORTH.companyId, DEMO_NORTH.locationId, 'business_information');
  if (!info.texting_numbers.service) await ensureServiceNumber(DEMO_NORTH.companyId, DEMO_NORTH.locationId, '+16175550150');
}

/** A customer's text arriving on the order, written as the inbound handler would. */
async function customerWrites(ro: RepairOrderRecord, text: string): Promise<void> {
  const base = systemMessage(repairOrderOwner(ro), { behaviour: 'GENERIC_SYSTEM', text });
  await appendMessage(repairOrderOwner(ro), { ...base, behaviour: null, metadata: { ...base.metadata, direction: 'inbound' } });
}

const ids = (res: { body: { repair_orders: { id: string }[] } }) => res.body.repair_orders.map((r) => r.id);
const totalOf = async (client: ApiClient, path: string) => (await client.get(path)).body.meta.paging.total as number;

async function eventsOn(channel: string, since: number) {
  return eventsAfter(DEMO_NORTH.companyId, channel, cursorAt(since));
}

describe('GET /api/locations/{id}/repair_orders (the board)', () => {
  it('lists the board by last activity, newest first, with paging meta, to managers and admins', async () => {
    // prepare
    const older = await createRepairOrder();
    const newer = await createRepairOrder();
    // act
    const res = await manager.get(`${board}?offset=0&limit=100`);
    // assess
    expect(res.status).toBe(200);
    const list = ids(res);
    expect(list).toContain(older.ro.id);
    expect(list.indexOf(newer.ro.id)).toBeLessThan(list.indexOf(older.ro.id));
    expect(res.body.meta.paging).toEqual({ total: expect.any(Number), current_offset: 0, per_page: 100 });
    const row = res.body.repair_orders.find((r: { id: string }) => r.id === newer.ro.id);
    expect(row.customer.id).toBe(newer.customer.id);
    expect(row.is_unread).toBe(false);
    expect((await admin.get(`${board}?limit=5`)).body.repair_orders.length).toBeLessThanOrEqual(5);
  });

  it('pages 20 at a time by default and follows offset', async () => {
    for (let i = 0; i < 3; i++) await createRepairOrder();
    const first = await manager.get(`${board}?offset=0&limit=2`);
    const second = await manager.get(`${board}?offset=2&limit=2`);
    expect(first.body.repair_orders).toHaveLength(2);
    expect(second.body.meta.paging.current_offset).toBe(2);
    expect(ids(first).filter((id: string) => ids(second).includes(id))).toEqual([]);
    expect((await manager.get(board)).body.meta.paging.per_page).toBe(20);
  });

  it('refuses advisors (access level 0) with 403: they use the inbox', async () => {
    const res = await advisor.get(board);
    expect(res.status).toBe(403);
  });

  it('answers 404 for a location of another company or, below admin, another store', async () => {
    expect((await rival.get(board)).status).toBe(404);
    expect((await manager.get('/api/locations/loc_demo_south/repair_orders')).status).toBe(404);
    expect((await admin.get('/api/locations/loc_demo_south/repair_orders')).status).toBe(200);
  });
});

describe('GET /api/locations/{id}/repair_orders/inbox', () => {
  it("lists only the acting agent's own orders on the board", async () => {
    const mine = await createRepairOrder();
    const nobodys = await createRepairOrder({ ro: { agent: null } });
    const res = await advisor.get(`${board}/inbox?limit=100`);
    expect(res.status).toBe(200);
    expect(ids(res)).toContain(mine.ro.id);
    expect(ids(res)).not.toContain(nobodys.ro.id);
    expect(res.body.repair_orders.every((r: { agent: { id: string } }) => r.agent.id === 'agt_advisor')).toBe(true);
  });
});

describe('GET /api/repair_orders/{id}', () => {
  it('answers the order with its customer; 404 to another company, 403 to agents off the service board', async () => {
    const { ro, customer } = await createRepairOrder();
    const res = await advisor.get(`/api/repair_orders/${ro.id}`);
    expect(res.status).toBe(200);
    expect(res.body.repair_order).toMatchObject({ id: ro.id, ro_id: ro.ro_id, customer: { id: customer.id }, agent: { id: 'agt_advisor' } });
    expect(res.body.repair_order.customer_id).toBeUndefined();
    expect((await rival.get(`/api/repair_orders/${ro.id}`)).status).toBe(404);
    expect((await tech.get(`/api/repair_orders/${ro.id}`)).status).toBe(403);
    expect((await advisor.get('/api/repair_orders/ro_missing')).status).toBe(404);
  });
});

describe('archive and unarchive', () => {
  it('moves the order between the board and the archive, and the totals with it', async () => {
    // prepare
    const { ro } = await createRepairOrder();
    const boardTotal = await totalOf(manager, board);
    const archiveTotal = await totalOf(manager, `${board}?archived=1`);
    const inboxTotal = await totalOf(advisor, `${board}/inbox`);
    // act
    const archived = await advisor.put(`/api/repair_orders/${ro.id}/archive`);
    // assess
    expect(archived.status).toBe(200);
    expect(archived.body.repair_order).toMatchObject({ archived: true, archived_at: expect.any(String) });
    expect(await totalOf(manager, board)).toBe(boardTotal - 1);
    expect(await totalOf(manager, `${board}?archived=1`)).toBe(archiveTotal + 1);
    expect(await totalOf(advisor, `${board}/inbox`)).toBe(inboxTotal - 1);
    expect(ids(await manager.get(`${board}?limit=100`))).not.toContain(ro.id);
    expect(ids(await manager.get(`${board}?archived=1&limit=100`))).toContain(ro.id);
    expect(ids(await advisor.get(`${board}/inbox?limit=100`))).not.toContain(ro.id);

    // archiving twice changes nothing
    expect((await advisor.put(`/api/repair_orders/${ro.id}/archive`)).status).toBe(200);
    expect(await totalOf(manager, `${board}?archived=1`)).toBe(archiveTotal + 1);

    const back = await advisor.put(`/api/repair_orders/${ro.id}/unarchive`);
    expect(back.body.repair_order).toMatchObject({ archived: false, archived_at: null });
    expect(await totalOf(manager, board)).toBe(boardTotal);
    expect(await totalOf(manager, `${board}?archived=1`)).toBe(archiveTotal);
    expect(await totalOf(advisor, `${board}/inbox`)).toBe(inboxTotal);
    expect(ids(await advisor.get(`${board}/inbox?limit=100`))).toContain(ro.id);
  });

  it('tells the managers and the advisor', async () => {
    const since = Date.now() - 1000;
    const { ro } = await createRepairOrder();
    await manager.put(`/api/repair_orders/${ro.id}/archive`);
    for (const channel of [channels.managerRepairOrders(DEMO_NORTH.locationId), channels.agent('agt_advisor')]) {
      const events = await eventsOn(channel, since);
      expect(events.some((e) => e.type === 'repair_order.changed' && (e.data as { id: string; reason: string }).id === ro.id)).toBe(true);
    }
  });
});

describe('PUT /api/repair_orders/{id}/agent', () => {
  it('reassigns the advisor: inbox totals move, the new advisor hears "assigned", the old one "changed"', async () => {
    // prepare
    const since = Date.now() - 1000;
    const { ro } = await createRepairOrder();
    const boardTotal = await totalOf(manager, board);
    const advisorInbox = await totalOf(advisor, `${board}/inbox`);
    const managerInbox = await totalOf(manager, `${board}/inbox`);
    // act
    const res = await advisor.put(`/api/repair_orders/${ro.id}/agent`, { agent_id: 'agt_manager' });
    // assess
    expect(res.status).toBe(200);
    expect(res.body.repair_order.agent).toEqual({ id: 'agt_manager', first_name: 'Marcus', last_name: 'Bell' });
    expect(await totalOf(manager, board)).toBe(boardTotal);
    expect(await totalOf(advisor, `${board}/inbox`)).toBe(advisorInbox - 1);
    expect(await totalOf(manager, `${board}/inbox`)).toBe(managerInbox + 1);
    const toNew = await eventsOn(channels.agent('agt_manager'), since);
    expect(toNew.find((e) => (e.data as { id?: string }).id === ro.id)).toMatchObject({
      type: 'repair_order.assigned',
      data: { id: ro.id, location_id: DEMO_NORTH.locationId, agent_id: 'agt_manager' },
    });
    const toOld = await eventsOn(channels.agent('agt_advisor'), since);
    expect(toOld.some((e) => e.type === 'repair_order.changed' && (e.data as { id: string }).id === ro.id)).toBe(true);
  });

  it('unassigns with null, and the order leaves the inbox', async () => {
    const { ro } = await createRepairOrder();
    const res = await manager.put(`/api/repair_orders/${ro.id}/agent`, { agent_id: null });
    expect(res.status).toBe(200);
    expect(res.body.repair_order.agent).toBeNull();
    expect(ids(await advisor.get(`${board}/inbox?limit=100`))).not.toContain(ro.id);
  });

  it('refuses agents who are not active service advisors of the location', async () => {
    const { ro } = await createRepairOrder();
    for (const agentId of ['agt_tech', 'agt_inventory', 'agt_former', 'agt_rival', 'agt_nobody']) {
      const res = await manager.put(`/api/repair_orders/${ro.id}/agent`, { agent_id: agentId });
      expect(res.status, agentId).toBe(422);
      expect(res.body.error).toEqual({ id: 'invalid_advisor', message: 'Choose an active service advisor of this location' });
    }
    expect((await manager.put(`/api/repair_orders/${ro.id}/agent`, {})).status).toBe(422);
    expect((await rival.put(`/api/repair_orders/${ro.id}/agent`, { agent_id: 'agt_rival' })).status).toBe(404);
  });

  it("offers in the advisor picker only agents who hold orders, and refuses the admin and the coordinator (issue 18 §6)", async () => {
    // The picker is the location's agents through the rule the console and the server share.
    const agents = (await manager.get(`/api/locations/${DEMO_NORTH.locationId}/agents`)).body.agents as { id: string; active: boolean; access_level: AccessFlags }[];
    const offered = agents.filter((a) => a.active && holdsOrders(a.access_level)).map((a) => a.id).sort();
    expect(offered).toEqual(['agt_advisor', 'agt_manager']);

    const { ro } = await createRepairOrder();
    for (const agentId of ['agt_admin', 'agt_appointments']) {
      const res = await admin.put(`/api/repair_orders/${ro.id}/agent`, { agent_id: agentId });
      expect(res.status, agentId).toBe(422);
      expect(res.body.error).toEqual({ id: 'invalid_advisor', message: 'Choose an active service advisor of this location' });
    }
    for (const agentId of offered) expect((await admin.put(`/api/repair_orders/${ro.id}/agent`, { agent_id: agentId })).body.repair_order.agent.id).toBe(agentId);
  });
});

describe('read and unread, per agent', () => {
  it("turns unread for every agent when the customer writes; one agent's read leaves the other's unread", async () => {
    // prepare
    const { ro } = await createRepairOrder();
    // act
    await customerWrites(ro, 'Is it ready yet?');
    // assess
    expect((await advisor.get(`/api/repair_orders/${ro.id}`)).body.repair_order.is_unread).toBe(true);
    expect((await manager.get(`/api/repair_orders/${ro.id}`)).body.repair_order.is_unread).toBe(true);

    const read = await advisor.put(`/api/repair_orders/${ro.id}/read`);
    expect(read.status).toBe(200);
    expect(read.body.repair_order.is_unread).toBe(false);
    expect((await advisor.get(`/api/repair_orders/${ro.id}`)).body.repair_order.is_unread).toBe(false);
    const managerRow = (await manager.get(`${board}?limit=100`)).body.repair_orders.find((r: { id: string }) => r.id === ro.id);
    expect(managerRow.is_unread).toBe(true);

    const unread = await advisor.put(`/api/repair_orders/${ro.id}/unread`);
    expect(unread.body.repair_order.is_unread).toBe(true);
    expect((await advisor.get(`${board}/inbox?limit=100`)).body.repair_orders.find((r: { id: string }) => r.id === ro.id).is_unread).toBe(true);
  });

  it('turns unread again when the customer writes after the agent read it', async () => {
    const { ro } = await createRepairOrder();
    await advisor.put(`/api/repair_orders/${ro.id}/read`);
    await new Promise((r) => setTimeout(r, 5));
    await customerWrites(ro, 'One more question');
    expect((await advisor.get(`/api/repair_orders/${ro.id}`)).body.repair_order.is_unread).toBe(true);
  });

  it("tells the agent's other tabs on their own channel", async () => {
    const since = Date.now() - 1000;
    const { ro } = await createRepairOrder();
    await advisor.put(`/api/repair_orders/${ro.id}/unread`);
    const events = await eventsOn(channels.agent('agt_advisor'), since);
    expect(events.find((e) => e.type === 'read.changed' && (e.data as { repair_order_id: string }).repair_order_id === ro.id)?.data).toEqual({
      repair_order_id: ro.id,
      is_unread: true,
    });
  });
});

describe('POST /api/repair_orders/{id}/vehicle_ready', () => {
  it('refuses an order without an advisor with the text of SPEC §8', async () => {
    const { ro } = await createRepairOrder({ ro: { agent: null } });
    const res = await manager.post(`/api/repair_orders/${ro.id}/vehicle_ready`);
    expect(res.status).toBe(422);
    expect(res.body.error).toEqual({ id: 'missing_agent', message: MISSING_AGENT });
  });

  it('refuses an opted-out customer', async () => {
    const { ro } = await createRepairOrder({ customer: { opt_in: 'out' } });
    const res = await advisor.post(`/api/repair_orders/${ro.id}/vehicle_ready`);
    expect(res.status).toBe(422);
    expect(res.body.error).toEqual({ id: 'opted_out_action', message: OPTED_OUT_ACTION });
    expect(OPTED_OUT_ACTION).toBe("Can't do this action on an opted-out customer");
  });

  it('sends the vehicle-ready text and marks the order', async () => {
    await hasServiceNumber();
    const { ro } = await createRepairOrder({ customer: { opt_in: 'in' } });
    const res = await advisor.post(`/api/repair_orders/${ro.id}/vehicle_ready`);
    expect(res.status).toBe(200);
    expect(res.body.repair_order).toMatchObject({ id: ro.id, vehicle_ready: true, vehicle_ready_at: expect.any(String) });
    expect(res.body.message).toMatchObject({ message_thread_id: ro.message_thread.id, metadata: { direction: 'outbound', automated: 'vehicle_ready' } });
    expect((await advisor.get(`/api/repair_orders/${ro.id}`)).body.repair_order.vehicle_ready).toBe(true);
  });

  it('answers 404 to another company', async () => {
    const { ro } = await createRepairOrder();
    expect((await rival.post(`/api/repair_orders/${ro.id}/vehicle_ready`)).status).toBe(404);
  });
});
