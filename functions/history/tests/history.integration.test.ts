/**
 * The history search (issue 24; SPEC §5 "History search", §8): every field of the box (a phone
 * whole or by its last 4 digits, an RO number, a VIN whole or by its last 8, the words of a name)
 * and the filters (advisor, closed dates in the store's days) alone and together, SPEC §8's texts,
 * exact identifiers first, 10 a page, a renamed customer found by the new name, the walls between
 * companies and stores (a generated probe over stores sharing numbers and names), admins' company
 * scope, and a found conversation opened read-only even though archived.
 *
 * Most tests drive the search listener's `apply` themselves with changes built from the real items
 * the stores wrote (`streamed`: also what a change told twice or late does), after the local
 * stack's stream reader has run it too; the last tests wait for the reader alone (`streamCaughtUp`).
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { HISTORY_ERRORS, type HistoryResult } from '../../../shared/history/types.js';
import type { AgentRecord } from '../../lib/agents.js';
import { agentRef } from '../../lib/agents.js';
import type { TableChange } from '../../lib/boardModule.js';
import { getItem, type Keys } from '../../lib/table.js';
import { newId } from '../../lib/ids.js';
import { customerKeys, saveCustomer, type CustomerRecord } from '../../customers/records.js';
import { repairOrderKeys, saveRepairOrder, type RepairOrderRecord } from '../../repairOrders/records.js';
import { appointmentKeys, saveAppointment } from '../../appointments/records.js';
import { newAppointmentRecord } from '../../appointments/booking.js';
import { inventoryKeys, saveOrder } from '../../inventory/records.js';
import { newOrderRecord } from '../../inventory/orders.js';
import { employeeKeys } from '../../employees/records.js';
import { chatKeys } from '../../chat/records.js';
import { searchListener } from '../listener.js';
import { routes, withinBudget } from '../handler.js';
import { authenticate } from '../../lib/session.js';
import { logger } from '../../lib/log.js';
import type { AgentRequest } from '../../lib/http.js';
import { api, signIn, type ApiClient } from '../../../test/support/api.js';
import { streamCaughtUp } from '../../../test/support/tableStream.js';
import { customerRecord, repairOrderRecord, useStackEnv } from '../../../test/support/service.js';
import { accessFlags, createAgent, createOwnStore, type OwnStore } from '../../../test/support/ownStore.js';

const baseUrl = inject('baseUrl');

let changeSeq = 0;
/** What the table's stream would tell of the item at `keys` as it is now (`old`: as it was before). */
async function streamed(keys: Keys, old?: Record<string, unknown>): Promise<void> {
  const now = await getItem<Record<string, unknown>>(keys, true);
  const change: TableChange = {
    id: `test-${Date.now()}-${++changeSeq}`,
    kind: now ? (old ? 'modify' : 'insert') : 'remove',
    keys: { pk: keys.pk, sk: keys.sk },
    ...(old ? { old } : {}),
    ...(now ? { new: now } : {}),
    at: new Date().toISOString(),
  };
  // After the stack's reader has handed the same write: an entry is kept with a version, and the two
  // hands racing could use up the listener's retries (the stream in AWS hands a record's changes one at a time).
  await streamCaughtUp(baseUrl);
  await searchListener.apply([change]);
}

/** A phone of the test's own choosing, its last 4 digits never those of `uniquePhone` (3000–9999). */
let ownPhones = 0;
const ownPhone = () => `+1617${String(201 + Math.floor(Math.random() * 700))}0${String(400 + (ownPhones++ % 500)).padStart(3, '0')}`;

interface OrderFixture {
  first?: string;
  last?: string;
  phone?: string;
  ro?: string;
  vin?: string | null;
  closedAt?: string | null;
  archived?: boolean;
  advisor?: AgentRecord | null;
  location?: string;
}

/** A customer and a repair order of theirs, written by the stores and told to the search. */
async function order(store: OwnStore, f: OrderFixture = {}): Promise<{ customer: CustomerRecord; ro: RepairOrderRecord }> {
  const customer = customerRecord({
    company_id: store.companyId,
    location_id: f.location ?? store.locationId,
    first_name: f.first ?? 'Test',
    last_name: f.last ?? `Person${randomUUID().slice(0, 6)}`,
    phones: { cell: f.phone ?? ownPhone(), work: null, alternate: null },
  });
  await saveCustomer(customer);
  await streamed(customerKeys.customer(store.companyId, customer.id));
  const closedAt = f.closedAt === undefined ? null : f.closedAt;
  const ro = repairOrderRecord(customer, {
    ro_id: f.ro ?? `R${randomUUID().slice(0, 8)}`,
    vehicle: { make: 'Honda', model: 'Civic', year: 2021, vin: f.vin ?? null, mileage: 31000 },
    agent: f.advisor ? agentRef(f.advisor) : null,
    closed: closedAt !== null,
    closed_at: closedAt,
    archived: f.archived ?? false,
    archived_at: f.archived ? (closedAt ?? new Date().toISOString()) : null,
  });
  await saveRepairOrder(ro, null);
  await streamed(repairOrderKeys.repairOrder(store.companyId, ro.id));
  return { customer, ro };
}

type Params = Record<string, string>;
const search = (client: ApiClient, location: string, tab: string, params: Params) => client.get(`/api/locations/${location}/history/${tab}?${new URLSearchParams(params)}`);

/** The owner ids a search answers, in order; fails on anything but 200. */
async function found(client: ApiClient, location: string, params: Params, tab = 'repair'): Promise<string[]> {
  const res = await search(client, location, tab, params);
  expect(res.status, res.text).toBe(200);
  return (res.body.results as HistoryResult[]).map((r) => r.owner.id);
}

interface Team {
  store: OwnStore;
  advisor: AgentRecord;
  admin: AgentRecord;
  asAdvisor: ApiClient;
  asAdmin: ApiClient;
}

/** A company of the test's own, with an advisor of its main store and an admin. */
async function team(tag: string): Promise<Team> {
  const store = await createOwnStore(tag);
  const advisor = await createAgent(store, `agt_${store.companyId}_adv`, 'Priya', 'Raman');
  const admin = await createAgent(store, `agt_${store.companyId}_adm`, 'Ada', 'Admin', { access_level: accessFlags('admin') });
  const [asAdvisor, asAdmin] = await Promise.all([advisor, admin].map(async (a) => api(baseUrl, await signIn(baseUrl, a.email))));
  return { store, advisor, admin, asAdvisor: asAdvisor!, asAdmin: asAdmin! };
}

beforeAll(() => {
  useStackEnv();
  process.env.LOG_LEVEL = 'silent';
});

describe('the box', () => {
  let t: Team;
  let smith: Awaited<ReturnType<typeof order>>;
  const phone = ownPhone();
  const vin = `1HGCM8263${String(Date.now()).slice(-8)}`;

  beforeAll(async () => {
    t = await team('hsbox');
    smith = await order(t.store, { first: 'John', last: 'Smith', phone, ro: 'RO-77A1', vin, closedAt: '2025-06-01T15:00:00.000Z', archived: true });
    await order(t.store, { first: 'John', last: 'Doe' });
    await order(t.store, { first: 'Jane', last: 'Smithers' });
  });

  it('finds a phone whole, as E.164 or as the store writes it, as an exact match', async () => {
    const national = phone.slice(2);
    const e164 = await search(t.asAdvisor, t.store.locationId, 'repair', { q: phone });
    const written = await found(t.asAdvisor, t.store.locationId, { q: `(${national.slice(0, 3)}) ${national.slice(3, 6)}-${national.slice(6)}` });

    expect(e164.body.results).toEqual([
      expect.objectContaining({ owner: { kind: 'repair_order', id: smith.ro.id }, match: 'phone', exact: true, archived: true, closed_at: '2025-06-01T15:00:00.000Z' }),
    ]);
    expect(written).toEqual([smith.ro.id]);
  });

  it('finds the last 4 digits of a phone, not as an exact match', async () => {
    const res = await search(t.asAdvisor, t.store.locationId, 'repair', { q: phone.slice(-4) });

    expect(res.body.results).toEqual([expect.objectContaining({ owner: { kind: 'repair_order', id: smith.ro.id }, match: 'phone_last4', exact: false })]);
  });

  it('finds an RO number whatever its case', async () => {
    const res = await search(t.asAdvisor, t.store.locationId, 'repair', { q: 'ro-77a1' });

    expect(res.body.results).toEqual([expect.objectContaining({ match: 'ro_number', exact: true, identifiers: { ro_number: 'RO-77A1', vin } })]);
  });

  it('finds a VIN whole and by its last 8 characters', async () => {
    const whole = await search(t.asAdvisor, t.store.locationId, 'repair', { q: vin.toLowerCase() });
    const end = await search(t.asAdvisor, t.store.locationId, 'repair', { q: vin.slice(-8) });

    expect(whole.body.results).toEqual([expect.objectContaining({ owner: { kind: 'repair_order', id: smith.ro.id }, match: 'vin', exact: true })]);
    expect(end.body.results).toEqual([expect.objectContaining({ owner: { kind: 'repair_order', id: smith.ro.id }, match: 'vin_last8', exact: false })]);
  });

  it('finds a name by the starts of its words, every word in any order', async () => {
    const both = await found(t.asAdvisor, t.store.locationId, { q: 'joh smi' });
    const reversed = await found(t.asAdvisor, t.store.locationId, { q: 'Smith JOHN' });
    const one = await found(t.asAdvisor, t.store.locationId, { q: 'smi' });

    expect(both).toEqual([smith.ro.id]);
    expect(reversed).toEqual([smith.ro.id]);
    expect(one).toHaveLength(2);
    expect(one).toContain(smith.ro.id);
  });

  it('answers the result as the contract has it, with the read-only link', async () => {
    const res = await search(t.asAdvisor, t.store.locationId, 'repair', { q: 'ro-77a1' });

    expect(res.body.results[0]).toEqual({
      owner: { kind: 'repair_order', id: smith.ro.id },
      tab: 'repair',
      location: { id: t.store.locationId, name: t.store.name },
      customer: { id: smith.customer.id, name: 'John Smith', phone },
      identifiers: { ro_number: 'RO-77A1', vin },
      advisor: null,
      closed_at: '2025-06-01T15:00:00.000Z',
      archived: true,
      match: 'ro_number',
      exact: true,
      link: `/history/repair/repair_order/${smith.ro.id}`,
    });
    expect(res.body.meta).toEqual({ paging: { total: 1, current_offset: 0, per_page: 10 } });
  });

  it('finds a customer renamed by the new name only', async () => {
    const { customer, ro } = await order(t.store, { first: 'Marta', last: 'Oldname' });
    const before = await getItem<Record<string, unknown>>(customerKeys.customer(t.store.companyId, customer.id), true);
    await saveCustomer({ ...customer, last_name: 'Newname', version: customer.version + 1 });
    await streamed(customerKeys.customer(t.store.companyId, customer.id), before);

    expect(await found(t.asAdvisor, t.store.locationId, { q: 'marta newname' })).toEqual([ro.id]);
    expect(await found(t.asAdvisor, t.store.locationId, { q: 'oldname' })).toEqual([]);
  });

  it('keeps the newest version when a change comes twice or an older one comes late', async () => {
    const { ro } = await order(t.store, { first: 'Late', last: 'Arrival', ro: 'LATE-1' });
    const keys = repairOrderKeys.repairOrder(t.store.companyId, ro.id);
    const first = await getItem<Record<string, unknown>>(keys, true);
    await saveRepairOrder({ ...ro, ro_id: 'LATE-2', version: ro.version + 1 }, ro);
    await streamed(keys, first);
    await streamed(keys, first);
    // The first version's change again, after the second's.
    await searchListener.apply([{ id: 'stale', kind: 'insert', keys, new: first!, at: new Date().toISOString() }]);

    expect(await found(t.asAdvisor, t.store.locationId, { q: 'late-2' })).toEqual([ro.id]);
    expect(await found(t.asAdvisor, t.store.locationId, { q: 'late-1' })).toEqual([]);
  });
});

describe('the filters', () => {
  let t: Team;
  let other: AgentRecord;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    t = await team('hsfilter');
    other = await createAgent(t.store, `agt_${t.store.companyId}_oth`, 'Omar', 'Other');
    // New York: 03:30 UTC on 10 March 2025 is 23:30 on the 9th in the store.
    ids.lateNinth = (await order(t.store, { advisor: t.advisor, closedAt: '2025-03-10T03:30:00.000Z' })).ro.id;
    ids.tenth = (await order(t.store, { advisor: t.advisor, closedAt: '2025-03-10T14:00:00.000Z' })).ro.id;
    ids.othersTenth = (await order(t.store, { advisor: other, closedAt: '2025-03-10T15:00:00.000Z' })).ro.id;
    ids.open = (await order(t.store, { advisor: t.advisor })).ro.id;
    ids.april = (await order(t.store, { advisor: other, closedAt: '2025-04-02T12:00:00.000Z' })).ro.id;
  });

  it('finds an advisor\'s records alone, open ones first, then the most recently closed', async () => {
    const res = await search(t.asAdvisor, t.store.locationId, 'repair', { advisor_id: t.advisor.id });

    expect(res.body.results.map((r: HistoryResult) => r.owner.id)).toEqual([ids.open, ids.tenth, ids.lateNinth]);
    expect(res.body.results[0]).toMatchObject({ advisor: { id: t.advisor.id, name: 'Priya Raman' }, match: null, exact: false });
    expect(res.body.meta.paging.total).toBe(3);
  });

  it('finds the records closed on the store\'s days alone', async () => {
    expect(await found(t.asAdvisor, t.store.locationId, { closed_from: '2025-03-10' })).toEqual([ids.april, ids.othersTenth, ids.tenth]);
    expect(await found(t.asAdvisor, t.store.locationId, { closed_to: '2025-03-09' })).toEqual([ids.lateNinth]);
    expect(await found(t.asAdvisor, t.store.locationId, { closed_from: '2025-03-09', closed_to: '2025-03-10' })).toEqual([ids.othersTenth, ids.tenth, ids.lateNinth]);
  });

  it('counts a record under its new advisor and closed day once it changes, and no longer under the old', async () => {
    const { ro } = await order(t.store, { advisor: t.advisor, closedAt: '2025-07-01T12:00:00.000Z' });
    const total = async (params: Params) => (await search(t.asAdvisor, t.store.locationId, 'repair', params)).body.meta.paging.total as number;
    const before = [await total({ advisor_id: t.advisor.id }), await total({ advisor_id: other.id }), await total({ closed_from: '2025-07-01', closed_to: '2025-07-01' })];
    const keys = repairOrderKeys.repairOrder(t.store.companyId, ro.id);
    const old = await getItem<Record<string, unknown>>(keys, true);
    await saveRepairOrder({ ...ro, agent: agentRef(other), closed_at: '2025-07-02T12:00:00.000Z', version: ro.version + 1 }, ro);
    await streamed(keys, old);
    await streamed(keys, old);

    expect(before).toEqual([4, 2, 1]);
    expect([await total({ advisor_id: t.advisor.id }), await total({ advisor_id: other.id }), await total({ closed_from: '2025-07-01', closed_to: '2025-07-01' })]).toEqual([3, 3, 0]);
    expect(await found(t.asAdvisor, t.store.locationId, { advisor_id: other.id, closed_from: '2025-07-02', closed_to: '2025-07-02' })).toEqual([ro.id]);
  });

  it('combines an advisor with closed dates, and the filters with the box', async () => {
    expect(await found(t.asAdvisor, t.store.locationId, { advisor_id: other.id, closed_from: '2025-03-10', closed_to: '2025-03-10' })).toEqual([ids.othersTenth]);
    expect(await found(t.asAdvisor, t.store.locationId, { q: 'test', advisor_id: t.advisor.id, closed_to: '2025-03-10' })).toEqual([ids.tenth, ids.lateNinth]);
  });
});

describe('refusals (SPEC §8)', () => {
  let t: Team;
  beforeAll(async () => {
    t = await team('hsrefuse');
  });

  it.each([
    [{ closed_from: '2025-02-30' }, 'invalid_closed_date'],
    [{ closed_from: 'yesterday' }, 'invalid_closed_date'],
    [{ closed_to: '2025-13-01' }, 'invalid_closed_to_date'],
    [{ closed_from: '2025-03-10', closed_to: '2025-03-09' }, 'invalid_closed_to_date'],
    [{}, 'no_search_parameters'],
    [{ q: '   ' }, 'no_search_parameters'],
    [{ q: 'jo smith' }, 'name_word_too_short'],
  ] as const)('answers 422 with the text for %j', async (params, id) => {
    const res = await search(t.asAdvisor, t.store.locationId, 'repair', params as Params);

    expect(res.status).toBe(422);
    expect(res.body).toEqual({ error: { id, message: HISTORY_ERRORS[id] } });
  });

  it('knows no tab but the four, and no store the agent does not reach', async () => {
    expect((await search(t.asAdvisor, t.store.locationId, 'payments', { q: 'smith' })).status).toBe(404);
    expect((await search(t.asAdvisor, t.store.otherLocationId, 'repair', { q: 'smith' })).status).toBe(404);
    // Where comes before what: a store out of reach is not told that the search was empty.
    expect((await search(t.asAdvisor, t.store.otherLocationId, 'repair', {})).status).toBe(404);
  });
});

describe('ranking and paging', () => {
  let t: Team;
  beforeAll(async () => {
    t = await team('hsrank');
  });

  it('puts whole identifiers before the end of a phone, however recently each closed', async () => {
    const phoneEnd = (await order(t.store, { phone: '+16172930457', closedAt: '2025-09-01T12:00:00.000Z' })).ro.id;
    const roNumber = (await order(t.store, { ro: '0457', closedAt: '2024-01-01T12:00:00.000Z' })).ro.id;

    const res = await search(t.asAdvisor, t.store.locationId, 'repair', { q: '0457' });

    expect(res.body.results.map((r: HistoryResult) => [r.owner.id, r.match, r.exact])).toEqual([
      [roNumber, 'ro_number', true],
      [phoneEnd, 'phone_last4', false],
    ]);
  });

  it('answers 10 a page, the most recently closed first, with the total', async () => {
    const made: string[] = [];
    for (let i = 0; i < 12; i++) made.push((await order(t.store, { first: 'Pagina', last: `Rowe${i}`, closedAt: `2025-05-${String(10 + i).padStart(2, '0')}T12:00:00.000Z` })).ro.id);
    const newestFirst = [...made].reverse();

    const first = await search(t.asAdvisor, t.store.locationId, 'repair', { q: 'pagina' });
    const second = await search(t.asAdvisor, t.store.locationId, 'repair', { q: 'pagina', offset: '10' });

    expect(first.body.results.map((r: HistoryResult) => r.owner.id)).toEqual(newestFirst.slice(0, 10));
    expect(first.body.meta).toEqual({ paging: { total: 12, current_offset: 0, per_page: 10 } });
    expect(second.body.results.map((r: HistoryResult) => r.owner.id)).toEqual(newestFirst.slice(10));
    expect(second.body.meta).toEqual({ paging: { total: 12, current_offset: 10, per_page: 10 } });
  });
});

describe('walls between companies and stores (generated probe)', () => {
  const PHONES = [ownPhone(), ownPhone(), ownPhone()];
  const NAMES = [
    ['Morgan', 'Quill'],
    ['Morgan', 'Vance'],
    ['Tess', 'Quill'],
  ] as const;
  const teams: Team[] = [];
  const made: { company: string; location: string; id: string; phone: string; name: readonly [string, string]; closedAt: string }[] = [];

  beforeAll(async () => {
    for (const tag of ['hsprobea', 'hsprobeb', 'hsprobec']) teams.push(await team(tag));
    // A fixed seed: the same stores, numbers and names every run.
    let seed = 24;
    const pick = <T>(list: readonly T[]): T => list[(seed = (seed * 1103515245 + 12345) % 2 ** 31) % list.length]!;
    for (let i = 0; i < 36; i++) {
      const t = pick(teams);
      const location = pick([t.store.locationId, t.store.otherLocationId]);
      const phone = pick(PHONES);
      const name = pick(NAMES);
      // Noon UTC: the same day in New York.
      const closedAt = new Date(Date.UTC(2025, 0, 1 + i, 12)).toISOString();
      const { ro } = await order(t.store, { location, phone, first: name[0], last: name[1], closedAt });
      made.push({ company: t.store.companyId, location, id: ro.id, phone, name, closedAt });
    }
  });

  /** Every search of the probe: each shared number whole and by its end, each shared name. */
  const probes = (): { params: Params; finds: (m: (typeof made)[number]) => boolean }[] => [
    ...PHONES.flatMap((phone) => [
      { params: { q: phone }, finds: (m: (typeof made)[number]) => m.phone === phone },
      { params: { q: phone.slice(-4) }, finds: (m: (typeof made)[number]) => m.phone.endsWith(phone.slice(-4)) },
    ]),
    { params: { q: 'morgan' }, finds: (m) => m.name[0] === 'Morgan' },
    { params: { q: 'quill mor' }, finds: (m) => m.name[0] === 'Morgan' && m.name[1] === 'Quill' },
    { params: { closed_from: '2025-01-01' }, finds: () => true },
    { params: { closed_from: '2025-01-10', closed_to: '2025-01-20' }, finds: (m) => m.closedAt >= '2025-01-10' && m.closedAt < '2025-01-21' },
    { params: { q: 'morgan', closed_to: '2025-01-15' }, finds: (m) => m.name[0] === 'Morgan' && m.closedAt < '2025-01-16' },
  ];

  it('shows an advisor only their own store\'s records, even with scope=company', async () => {
    for (const t of teams) {
      for (const { params, finds } of probes()) {
        const expected = made.filter((m) => m.company === t.store.companyId && m.location === t.store.locationId && finds(m)).map((m) => m.id);
        for (const scope of ['location', 'company']) {
          const res = await search(t.asAdvisor, t.store.locationId, 'repair', { ...params, scope, limit: '50' });
          const ids = (res.body.results as HistoryResult[]).map((r) => r.owner.id);
          expect(ids.sort(), `${t.store.companyId} ${JSON.stringify(params)} ${scope}`).toEqual([...expected].sort());
          expect(res.body.meta.paging.total).toBe(expected.length);
        }
      }
    }
  });

  it('shows an admin every store of their company with scope=company, and never another company\'s', async () => {
    for (const t of teams) {
      for (const { params, finds } of probes()) {
        const expected = made.filter((m) => m.company === t.store.companyId && finds(m)).map((m) => m.id);
        const ids = await found(t.asAdmin, t.store.locationId, { ...params, scope: 'company', limit: '50' });
        expect(ids.sort(), `${t.store.companyId} ${JSON.stringify(params)}`).toEqual([...expected].sort());
        const east = made.filter((m) => m.company === t.store.companyId && m.location === t.store.otherLocationId && finds(m)).map((m) => m.id);
        expect((await found(t.asAdmin, t.store.otherLocationId, { ...params, limit: '50' })).sort()).toEqual([...east].sort());
      }
    }
  });
});

describe('opening a found conversation, archived or closed', () => {
  let t: Team;
  beforeAll(async () => {
    t = await team('hsopen');
  });

  it('opens an archived repair order\'s conversation found by the last 4 digits', async () => {
    const phone = ownPhone();
    await order(t.store, { phone, advisor: t.advisor, closedAt: '2025-02-01T12:00:00.000Z', archived: true });

    const [result] = (await search(t.asAdvisor, t.store.locationId, 'repair', { q: phone.slice(-4) })).body.results as HistoryResult[];
    const messages = await t.asAdvisor.get(`/api/repair_orders/${result!.owner.id}/messages`);

    expect(result).toMatchObject({ archived: true, link: `/history/repair/repair_order/${result!.owner.id}` });
    expect(messages.status, messages.text).toBe(200);
    expect(messages.body.meta.paging.total).toBe(0);
  });

  it('opens an archived appointment and a closed inventory order found by phone', async () => {
    const customer = customerRecord({ company_id: t.store.companyId, location_id: t.store.locationId, first_name: 'Rhea', last_name: 'Booker', phones: { cell: ownPhone(), work: null, alternate: null } });
    await saveCustomer(customer);
    const now = new Date().toISOString();
    const appointment = { ...newAppointmentRecord({ id: newId('apt'), company_id: t.store.companyId, location_id: t.store.locationId, customer_id: customer.id, scheduled_at: '2025-04-01T13:00:00.000Z' }, now), archived: true };
    await saveAppointment(appointment, null);
    await streamed(appointmentKeys.appointment(t.store.companyId, appointment.id));
    const inventory = { ...newOrderRecord({ id: newId('inv'), company_id: t.store.companyId, location_id: t.store.locationId, customer_id: customer.id, agent: agentRef(t.admin) }, { item_kind: 'part', description: 'Floor mats', stock_number: 'P-9' }, now), closed_at: now };
    await saveOrder(inventory, null);
    await streamed(inventoryKeys.order(t.store.companyId, inventory.id));

    const [apt] = (await search(t.asAdmin, t.store.locationId, 'appointment', { q: customer.phones.cell! })).body.results as HistoryResult[];
    const [inv] = (await search(t.asAdmin, t.store.locationId, 'inventory', { q: 'rhea booker' })).body.results as HistoryResult[];
    const aptMessages = await t.asAdmin.get(`/api/appointments/${apt!.owner.id}/messages`);
    const invMessages = await t.asAdmin.get(`/api/locations/${t.store.locationId}/inventory/orders/${inv!.owner.id}/messages`);

    expect(apt).toMatchObject({ owner: { kind: 'appointment', id: appointment.id }, archived: true, closed_at: '2025-04-01T13:00:00.000Z' });
    expect(inv).toMatchObject({ owner: { kind: 'inventory_order', id: inventory.id }, archived: true, identifiers: { title: 'Floor mats · P-9' } });
    expect(aptMessages.status, aptMessages.text).toBe(200);
    expect(invMessages.status, invMessages.text).toBe(200);
  });

  it('shows an advisor without the appointments board none of its records', async () => {
    const res = await search(t.asAdvisor, t.store.locationId, 'appointment', { q: 'rhea booker' });

    expect(res.status).toBe(200);
    expect(res.body.results).toEqual([]);
  });
});

describe('the chat tab: employees and chat rooms', () => {
  let t: Team;
  let colleague: AgentRecord;
  let asColleague: ApiClient;
  beforeAll(async () => {
    t = await team('hschat');
    colleague = await createAgent(t.store, `agt_${t.store.companyId}_col`, 'Quentin', 'Marlowe');
    asColleague = api(baseUrl, await signIn(baseUrl, colleague.email));
  });

  it('finds an employee\'s conversation by their phone and name, and opens it', async () => {
    const phone = ownPhone();
    const added = await t.asAdmin.post(`/api/locations/${t.store.locationId}/employees`, { employee: { first_name: 'Wanda', last_name: 'Fixture', phone, position: 'Detailer' } }, { 'idempotency-key': randomUUID() });
    expect(added.status, added.text).toBe(201);
    const id = added.body.employee.id as string;
    await streamed(employeeKeys.employee(t.store.companyId, id));

    const byPhone = await search(t.asAdmin, t.store.locationId, 'chat', { q: phone.slice(-4) });
    const byName = await found(t.asAdmin, t.store.locationId, { q: 'wan fix' }, 'chat');
    const messages = await t.asAdmin.get(`/api/locations/${t.store.locationId}/employees/${id}/messages`);

    expect(byPhone.body.results).toEqual([
      expect.objectContaining({ owner: { kind: 'employee', id }, tab: 'chat', customer: { id, name: 'Wanda Fixture', phone }, identifiers: { title: 'Detailer' }, match: 'phone_last4' }),
    ]);
    expect(byName).toEqual([id]);
    expect(messages.status, messages.text).toBe(200);
  });

  it('finds a chat room by a colleague\'s name for its participants only, and opens it archived', async () => {
    const made = await t.asAdvisor.post('/api/chatrooms', { chatroom: { agent_id: colleague.id } });
    expect(made.status, made.text).toBeLessThan(300);
    const roomId = made.body.chatroom.id as string;
    await streamed(chatKeys.room(t.store.companyId, roomId));

    const advisorFinds = await found(t.asAdvisor, t.store.locationId, { q: 'quentin' }, 'chat');
    const colleagueFinds = await found(asColleague, t.store.locationId, { q: 'priya raman' }, 'chat');
    const adminFinds = await found(t.asAdmin, t.store.locationId, { q: 'quentin' }, 'chat');
    expect((await t.asAdvisor.put(`/api/chatrooms/${roomId}/archive`, {})).status).toBeLessThan(300);
    const messages = await t.asAdvisor.get(`/api/chatrooms/${roomId}/messages`);

    expect(advisorFinds).toEqual([roomId]);
    expect(colleagueFinds).toEqual([roomId]);
    expect(adminFinds).toEqual([]);
    expect(messages.status, messages.text).toBe(200);
  });
});

describe('a search that cannot finish (SPEC §8)', () => {
  it('answers search_timeout once it runs past its time', async () => {
    const never = new Promise<never>(() => {});

    await expect(withinBudget(never, 20)).rejects.toMatchObject({ status: 422, id: 'search_timeout', message: HISTORY_ERRORS.search_timeout });
  });

  it('answers search_failed with the SPEC text when the store fails it unexpectedly', async () => {
    const t = await team('hsfail');
    const auth = await authenticate(await signIn(baseUrl, t.advisor.email), async () => '127.0.0.1');
    const table = process.env.TABLE_NAME;
    const logged = vi.spyOn(logger, 'error').mockImplementation(() => {});
    process.env.TABLE_NAME = `${table}-gone`;
    try {
      const route = routes['GET /api/locations/{id}/history/{tab}']!;
      if (route.access !== 'agent') throw new Error('the search is an agent route');
      const answer = route.handle({ auth, params: { id: t.store.locationId, tab: 'repair' }, query: { q: 'smith' } } as unknown as AgentRequest);

      await expect(answer).rejects.toMatchObject({ status: 422, id: 'search_failed', message: HISTORY_ERRORS.search_failed });
      expect(logged).toHaveBeenCalledWith('history search failed', expect.objectContaining({ name: 'ResourceNotFoundException' }));
    } finally {
      process.env.TABLE_NAME = table;
      logged.mockRestore();
    }
  });
});

describe("kept from the table's stream", () => {
  let t: Team;
  beforeAll(async () => {
    t = await team('hsstream');
  });

  it('finds a new order, and its customer by a new name, once the stream has caught up', async () => {
    const phone = ownPhone();
    const customer = customerRecord({ company_id: t.store.companyId, location_id: t.store.locationId, first_name: 'Stella', last_name: 'Streamwood', phones: { cell: phone, work: null, alternate: null } });
    await saveCustomer(customer);
    const ro = repairOrderRecord(customer, { ro_id: `S${randomUUID().slice(0, 7)}` });
    await saveRepairOrder(ro, null);
    await streamCaughtUp(baseUrl);

    const byPhone = await found(t.asAdvisor, t.store.locationId, { q: phone.slice(-4) });
    await saveCustomer({ ...customer, last_name: 'Riverton', version: customer.version + 1 });
    await streamCaughtUp(baseUrl);

    expect(byPhone).toEqual([ro.id]);
    expect(await found(t.asAdvisor, t.store.locationId, { q: 'stella riverton' })).toEqual([ro.id]);
    expect(await found(t.asAdvisor, t.store.locationId, { q: 'streamwood' })).toEqual([]);
  });
});
