/**
 * The employees board's routes (SPEC §7) on the conversation core: the list (paged, conversations
 * first), adding, changing and removing an employee with SPEC §5's texts and every refusal, read
 * marks, texting from the employees number, an employee's text landing in their conversation, an
 * employee's STOP honoured as a customer's, mass texts, and the walls between stores, companies and
 * boards.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { Employee } from '../../../shared/employees/employees.js';
import { EMPLOYEE_ERRORS } from '../../../shared/employees/schemas.js';
import type { MassMessage } from '../../../shared/massTexts.js';
import { PERSON_ERRORS, PHONE_ERRORS } from '../../../shared/schemas/people.js';
import { SEND_ERRORS } from '../../../shared/sendingTexts.js';
import { getCustomer } from '../../customers/records.js';
import { cursorAt, eventsAfter } from '../../lib/realtime.js';
import { readSettings } from '../../lib/settings.js';
import '../../messages/boards.js';
import { messagesOf } from '../../messages/records.js';
import { api, replyAsCustomer, signIn, textsTo, type ApiClient } from '../../../test/support/api.js';
import { customerRecord, DEMO_NORTH, uniquePhone, useStackEnv } from '../../../test/support/service.js';
import { saveCustomer } from '../../customers/records.js';
import { employeesChannel } from '../channels.js';
import { getEmployee, saveEmployee } from '../records.js';

const baseUrl = inject('baseUrl');
const carrierUrl = `${baseUrl}/dev/carrier`;
const { companyId, locationId } = DEMO_NORTH;
const loc = `/api/locations/${locationId}`;

let hr: ApiClient;
let manager: ApiClient;
let admin: ApiClient;
let advisor: ApiClient;
let rival: ApiClient;
let EMPLOYEES_NUMBER: string;

let made = 0;
function person(overrides: Record<string, unknown> = {}) {
  made += 1;
  return { first_name: 'Erin', last_name: `Staff${made}${randomUUID().slice(0, 4)}`, phone: uniquePhone(), position: 'Technician', team: 'Main shop', ...overrides };
}

async function add(overrides: Record<string, unknown> = {}, as: ApiClient = hr): Promise<Employee> {
  const res = await as.post(`${loc}/employees`, { employee: person(overrides) }, { 'idempotency-key': randomUUID() });
  expect(res.status, res.text).toBe(201);
  return res.body.employee as Employee;
}

const messages = (id: string) => messagesOf(companyId, `thr_${id}`, 0, 20);
const errorsOf = (res: { body: { errors?: { message: string; path?: string }[] } }) => res.body.errors ?? [];

beforeAll(async () => {
  useStackEnv();
  process.env.LOG_LEVEL = 'silent';
  const as = async (name: string) => api(baseUrl, await signIn(baseUrl, `${name}@demo.example`));
  [hr, manager, admin, advisor, rival] = [await as('hr'), await as('manager'), await as('admin'), await as('advisor'), await as('rival')];
  EMPLOYEES_NUMBER = (await readSettings(companyId, locationId, 'business_information')).texting_numbers.employees;
});

describe('the list', () => {
  it("answers the store's employees to HR, 50 a page by default, with their contact, opt status and presence", async () => {
    const res = await hr.get(`${loc}/employees`);

    expect(res.status, res.text).toBe(200);
    expect(res.body.meta.paging).toMatchObject({ current_offset: 0, per_page: 50 });
    expect(res.body.meta.paging.total).toBeGreaterThanOrEqual(5);
    const byName = new Map((res.body.employees as Employee[]).map((e) => [`${e.first_name} ${e.last_name}`, e]));
    expect(byName.get('Ben Carter')).toMatchObject({ position: 'Parts counter', team: 'Parts', opt_in: 'out', contact: { opt_in: 'out', phones: { cell: '+16175551402' } } });
    expect(byName.get('Alicia Moreno')?.is_unread).toBe(true);
    expect(byName.get('Dev Patel')?.contact.carrier.type).toBe('voip');
    expect(byName.get('Priya Raman')).toMatchObject({ agent: { id: 'agt_advisor' }, presence: { status: expect.stringMatching(/online|away|offline/) } });
    expect(byName.get('Marcus Bell')?.message_thread.bumped_at).toBeNull();
  });

  it('lists conversations first, newest message first, then the rest by name; pages slice the same order', async () => {
    const all = (await hr.get(`${loc}/employees?limit=100`)).body.employees as Employee[];
    const page = (await hr.get(`${loc}/employees?offset=2&limit=3`)).body;

    const bumped = all.map((e) => e.message_thread.bumped_at);
    const talked = bumped.filter((b): b is string => b !== null);
    expect(bumped.slice(0, talked.length).every((b) => b !== null)).toBe(true);
    expect(talked).toEqual([...talked].sort().reverse());
    const quiet = all.slice(talked.length).map((e) => `${e.last_name} ${e.first_name}`.toLowerCase());
    expect(quiet).toEqual([...quiet].sort());
    expect(page.employees.map((e: Employee) => e.id)).toEqual(all.slice(2, 5).map((e) => e.id));
    expect(page.meta.paging).toMatchObject({ total: all.length, current_offset: 2, per_page: 3 });
  });
});

describe('adding an employee', () => {
  it("answers SPEC §5's texts at each field that cannot be used, and adds nothing", async () => {
    const before = (await hr.get(`${loc}/employees`)).body.meta.paging.total;

    const empty = await hr.post(`${loc}/employees`, { employee: { first_name: ' ', last_name: '', phone: '' } });
    const missing = await hr.post(`${loc}/employees`, { employee: {} });
    const short = await hr.post(`${loc}/employees`, { employee: person({ phone: '617 55' }) });
    const invalid = await hr.post(`${loc}/employees`, { employee: person({ phone: '(617) 055-0142' }) });
    const agent = await hr.post(`${loc}/employees`, { employee: person({ agent_id: 'agt_south_advisor' }) });

    expect(empty.status).toBe(422);
    expect(errorsOf(empty).map((e) => e.message)).toEqual(expect.arrayContaining([PERSON_ERRORS.first_name, PERSON_ERRORS.last_name, PHONE_ERRORS.missing]));
    expect(errorsOf(missing).map((e) => e.message)).toEqual(expect.arrayContaining([PERSON_ERRORS.first_name, PERSON_ERRORS.last_name, PHONE_ERRORS.missing]));
    expect(errorsOf(short)).toEqual([{ message: PHONE_ERRORS.too_short, path: 'employee.phone' }]);
    expect(errorsOf(invalid)).toEqual([{ message: PHONE_ERRORS.invalid, path: 'employee.phone' }]);
    // An agent of another store is not one this employee can be.
    expect(errorsOf(agent)).toEqual([{ message: EMPLOYEE_ERRORS.agent, path: 'employee.agent_id' }]);
    expect((await hr.get(`${loc}/employees`)).body.meta.paging.total).toBe(before);
  });

  it('adds one with a contact record for the number (not a customer: the customer search never finds it), its line type looked up', async () => {
    const phone = uniquePhone();
    const res = await hr.post(`${loc}/employees`, { employee: { first_name: ' Nora ', last_name: 'Newhire', phone: phone.replace('+1', ''), position: 'Porter', team: 'Lot', agent_id: null } });
    const coordinator = api(baseUrl, await signIn(baseUrl, 'appointments@demo.example'));
    const search = await coordinator.post(`${loc}/customers/search`, { query: phone.slice(2) });
    const byName = await coordinator.post(`${loc}/customers/search`, { query: 'Newhire' });

    expect(res.status, res.text).toBe(201);
    const employee = res.body.employee as Employee;
    expect(employee).toMatchObject({ first_name: 'Nora', last_name: 'Newhire', position: 'Porter', team: 'Lot', opt_in: 'unknown', is_unread: false, agent: null, presence: null });
    expect(employee.contact).toMatchObject({ phones: { cell: phone }, carrier: { type: 'mobile' }, first_name: 'Nora' });
    expect(await getCustomer(companyId, employee.contact.id)).toMatchObject({ contact: 'employee', location_id: locationId });
    expect(search.body.customers).toEqual([]);
    expect(byName.body.customers).toEqual([]);
    expect((await hr.get(`${loc}/employees/${employee.id}`)).body.employee).toEqual(employee);
  });

  it("refuses a number another employee of the store has, at the phone field, and takes over an opted-out number's consent", async () => {
    const first = await add();
    const taken = await hr.post(`${loc}/employees`, { employee: person({ phone: first.contact.phones.cell }) });
    // A customer record with the number opted out: an employee who comes to have it stays opted out.
    const customer = customerRecord({ opt_in: 'out', opt_metadata: { initiator: 'customer', opcode: null, timestamp: new Date().toISOString(), agent: null } });
    await saveCustomer(customer);
    const inherited = await add({ phone: customer.phones.cell });

    expect(taken.status).toBe(422);
    expect(errorsOf(taken)).toEqual([{ message: EMPLOYEE_ERRORS.phone_taken, path: 'employee.phone' }]);
    expect(inherited.opt_in).toBe('out');
  });

  it('knows a landline and a console user: the agent they are, and that agent\'s presence, an absence they chose included', async () => {
    const landline = await add({ phone: `+1617${300 + Math.floor(Math.random() * 600)}0${150 + Math.floor(Math.random() * 40)}` });
    const user = await add({ agent_id: 'agt_chat' });
    const nina = api(baseUrl, await signIn(baseUrl, 'chat@demo.example'));

    expect(landline.contact.carrier.type).toBe('landline');
    expect(user.agent).toEqual({ id: 'agt_chat', first_name: 'Nina', last_name: 'Patel' });
    expect(user.presence).toEqual({ status: expect.stringMatching(/online|away|offline/), mode: 'online' });
    try {
      expect((await nina.put('/api/agents/me/presence', { presence: { mode: 'away' } })).status).toBe(200);
      expect((await hr.get(`${loc}/employees/${user.id}`)).body.employee.presence).toEqual({ status: expect.stringMatching(/away|offline/), mode: 'away' });
    } finally {
      await nina.put('/api/agents/me/presence', { presence: { mode: 'online' } });
    }
  });
});

describe('changing an employee', () => {
  it('changes every field; the contact follows the name and the number, and the old number is free again', async () => {
    const employee = await add();
    const oldPhone = employee.contact.phones.cell!;
    const phone = uniquePhone();

    const res = await hr.put(`${loc}/employees/${employee.id}`, { employee: { first_name: 'Erica', last_name: 'Renamed', phone, position: 'Foreman', team: 'Body shop', agent_id: 'agt_tech' } });
    const reused = await hr.post(`${loc}/employees`, { employee: person({ phone: oldPhone }) });

    expect(res.status, res.text).toBe(200);
    expect(res.body.employee).toMatchObject({ first_name: 'Erica', last_name: 'Renamed', position: 'Foreman', team: 'Body shop', agent: { id: 'agt_tech' }, contact: { first_name: 'Erica', last_name: 'Renamed', phones: { cell: phone } } });
    expect(reused.status, reused.text).toBe(201);
  });

  it("refuses another employee's number and SPEC §5's texts, and changes nothing", async () => {
    const one = await add();
    const other = await add();

    const taken = await hr.put(`${loc}/employees/${one.id}`, { employee: person({ phone: other.contact.phones.cell }) });
    const blank = await hr.put(`${loc}/employees/${one.id}`, { employee: { ...person(), first_name: '' } });

    expect(errorsOf(taken)).toEqual([{ message: EMPLOYEE_ERRORS.phone_taken, path: 'employee.phone' }]);
    expect(errorsOf(blank).map((e) => e.message)).toContain(PERSON_ERRORS.first_name);
    expect((await hr.get(`${loc}/employees/${one.id}`)).body.employee).toMatchObject({ first_name: one.first_name, last_name: one.last_name, contact: { phones: { cell: one.contact.phones.cell } } });
  });
});

describe('the console user an employee is', () => {
  it('must be an active agent of the store when chosen, and stays theirs once that agent is made inactive', async () => {
    const linked = await add();
    const other = await add();
    // Linked while the agent was active; the agent has since left (the demo's inactive agent).
    const record = (await getEmployee(companyId, linked.id, true))!;
    await saveEmployee({ ...record, agent_id: 'agt_former', version: record.version + 1 }, record);

    const kept = await hr.put(`${loc}/employees/${linked.id}`, { employee: { ...person(), phone: linked.contact.phones.cell, agent_id: 'agt_former' } });
    const chosen = await hr.put(`${loc}/employees/${other.id}`, { employee: { ...person(), phone: other.contact.phones.cell, agent_id: 'agt_former' } });

    expect(kept.status, kept.text).toBe(200);
    expect(kept.body.employee.agent).toMatchObject({ id: 'agt_former' });
    expect(errorsOf(chosen)).toEqual([{ message: EMPLOYEE_ERRORS.agent, path: 'employee.agent_id' }]);
  });
});

describe('removing an employee', () => {
  it('removes them for good with their contact record; the count follows and the number is free', async () => {
    const employee = await add();
    const before = (await hr.get(`${loc}/employees`)).body.meta.paging.total;
    const since = cursorAt(Date.now() - 1000);

    const res = await hr.del(`${loc}/employees/${employee.id}`);
    const again = await hr.del(`${loc}/employees/${employee.id}`);

    expect(res.status).toBe(204);
    expect(again.status).toBe(404);
    expect((await hr.get(`${loc}/employees/${employee.id}`)).status).toBe(404);
    expect((await hr.get(`${loc}/employees`)).body.meta.paging.total).toBe(before - 1);
    expect(await getCustomer(companyId, employee.contact.id, true)).toBeUndefined();
    expect((await hr.get(`/api/customers/${employee.contact.id}`)).status).toBe(404);
    const events = await eventsAfter(companyId, employeesChannel(locationId), since);
    expect(events.some((e) => e.type === 'employee.changed' && (e.data as { id: string; reason: string }).id === employee.id && (e.data as { reason: string }).reason === 'removed')).toBe(true);
    // Their number is no known contact of the store any more: a text from it goes to no conversation of theirs.
    await replyAsCustomer(carrierUrl, employee.contact.phones.cell!, EMPLOYEES_NUMBER, 'Can I still pick up my last paycheck?');
    expect(await messages(employee.id)).toEqual([]);
    expect((await hr.post(`${loc}/employees`, { employee: person({ phone: employee.contact.phones.cell }) })).status).toBe(201);
  });

  it("keeps the number's STOP after the employee is gone: whoever has it next is opted out", async () => {
    const employee = await add();
    await replyAsCustomer(carrierUrl, employee.contact.phones.cell!, EMPLOYEES_NUMBER, 'STOP');
    expect((await hr.del(`${loc}/employees/${employee.id}`)).status).toBe(204);

    const next = await add({ phone: employee.contact.phones.cell });

    expect(next.opt_in).toBe('out');
  });
});

describe('texting employees', () => {
  it('texts an employee from the employees number and keeps the conversation in order', async () => {
    const employee = await add();

    const sent = await hr.post(`${loc}/employees/${employee.id}/messages`, { message: { text: 'Hi, the staff meeting moves to 3 pm.' } }, { 'idempotency-key': randomUUID() });
    const list = await hr.get(`${loc}/employees/${employee.id}/messages`);
    const texts = await textsTo(carrierUrl, employee.contact.phones.cell!);
    const after = (await hr.get(`${loc}/employees/${employee.id}`)).body.employee as Employee;

    expect(sent.status, sent.text).toBe(201);
    expect(texts[0]).toMatchObject({ from: EMPLOYEES_NUMBER });
    expect(texts[0]?.text).toContain('the staff meeting moves to 3 pm');
    // The first text to a number names the dealership and how to opt out.
    expect(texts[0]?.text).toContain('Demo Motors');
    expect(list.body.messages.map((m: { text: string }) => m.text)).toEqual([expect.stringContaining('staff meeting')]);
    expect(after.metadata.message_count).toBe(1);
    // A conversation puts them at the top of the list.
    expect((await hr.get(`${loc}/employees?limit=1`)).body.employees[0].id).toBe(employee.id);
  });

  it("lands an employee's text to the employees number in their conversation, unread for HR, live on the board", async () => {
    const employee = await add();
    const since = cursorAt(Date.now() - 1000);

    await replyAsCustomer(carrierUrl, employee.contact.phones.cell!, EMPLOYEES_NUMBER, 'Running 10 minutes late today, sorry!');
    const unread = (await hr.get(`${loc}/employees/${employee.id}`)).body.employee as Employee;
    const events = await eventsAfter(companyId, employeesChannel(locationId), since);
    const read = await hr.put(`${loc}/employees/${employee.id}/agents/null/read`);
    const forManager = (await manager.get(`${loc}/employees/${employee.id}`)).body.employee as Employee;
    const markedUnread = await hr.put(`${loc}/employees/${employee.id}/agents/null/unread`);

    expect((await messages(employee.id)).map((m) => m.text)).toEqual(['Running 10 minutes late today, sorry!']);
    expect(unread.is_unread).toBe(true);
    expect(events.some((e) => e.type === 'message.created' && (e.data as { employee_id?: string }).employee_id === employee.id)).toBe(true);
    expect(read.body.employee.is_unread).toBe(false);
    // Read marks are each agent's own.
    expect(forManager.is_unread).toBe(true);
    expect(markedUnread.body.employee.is_unread).toBe(true);
  });

  it("honours an employee's STOP like a customer's: opted out, confirmed once, noted, and every text refused", async () => {
    const employee = await add();
    await hr.post(`${loc}/employees/${employee.id}/messages`, { message: { text: 'Welcome aboard!' } }, { 'idempotency-key': randomUUID() });

    await replyAsCustomer(carrierUrl, employee.contact.phones.cell!, EMPLOYEES_NUMBER, 'stop');
    const after = (await hr.get(`${loc}/employees/${employee.id}`)).body.employee as Employee;
    const refused = await hr.post(`${loc}/employees/${employee.id}/messages`, { message: { text: 'Are you there?' } }, { 'idempotency-key': randomUUID() });
    const thread = await messages(employee.id);

    expect(after.opt_in).toBe('out');
    expect(after.contact.opt_metadata).toMatchObject({ initiator: 'customer' });
    expect(refused.status).toBe(422);
    expect(refused.body.error).toMatchObject({ id: 'opted_out', message: SEND_ERRORS.opted_out });
    expect(thread.find((m) => m.metadata.direction === 'system')?.metadata.note).toMatchObject({ key: 'opt_out', initiator: 'customer' });
    const texts = await textsTo(carrierUrl, employee.contact.phones.cell!);
    expect(texts.filter((t) => /opted out|unsubscribed/i.test(t.text))).toHaveLength(1);
  });

  it('lets HR opt an employee out (final) and block them through the contact card routes', async () => {
    const employee = await add();

    const out = await hr.put(`/api/customers/${employee.contact.id}/opt_out`);
    const blocked = await hr.put(`/api/customers/${employee.contact.id}/block`);

    expect(out.body.customer.opt_in).toBe('out');
    expect(blocked.body.customer.blocked_at).not.toBeNull();
  });

  it('texts several employees as one mass text, skipping the opted-out one', async () => {
    const a = await add();
    const b = await add();
    const out = await add();
    expect((await hr.put(`/api/customers/${out.contact.id}/opt_out`)).status).toBe(200);

    const res = await hr.post(`${loc}/mass_messages`, { mass_message: { board: 'employees', text: 'Payroll is a day early this week.', ids: [a.id, b.id, out.id], skip_opted_out: true } }, { 'idempotency-key': randomUUID() });
    expect(res.status, res.text).toBe(202);
    let mass = res.body.mass_message as MassMessage;
    for (let i = 0; i < 100 && mass.state !== 'finished'; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      mass = (await hr.get(`/api/mass_messages/${mass.id}`)).body.mass_message as MassMessage;
    }

    expect(mass).toMatchObject({ board: 'employees', state: 'finished', sent: 2, skipped: { opted_out: 1 } });
    for (const employee of [a, b]) expect((await textsTo(carrierUrl, employee.contact.phones.cell!)).map((t) => t.text).join('|')).toContain('Payroll is a day early');
    expect(await textsTo(carrierUrl, out.contact.phones.cell!)).toEqual([]);
  });
});

describe('the walls', () => {
  it('refuses agents without the board (403) and answers 404 across stores and companies, changing nothing', async () => {
    const employee = await add();
    const at = `${loc}/employees/${employee.id}`;
    const south = (await admin.get('/api/locations/loc_demo_south/employees')).body.employees as Employee[];
    expect(south.length).toBeGreaterThan(0);

    expect((await advisor.get(`${loc}/employees`)).status).toBe(403);
    expect((await advisor.get(`${at}/messages`)).status).toBe(403);
    expect((await advisor.del(at)).status).toBe(403);
    expect((await advisor.get(`/api/customers/${employee.contact.id}`)).status).toBe(404);
    // HR of North does not reach South; an employee named under another store's path is not there.
    expect((await hr.get(`/api/locations/loc_demo_south/employees/${south[0]!.id}`)).status).toBe(404);
    expect((await admin.get(`/api/locations/loc_demo_south/employees/${employee.id}`)).status).toBe(404);
    expect((await admin.get(`/api/locations/loc_demo_south/employees/${employee.id}/messages`)).status).toBe(404);
    for (const res of [
      await rival.get(`${loc}/employees`),
      await rival.get(`/api/locations/loc_rival_main/employees/${employee.id}`),
      await rival.put(`/api/locations/loc_rival_main/employees/${employee.id}`, { employee: person() }),
      await rival.del(`/api/locations/loc_rival_main/employees/${employee.id}`),
      await rival.post(`/api/locations/loc_rival_main/employees/${employee.id}/messages`, { message: { text: 'Hi' } }),
      await rival.put(`/api/locations/loc_rival_main/employees/${employee.id}/agents/null/read`),
    ]) {
      expect(res.status).toBe(404);
      expect(res.text).not.toContain(employee.last_name);
    }
    expect(await getEmployee(companyId, employee.id, true)).toMatchObject({ first_name: employee.first_name, message_count: 0 });
  });
});
