/**
 * My profile (issue 22) on the shared stack, in a store of the tests' own: an advisor changes their
 * own name, notifications, SMS number and language, and `GET /api/agents/me` (another browser) sees
 * them; a bad value is refused with its field named and changes nothing; access flags, another
 * agent's id or another location cannot be changed through it, and viewing as a colleague still
 * changes only the signed-in manager's own profile.
 */
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { PROFILE_ERRORS } from '../../../shared/profile/schemas.js';
import { PHONE_ERRORS } from '../../../shared/schemas/people.js';
import { api, signIn, type ApiClient } from '../../../test/support/api.js';
import { accessFlags, createAgent, createOwnStore, type OwnStore } from '../../../test/support/ownStore.js';
import { useStackEnv } from '../../../test/support/service.js';
import { getAgent } from '../../lib/agents.js';

useStackEnv();
const baseUrl = inject('baseUrl');
const run = Date.now().toString(36);
const ADVISOR_ID = `agt_prof_adv_${run}`;
const MANAGER_ID = `agt_prof_mgr_${run}`;

let store: OwnStore;
let advisor: ApiClient;
let manager: ApiClient;

beforeAll(async () => {
  store = await createOwnStore('profile');
  await createAgent(store, ADVISOR_ID, 'Priya', 'Advisor', { access_level: accessFlags('service') });
  await createAgent(store, MANAGER_ID, 'Mara', 'Manager', { access_level: accessFlags('manager', 'service') });
  advisor = api(baseUrl, await signIn(baseUrl, `${ADVISOR_ID}@harbor.example`));
  manager = api(baseUrl, await signIn(baseUrl, `${MANAGER_ID}@harbor.example`));
});

const errorsOf = (body: { errors?: { message: string; path?: string }[] }) => body.errors ?? [];

describe('PUT /api/agents/me', () => {
  it('saves the advisor’s own name, notifications, SMS number and language, and every console reads them back', async () => {
    // Act
    const res = await advisor.put('/api/agents/me', {
      agent: {
        first_name: '  Priyanka ',
        last_name: 'Raman',
        email_notifications_enabled: true,
        sms_notifications_enabled: true,
        sms_notifications_phone: '(617) 555-0142',
        locale: 'de',
      },
    });

    // Assess: the answer, and what another browser loads
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const me = (await advisor.get('/api/agents/me')).body.agent;
    for (const agent of [res.body.agent, me]) {
      expect(agent).toMatchObject({
        id: ADVISOR_ID,
        first_name: 'Priyanka',
        last_name: 'Raman',
        email_notifications_enabled: true,
        sms_notifications_enabled: true,
        sms_notifications_phone: '+16175550142',
        locale: 'de',
      });
    }
    // The store's list of agents sorts by the new name.
    const listed = (await manager.get('/api/agents')).body.agents as { id: string; last_name: string }[];
    expect(listed.find((a) => a.id === ADVISOR_ID)?.last_name).toBe('Raman');

    // A field left out keeps its value
    const partial = await advisor.put('/api/agents/me', { agent: { sms_notifications_enabled: false } });
    expect(partial.body.agent).toMatchObject({ first_name: 'Priyanka', sms_notifications_enabled: false, sms_notifications_phone: '+16175550142', locale: 'de' });
  });

  it('refuses a bad value with its field named and changes nothing', async () => {
    // Prepare
    const before = await getAgent(store.companyId, ADVISOR_ID);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ first_name: '   ' }, PROFILE_ERRORS.first_name, 'agent.first_name'],
      [{ last_name: '' }, PROFILE_ERRORS.last_name, 'agent.last_name'],
      [{ locale: 'klingon' }, PROFILE_ERRORS.locale, 'agent.locale'],
      [{ email_notifications_enabled: 'yes' }, PROFILE_ERRORS.flag, 'agent.email_notifications_enabled'],
      [{ sms_notifications_phone: '555' }, PHONE_ERRORS.too_short, 'agent.sms_notifications_phone'],
      [{ sms_notifications_phone: '(123) 456-7890' }, PHONE_ERRORS.invalid, 'agent.sms_notifications_phone'],
      [{ sms_notifications_enabled: true, sms_notifications_phone: '' }, PHONE_ERRORS.missing, 'agent.sms_notifications_phone'],
    ];
    for (const [agent, message, path] of cases) {
      // Act
      const res = await advisor.put('/api/agents/me', { agent: { first_name: 'Changed', ...agent } });
      // Assess
      expect(res.status, JSON.stringify(agent)).toBe(422);
      expect(errorsOf(res.body)).toContainEqual({ message, path });
    }
    expect(await getAgent(store.companyId, ADVISOR_ID)).toEqual(before);
  });

  it('cannot change the agent’s own access flags, e-mail or location, nor another agent', async () => {
    // Prepare
    const before = await getAgent(store.companyId, ADVISOR_ID);

    // Act
    const res = await advisor.put('/api/agents/me', {
      agent: { first_name: 'Priyanka', access_level: accessFlags('admin', 'manager', 'service'), location_id: store.otherLocationId, id: MANAGER_ID, email: 'boss@harbor.example' },
    });

    // Assess: refused by name, nothing written, the manager untouched
    expect(res.status).toBe(422);
    expect(errorsOf(res.body).map((e) => e.path).sort()).toEqual(['agent.access_level', 'agent.email', 'agent.id', 'agent.location_id']);
    expect(errorsOf(res.body).every((e) => e.message === PROFILE_ERRORS.not_yours)).toBe(true);
    expect(await getAgent(store.companyId, ADVISOR_ID)).toEqual(before);
    expect((await getAgent(store.companyId, MANAGER_ID))?.first_name).toBe('Mara');
  });

  it('changes only the signed-in manager’s own profile while they view as an advisor', async () => {
    // Prepare: the manager views as the advisor
    const viewing = await manager.post('/agent_sessions/impersonate', { impersonate_agent_id: ADVISOR_ID });
    expect(viewing.body.impersonated_agent?.id, JSON.stringify(viewing.body)).toBe(ADVISOR_ID);
    const advisorBefore = await getAgent(store.companyId, ADVISOR_ID);

    // Act
    const res = await manager.put('/api/agents/me', { agent: { first_name: 'Marianne' } });
    await manager.post('/agent_sessions/impersonate', { impersonate_agent_id: null });

    // Assess
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.agent.id).toBe(MANAGER_ID);
    expect((await getAgent(store.companyId, MANAGER_ID))?.first_name).toBe('Marianne');
    expect(await getAgent(store.companyId, ADVISOR_ID)).toEqual(advisorBefore);
  });
});
