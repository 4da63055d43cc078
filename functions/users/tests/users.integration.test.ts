/**
 * Users and the activity list (issue 22) on the shared stack, in stores of the tests' own: who may
 * list, invite and change whom (admin, manager, advisor; another store; another company: 404), the
 * rules that keep a store run (a manager never makes an admin; nobody drops their own admin or
 * manager flag), the invitation e-mail and its link, deactivation and passwords ending sessions, and
 * every change on the activity list once, with its fields.
 */
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { Activity } from '../../../shared/activities.js';
import { PASSWORD_ERRORS } from '../../../shared/users/schemas.js';
import { USER_REFUSALS, type UserRow } from '../../../shared/users/users.js';
import { api, mailbox, signIn, type ApiClient } from '../../../test/support/api.js';
import { accessFlags, createAgent, createOwnStore, type OwnStore } from '../../../test/support/ownStore.js';
import { useStackEnv } from '../../../test/support/service.js';

useStackEnv();
const baseUrl = inject('baseUrl');
const carrierUrl = inject('carrierUrl');
const run = Date.now().toString(36);
const anon = api(baseUrl);

let store: OwnStore;
let rival: OwnStore;
let admin: ApiClient;
let manager: ApiClient;
let advisor: ApiClient;
let eastManager: ApiClient;
let rivalAdmin: ApiClient;
const id = (name: string) => `agt_usr_${name}_${run}`;
const email = (name: string) => `${id(name)}@harbor.example`;
const as = async (name: string, password?: string) => api(baseUrl, await signIn(baseUrl, email(name), password));

async function newAdvisor(name: string, first = 'Avery', last = 'Advisor') {
  return createAgent(store, id(name), first, last, { access_level: accessFlags('service', 'chat') });
}

async function activities(as: ApiClient, path = '/api/activities/locations?limit=100'): Promise<Activity[]> {
  const res = await as.get(path);
  expect(res.status, res.text).toBe(200);
  return res.body.activities as Activity[];
}

beforeAll(async () => {
  store = await createOwnStore('usr');
  rival = await createOwnStore('usr_rival');
  await createAgent(store, id('admin'), 'Alex', 'Admin', { access_level: accessFlags('admin', 'service') });
  await createAgent(store, id('mgr'), 'Mara', 'Manager', { access_level: accessFlags('manager', 'service') });
  await createAgent(store, id('adv'), 'Priya', 'Advisor', { access_level: accessFlags('service') });
  await createAgent(store, id('east'), 'Erin', 'East', { access_level: accessFlags('manager', 'service'), location_id: store.otherLocationId });
  await createAgent(rival, id('rival'), 'Rex', 'Rival', { access_level: accessFlags('admin', 'service') });
  [admin, manager, advisor, eastManager, rivalAdmin] = await Promise.all([as('admin'), as('mgr'), as('adv'), as('east'), as('rival')]);
});

describe('the users list', () => {
  it('shows managers their own store, paged and searched, and admins any store of the company', async () => {
    const res = await manager.get(`/api/locations/${store.locationId}/users?limit=2`);
    expect(res.status, res.text).toBe(200);
    expect(res.body.users).toHaveLength(2);
    expect(res.body.meta.paging).toMatchObject({ current_offset: 0, per_page: 2 });
    expect(res.body.meta.paging.total).toBeGreaterThanOrEqual(3);
    const searched = await manager.get(`/api/locations/${store.locationId}/users?q=priya`);
    expect((searched.body.users as UserRow[]).map((u) => u.id)).toEqual([id('adv')]);
    const byMail = await manager.get(`/api/locations/${store.locationId}/users?q=${encodeURIComponent(email('mgr'))}`);
    expect((byMail.body.users as UserRow[]).map((u) => u.id)).toEqual([id('mgr')]);

    expect((await manager.get(`/api/locations/${store.otherLocationId}/users`)).status).toBe(404);
    const east = await admin.get(`/api/locations/${store.otherLocationId}/users`);
    expect((east.body.users as UserRow[]).map((u) => u.id)).toEqual([id('east')]);
    expect((await advisor.get(`/api/locations/${store.locationId}/users`)).status).toBe(403);
    expect((await rivalAdmin.get(`/api/locations/${store.locationId}/users`)).status).toBe(404);
  });
});

describe('inviting', () => {
  const invite = (name: string, extra: Record<string, unknown> = {}) => ({
    user: { first_name: 'Nora', last_name: 'Newhire', email: email(name), access_level: accessFlags('service', 'chat'), ...extra },
  });

  it('refuses a missing name with SPEC §5 texts, a bad or taken e-mail, and admin from a manager', async () => {
    const blank = await manager.post(`/api/locations/${store.locationId}/users`, invite('blank', { first_name: ' ', last_name: '' }));
    expect(blank.status).toBe(422);
    expect(blank.body.errors.map((e: { message: string }) => e.message)).toEqual(['please enter a first name', 'please enter a last name']);
    const badMail = await manager.post(`/api/locations/${store.locationId}/users`, { user: { ...invite('x').user, email: 'not-an-address' } });
    expect(badMail.status).toBe(422);
    expect(badMail.body.errors[0].message).toBe('Please enter valid email address.');
    const taken = await manager.post(`/api/locations/${store.locationId}/users`, { user: { ...invite('x').user, email: email('adv') } });
    expect(taken.status).toBe(422);
    expect(taken.body.errors[0]).toMatchObject({ message: USER_REFUSALS.email_taken, path: 'user.email' });
    const makesAdmin = await manager.post(`/api/locations/${store.locationId}/users`, invite('would_be_admin', { access_level: accessFlags('admin') }));
    expect(makesAdmin.status).toBe(403);
    expect((await advisor.post(`/api/locations/${store.locationId}/users`, invite('by_advisor'))).status).toBe(403);
    expect((await manager.post(`/api/locations/${store.otherLocationId}/users`, invite('elsewhere'))).status).toBe(404);
  });

  it('creates the agent and e-mails a sign-in link that names the dealership', async () => {
    const res = await manager.post(`/api/locations/${store.locationId}/users`, invite('nora'));
    expect(res.status, res.text).toBe(201);
    const user = res.body.user as UserRow;
    expect(user).toMatchObject({ first_name: 'Nora', last_name: 'Newhire', email: email('nora'), active: true, location_id: store.locationId });
    const mail = (await mailbox(carrierUrl, email('nora')))[0]!;
    expect(mail.subject).toContain(store.name);
    expect(mail.text).toContain(store.name);
    const link = new URL(/(https?:\/\/\S+)/.exec(mail.text)![1]!);
    const session = await anon.post('/magic_sessions', { agent: { email: link.searchParams.get('email'), token: link.searchParams.get('token') } });
    expect(session.status, session.text).toBe(200);
    const invited = (await activities(manager)).find((a) => a.kind === 'user_invited' && a.subject?.id === user.id);
    expect(invited).toMatchObject({ agent: { id: id('mgr') }, location_id: store.locationId });
    expect(invited!.changes).toContainEqual({ field: 'access_level.service', before: false, after: true });
  });
});

describe('changing a user', () => {
  it('changes name and flags, one activity with the flags before and after', async () => {
    const target = await newAdvisor('flags');
    const res = await manager.put(`/api/agents/${target.id}`, { user: { first_name: 'Avery-Jo', access_level: { ...target.access_level, appointments: true, chat: false } } });
    expect(res.status, res.text).toBe(200);
    expect(res.body.user).toMatchObject({ first_name: 'Avery-Jo', last_name: 'Advisor', access_level: { appointments: true, chat: false, service: true } });
    const changed = (await activities(manager)).filter((a) => a.kind === 'user_changed' && a.subject?.id === target.id);
    expect(changed).toHaveLength(1);
    expect(changed[0]!.changes).toEqual([
      { field: 'first_name', before: 'Avery', after: 'Avery-Jo' },
      { field: 'access_level.appointments', before: false, after: true },
      { field: 'access_level.chat', before: true, after: false },
    ]);
    expect(changed[0]!.subject).toMatchObject({ first_name: 'Avery-Jo' });
  });

  it('keeps admin to admins and every store in someone’s hands', async () => {
    const target = await newAdvisor('promote');
    expect((await manager.put(`/api/agents/${target.id}`, { user: { access_level: { ...target.access_level, admin: true } } })).status).toBe(403);
    expect((await manager.put(`/api/agents/${id('admin')}`, { user: { first_name: 'Al' } })).status).toBe(403);
    expect((await admin.put(`/api/agents/${target.id}`, { user: { access_level: { ...target.access_level, manager: true } } })).status).toBe(200);

    const dropsOwnAdmin = await admin.put(`/api/agents/${id('admin')}`, { user: { access_level: accessFlags('service') } });
    expect(dropsOwnAdmin.status).toBe(422);
    expect(dropsOwnAdmin.body.errors[0].message).toBe(USER_REFUSALS.own_flags);
    expect((await manager.put(`/api/agents/${id('mgr')}`, { user: { access_level: accessFlags('service') } })).status).toBe(422);
    expect((await manager.put(`/api/agents/${id('mgr')}`, { user: { last_name: 'Manageress' } })).status).toBe(200);

    expect((await advisor.put(`/api/agents/${target.id}`, { user: { first_name: 'X' } })).status).toBe(403);
    expect((await eastManager.put(`/api/agents/${target.id}`, { user: { first_name: 'X' } })).status).toBe(404);
    expect((await rivalAdmin.put(`/api/agents/${target.id}`, { user: { first_name: 'X' } })).status).toBe(404);
    expect((await rivalAdmin.put(`/api/agents/${target.id}/deactivate`)).status).toBe(404);
    expect((await rivalAdmin.put(`/api/agents/${target.id}/password`, { agent: { password: 'whatever-1', password_confirmation: 'whatever-1' } })).status).toBe(404);
  });
});

describe('deactivating', () => {
  it('ends their sessions, refuses their sign-in, drops them from colleagues; reactivating lets them back', async () => {
    const target = await newAdvisor('leaver', 'Lee', 'Leaver');
    const theirs = await as('leaver');
    expect((await theirs.get('/api/agents/me')).status).toBe(200);
    const self = await manager.put(`/api/agents/${id('mgr')}/deactivate`);
    expect(self.status).toBe(422);
    expect(self.body.error).toMatchObject({ id: 'own_account', message: USER_REFUSALS.own_account });

    const res = await manager.put(`/api/agents/${target.id}/deactivate`);
    expect(res.status, res.text).toBe(200);
    expect(res.body.user.active).toBe(false);
    expect((await theirs.get('/api/agents/me')).status).toBe(401);
    const again = await anon.post('/agent_sessions/login_jwt', { agent: { email: target.email, password: 'demo-dealer' } });
    expect(again.status).toBe(403);
    expect(again.body.error.id).toBe('inactive');
    const colleagues = (await advisor.get('/api/agents/colleagues')).body.colleagues as { id: string }[];
    expect(colleagues.map((c) => c.id)).not.toContain(target.id);

    expect((await manager.put(`/api/agents/${target.id}/reactivate`)).status).toBe(200);
    expect((await (await as('leaver')).get('/api/agents/me')).status).toBe(200);
    const kinds = (await activities(manager)).filter((a) => a.subject?.id === target.id).map((a) => a.kind);
    expect(kinds).toEqual(['user_reactivated', 'user_deactivated']);
  });
});

describe('passwords', () => {
  it('a manager sets an agent’s password: their sessions end and the new one signs in', async () => {
    const target = await newAdvisor('pw_set');
    const theirs = await as('pw_set');
    const short = await manager.put(`/api/agents/${target.id}/password`, { agent: { password: 'short', password_confirmation: 'short' } });
    expect(short.status).toBe(422);
    expect(short.body.errors[0].message).toBe(PASSWORD_ERRORS.too_short);
    const mismatch = await manager.put(`/api/agents/${target.id}/password`, { agent: { password: 'long-enough-1', password_confirmation: 'long-enough-2' } });
    expect(mismatch.body.errors[0].message).toBe(PASSWORD_ERRORS.mismatch);

    const res = await manager.put(`/api/agents/${target.id}/password`, { agent: { password: 'new-secret-42', password_confirmation: 'new-secret-42' } });
    expect(res.status, res.text).toBe(200);
    expect((await theirs.get('/api/agents/me')).status).toBe(401);
    expect((await (await as('pw_set', 'new-secret-42')).get('/api/agents/me')).status).toBe(200);
    expect((await advisor.put(`/api/agents/${target.id}/password`, { agent: { password: 'new-secret-43', password_confirmation: 'new-secret-43' } })).status).toBe(403);
    const recorded = (await activities(manager)).find((a) => a.kind === 'password_changed' && a.subject?.id === target.id);
    expect(recorded).toMatchObject({ agent: { id: id('mgr') }, changes: [] });
    expect(JSON.stringify(recorded)).not.toContain('new-secret-42');
  });

  it('an agent changes their own with the current one, staying signed in here and nowhere else', async () => {
    const me = await newAdvisor('pw_own');
    const here = await as('pw_own');
    const elsewhere = await as('pw_own');
    const wrong = await here.put(`/api/agents/${me.id}/password`, { agent: { current_password: 'not-it-at-all', password: 'mine-new-123', password_confirmation: 'mine-new-123' } });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors[0]).toMatchObject({ message: USER_REFUSALS.wrong_password, path: 'agent.current_password' });
    const res = await here.put(`/api/agents/${me.id}/password`, { agent: { current_password: 'demo-dealer', password: 'mine-new-123', password_confirmation: 'mine-new-123' } });
    expect(res.status, res.text).toBe(200);
    expect((await here.get('/api/agents/me')).status).toBe(200);
    expect((await elsewhere.get('/api/agents/me')).status).toBe(401);
  });
});

describe('the activity list', () => {
  it('records each settings write once with its fields, at the generic and the spec path, and the location', async () => {
    const before = (await activities(manager)).length;
    const generic = await manager.post(`/api/locations/${store.locationId}/service_settings`, { service_settings: { quiet_hours_start: '20:00', quiet_hours_end: '08:00' } });
    expect(generic.status, generic.text).toBe(200);
    const spec = await manager.post('/business_info', { business_information: { dealership_name: 'Harbor Motors of Boston' } });
    expect(spec.status, spec.text).toBe(200);
    const location = await manager.put(`/api/locations/${store.locationId}`, { location: { phone: '+16175550199' } });
    expect(location.status, location.text).toBe(200);

    const list = await activities(manager);
    expect(list).toHaveLength(before + 3);
    const [loc, business, service] = list;
    expect(loc).toMatchObject({ kind: 'location_changed', changes: [{ field: 'phone', before: '+16175550188', after: '+16175550199' }] });
    expect(business).toMatchObject({ kind: 'settings_changed', group: 'business_information', changes: [{ field: 'dealership_name', before: '', after: 'Harbor Motors of Boston' }] });
    expect(service).toMatchObject({ kind: 'settings_changed', group: 'service_settings', agent: { id: id('mgr'), first_name: 'Mara' }, location_id: store.locationId });
    expect(service!.changes).toEqual([
      { field: 'quiet_hours_end', before: '00:00', after: '08:00' },
      { field: 'quiet_hours_start', before: '00:00', after: '20:00' },
    ]);
  });

  it('records the settings an action sets, not a form: a card gateway connected', async () => {
    const res = await manager.post('/payments/cenpos/connect', { cenpos_account: 'harbor-cenpos-1' });
    expect(res.status, res.text).toBe(200);
    const [latest] = await activities(manager);
    expect(latest).toMatchObject({ kind: 'settings_changed', group: 'payments_settings', agent: { id: id('mgr') }, location_id: store.locationId });
    expect(latest!.changes).toEqual(expect.arrayContaining([{ field: 'provider', before: 'none', after: 'cenpos' }]));
  });

  it('shows admins the company’s, managers their store’s, and nobody else’s', async () => {
    const east = await eastManager.post(`/api/locations/${store.otherLocationId}/service_settings`, { service_settings: { safe_mode: true } });
    expect(east.status, east.text).toBe(200);
    expect((await activities(manager)).some((a) => a.location_id === store.otherLocationId)).toBe(false);
    const company = await activities(admin, '/api/activities?limit=100');
    expect(company[0]).toMatchObject({ kind: 'settings_changed', group: 'service_settings', location_id: store.otherLocationId, changes: [{ field: 'safe_mode', after: true }] });
    expect(company.some((a) => a.location_id === store.locationId)).toBe(true);
    const paged = await admin.get('/api/activities?limit=2&offset=1');
    expect(paged.body.meta.paging).toMatchObject({ total: company.length, current_offset: 1, per_page: 2 });
    expect(paged.body.activities.map((a: Activity) => a.id)).toEqual(company.slice(1, 3).map((a) => a.id));
    expect((await manager.get('/api/activities')).status).toBe(403);
    expect((await advisor.get('/api/activities/locations')).status).toBe(403);
    expect(await activities(rivalAdmin, '/api/activities?limit=100')).toEqual([]);
    expect((await rivalAdmin.get(`/api/activities?location_id=${store.locationId}`)).status).toBe(404);
  });
});
