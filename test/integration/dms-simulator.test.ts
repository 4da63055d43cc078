import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startDmsSimulator, type DmsSimulator } from '../../infra/local/dms-simulator.js';
import { api, signIn, type ApiClient } from '../support/api.js';
import { useStackEnv } from '../support/service.js';

const baseUrl = inject('baseUrl');
const NORTH = 'loc_demo_north';

interface Row {
  id: string;
  ro_id: string;
  agent: { id: string } | null;
  is_unread: boolean;
  closed: boolean;
  promise_time: string | null;
  custom: { work_order_status_code: string | null };
  metadata: { dms_status: string };
  customer: { id: string; first_name: string; last_name: string; opt_in: string; carrier: { type: string } };
}

let manager: ApiClient;
let advisor: ApiClient;

/** Every order of a location's board (or, with `inbox`, of the asking advisor's inbox). */
async function board(client: ApiClient, locationId = NORTH, list: '' | '/inbox' = ''): Promise<{ rows: Row[]; total: number }> {
  const rows: Row[] = [];
  for (let offset = 0; ; offset += 100) {
    const page = await client.get(`/api/locations/${locationId}/repair_orders${list}?offset=${offset}&limit=100`);
    expect(page.status).toBe(200);
    rows.push(...page.body.repair_orders);
    if (rows.length >= page.body.meta.paging.total || page.body.repair_orders.length === 0) return { rows, total: page.body.meta.paging.total };
  }
}

interface AppointmentRow {
  dms_appointment_id: string | null;
  scheduled_at: string;
  cancelled: boolean;
  notes: string;
  customer: { first_name: string; last_name: string };
}

/** Every appointment on a location's appointments board (today's and upcoming). */
async function appointments(client: ApiClient, locationId = NORTH): Promise<AppointmentRow[]> {
  const rows: AppointmentRow[] = [];
  for (let offset = 0; ; offset += 20) {
    const page = await client.get(`/api/locations/${locationId}/appointments/inbox?offset=${offset}&limit=20`);
    expect(page.status).toBe(200);
    rows.push(...page.body.appointments);
    if (rows.length >= page.body.meta.paging.total || page.body.appointments.length === 0) return rows;
  }
}

/** The seeded North orders (the simulator may open more for the same customers). */
const isSeeded = (r: Row) => /^70102\d\d$/.test(r.ro_id);
const named = (rows: Row[], first: string, last: string) => rows.find((r) => isSeeded(r) && r.customer.first_name === first && r.customer.last_name === last);

beforeAll(async () => {
  useStackEnv();
  process.env.LOG_LEVEL = 'silent';
  manager = api(baseUrl, await signIn(baseUrl, 'manager@demo.example'));
  advisor = api(baseUrl, await signIn(baseUrl, 'advisor@demo.example'));
});

describe('demo service data', () => {
  it('gives Demo Motors North 25 open orders with the cases the README names', async () => {
    const { rows } = await board(manager);
    const seeded = rows.filter(isSeeded);

    expect(seeded).toHaveLength(25);
    expect(seeded.every((r) => !r.closed && r.metadata.dms_status === 'open')).toBe(true);
    expect(named(rows, 'Gloria', 'Estevez')?.customer.opt_in).toBe('out');
    expect(named(rows, 'Harold', 'Finch')?.customer.carrier.type).toBe('landline');
    expect(named(rows, 'Vera', 'Nakamura')?.customer.carrier.type).toBe('voip');
    expect(named(rows, 'Tom', 'Okafor')?.agent).toBeNull();
    expect(new Set(seeded.map((r) => r.agent?.id ?? null))).toEqual(new Set(['agt_advisor', 'agt_manager', null]));
    const now = Date.now();
    const due = (r: Row) => (r.promise_time ? Date.parse(r.promise_time) - now : Infinity);
    expect(seeded.filter((r) => due(r) < 0).length).toBeGreaterThanOrEqual(3);
    expect(seeded.filter((r) => due(r) >= 0 && due(r) <= 91 * 60_000).length).toBeGreaterThanOrEqual(3);
    expect(seeded.filter((r) => due(r) > 91 * 60_000).length).toBeGreaterThanOrEqual(3);
  });

  it('keeps the ledger line and the note of the opted-out customer', async () => {
    const gloria = named((await board(manager)).rows, 'Gloria', 'Estevez')!;

    const ledger = (await manager.get(`/api/customers/${gloria.customer.id}/consent`)).body.consent;
    const messages = (await manager.get(`/api/repair_orders/${gloria.id}/messages`)).body.messages;

    expect(ledger).toEqual([expect.objectContaining({ status: 'out', previous: 'unknown', initiator: 'customer', method: 'sms_keyword', wording: 'STOP' })]);
    expect(messages.map((m: { behaviour: string | null; metadata: { direction: string } }) => m.behaviour ?? m.metadata.direction)).toEqual([
      'SMS_OPT_OUT',
      'inbound',
      'outbound',
    ]);
    expect(messages[2].text).toMatch(/^Hola Gloria[\s\S]*\n.*STOP/);
  });

  it('leaves a handful of conversations unread, with delivered texts before them', async () => {
    const inbox = (await board(advisor, NORTH, '/inbox')).rows.filter(isSeeded);
    const { rows } = await board(manager);
    const maria = named(rows, 'Maria', 'Gonzalez')!;

    const messages = (await advisor.get(`/api/repair_orders/${maria.id}/messages`)).body.messages;

    const seeded = rows.filter(isSeeded);
    expect(seeded.filter((r) => r.is_unread).map((r) => r.customer.first_name).sort()).toEqual(['Ethan', 'Hannah', 'Linda', 'Maria', 'Sophie', 'Tom']);
    expect(inbox.filter((r) => r.is_unread).map((r) => r.customer.first_name).sort()).toEqual(['Ethan', 'Linda', 'Maria']);
    // Newest first: the technician's completed MPI note, then her reply, then the advisor's texts.
    expect(messages).toHaveLength(5);
    expect(messages[0]).toMatchObject({ behaviour: 'MPI_SHEET_COMPLETED_BY_TECH' });
    expect(messages[1].metadata.direction).toBe('inbound');
    expect(messages[2].metadata).toMatchObject({ direction: 'outbound', status: 'delivered' });
    expect(messages[4].text).toContain('Reply STOP to opt out');
  });

  it('gives Demo Motors South 8 orders, six with its advisor and two awaiting one, and Rival Auto 3 of its own', async () => {
    const admin = api(baseUrl, await signIn(baseUrl, 'admin@demo.example'));
    const rival = api(baseUrl, await signIn(baseUrl, 'rival@demo.example'));

    const south = (await board(admin, 'loc_demo_south')).rows.filter((r) => /^80201\d\d$/.test(r.ro_id));
    const theirs = (await board(rival, 'loc_rival_main')).rows.filter((r) => r.ro_id.startsWith('R-55'));
    const info = (await manager.get(`/api/locations/${NORTH}/business_information`)).body.business_information;

    expect(south).toHaveLength(8);
    expect(south.filter((r) => r.agent?.id === 'agt_south_advisor')).toHaveLength(6);
    expect(south.filter((r) => r.agent === null)).toHaveLength(2);
    expect(theirs).toHaveLength(3);
    expect(theirs.every((r) => r.agent?.id === 'agt_rival')).toBe(true);
    expect((await rival.get(`/api/repair_orders/${south[0]!.id}`)).status).toBe(404);
    expect(info).toMatchObject({ dealership_name: 'Demo Motors North', texting_numbers: { service: '+16175550123' } });
  });
});

describe('DMS simulator', () => {
  let dir: string;
  let simulator: DmsSimulator | undefined;

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'dms-simulator-'));
  });
  afterAll(async () => {
    await simulator?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  const simulatorKeys = async () =>
    (await manager.get(`/api/locations/${NORTH}/dms_keys`)).body.dms_keys.filter((k: { label: string }) => k.label === 'DMS simulator');

  it('opens orders and moves them along on its own, through the feed with its own key', async () => {
    const keysBefore = (await simulatorKeys()).length;
    simulator = await startDmsSimulator({ baseUrl, dataDir: dir, intervalMs: 150, seed: 11, locations: [NORTH], quiet: true });

    let moved: Row | undefined;
    for (let wait = 0; wait < 100 && !moved; wait++) {
      await new Promise((r) => setTimeout(r, 200));
      moved = (await board(manager)).rows.find((r) => r.ro_id.startsWith('SIM-N') && r.custom.work_order_status_code !== 'E');
    }
    await simulator.stop();
    simulator = undefined;

    expect(moved).toBeDefined();
    const state = JSON.parse(readFileSync(join(dir, 'dms-simulator.json'), 'utf8'));
    expect(state.keys[NORTH]).toMatch(/^dms_live_/);
    expect(state.orders.length).toBeGreaterThan(0);
    const keys = await simulatorKeys();
    expect(keys).toHaveLength(keysBefore + 1);
    expect(keys.at(-1).last_used_at).not.toBeNull();
  });

  it('keeps its key and its orders across a restart', async () => {
    const keysBefore = (await simulatorKeys()).length;
    const orderIds = (): string[] => JSON.parse(readFileSync(join(dir, 'dms-simulator.json'), 'utf8')).orders.map((o: { record: { dms_ro_id: string } }) => o.record.dms_ro_id);
    const before = orderIds();
    expect(before.length).toBeGreaterThan(0);

    simulator = await startDmsSimulator({ baseUrl, dataDir: dir, intervalMs: 0, seed: 11, locations: [NORTH], quiet: true });
    const lines = await simulator.tick();
    await simulator.stop();
    simulator = undefined;

    expect(await simulatorKeys()).toHaveLength(keysBefore);
    // Every order it had is still followed, unless this tick's own lines say it is done with (closed or archived).
    const after = orderIds();
    const left = before.filter((id) => !after.includes(id));
    for (const id of left) expect(lines.some((line) => line.includes(id)), `${id} dropped without a word: ${lines.join(' | ')}`).toBe(true);
  });

  it('books appointments in the next days, inside store hours, and cancels some later, through the feed', async () => {
    // Its own numbers (the earlier runs of this file booked SIM-AN9001… at the same store, and a
    // number booked again would be that appointment, cancelled or not, updated by the feed).
    const own = mkdtempSync(join(tmpdir(), 'dms-sim-appointments-'));
    writeFileSync(join(own, 'dms-simulator.json'), JSON.stringify({ next: 5000 }));
    simulator = await startDmsSimulator({ baseUrl, dataDir: own, intervalMs: 0, seed: 5, locations: [NORTH], quiet: true });
    const lines: string[] = [];
    const cancelledLine = (l: string) => / appointment SIM-AN\d+ cancelled$/.test(l);
    for (let round = 0; round < 100 && !lines.some(cancelledLine); round++) lines.push(...(await simulator.tick()));
    await simulator.stop();
    simulator = undefined;
    rmSync(own, { recursive: true, force: true });

    const booked = lines.flatMap((l) => /booked appointment (SIM-AN\d+) for (.+) \(/.exec(l) ?? []).length;
    expect(booked).toBeGreaterThan(0);
    // One tick may cancel more than one.
    const cancelledIds = new Set(lines.flatMap((l) => /appointment (SIM-AN\d+) cancelled$/.exec(l)?.[1] ?? []));
    expect(cancelledIds.size).toBeGreaterThan(0);
    const rows = await appointments(manager);
    for (const line of lines.filter((l) => l.includes('booked appointment'))) {
      const [, id, name] = /booked appointment (SIM-AN\d+) for (.+) \(/.exec(line)!;
      const row = rows.find((r) => r.dms_appointment_id === id);
      expect(row, id).toBeDefined();
      expect(`${row!.customer.first_name} ${row!.customer.last_name}`).toBe(name);
      // One to four days ahead, inside the store's hours (Boston).
      const ahead = Date.parse(row!.scheduled_at) - Date.now();
      expect(ahead).toBeGreaterThan(0);
      expect(ahead).toBeLessThan(5 * 86_400_000);
      const hour = Number(new Intl.DateTimeFormat('en-US', { hour: 'numeric', hourCycle: 'h23', timeZone: 'America/New_York' }).format(new Date(row!.scheduled_at)));
      expect(hour).toBeGreaterThanOrEqual(8);
      expect(hour).toBeLessThan(17);
      expect(row!.notes).not.toBe('');
      expect(row!.cancelled, id).toBe(cancelledIds.has(id!));
    }
  });

  it('takes orders through invoiced to closed, and never touches one a person archived', async () => {
    simulator = await startDmsSimulator({ baseUrl, dataDir: null, intervalMs: 0, seed: 5, locations: [NORTH], quiet: true });
    const opened = (await simulator.tick()).find((line) => line.includes('opened'));
    const roId = /opened (SIM-N\d+)/.exec(opened ?? '')?.[1];
    expect(roId).toBeDefined();
    const archivedRow = (await board(manager)).rows.find((r) => r.ro_id === roId)!;
    const archived = await manager.put(`/api/repair_orders/${archivedRow.id}/archive`);
    expect(archived.status).toBe(200);

    const lines: string[] = [];
    for (let round = 0; round < 40 && !lines.some((l) => l.endsWith(' closed')); round++) lines.push(...(await simulator.tick()));
    await simulator.stop();
    simulator = undefined;

    expect(lines).toContain(`[dms] Demo Motors North: ${roId} was archived; leaving it alone`);
    expect(lines.filter((l) => l.includes(`${roId} `) && !l.includes('archived'))).toEqual([]);
    const closedId = / (SIM-N\d+) closed$/.exec(lines.find((l) => l.endsWith(' closed')) ?? '')?.[1];
    expect(closedId).toBeDefined();
    expect(lines.filter((l) => l.includes(`${closedId} `)).map((l) => l.split(`${closedId} `)[1])).toEqual(
      expect.arrayContaining(['invoiced', 'closed']),
    );
    const after = await manager.get(`/api/repair_orders/${archivedRow.id}`);
    expect(after.body.repair_order).toMatchObject({ archived: true, custom: { work_order_status_code: 'E' } });
    const closedRow = (await board(manager)).rows.find((r) => r.ro_id === closedId)!;
    expect(closedRow).toMatchObject({ closed: true, metadata: { dms_status: 'closed' } });
    const notes = (await manager.get(`/api/repair_orders/${closedRow.id}/messages`)).body.messages;
    expect(notes.map((m: { behaviour: string | null }) => m.behaviour)).toContain('RO_CLOSED');
  });
});
