/**
 * The Users screen's area (issue 22; SPEC §2 "users", §6 roles) and the activity list (SPEC §7
 * `GET /api/activities`): managers and admins list, invite, change, deactivate and reactivate the
 * people of their store (an admin of every store of the company), and set their passwords; every
 * agent sets their own. Nobody reaches another company's agents (404); a manager never edits an
 * admin nor grants admin; nobody removes their own admin or manager flag, nor deactivates
 * themself, so a store is never left without someone to run it.
 */
import { noAccess, type AccessFlags } from '../../shared/access.js';
import { ACTIVITIES_PER_PAGE } from '../../shared/activities.js';
import { inviteBody, passwordChangeBody, userChangeBody } from '../../shared/users/schemas.js';
import { USERS_PER_PAGE, USER_REFUSALS, editableFlags, matchesSearch, mayEdit, type UserRow } from '../../shared/users/users.js';
import { activitiesPage, changedFields, recordActivity } from '../lib/activities.js';
import { agentsOfLocation, byName, colleagueView, getAgent, type AgentRecord } from '../lib/agents.js';
import { ValidationError, forbidden, notFound, refused } from '../lib/errors.js';
import { newId } from '../lib/ids.js';
import { agentRoute, areaHandler, ok, pagedBody, paging, parse, type AgentRequest, type Routes } from '../lib/http.js';
import { getLocation, type LocationRecord } from '../lib/locations.js';
import { verifyPassword } from '../lib/passwords.js';
import { endAllSessions } from '../lib/session.js';
import { readSettings } from '../lib/settings.js';
import { sendMagicLink } from '../sessions/links.js';
import { findSignIn, setPassword } from '../sessions/signIn.js';
import { INVITATION_SECONDS, invitationMail } from './invitation.js';
import { changeAgent, createAgent, setActive } from './staff.js';

type Auth = AgentRequest['auth'];

function assertManages(auth: Auth): void {
  const me = auth.actingAs.access_level;
  if (!me.admin && !me.manager) throw forbidden('Only managers and admins can manage users');
}

/** A location the caller manages: an admin any of the company's, a manager their own (404 otherwise). */
async function managedLocation(auth: Auth, id: string): Promise<LocationRecord> {
  assertManages(auth);
  const me = auth.actingAs;
  if (!me.access_level.admin && me.location_id !== id) throw notFound('Location not found');
  const location = await getLocation(auth.companyId, id);
  if (!location) throw notFound('Location not found');
  return location;
}

/** An agent the caller manages (404 across companies and, for a manager, other stores). */
async function managedAgent(auth: Auth, id: string): Promise<AgentRecord> {
  assertManages(auth);
  const me = auth.actingAs;
  const agent = await getAgent(auth.companyId, id);
  if (!agent || (!me.access_level.admin && agent.location_id !== me.location_id)) throw notFound('Agent not found');
  if (!mayEdit(me.access_level, agent.access_level)) throw forbidden(USER_REFUSALS.admin_only);
  return agent;
}

/** The flags asked for, keeping those the caller may not switch as they are. */
function assertFlags(auth: Auth, target: AgentRecord | null, asked: AccessFlags): void {
  const self = target?.id === auth.actingAs.id;
  const may = editableFlags({ flags: auth.actingAs.access_level, self });
  const before = target?.access_level;
  for (const flag of Object.keys(asked) as (keyof AccessFlags)[]) {
    const was = before ? before[flag] : false;
    if (asked[flag] === was || may[flag]) continue;
    if (self) throw new ValidationError([{ message: USER_REFUSALS.own_flags, path: `user.access_level.${flag}` }]);
    throw forbidden(USER_REFUSALS.admin_only);
  }
}

const row = (agent: AgentRecord): UserRow => ({ ...colleagueView(agent), created_at: agent.created_at });

const flagChanges = (before: AccessFlags, after: AccessFlags) =>
  changedFields(before, after).map((change) => ({ ...change, field: `access_level.${change.field}` }));

export const routes: Routes = {
  'GET /api/locations/{id}/users': agentRoute(async ({ auth, params, query }) => {
    const location = await managedLocation(auth, params.id ?? '');
    const { offset, limit } = paging(query, USERS_PER_PAGE);
    // A store has dozens of people: one Query on the location's index, searched and paged here.
    const found = (await agentsOfLocation(auth.companyId, location.id)).filter((a) => matchesSearch(a, query.q ?? '')).sort(byName);
    return ok(pagedBody('users', found.slice(offset, offset + limit).map(row), found.length, offset, limit));
  }),

  'POST /api/locations/{id}/users': agentRoute(async ({ auth, params, body }) => {
    const location = await managedLocation(auth, params.id ?? '');
    const { user } = parse(inviteBody, body);
    assertFlags(auth, null, user.access_level);
    const agent: AgentRecord = {
      id: newId('agt'),
      company_id: auth.companyId,
      location_id: location.id,
      email: user.email,
      first_name: user.first_name,
      last_name: user.last_name,
      access_level: user.access_level,
      team: null,
      online_status: 'offline',
      email_notifications_enabled: true,
      sms_notifications_enabled: false,
      technician_settings: { enabled: user.access_level.technician, mpi_enabled: user.access_level.technician },
      active: true,
      locale: location.locale,
      created_at: new Date().toISOString(),
    };
    await createAgent(agent);
    const business = await readSettings(auth.companyId, location.id, 'business_information');
    const dealership = business.dealership_name.trim() || location.name;
    const sent = await sendMagicLink(agent, { words: (link) => invitationMail(agent.locale, dealership, link), seconds: INVITATION_SECONDS });
    await recordActivity(auth.companyId, { kind: 'user_invited', locationId: location.id, agentId: auth.agent.id, subjectId: agent.id, changes: flagChanges(noAccess(), agent.access_level) });
    return ok({ user: row(agent), magic_link: sent }, 201);
  }),

  'PUT /api/agents/{id}': agentRoute(async ({ auth, params, body }) => {
    const target = await managedAgent(auth, params.id ?? '');
    const { user } = parse(userChangeBody, body);
    const access_level = { ...target.access_level, ...user.access_level };
    assertFlags(auth, target, access_level);
    const next = { first_name: user.first_name ?? target.first_name, last_name: user.last_name ?? target.last_name, access_level };
    const changes = [
      ...changedFields({ first_name: target.first_name, last_name: target.last_name }, { first_name: next.first_name, last_name: next.last_name }),
      ...flagChanges(target.access_level, access_level),
    ];
    if (changes.length === 0) return ok({ user: row(target) });
    const saved = await changeAgent(target, next);
    await recordActivity(auth.companyId, { kind: 'user_changed', locationId: target.location_id, agentId: auth.agent.id, subjectId: target.id, changes });
    return ok({ user: row(saved) });
  }),

  'PUT /api/agents/{id}/deactivate': agentRoute(async ({ auth, params }) => {
    const target = await managedAgent(auth, params.id ?? '');
    if (target.id === auth.actingAs.id || target.id === auth.agent.id) throw refused('own_account', USER_REFUSALS.own_account);
    if (!target.active) return ok({ user: row(target) });
    const saved = await setActive(target, false);
    // Signed out everywhere at once; their conversations stay where they are.
    await endAllSessions(auth.companyId, target.id);
    await recordActivity(auth.companyId, { kind: 'user_deactivated', locationId: target.location_id, agentId: auth.agent.id, subjectId: target.id });
    return ok({ user: row(saved) });
  }),

  'PUT /api/agents/{id}/reactivate': agentRoute(async ({ auth, params }) => {
    const target = await managedAgent(auth, params.id ?? '');
    if (target.active) return ok({ user: row(target) });
    const saved = await setActive(target, true);
    await recordActivity(auth.companyId, { kind: 'user_reactivated', locationId: target.location_id, agentId: auth.agent.id, subjectId: target.id });
    return ok({ user: row(saved) });
  }),

  'PUT /api/agents/{id}/password': agentRoute(async ({ auth, params, body }) => {
    const { agent: input } = parse(passwordChangeBody, body);
    // One's own password: the signed-in person, whoever they are viewing as, and only with the current one.
    const own = params.id === auth.agent.id;
    const target = own ? auth.agent : await managedAgent(auth, params.id ?? '');
    if (own) {
      const signIn = await findSignIn(target.email);
      if (!signIn || !input.current_password || !(await verifyPassword(input.current_password, signIn.password_hash))) {
        throw new ValidationError([{ message: USER_REFUSALS.wrong_password, path: 'agent.current_password' }]);
      }
    }
    if (!(await setPassword(target.email, input.password))) throw notFound('Agent not found');
    // Whoever knew the old password is out; the agent who changed their own stays signed in here.
    await endAllSessions(auth.companyId, target.id, own ? auth.session.id : undefined);
    await recordActivity(auth.companyId, { kind: 'password_changed', locationId: target.location_id, agentId: auth.agent.id, subjectId: target.id });
    return ok({ agent: { id: target.id } });
  }),

  'GET /api/activities': agentRoute(async ({ auth, query }) => {
    const me = auth.actingAs;
    if (!me.access_level.admin) throw forbidden('Only admins see the company’s activities');
    const { offset, limit } = paging(query, ACTIVITIES_PER_PAGE);
    const locationId = query.location_id ? (await managedLocation(auth, query.location_id)).id : null;
    const page = await activitiesPage(auth.companyId, locationId, offset, limit);
    return ok(pagedBody('activities', page.activities, page.total, offset, limit));
  }),

  'GET /api/activities/locations': agentRoute(async ({ auth, query }) => {
    assertManages(auth);
    const { offset, limit } = paging(query, ACTIVITIES_PER_PAGE);
    const page = await activitiesPage(auth.companyId, auth.actingAs.location_id, offset, limit);
    return ok(pagedBody('activities', page.activities, page.total, offset, limit));
  }),
};

export const handler = areaHandler('users', routes);
