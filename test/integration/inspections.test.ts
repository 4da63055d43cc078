/**
 * Multi-point inspections over HTTP against the local stack: the queues, every transition of a
 * sheet and its refusals, the concurrent claim, the holder's save with every SPEC §5 rule,
 * re-templating, photos and videos through presigned uploads, MPI settings, technicians, events
 * and tenant isolation.
 */
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { feedContext } from '../../functions/dms/feed.js';
import { ingestRepairOrder, repairOrderIdOf } from '../../functions/dms/repairOrders.js';
import { ensureSheet } from '../../functions/inspections/sheets.js';
import { getSheet, updateSheet } from '../../functions/inspections/records.js';
import { channels, cursorAt, eventsAfter } from '../../functions/lib/realtime.js';
import { readSettings, writeSettings } from '../../functions/lib/settings.js';
import { systemMessage } from '../../functions/messages/notes.js';
import { appendMessage, messagesOf } from '../../functions/messages/records.js';
import { getRepairOrder, type RepairOrderRecord } from '../../functions/repairOrders/records.js';
import { MAX_MPI_ATTACHMENT_BYTES, MPI_ERRORS } from '../../shared/inspections/inspections.js';
import { api, signIn, type ApiClient, type JsonBody } from '../support/api.js';
import { dmsRepairOrder } from '../../shared/schemas/dms.js';
import { createRepairOrder, DEMO_NORTH, uniquePhone, useStackEnv } from '../support/service.js';
import { repairOrderOwner } from '../../functions/repairOrders/owner.js';

const baseUrl = inject('baseUrl');
const as = async (email: string) => api(baseUrl, await signIn(baseUrl, email));
const loc = `/api/locations/${DEMO_NORTH.locationId}/tech/mpi`;
const mpi = (roId: string) => `/api/tech/mpi/repair_orders/${roId}`;
const NORTH_CAR_TEMPLATE = 'mpt_demo_north_car';

let tech: ApiClient;
let techAgain: ApiClient;
let advisor: ApiClient;
let manager: ApiClient;
let rival: ApiClient;
let south: ApiClient;

beforeAll(async () => {
  useStackEnv();
  [tech, techAgain, advisor, manager, rival, south] = await Promise.all([
    as('tech@demo.example'),
    as('tech@demo.example'),
    as('advisor@demo.example'),
    as('manager@demo.example'),
    as('rival@demo.example'),
    as('south@demo.example'),
  ]);
});

/** A new North order with its unclaimed sheet from the location's default template. */
async function orderWithSheet(overrides: Partial<RepairOrderRecord> = {}): Promise<RepairOrderRecord> {
  const { ro } = await createRepairOrder({ ro: overrides });
  const sheet = await ensureSheet(ro);
  if (!sheet) throw new Error('MPI is not on at the North store');
  return ro;
}

async function claimed(by: ApiClient = tech): Promise<{ ro: RepairOrderRecord; sheet: JsonBody }> {
  const ro = await orderWithSheet();
  const res = await by.put(`${mpi(ro.id)}/${by === tech ? 'technician' : 'advisor'}/claim`);
  expect(res.status).toBe(200);
  return { ro, sheet: res.body.sheet };
}

/** The save body of a sheet as loaded, with `edit` applied to it. */
function saveBody(sheet: JsonBody, edit: Partial<{ groups: JsonBody[]; recommendations: JsonBody[]; attachments: JsonBody[]; damage_details: JsonBody }> = {}) {
  return {
    sheet: {
      version: sheet.version,
      groups: sheet.groups,
      recommendations: sheet.recommendations.map((r: JsonBody) => ({ id: r.id, group: r.group, item: r.item, est_cost_in_cents: r.est_cost_in_cents, comment: r.comment, notes: r.notes })),
      attachments: sheet.attachments.map((a: JsonBody) => ({ id: a.id, notes: a.notes, verdict: a.verdict })),
      damage_details: sheet.damage_details,
      ...edit,
    },
  };
}

/** Sets one item's condition in a copy of the groups. */
function withCondition(groups: JsonBody[], group: string, item: string, dmg: number, comment = ''): JsonBody[] {
  return groups.map((g) => (g.name !== group ? g : { ...g, items: g.items.map((i: JsonBody) => (i.name === item ? { ...i, dmg, comment } : i)) }));
}

/** The whole pool: oldest first, so fresh sheets are on the last page. */
async function pool(client: ApiClient = tech): Promise<string[]> {
  const first = await client.get(`${loc}/sheets/for_claim?limit=1`);
  expect(first.status).toBe(200);
  const total: number = first.body.meta.paging.total;
  const last = await client.get(`${loc}/sheets/for_claim?offset=${Math.max(0, total - 100)}&limit=100`);
  return last.body.sheets.map((s: JsonBody) => s.repair_order.id);
}

const errorOf = (res: { status: number; body: JsonBody }) => ({ status: res.status, id: res.body?.error?.id });

describe('the demo and new orders', () => {
  it('gives seeded North orders unclaimed sheets from the default car template, in the pool with their order', async () => {
    const res = await tech.get(`${loc}/sheets/for_claim?limit=5`);
    expect(res.status).toBe(200);
    expect(res.body.meta.paging).toEqual({ total: expect.any(Number), current_offset: 0, per_page: 5 });
    const [entry] = res.body.sheets;
    expect(entry).toMatchObject({ state: 'unclaimed', holder: null, form_name: 'Multi-point inspection', vehicle_type: 'car' });
    expect(entry.repair_order).toMatchObject({ id: expect.any(String), ro_id: expect.any(String), vehicle: expect.any(Object) });
    expect(entry.items.unset).toBeGreaterThanOrEqual(30);
  });

  it("has Maria Gonzalez's sheet completed by Luis Ortega with two recommendations, and one sheet claimed by him", async () => {
    const inbox = await advisor.get(`${loc}/repair_orders/inbox`);
    expect(inbox.status).toBe(200);
    const maria = inbox.body.repair_orders.find((e: JsonBody) => e.repair_order.customer_first_name === 'Maria');
    expect(maria).toMatchObject({ state: 'completed_by_technician', technician: { first_name: 'Luis', last_name: 'Ortega' } });
    expect(maria.recommendations).toMatchObject({ total: 2, total_cents: 28500, undecided: 2 });
    expect(maria.items.red).toBe(1);
    const held = await tech.get(`${loc}/sheets/inbox`);
    expect(held.body.sheets.some((s: JsonBody) => s.repair_order.customer_last_name === "O'Connor")).toBe(true);
  });

  it('gives an order arriving from the DMS its unclaimed sheet, and a repeated feed of it no second one', async () => {
    const ctx = await feedContext(DEMO_NORTH.companyId, DEMO_NORTH.locationId, { lineType: async () => 'mobile' });
    const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
    const record = dmsRepairOrder.parse({
      dms_ro_id: `MPI-${stamp}`,
      dms_customer_id: `MPIC-${stamp}`,
      customer: { first_name: 'Ines', last_name: 'Feed', phones: { cell: uniquePhone() } },
      opened_at: new Date().toISOString(),
    });
    expect(await ingestRepairOrder(ctx, record, record)).toBe('created');
    const id = repairOrderIdOf(ctx, record.dms_ro_id);
    const first = await getSheet(DEMO_NORTH.companyId, id, true);
    expect(first).toMatchObject({ state: 'unclaimed', template_id: NORTH_CAR_TEMPLATE, repair_order_id: id });
    const again = { ...record, customer_waiting: true };
    await ingestRepairOrder(ctx, again, again);
    expect((await getSheet(DEMO_NORTH.companyId, id, true))!.id).toBe(first!.id);
    expect((await getRepairOrder(DEMO_NORTH.companyId, id, true))!.sheet).toMatchObject({ id: first!.id, state: 'unclaimed' });
  });

  it('gives a new order no sheet when MPI is off at its location, and one sheet only however often asked', async () => {
    const settings = await readSettings(DEMO_NORTH.companyId, DEMO_NORTH.locationId, 'mpi_settings');
    const { ro } = await createRepairOrder();
    await writeSettings(DEMO_NORTH.companyId, DEMO_NORTH.locationId, 'mpi_settings', { ...settings, enabled: false }, 'test');
    try {
      expect(await ensureSheet(ro)).toBeNull();
    } finally {
      await writeSettings(DEMO_NORTH.companyId, DEMO_NORTH.locationId, 'mpi_settings', { ...settings, enabled: true }, 'test');
    }
    const [a, b] = await Promise.all([ensureSheet(ro), ensureSheet(ro)]);
    expect(a!.id).toBe(b!.id);
    expect((await getRepairOrder(ro.company_id, ro.id, true))!.sheet).toMatchObject({ id: a!.id, state: 'unclaimed' });
  });
});

describe('claims and completion', () => {
  it('moves a claimed sheet from the pool to the technician’s inbox and the manager inbox, and updates the order’s summary', async () => {
    const ro = await orderWithSheet();
    expect(await pool()).toContain(ro.id);
    const res = await tech.put(`${mpi(ro.id)}/technician/claim`);
    expect(res.status).toBe(200);
    expect(res.body.sheet).toMatchObject({ state: 'claimed', holder: { id: 'agt_tech', role: 'technician' }, technician: { id: 'agt_tech' } });
    expect(res.body.repair_order).toMatchObject({ id: ro.id, ro_id: ro.ro_id });
    expect(await pool()).not.toContain(ro.id);
    const inbox = await tech.get(`${loc}/sheets/inbox?limit=100`);
    expect(inbox.body.sheets.map((s: JsonBody) => s.repair_order.id)).toContain(ro.id);
    const managers = await manager.get(`${loc}/sheets/inbox/manager?limit=100`);
    const entry = managers.body.sheets.find((s: JsonBody) => s.repair_order.id === ro.id);
    expect(entry.holder).toMatchObject({ id: 'agt_tech', first_name: 'Luis', last_name: 'Ortega', role: 'technician' });
    expect((await getRepairOrder(ro.company_id, ro.id, true))!.sheet).toMatchObject({ state: 'claimed', holder: { id: 'agt_tech' } });
  });

  it('refuses a second claim with 409 already_claimed naming the holder', async () => {
    const { ro } = await claimed();
    const again = await tech.put(`${mpi(ro.id)}/technician/claim`);
    expect(again.status).toBe(409);
    expect(again.body.error).toMatchObject({ id: 'already_claimed', message: 'This MPI has already been claimed by Luis Ortega', holder: { id: 'agt_tech', role: 'technician' } });
    const byAdvisor = await advisor.put(`${mpi(ro.id)}/advisor/claim`);
    expect(errorOf(byAdvisor)).toEqual({ status: 409, id: 'already_claimed' });
  });

  it('lets exactly one of two simultaneous claims win, the other answering 409 already_claimed', async () => {
    for (const [first, second, path] of [
      [tech, techAgain, 'technician/claim'],
      [tech, advisor, null],
    ] as const) {
      const ro = await orderWithSheet();
      const [a, b] = await Promise.all([first.put(`${mpi(ro.id)}/${path ?? 'technician/claim'}`), second.put(`${mpi(ro.id)}/${path ?? 'advisor/claim'}`)]);
      expect([a.status, b.status].sort()).toEqual([200, 409]);
      expect([a, b].find((r) => r.status === 409)!.body.error.id).toBe('already_claimed');
      const sheet = await getSheet(ro.company_id, ro.id, true);
      expect(sheet!.version).toBe(2);
    }
  });

  it('claims a sheet while texts are being added to its order at the same moment', async () => {
    const ro = await orderWithSheet();
    const notes = Array.from({ length: 6 }, (_, i) => appendMessage(repairOrderOwner(ro), systemMessage(repairOrderOwner(ro), { behaviour: 'GENERIC_SYSTEM', text: `Note ${i}` })));
    const [claim] = await Promise.all([tech.put(`${mpi(ro.id)}/technician/claim`), ...notes]);
    expect(claim.status).toBe(200);
    expect((await getRepairOrder(ro.company_id, ro.id, true))!.sheet).toMatchObject({ state: 'claimed' });
  });

  it('refuses technician routes to agents without the technician flag and advisor routes to technicians', async () => {
    const ro = await orderWithSheet();
    expect((await advisor.put(`${mpi(ro.id)}/technician/claim`)).status).toBe(403);
    expect((await tech.put(`${mpi(ro.id)}/advisor/claim`)).status).toBe(403);
    expect((await tech.put(`${mpi(ro.id)}/reclaim`, { agent_id: 'agt_tech' })).status).toBe(403);
  });

  it('answers a stale version on a claim with 409 mpi_changed', async () => {
    const ro = await orderWithSheet();
    const res = await tech.put(`${mpi(ro.id)}/technician/claim`, { version: 7 });
    expect(errorOf(res)).toEqual({ status: 409, id: 'mpi_changed' });
  });

  it('completes a sheet by its technician: to the advisors’ inbox, with the MPI_SHEET_COMPLETED_BY_TECH note', async () => {
    const { ro, sheet } = await claimed();
    let groups = withCondition(sheet.groups, 'Brakes', 'Front brake pads', 2, 'Worn');
    groups = withCondition(groups, 'Lights & wipers', 'Wiper blades', 1);
    const saved = await tech.put(`${mpi(ro.id)}/sheet`, saveBody(sheet, { groups }));
    expect(saved.status).toBe(200);
    const res = await tech.put(`${mpi(ro.id)}/technician/complete`);
    expect(res.status).toBe(200);
    expect(res.body.sheet).toMatchObject({ state: 'completed_by_technician', holder: null, completed_by_technician_at: expect.any(String) });
    const inbox = await advisor.get(`${loc}/repair_orders/inbox?limit=100`);
    expect(inbox.body.repair_orders.map((e: JsonBody) => e.repair_order.id)).toContain(ro.id);
    const held = await tech.get(`${loc}/sheets/inbox?limit=100`);
    expect(held.body.sheets.map((s: JsonBody) => s.repair_order.id)).not.toContain(ro.id);
    const [note] = await messagesOf(ro.company_id, ro.message_thread.id, 0, 1);
    expect(note).toMatchObject({ behaviour: 'MPI_SHEET_COMPLETED_BY_TECH', text: 'Luis Ortega completed the MPI: 1 red, 1 yellow' });
  });

  it('refuses completion by anyone but the holding technician, and of a sheet nobody holds', async () => {
    const unclaimedRo = await orderWithSheet();
    expect(errorOf(await tech.put(`${mpi(unclaimedRo.id)}/technician/complete`))).toEqual({ status: 409, id: 'not_claimed' });
    const { ro } = await claimed(advisor);
    expect(errorOf(await tech.put(`${mpi(ro.id)}/technician/complete`))).toEqual({ status: 403, id: 'not_holder' });
    expect(errorOf(await manager.put(`${mpi(ro.id)}/technician/complete`))).toEqual({ status: 403, id: 'forbidden' });
  });

  it('asks for a photo on every red item before completing when the location requires it', async () => {
    const settings = await readSettings(DEMO_NORTH.companyId, DEMO_NORTH.locationId, 'mpi_settings');
    const { ro, sheet } = await claimed();
    await tech.put(`${mpi(ro.id)}/sheet`, saveBody(sheet, { groups: withCondition(sheet.groups, 'Brakes', 'Rear rotors', 2) }));
    await writeSettings(DEMO_NORTH.companyId, DEMO_NORTH.locationId, 'mpi_settings', { ...settings, require_photo_for_red: true }, 'test');
    try {
      const res = await tech.put(`${mpi(ro.id)}/technician/complete`);
      expect(res.status).toBe(422);
      expect(res.body.error).toMatchObject({ id: 'red_needs_photo', message: MPI_ERRORS.red_needs_photo, group: 'Brakes', item: 'Rear rotors' });
    } finally {
      await writeSettings(DEMO_NORTH.companyId, DEMO_NORTH.locationId, 'mpi_settings', settings, 'test');
    }
  });

  it('lets an advisor claim a sheet the technician completed, and complete it', async () => {
    const { ro } = await claimed();
    await tech.put(`${mpi(ro.id)}/technician/complete`);
    const claim = await advisor.put(`${mpi(ro.id)}/advisor/claim`);
    expect(claim.status).toBe(200);
    expect(claim.body.sheet).toMatchObject({ state: 'claimed', holder: { id: 'agt_advisor', role: 'advisor' }, advisor: { id: 'agt_advisor' } });
    const done = await advisor.put(`${mpi(ro.id)}/advisor/complete`);
    expect(done.status).toBe(200);
    expect(done.body.sheet).toMatchObject({ state: 'completed_by_advisor', holder: null, completed_by_advisor_at: expect.any(String) });
    expect(errorOf(await advisor.put(`${mpi(ro.id)}/advisor/claim`))).toEqual({ status: 409, id: 'not_advisor_claimable' });
    expect(errorOf(await advisor.put(`${mpi(ro.id)}/advisor/complete`))).toEqual({ status: 409, id: 'not_completable' });
  });

  it('refuses advisor completion by an advisor who does not hold it, and of a sheet a technician holds', async () => {
    const { ro } = await claimed();
    expect(errorOf(await advisor.put(`${mpi(ro.id)}/advisor/complete`))).toEqual({ status: 403, id: 'not_holder' });
    const pooled = await orderWithSheet();
    expect(errorOf(await advisor.put(`${mpi(pooled.id)}/advisor/complete`))).toEqual({ status: 409, id: 'not_claimed' });
  });

  it('lets a manager complete a sheet as advisor whoever holds it', async () => {
    const { ro } = await claimed();
    const res = await manager.put(`${mpi(ro.id)}/advisor/complete`);
    expect(res.status).toBe(200);
    expect(res.body.sheet).toMatchObject({ state: 'completed_by_advisor', advisor: { id: 'agt_manager' } });
  });

  it('reclaims a sheet for a named technician or advisor, from any state, reopening a completed one', async () => {
    const { ro } = await claimed(advisor);
    const forTech = await advisor.put(`${mpi(ro.id)}/reclaim`, { agent_id: 'agt_tech' });
    expect(forTech.status).toBe(200);
    expect(forTech.body.sheet).toMatchObject({ state: 'reclaimed', holder: { id: 'agt_tech', role: 'technician' } });
    expect((await tech.get(`${loc}/sheets/inbox?limit=100`)).body.sheets.map((s: JsonBody) => s.repair_order.id)).toContain(ro.id);
    await manager.put(`${mpi(ro.id)}/advisor/complete`);
    const reopened = await advisor.put(`${mpi(ro.id)}/reclaim`, { agent_id: 'agt_advisor' });
    expect(reopened.body.sheet).toMatchObject({ state: 'reclaimed', holder: { id: 'agt_advisor', role: 'advisor' } });
  });

  it('refuses a reclaim without an agent, or for someone who is not an active technician or advisor of the location', async () => {
    const ro = await orderWithSheet();
    const none = await advisor.put(`${mpi(ro.id)}/reclaim`, {});
    expect(none.status).toBe(422);
    expect(none.body.error).toEqual({ id: 'agent_required', message: MPI_ERRORS.agent_required });
    for (const agentId of ['agt_nobody', 'agt_south_advisor', 'agt_former', 'agt_chat', 'agt_rival']) {
      const res = await advisor.put(`${mpi(ro.id)}/reclaim`, { agent_id: agentId });
      expect(errorOf(res), agentId).toEqual({ status: 422, id: 'not_a_technician_or_advisor' });
    }
  });

  it('tells every screen of the location with an mpi.changed event', async () => {
    const since = Date.now() - 1000;
    const { ro } = await claimed();
    const events = await eventsAfter(DEMO_NORTH.companyId, channels.location(DEMO_NORTH.locationId), cursorAt(since));
    const mine = events.filter((e) => (e.data as { repair_order_id?: string }).repair_order_id === ro.id);
    expect(mine.map((e) => [e.type, (e.data as { reason: string }).reason])).toEqual([
      ['mpi.changed', 'created'],
      ['mpi.changed', 'technician_claimed'],
    ]);
    expect(mine[1]!.data).toMatchObject({ state: 'claimed', holder_id: 'agt_tech', version: 2, location_id: DEMO_NORTH.locationId });
  });
});

describe('PUT …/sheet (the holder’s save)', () => {
  it('saves conditions, comments, recommendations and damage details, bumping the version', async () => {
    const { ro, sheet } = await claimed();
    const groups = withCondition(sheet.groups, 'Brakes', 'Front brake pads', 2, '2 mm left');
    const res = await tech.put(
      `${mpi(ro.id)}/sheet`,
      saveBody(sheet, {
        groups,
        recommendations: [{ group: 'brakes', item: 'FRONT BRAKE PADS', est_cost_in_cents: 24000, comment: 'Replace pads', notes: 'pads in stock' }],
        damage_details: { comment: 'Dent on the tailgate' },
      }),
    );
    expect(res.status).toBe(200);
    expect(res.body.sheet.version).toBe(sheet.version + 1);
    const [rec] = res.body.sheet.recommendations;
    expect(rec).toMatchObject({ id: expect.stringMatching(/^rec_/), group: 'Brakes', item: 'Front brake pads', est_cost_in_cents: 24000, approved: null, decided_at: null });
    expect(res.body.sheet.damage_details.comment).toBe('Dent on the tailgate');
    const summary = (await getRepairOrder(ro.company_id, ro.id, true))!.sheet!;
    expect(summary.items.red).toBe(1);
    expect(summary.recommendations).toMatchObject({ total: 1, total_cents: 24000 });
  });

  it('keeps the decision of a recommendation whose price changed after it was decided', async () => {
    const { ro, sheet } = await claimed();
    const first = await tech.put(`${mpi(ro.id)}/sheet`, saveBody(sheet, { recommendations: [{ group: 'Brakes', item: 'Front rotors', est_cost_in_cents: 30000, comment: '', notes: '' }] }));
    const recId = first.body.sheet.recommendations[0].id;
    // The customer approved it meanwhile (written through the store, as the decision route does).
    const decided = await updateSheet(ro.company_id, ro.id, (s) => ({
      recommendations: s.recommendations.map((r) => ({ ...r, approved: true, decided_at: new Date().toISOString(), metadata: { approver: { initiator: 'customer' as const, agent: null } } })),
    }));
    const res = await tech.put(
      `${mpi(ro.id)}/sheet`,
      saveBody({ ...first.body.sheet, version: decided.after.version }, { recommendations: [{ id: recId, group: 'Brakes', item: 'Front rotors', est_cost_in_cents: 32000, comment: 'both', notes: '' }] }),
    );
    expect(res.status).toBe(200);
    expect(res.body.sheet.recommendations[0]).toMatchObject({ id: recId, est_cost_in_cents: 32000, approved: true, metadata: { approver: { initiator: 'customer' } } });
  });

  it('drops empty groups and refuses an emptied sheet, a sheet without items, and an item twice in a group', async () => {
    const { ro, sheet } = await claimed();
    const dropped = await tech.put(`${mpi(ro.id)}/sheet`, saveBody(sheet, { groups: [...sheet.groups, { name: 'Extras', items: [] }] }));
    expect(dropped.status).toBe(200);
    expect(dropped.body.sheet.groups.map((g: JsonBody) => g.name)).not.toContain('Extras');
    const current = dropped.body.sheet;
    const empty = await tech.put(`${mpi(ro.id)}/sheet`, saveBody(current, { groups: [] }));
    expect(empty.status).toBe(422);
    expect(empty.body.error).toEqual({ id: 'sheet_empty', message: MPI_ERRORS.sheet_empty });
    const noItems = await tech.put(`${mpi(ro.id)}/sheet`, saveBody(current, { groups: [{ name: 'Brakes', items: [] }] }));
    expect(errorOf(noItems)).toEqual({ status: 422, id: 'group_required' });
    const twice = await tech.put(
      `${mpi(ro.id)}/sheet`,
      saveBody(current, { groups: [{ name: 'Brakes', items: [{ name: 'Pads', dmg: null, comment: '' }, { name: ' pads ', dmg: 0, comment: '' }] }] }),
    );
    expect(twice.status).toBe(422);
    expect(twice.body.error).toMatchObject({ id: 'duplicate_item', group: 'Brakes' });
  });

  it('refuses recommendations and attachments that name no item of the sheet, and unknown ids', async () => {
    const { ro, sheet } = await claimed();
    const unknownItem = await tech.put(`${mpi(ro.id)}/sheet`, saveBody(sheet, { recommendations: [{ group: 'Brakes', item: 'Flux capacitor', est_cost_in_cents: 100, comment: '', notes: '' }] }));
    expect(unknownItem.status).toBe(422);
    expect(unknownItem.body.error).toMatchObject({ id: 'unknown_item', message: MPI_ERRORS.unknown_item, item: 'Flux capacitor' });
    const unknownRec = await tech.put(`${mpi(ro.id)}/sheet`, saveBody(sheet, { recommendations: [{ id: 'rec_nope', group: 'Brakes', item: 'Front rotors', est_cost_in_cents: 100, comment: '', notes: '' }] }));
    expect(errorOf(unknownRec)).toEqual({ status: 422, id: 'unknown_recommendation' });
    const unknownAttachment = await tech.put(`${mpi(ro.id)}/sheet`, saveBody(sheet, { attachments: [{ id: 'att_nope', notes: '', verdict: null }] }));
    expect(errorOf(unknownAttachment)).toEqual({ status: 422, id: 'unknown_attachment' });
  });

  it('answers a save from a stale version with 409 mpi_changed', async () => {
    const { ro, sheet } = await claimed();
    expect((await tech.put(`${mpi(ro.id)}/sheet`, saveBody(sheet))).status).toBe(200);
    const stale = await tech.put(`${mpi(ro.id)}/sheet`, saveBody(sheet));
    expect(stale.status).toBe(409);
    expect(stale.body.error).toEqual({ id: 'mpi_changed', message: 'MPI has changed. Reloading' });
  });

  it('refuses to fill out a sheet nobody has claimed, and a sheet someone else holds', async () => {
    const ro = await orderWithSheet();
    const loaded = await tech.get(`${mpi(ro.id)}/technician/sheet`);
    expect(loaded.status).toBe(200);
    const unclaimed = await tech.put(`${mpi(ro.id)}/sheet`, saveBody(loaded.body.sheet));
    expect(unclaimed.status).toBe(409);
    expect(unclaimed.body.error).toEqual({ id: 'not_claimed', message: 'An MPI must be claimed before it is filled out' });
    const held = await claimed(advisor);
    expect(errorOf(await tech.put(`${mpi(held.ro.id)}/sheet`, saveBody(held.sheet)))).toEqual({ status: 403, id: 'not_holder' });
  });
});

describe('PUT …/template (re-templating)', () => {
  async function smallTemplate(name: string): Promise<string> {
    const res = await manager.post(`${loc}/sheet_templates`, {
      sheet_template: { form_name: name, vehicle_type: 'car', groups: [{ name: 'BRAKES', items: [{ name: 'front brake pads' }, { name: 'Brake fluid' }] }, { name: 'Body', items: [{ name: 'Paint' }] }] },
    });
    expect(res.status).toBe(201);
    return res.body.sheet_template.id;
  }

  it('keeps what was found on items that remain, with their recommendations, and drops the rest', async () => {
    const templateId = await smallTemplate('Quick check');
    const { ro, sheet } = await claimed();
    await tech.put(
      `${mpi(ro.id)}/sheet`,
      saveBody(sheet, {
        groups: withCondition(withCondition(sheet.groups, 'Brakes', 'Front brake pads', 2, 'Worn'), 'Battery', 'Battery condition', 1),
        recommendations: [
          { group: 'Brakes', item: 'Front brake pads', est_cost_in_cents: 24000, comment: '', notes: '' },
          { group: 'Battery', item: 'Battery condition', est_cost_in_cents: 18000, comment: '', notes: '' },
        ],
      }),
    );
    const res = await tech.put(`${mpi(ro.id)}/template`, { template_id: templateId });
    expect(res.status).toBe(200);
    expect(res.body.sheet).toMatchObject({ template_id: templateId, form_name: 'Quick check', state: 'claimed' });
    expect(res.body.sheet.groups).toEqual([
      { name: 'BRAKES', items: [{ name: 'front brake pads', dmg: 2, comment: 'Worn' }, { name: 'Brake fluid', dmg: null, comment: '' }] },
      { name: 'Body', items: [{ name: 'Paint', dmg: null, comment: '' }] },
    ]);
    expect(res.body.sheet.recommendations).toEqual([expect.objectContaining({ group: 'BRAKES', item: 'front brake pads', est_cost_in_cents: 24000 })]);
  });

  it('creates the sheet of an order that has none', async () => {
    const { ro } = await createRepairOrder();
    const res = await advisor.put(`${mpi(ro.id)}/template`, { template_id: NORTH_CAR_TEMPLATE });
    expect(res.status).toBe(200);
    expect(res.body.sheet).toMatchObject({ state: 'unclaimed', template_id: NORTH_CAR_TEMPLATE, repair_order_id: ro.id });
  });

  it('refuses a template that was never saved, an archived one, and a completed sheet', async () => {
    const ro = await orderWithSheet();
    expect(errorOf(await tech.put(`${mpi(ro.id)}/template`, { template_id: 'mpt_never_saved' }))).toEqual({ status: 422, id: 'template_not_saved' });
    expect(errorOf(await tech.put(`${mpi(ro.id)}/template`, { template_id: 'mpt_demo_south_car' }))).toEqual({ status: 422, id: 'template_not_saved' });
    const archivedId = await smallTemplate('Old form');
    await manager.put(`${loc}/sheet_templates/${archivedId}/archive`);
    expect(errorOf(await tech.put(`${mpi(ro.id)}/template`, { template_id: archivedId }))).toEqual({ status: 422, id: 'template_archived' });
    const done = await claimed();
    await tech.put(`${mpi(done.ro.id)}/technician/complete`);
    expect(errorOf(await tech.put(`${mpi(done.ro.id)}/template`, { template_id: NORTH_CAR_TEMPLATE }))).toEqual({ status: 409, id: 'not_retemplatable' });
  });
});

describe('photos and videos', () => {
  const jpeg = 'a picture of worn brake pads';

  async function slot(client: ApiClient, roId: string, body: Record<string, unknown>) {
    return client.post(`${mpi(roId)}/service_attachments`, { group: 'Brakes', item: 'Front brake pads', name: 'pads (front).jpg', content_type: 'image/jpeg', size: jpeg.length, ...body });
  }

  it('uploads a photo through the presigned URL, with renditions, and lists it on the sheet with signed URLs that download', async () => {
    const { ro } = await claimed();
    const slots = await slot(tech, ro.id, { renditions: true });
    expect(slots.status).toBe(201);
    expect(slots.body.upload.key).toMatch(new RegExp(`^mpi/${DEMO_NORTH.companyId}/${ro.id}/att_[a-z0-9]+/pads_front_.jpg$`));
    expect(slots.body.small.key).toMatch(/\/small\.jpg$/);
    for (const [s, body] of [
      [slots.body.upload, jpeg],
      [slots.body.small, 'small'],
      [slots.body.thumb, 'thumb'],
    ] as const) {
      expect((await fetch(s.upload_url, { method: 'PUT', body, headers: s.headers })).ok).toBe(true);
    }
    const res = await tech.put(`${mpi(ro.id)}/service_attachments`, {
      key: slots.body.upload.key,
      small_key: slots.body.small.key,
      thumb_key: slots.body.thumb.key,
      group: 'brakes',
      item: 'front brake pads',
      name: 'pads (front).jpg',
      notes: 'left side',
    });
    expect(res.status).toBe(200);
    const [attachment] = res.body.sheet.attachments;
    expect(attachment).toMatchObject({ group: 'Brakes', item: 'Front brake pads', kind: 'photo', content_type: 'image/jpeg', size: jpeg.length, notes: 'left side', agent: { id: 'agt_tech' } });
    expect(await (await fetch(attachment.metadata.orig)).text()).toBe(jpeg);
    expect(await (await fetch(attachment.metadata.small)).text()).toBe('small');
    expect(await (await fetch(attachment.metadata.thumb)).text()).toBe('thumb');
    const galleryRes = await advisor.get(`${mpi(ro.id)}/technician/service_attachments`);
    expect(galleryRes.body.service_attachments.map((a: JsonBody) => a.id)).toEqual([attachment.id]);

    // The holder's save edits its notes and verdict; leaving it out removes it.
    const sheet = res.body.sheet;
    const edited = await tech.put(`${mpi(ro.id)}/sheet`, saveBody(sheet, { attachments: [{ id: attachment.id, notes: 'both sides', verdict: 'approved' }] }));
    expect(edited.body.sheet.attachments[0]).toMatchObject({ notes: 'both sides', verdict: 'approved' });
    const removed = await tech.put(`${mpi(ro.id)}/sheet`, saveBody(edited.body.sheet, { attachments: [] }));
    expect(removed.body.sheet.attachments).toEqual([]);
  });

  it('lands uploads confirmed from two devices at once', async () => {
    const { ro } = await claimed();
    const keys = await Promise.all(
      [1, 2].map(async () => {
        const s = await slot(tech, ro.id, {});
        await fetch(s.body.upload.upload_url, { method: 'PUT', body: jpeg, headers: s.body.upload.headers });
        return s.body.upload.key as string;
      }),
    );
    const answers = await Promise.all(keys.map((key) => tech.put(`${mpi(ro.id)}/service_attachments`, { key, group: 'Brakes', item: 'Front brake pads', name: 'p.jpg' })));
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    expect((await getSheet(ro.company_id, ro.id, true))!.attachments).toHaveLength(2);
  });

  it('refuses slots of other file types, over 512 MB, for unknown items, and to anyone but the holder', async () => {
    const { ro } = await claimed();
    const pdf = await slot(tech, ro.id, { name: 'invoice.pdf', content_type: 'application/pdf' });
    expect(pdf.status).toBe(422);
    expect(pdf.body.error).toEqual({ id: 'unsupported_type', message: 'This file type is not supported' });
    const big = await slot(tech, ro.id, { content_type: 'video/mp4', size: MAX_MPI_ATTACHMENT_BYTES + 1 });
    expect(big.status).toBe(413);
    expect(big.body.error).toEqual({ id: 'too_large', message: 'File size limit is 512 MB' });
    expect(errorOf(await slot(tech, ro.id, { item: 'Flux capacitor' }))).toEqual({ status: 422, id: 'unknown_item' });
    expect(errorOf(await slot(advisor, ro.id, {}))).toEqual({ status: 403, id: 'not_holder' });
  });

  it('refuses to confirm what was never uploaded, keys of another sheet, and renditions that are not JPEG', async () => {
    const { ro } = await claimed();
    const other = await claimed();
    const s = await slot(tech, ro.id, { renditions: true });
    const confirm = (body: Record<string, unknown>) => tech.put(`${mpi(ro.id)}/service_attachments`, { key: s.body.upload.key, group: 'Brakes', item: 'Front brake pads', name: 'p.jpg', ...body });
    expect(errorOf(await confirm({}))).toEqual({ status: 422, id: 'attachment_not_found' });
    await fetch(s.body.upload.upload_url, { method: 'PUT', body: jpeg, headers: s.body.upload.headers });
    const otherKey = `mpi/${DEMO_NORTH.companyId}/${other.ro.id}/att_x/p.jpg`;
    expect(errorOf(await confirm({ key: otherKey }))).toEqual({ status: 422, id: 'attachment_not_found' });
    await fetch(s.body.small.upload_url, { method: 'PUT', body: 'png', headers: { 'content-type': 'image/png' } });
    expect(errorOf(await confirm({ small_key: s.body.small.key }))).toEqual({ status: 422, id: 'unsupported_type' });
    expect((await getSheet(ro.company_id, ro.id, true))!.attachments).toEqual([]);
  });
});

describe('MPI settings and technicians', () => {
  it('answers the location’s MPI settings and lets a manager change some of them', async () => {
    const before = await tech.get(`${loc}/settings`);
    expect(before.status).toBe(200);
    expect(before.body.mpi_settings).toMatchObject({ enabled: true, link_expiry_days: expect.any(Number) });
    const since = Date.now() - 1000;
    const res = await manager.put(`${loc}/settings`, { mpi_settings: { link_expiry_days: 21 } });
    expect(res.status).toBe(200);
    expect(res.body.mpi_settings).toEqual({ ...before.body.mpi_settings, link_expiry_days: 21 });
    const events = await eventsAfter(DEMO_NORTH.companyId, channels.location(DEMO_NORTH.locationId), cursorAt(since));
    expect(events.some((e) => e.type === 'settings_updated' && (e.data as { key: string }).key === 'mpi_settings')).toBe(true);
    await manager.put(`${loc}/settings`, { mpi_settings: { link_expiry_days: before.body.mpi_settings.link_expiry_days } });
  });

  it('refuses settings changes by technicians and advisors, and invalid values', async () => {
    expect((await tech.put(`${loc}/settings`, { mpi_settings: { enabled: false } })).status).toBe(403);
    expect((await advisor.put(`${loc}/settings`, { mpi_settings: { enabled: false } })).status).toBe(403);
    expect((await manager.put(`${loc}/settings`, { mpi_settings: { link_expiry_days: 0 } })).status).toBe(422);
  });

  it('lists the location’s active technicians with the sheets each holds', async () => {
    const before = await manager.get(`${loc}/technicians`);
    expect(before.status).toBe(200);
    const luis = before.body.technicians.find((t: JsonBody) => t.id === 'agt_tech');
    expect(luis).toMatchObject({ first_name: 'Luis', last_name: 'Ortega', claimed: expect.any(Number), online_status: expect.any(String) });
    await claimed();
    const after = await manager.get(`${loc}/technicians`);
    expect(after.body.technicians.find((t: JsonBody) => t.id === 'agt_tech').claimed).toBe(luis.claimed + 1);
    expect(after.body.technicians.every((t: JsonBody) => t.id !== 'agt_advisor')).toBe(true);
  });
});

describe('queues: who sees what', () => {
  it('keeps the manager inbox to managers and admins', async () => {
    expect((await tech.get(`${loc}/sheets/inbox/manager`)).status).toBe(403);
    expect((await advisor.get(`${loc}/sheets/inbox/manager`)).status).toBe(403);
  });

  it('shows an advisor only completed sheets of orders assigned to them; managers see all', async () => {
    const theirs = await claimed();
    const notTheirs = await (async () => {
      const ro = await orderWithSheet({ agent: { id: 'agt_manager', first_name: 'Marcus', last_name: 'Bell' } });
      await tech.put(`${mpi(ro.id)}/technician/claim`);
      return ro;
    })();
    await tech.put(`${mpi(theirs.ro.id)}/technician/complete`);
    await tech.put(`${mpi(notTheirs.id)}/technician/complete`);
    const mine = (await advisor.get(`${loc}/repair_orders/inbox?limit=100`)).body.repair_orders.map((e: JsonBody) => e.repair_order.id);
    expect(mine).toContain(theirs.ro.id);
    expect(mine).not.toContain(notTheirs.id);
    const all = (await manager.get(`${loc}/repair_orders/inbox?limit=100`)).body.repair_orders.map((e: JsonBody) => e.repair_order.id);
    expect(all).toEqual(expect.arrayContaining([theirs.ro.id, notTheirs.id]));
  });

  it('takes the sheet of an archived order out of the pool, and puts it back when the order is unarchived', async () => {
    // prepare
    const ro = await orderWithSheet();
    expect(await pool()).toContain(ro.id);
    // act
    const archived = await manager.put(`/api/repair_orders/${ro.id}/archive`);
    const whileArchived = await pool();
    const unarchived = await manager.put(`/api/repair_orders/${ro.id}/unarchive`);
    // assess
    expect(archived.status).toBe(200);
    expect(whileArchived).not.toContain(ro.id);
    expect((await getSheet(DEMO_NORTH.companyId, ro.id, true))?.state).toBe('unclaimed');
    expect(unarchived.status).toBe(200);
    expect(await pool()).toContain(ro.id);
  });

  it('gives a sheet of an order that is already closed no place in the pool', async () => {
    const ro = await orderWithSheet({ closed: true, closed_at: new Date().toISOString() });
    expect(await pool()).not.toContain(ro.id);
    expect((await getSheet(DEMO_NORTH.companyId, ro.id, true))?.shelved).toBe(true);
  });

  it('answers 404 for an unknown queue and 403 to agents who do not work inspections', async () => {
    expect((await tech.get(`${loc}/sheets/everything`)).status).toBe(404);
    const chat = await as('chat@demo.example');
    expect((await chat.get(`${loc}/sheets/for_claim`)).status).toBe(403);
  });
});

describe('tenant isolation', () => {
  it("answers 404 to another company's agent for North's sheets, queues, templates and settings", async () => {
    const ro = await orderWithSheet();
    for (const path of [`${mpi(ro.id)}/advisor/sheet`, `${mpi(ro.id)}/technician/service_attachments`, `${loc}/sheets/for_claim`, `${loc}/sheet_templates`, `${loc}/settings`, `${loc}/technicians`]) {
      expect((await rival.get(path)).status, path).toBe(404);
    }
    expect((await rival.put(`${mpi(ro.id)}/advisor/claim`)).status).toBe(404);
    expect((await rival.put(`${mpi(ro.id)}/technician/claim`)).status).toBe(404);
    expect((await south.put(`${mpi(ro.id)}/advisor/claim`)).status).toBe(404);
    expect((await getSheet(ro.company_id, ro.id, true))!.state).toBe('unclaimed');
  });

  it("answers 404 to a North technician for a Rival order id", async () => {
    const rivalInbox = await rival.get('/api/locations/loc_rival_main/repair_orders');
    const rivalOrder = rivalInbox.body.repair_orders[0].id;
    expect((await tech.put(`${mpi(rivalOrder)}/technician/claim`)).status).toBe(404);
    expect((await tech.get(`${mpi(rivalOrder)}/technician/sheet`)).status).toBe(404);
    expect((await tech.get('/api/locations/loc_rival_main/tech/mpi/sheets/for_claim')).status).toBe(404);
  });
});
