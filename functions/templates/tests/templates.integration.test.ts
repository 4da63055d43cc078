/**
 * Message templates (issue 22) on the shared stack, in a store of the tests' own: each level's
 * create, list, change and delete; who may (admin, manager, advisor; another location's manager;
 * another company's admin: 404); bad input with its field named; and the composer's list
 * (`/api/templates/me`): the company's, the location's and the agent's own, by name, paged, filled
 * in for a conversation and only its board's.
 */
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { TEMPLATE_ERRORS, TEMPLATE_TEXT_MAX, type MessageTemplate } from '../../../shared/templates/templates.js';
import { api, signIn, type ApiClient } from '../../../test/support/api.js';
import { accessFlags, createAgent, createOwnStore, type OwnStore } from '../../../test/support/ownStore.js';
import { createRepairOrder, useStackEnv } from '../../../test/support/service.js';
import { channels, cursorAt, eventsAfter } from '../../lib/realtime.js';
import { getTemplate, replaceTemplate } from '../records.js';

useStackEnv();
const baseUrl = inject('baseUrl');
const run = Date.now().toString(36);

let store: OwnStore;
let rival: OwnStore;
let admin: ApiClient;
let manager: ApiClient;
let eastManager: ApiClient;
let advisor: ApiClient;
let colleague: ApiClient;
let rivalAdmin: ApiClient;
const ADVISOR_ID = `agt_tpl_adv_${run}`;

type Level = MessageTemplate['level'];

async function create(as: ApiClient, template: { level: Level; name: string; text: string; location_id?: string; board?: string }): Promise<MessageTemplate> {
  const res = await as.post('/api/templates', { template });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.template as MessageTemplate;
}

async function listed(as: ApiClient, path: string): Promise<string[]> {
  const res = await as.get(path);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body.templates as MessageTemplate[]).map((t) => t.name);
}

beforeAll(async () => {
  store = await createOwnStore('tpl');
  rival = await createOwnStore('tpl_rival');
  const agents = [
    [store, `agt_tpl_admin_${run}`, 'Ada', 'Admin', accessFlags('admin', 'service')],
    [store, `agt_tpl_mgr_${run}`, 'Mara', 'Manager', accessFlags('manager', 'service')],
    [store, ADVISOR_ID, 'Priya', 'Advisor', accessFlags('service')],
    [store, `agt_tpl_col_${run}`, 'Cole', 'Colleague', accessFlags('service')],
    [rival, `agt_tpl_rival_${run}`, 'Rex', 'Rival', accessFlags('admin', 'service')],
  ] as const;
  for (const [where, id, first, last, flags] of agents) await createAgent(where, id, first, last, { access_level: flags });
  await createAgent(store, `agt_tpl_east_${run}`, 'Erin', 'East', { access_level: accessFlags('manager', 'service'), location_id: store.otherLocationId });
  const as = async (id: string) => api(baseUrl, await signIn(baseUrl, `${id}@harbor.example`));
  admin = await as(`agt_tpl_admin_${run}`);
  manager = await as(`agt_tpl_mgr_${run}`);
  eastManager = await as(`agt_tpl_east_${run}`);
  advisor = await as(ADVISOR_ID);
  colleague = await as(`agt_tpl_col_${run}`);
  rivalAdmin = await as(`agt_tpl_rival_${run}`);
}, 60_000);

describe('company templates', () => {
  it('are the admins’ to write and every agent’s to read; another company’s admin finds none of them', async () => {
    const made = await create(admin, { level: 'company', name: 'Company hello', text: 'Hello from {{dealership}}' });
    expect(made).toMatchObject({ level: 'company', owner_id: store.companyId, board: 'all' });
    expect(await listed(advisor, '/api/templates?level=company')).toContain('Company hello');
    expect((await manager.post('/api/templates', { template: { level: 'company', name: 'Nope', text: 'Nope' } })).status).toBe(403);
    expect((await advisor.put(`/api/templates/${made.id}`, { template: { name: 'Mine now' } })).status).toBe(403);

    expect((await rivalAdmin.put(`/api/templates/${made.id}`, { template: { name: 'Taken' } })).status).toBe(404);
    expect((await rivalAdmin.del(`/api/templates/${made.id}`)).status).toBe(404);
    expect(await listed(rivalAdmin, '/api/templates?level=company')).not.toContain('Company hello');

    const changed = await admin.put(`/api/templates/${made.id}`, { template: { name: 'Company welcome', board: 'service' } });
    expect(changed.status).toBe(200);
    expect(changed.body.template).toMatchObject({ name: 'Company welcome', text: 'Hello from {{dealership}}', board: 'service' });
    expect((await admin.del(`/api/templates/${made.id}`)).status).toBe(204);
    expect(await listed(advisor, '/api/templates?level=company')).not.toContain('Company welcome');
    expect((await admin.del(`/api/templates/${made.id}`)).status).toBe(404);
  });
});

describe('location templates', () => {
  it('are written by the location’s managers and admins, read by its agents, and out of reach of another location’s manager', async () => {
    const made = await create(manager, { level: 'location', location_id: store.locationId, name: 'Main lane shuttle', text: 'Our shuttle leaves every 30 minutes.' });
    expect(made.owner_id).toBe(store.locationId);
    expect(await listed(advisor, `/api/templates?level=location&location_id=${store.locationId}`)).toContain('Main lane shuttle');
    expect((await advisor.post('/api/templates', { template: { level: 'location', location_id: store.locationId, name: 'x', text: 'x' } })).status).toBe(403);
    expect((await advisor.del(`/api/templates/${made.id}`)).status).toBe(403);

    // Another location's manager: neither the list nor the template is there for them.
    expect((await eastManager.get(`/api/templates?level=location&location_id=${store.locationId}`)).status).toBe(404);
    expect((await eastManager.put(`/api/templates/${made.id}`, { template: { text: 'Changed' } })).status).toBe(404);
    expect((await eastManager.post('/api/templates', { template: { level: 'location', location_id: store.locationId, name: 'x', text: 'x' } })).status).toBe(404);

    // The admin reaches every location of the company.
    const east = await create(admin, { level: 'location', location_id: store.otherLocationId, name: 'East hours', text: 'Open till 7.' });
    expect(await listed(eastManager, '/api/templates?level=location')).toEqual(['East hours']);

    const changed = await manager.put(`/api/templates/${made.id}`, { template: { text: 'The shuttle leaves every 20 minutes.' } });
    expect(changed.status).toBe(200);
    expect(changed.body.template.updated_at >= made.updated_at).toBe(true);
    expect((await manager.del(`/api/templates/${made.id}`)).status).toBe(204);
    expect((await eastManager.del(`/api/templates/${east.id}`)).status).toBe(204);
  });
});

describe('an agent’s own templates', () => {
  it('are theirs alone: a colleague, their manager and the admin find none of them', async () => {
    const made = await create(advisor, { level: 'agent', name: 'Call me', text: 'Please call me, {{customer_first_name}}.' });
    expect(made.owner_id).toBe(ADVISOR_ID);
    expect(await listed(advisor, '/api/templates?level=agent')).toEqual(['Call me']);
    expect(await listed(colleague, '/api/templates?level=agent')).toEqual([]);
    for (const other of [colleague, manager, admin]) {
      expect((await other.put(`/api/templates/${made.id}`, { template: { name: 'Mine' } })).status).toBe(404);
      expect((await other.del(`/api/templates/${made.id}`)).status).toBe(404);
    }
    expect((await advisor.put(`/api/templates/${made.id}`, { template: { name: 'Call me back' } })).body.template.name).toBe('Call me back');
    expect((await advisor.del(`/api/templates/${made.id}`)).status).toBe(204);
  });
});

describe('live on every console that offers it', () => {
  const heard = async (channel: string, since: number, id: string) =>
    (await eventsAfter(store.companyId, channel, cursorAt(since))).filter((e) => e.type === 'template.changed' && (e.data as { id: string }).id === id).map((e) => (e.data as { change: string }).change);

  it('announces a change where its level is offered: a company’s to every store, a store’s to its store, an agent’s to the agent', async () => {
    const since = Date.now() - 1000;
    const company = await create(admin, { level: 'company', name: `Live company ${run}`, text: 'For every store' });
    const location = await create(manager, { level: 'location', location_id: store.locationId, name: `Live store ${run}`, text: 'For this store' });
    const own = await create(advisor, { level: 'agent', name: `Live own ${run}`, text: 'Mine' });
    expect((await manager.put(`/api/templates/${location.id}`, { template: { text: 'For this store, changed' } })).status).toBe(200);
    expect((await advisor.del(`/api/templates/${own.id}`)).status).toBe(204);

    expect(await heard(channels.location(store.locationId), since, company.id)).toEqual(['created']);
    expect(await heard(channels.location(store.otherLocationId), since, company.id)).toEqual(['created']);
    expect(await heard(channels.location(store.locationId), since, location.id)).toEqual(['created', 'updated']);
    expect(await heard(channels.location(store.otherLocationId), since, location.id)).toEqual([]);
    expect(await heard(channels.agent(ADVISOR_ID), since, own.id)).toEqual(['created', 'deleted']);
    expect(await heard(channels.location(store.locationId), since, own.id)).toEqual([]);
    // Gone again: the composer's list below counts the store's templates
    expect((await admin.del(`/api/templates/${company.id}`)).status).toBe(204);
    expect((await manager.del(`/api/templates/${location.id}`)).status).toBe(204);
  });
});

describe('bad input', () => {
  it('names the field: blank or too long text, no name, a location template without its location, an unknown level or board', async () => {
    const refused = async (template: Record<string, unknown>) => {
      const res = await manager.post('/api/templates', { template });
      expect(res.status).toBe(422);
      return res.body.errors as { message: string; path: string }[];
    };
    expect(await refused({ level: 'agent', name: 'Blank', text: '   ' })).toContainEqual({ message: TEMPLATE_ERRORS.text, path: 'template.text' });
    expect(await refused({ level: 'agent', name: 'Long', text: 'x'.repeat(TEMPLATE_TEXT_MAX + 1) })).toContainEqual({ message: TEMPLATE_ERRORS.text_too_long, path: 'template.text' });
    expect(await refused({ level: 'agent', text: 'No name' })).toContainEqual({ message: TEMPLATE_ERRORS.name, path: 'template.name' });
    expect(await refused({ level: 'agent', name: 'y'.repeat(81), text: 'Long name' })).toContainEqual({ message: TEMPLATE_ERRORS.name_too_long, path: 'template.name' });
    expect(await refused({ level: 'location', name: 'Where', text: 'Somewhere' })).toContainEqual({ message: TEMPLATE_ERRORS.location_id, path: 'template.location_id' });
    expect((await refused({ level: 'team', name: 'n', text: 't' })).map((e) => e.path)).toContain('template.level');
    expect((await refused({ level: 'agent', name: 'n', text: 't', board: 'spaceships' })).map((e) => e.path)).toContain('template.board');

    const made = await create(manager, { level: 'agent', name: 'Kept', text: 'Kept as it was' });
    const res = await manager.put(`/api/templates/${made.id}`, { template: { text: '' } });
    expect(res.status).toBe(422);
    expect(res.body.errors).toContainEqual({ message: TEMPLATE_ERRORS.text, path: 'template.text' });
    expect(await listed(manager, '/api/templates?level=agent')).toEqual(['Kept']);
    expect((await manager.get('/api/templates?level=everything')).status).toBe(422);
  });
});

describe('the composer’s list, GET /api/templates/me', () => {
  it('holds the company’s, the agent’s location’s and their own, by name, paged, never a colleague’s or another location’s', async () => {
    await create(admin, { level: 'company', name: 'B company', text: 'b' });
    await create(manager, { level: 'location', location_id: store.locationId, name: 'C main', text: 'c' });
    await create(admin, { level: 'location', location_id: store.otherLocationId, name: 'A east', text: 'a' });
    await create(advisor, { level: 'agent', name: 'a own', text: 'a' });
    await create(colleague, { level: 'agent', name: 'D colleague', text: 'd' });

    const res = await advisor.get('/api/templates/me');
    expect(res.status).toBe(200);
    expect((res.body.templates as MessageTemplate[]).map((t) => t.name)).toEqual(['a own', 'B company', 'C main']);
    expect(res.body.meta.paging).toEqual({ total: 3, current_offset: 0, per_page: 50 });

    const second = await advisor.get('/api/templates/me?offset=1&limit=1');
    expect((second.body.templates as MessageTemplate[]).map((t) => t.name)).toEqual(['B company']);
    expect(second.body.meta.paging).toEqual({ total: 3, current_offset: 1, per_page: 1 });
    expect((await rivalAdmin.get('/api/templates/me')).body.templates).toEqual([]);
  });

  it('fills a conversation’s placeholders, leaves unknown ones as written, and offers only its board’s', async () => {
    const { ro } = await createRepairOrder({
      customer: { company_id: store.companyId, location_id: store.locationId, first_name: 'Maya', last_name: 'Ortiz' },
      ro: { agent: { id: ADVISOR_ID, first_name: 'Priya', last_name: 'Advisor' } },
    });
    await create(advisor, {
      level: 'agent',
      name: 'Ready',
      board: 'service',
      text: 'Hi {{customer_first_name}}, your {{vehicle}} (RO {{ro_number}}) is ready at {{dealership}}. {{advisor_name}} {{loyalty_points}}',
    });
    await create(advisor, { level: 'agent', name: 'Appointment only', board: 'appointments', text: 'See you soon' });

    const res = await advisor.get(`/api/templates/me?owner_kind=repair_order&owner_id=${ro.id}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const templates = res.body.templates as (MessageTemplate & { filled: string })[];
    expect(templates.map((t) => t.name)).not.toContain('Appointment only');
    expect(templates.find((t) => t.name === 'Ready')?.filled).toBe(`Hi Maya, your 2021 Honda Civic (RO ${ro.ro_id}) is ready at ${store.name}. Priya Advisor {{loyalty_points}}`);
    expect(res.body.meta.paging.total).toBe(templates.length);

    // Another company's agent, and an unknown kind of conversation: nothing to fill.
    expect((await rivalAdmin.get(`/api/templates/me?owner_kind=repair_order&owner_id=${ro.id}`)).status).toBe(404);
    expect((await advisor.get(`/api/templates/me?owner_kind=spaceship&owner_id=${ro.id}`)).status).toBe(404);
  });
});

describe('two changes at once', () => {
  it('keeps the first: the second, made from the same read, is refused and the list counts the template once', async () => {
    const made = await create(advisor, { level: 'agent', name: 'Race', text: 'First words' });
    const read = (await getTemplate(store.companyId, made.id, true))!;
    const at = new Date(Date.parse(read.updated_at) + 1000).toISOString();
    expect(await replaceTemplate(read, { ...read, text: 'One edit', board: 'service', updated_at: at })).toBe(true);
    expect(await replaceTemplate(read, { ...read, text: 'Other edit', updated_at: at })).toBe(false);
    expect((await getTemplate(store.companyId, made.id, true))?.text).toBe('One edit');

    // The board moved with the first edit: the list's total still counts it once.
    const own = await advisor.get('/api/templates?level=agent');
    expect(own.body.meta.paging.total).toBe((own.body.templates as MessageTemplate[]).length);
    expect((await advisor.del(`/api/templates/${made.id}`)).status).toBe(204);
    const after = await advisor.get('/api/templates?level=agent');
    expect(after.body.meta.paging.total).toBe((after.body.templates as MessageTemplate[]).length);
  });
});
