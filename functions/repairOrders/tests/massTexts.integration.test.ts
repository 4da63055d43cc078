/**
 * Mass texts on the service board (issue 19; SPEC §1 mass messages, §4 "Selection"): the core's
 * mass text with `board: 'service'`. "All" is the list the agent sees: a service advisor's inbox, a
 * manager's board of the store (archived orders are on neither); picked orders of another store or
 * company are no recipients; who does not work the board may not text its customers in bulk. The
 * store is a company of its own, so "all" reaches only what these tests wrote.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { MassMessage } from '../../../shared/massTexts.js';
import { noAccess, type AccessFlags } from '../../../shared/access.js';
import { massMessageBody } from '../../../shared/schemas/massTexts.js';
import { agentItem, type AgentRecord } from '../../lib/agents.js';
import { boards } from '../../lib/boardList.js';
import { keys } from '../../lib/keys.js';
import { locationItem } from '../../lib/locations.js';
import { hashPassword } from '../../lib/passwords.js';
import { readSettings, writeSettings } from '../../lib/settings.js';
import { putItem } from '../../lib/table.js';
import { signInItem } from '../../sessions/signIn.js';
import { DEMO_PASSWORD } from '../../../infra/local/demo.js';
import { api, signIn, textsTo, type ApiClient } from '../../../test/support/api.js';
import { createRepairOrder, DEMO_NORTH, ensureServiceNumber, uniquePhone, useStackEnv } from '../../../test/support/service.js';

useStackEnv();
const baseUrl = inject('baseUrl');
const carrierUrl = inject('carrierUrl');

const STORE = { companyId: 'cmp_mass_service', locationId: 'loc_mass_service' } as const;
const loc = `/api/locations/${STORE.locationId}`;
const flags = (...on: (keyof AccessFlags)[]): AccessFlags => ({ ...noAccess(), ...Object.fromEntries(on.map((flag) => [flag, true])) });
const STAFF = {
  manager: { id: 'agt_mass_manager', first_name: 'Mara', last_name: 'Manager', access_level: flags('manager', 'service') },
  advisor: { id: 'agt_mass_advisor', first_name: 'Ada', last_name: 'Advisor', access_level: flags('service') },
  colleague: { id: 'agt_mass_colleague', first_name: 'Cole', last_name: 'Colleague', access_level: flags('service') },
  technician: { id: 'agt_mass_tech', first_name: 'Tess', last_name: 'Tech', access_level: flags('technician') },
};
type Staff = keyof typeof STAFF;
const emailOf = (who: Staff) => `${who}@mass-service.example`;
const refOf = (who: Staff) => ({ id: STAFF[who].id, first_name: STAFF[who].first_name, last_name: STAFF[who].last_name });

/** The store, its staff (signing in with the demo password) and its service number, written straight into the table. */
async function openStore(): Promise<void> {
  const createdAt = new Date().toISOString();
  await putItem({ ...keys.company(STORE.companyId), id: STORE.companyId, name: 'Mass Service Motors', created_at: createdAt });
  await putItem(
    locationItem({
      id: STORE.locationId,
      company_id: STORE.companyId,
      name: 'Mass Service Motors',
      timezone: 'America/New_York',
      locale: 'en-us',
      theme: 'default',
      whitelabel: false,
      ip_allowlist: [],
      address: '2 Test Street',
      phone: '+16175550998',
      teams: [],
      created_at: createdAt,
    }),
  );
  const hash = await hashPassword(DEMO_PASSWORD);
  for (const who of Object.keys(STAFF) as Staff[]) {
    const agent: AgentRecord = {
      ...STAFF[who],
      company_id: STORE.companyId,
      location_id: STORE.locationId,
      email: emailOf(who),
      team: null,
      online_status: 'offline',
      email_notifications_enabled: false,
      sms_notifications_enabled: false,
      technician_settings: { enabled: who === 'technician', mpi_enabled: who === 'technician' },
      active: true,
      locale: 'en-us',
      created_at: createdAt,
    };
    await putItem(agentItem(agent));
    await putItem(signInItem(agent, hash));
  }
  await ensureServiceNumber(STORE.companyId, STORE.locationId, uniquePhone());
  // Texting at any hour of the test run: no quiet hours in this store.
  const service = await readSettings(STORE.companyId, STORE.locationId, 'service_settings');
  await writeSettings(STORE.companyId, STORE.locationId, 'service_settings', { ...service, quiet_hours_start: '00:00', quiet_hours_end: '00:00' }, STAFF.manager.id);
}

/** An open order of this store for a customer who opted in, assigned to `who` (or nobody). */
async function orderOf(who: Staff | null, overrides: { archived?: boolean } = {}) {
  return createRepairOrder({
    customer: { company_id: STORE.companyId, location_id: STORE.locationId, opt_in: 'in' },
    ro: { agent: who ? refOf(who) : null, ...overrides },
  });
}

const signedIn: Partial<Record<Staff, ApiClient>> = {};
async function as(who: Staff): Promise<ApiClient> {
  signedIn[who] ??= api(baseUrl, await signIn(baseUrl, emailOf(who)));
  return signedIn[who];
}

async function massText(who: Staff, pick: { ids: string[] } | { all: true }, text: string) {
  return (await as(who)).post(`${loc}/mass_messages`, { mass_message: { board: 'service', text, ...pick } }, { 'idempotency-key': randomUUID() });
}

async function finished(who: Staff, id: string): Promise<MassMessage> {
  for (let i = 0; i < 100; i++) {
    const res = await (await as(who)).get(`/api/mass_messages/${id}`);
    if (res.body.mass_message.state === 'finished') return res.body.mass_message as MassMessage;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('The mass text did not finish');
}

const textedWith = async (phone: string, words: string) => (await textsTo(carrierUrl, phone)).filter((t) => t.text.includes(words)).length;

let orders: Record<'advisorFirst' | 'advisorSecond' | 'colleague' | 'nobody' | 'archived', Awaited<ReturnType<typeof orderOf>>>;

beforeAll(async () => {
  await openStore();
  orders = {
    advisorFirst: await orderOf('advisor'),
    advisorSecond: await orderOf('advisor'),
    colleague: await orderOf('colleague'),
    nobody: await orderOf(null),
    archived: await orderOf('advisor', { archived: true }),
  };
});

describe('mass texts on the service board', () => {
  it('takes the name of every board of the registry that offers them, as the request schema does', () => {
    const names = boards().map((board) => board.name);
    expect(names).toContain('service');
    for (const board of names) expect(massMessageBody.safeParse({ mass_message: { board, text: 'Hello', all: true } }).success, board).toBe(true);
  });

  it("texts a service advisor's inbox for \"all\": their own open orders, no colleague's, nothing archived", async () => {
    const words = `Inbox ${randomUUID().slice(0, 8)}`;
    const res = await massText('advisor', { all: true }, words);
    expect(res.status, res.text).toBe(202);
    const done = await finished('advisor', res.body.mass_message.id);

    expect(done).toMatchObject({ board: 'service', total: 2, sent: 2, failed: 0, skipped: {} });
    for (const { customer } of [orders.advisorFirst, orders.advisorSecond]) expect(await textedWith(customer.phones.cell!, words)).toBe(1);
    for (const { customer } of [orders.colleague, orders.nobody, orders.archived]) expect(await textedWith(customer.phones.cell!, words)).toBe(0);
  });

  it("reaches the store's whole board for a manager's \"all\"; an order with no advisor is skipped with the reason", async () => {
    const words = `Board ${randomUUID().slice(0, 8)}`;
    const res = await massText('manager', { all: true }, words);
    const done = await finished('manager', res.body.mass_message.id);

    // Every open order of the store; the unassigned one is refused by the advisor rule (SPEC §5), so counted as skipped.
    expect(done).toMatchObject({ total: 4, sent: 3, failed: 0, skipped: { no_advisor: 1 } });
    for (const { customer } of [orders.advisorFirst, orders.advisorSecond, orders.colleague]) expect(await textedWith(customer.phones.cell!, words)).toBe(1);
    for (const { customer } of [orders.nobody, orders.archived]) expect(await textedWith(customer.phones.cell!, words)).toBe(0);
  });

  it("texts only the picked orders of the agent's own store: another company's order and an archived one are no recipients", async () => {
    const elsewhere = await createRepairOrder({ customer: { opt_in: 'in' } });
    expect(elsewhere.ro.location_id).toBe(DEMO_NORTH.locationId);
    const words = `Picked ${randomUUID().slice(0, 8)}`;
    const res = await massText('manager', { ids: [orders.colleague.ro.id, orders.archived.ro.id, elsewhere.ro.id] }, words);
    const done = await finished('manager', res.body.mass_message.id);

    expect(done).toMatchObject({ total: 1, sent: 1 });
    expect(await textedWith(orders.colleague.customer.phones.cell!, words)).toBe(1);
    expect(await textedWith(elsewhere.customer.phones.cell!, words)).toBe(0);
    expect(await textedWith(orders.archived.customer.phones.cell!, words)).toBe(0);
  });

  it('refuses an agent who does not work the service board, and a board that sends no mass texts', async () => {
    const technician = await massText('technician', { ids: [orders.advisorFirst.ro.id] }, 'Hello');
    const noBoard = await (await as('manager')).post(`${loc}/mass_messages`, { mass_message: { board: 'no_such_board', text: 'Hello', all: true } });

    expect(technician.status).toBe(403);
    expect(noBoard.status).toBe(422);
    expect(await textedWith(orders.advisorFirst.customer.phones.cell!, 'Hello')).toBe(0);
  });
});
