/** The signed-in agent, colleagues, logo and release (SPEC §7 "Authentication and session"). */
import { ownBrandingKey } from '../lib/brandingImages.js';
import { accessLevel, mayImpersonate } from '../../shared/access.js';
import type { Release } from '../../shared/api.js';
import { agentsOfCompany, agentsOfLocation, byName, colleagueView, getAgent, loadAgentView, type AgentRecord } from '../lib/agents.js';
import { config } from '../lib/config.js';
import { forbidden, notFound } from '../lib/errors.js';
import { agentRoute, areaHandler, ok, publicRoute, type AgentRequest, type Routes } from '../lib/http.js';
import { markSeen } from '../lib/presence.js';
import { readSettings } from '../lib/settings.js';
import { downloadUrl } from '../lib/storage.js';
import { sendMagicLink } from '../sessions/links.js';
import { profileRoutes } from './profile.js';

const bootedAt = new Date().toISOString();

/** Agents the caller may see: the whole company for admins, their own location otherwise. */
async function visibleAgents(auth: AgentRequest['auth']): Promise<AgentRecord[]> {
  const me = auth.actingAs;
  const agents = me.access_level.admin ? await agentsOfCompany(auth.companyId) : await agentsOfLocation(auth.companyId, me.location_id);
  return agents.sort(byName);
}

async function visibleAgent(auth: AgentRequest['auth'], id: string): Promise<AgentRecord> {
  const agent = await getAgent(auth.companyId, id);
  const me = auth.actingAs;
  if (!agent || (!me.access_level.admin && agent.location_id !== me.location_id)) throw notFound('Agent not found');
  return agent;
}

export const routes: Routes = {
  ...profileRoutes,
  'GET /api/agents/me': agentRoute(async ({ auth }) => {
    const [agent, impersonated] = await Promise.all([
      loadAgentView(auth.agent),
      auth.impersonated ? loadAgentView(auth.impersonated) : Promise.resolve(null),
      markSeen(auth.agent),
    ]);
    return ok({ agent, impersonated_agent: impersonated });
  }),

  'GET /api/agents': agentRoute(async ({ auth, query }) => {
    let agents = await visibleAgents(auth);
    if (query.exclude_admins === '1') agents = agents.filter((a) => !a.access_level.admin);
    if (query.location_id) agents = agents.filter((a) => a.location_id === query.location_id);
    return ok({ agents: agents.map(colleagueView) });
  }),

  'GET /api/agents/colleagues': agentRoute(async ({ auth }) => {
    const me = auth.actingAs;
    const colleagues = (await agentsOfLocation(auth.companyId, me.location_id)).filter((a) => a.id !== me.id && a.active);
    return ok({ colleagues: colleagues.sort(byName).map(colleagueView) });
  }),

  'GET /api/agents/colleagues/impersonatable': agentRoute(async ({ auth }) => {
    // The picker is about who the signed-in agent is, not whom they are viewing as.
    const me = auth.agent;
    if (!me.access_level.admin && !me.access_level.manager) return ok({ colleagues: [] });
    const pool = me.access_level.admin ? await agentsOfCompany(auth.companyId) : await agentsOfLocation(auth.companyId, me.location_id);
    const allowed = pool.filter(
      (a) =>
        a.active &&
        (a.id === me.id ||
          mayImpersonate({ flags: me.access_level, locationId: me.location_id }, { flags: a.access_level, locationId: a.location_id })),
    );
    return ok({ colleagues: allowed.sort(byName).map(colleagueView) });
  }),

  'GET /api/agents/{id}': agentRoute(async ({ auth, params }) => {
    return ok({ agent: await loadAgentView(await visibleAgent(auth, params.id ?? '')) });
  }),

  'POST /api/agents/{id}/magic_link': agentRoute(async ({ auth, params }) => {
    const me = auth.agent;
    if (accessLevel(me.access_level) === 0) throw forbidden('Only managers and admins can send sign-in links');
    const target = await getAgent(auth.companyId, params.id ?? '');
    if (!target || (!me.access_level.admin && target.location_id !== me.location_id)) throw notFound('Agent not found');
    if (!target.active) throw forbidden('This agent is inactive');
    return ok({ magic_link: await sendMagicLink(target) }, 201);
  }),

  'GET /api/logo': agentRoute(async ({ auth }) => {
    const me = auth.actingAs;
    const vcard = await readSettings(auth.companyId, me.location_id, 'vcard_settings');
    const key = ownBrandingKey(auth.companyId, me.location_id, 'logo', vcard.logo_key);
    const url = key ? await downloadUrl(config.uploadsBucket, key) : null;
    return ok({ logo: { url } });
  }),

  'GET /api/releases/app': publicRoute(async () => {
    const release: Release = {
      app: { version: config.appVersion, forced: process.env.APP_FORCED === '1', released_at: process.env.APP_RELEASED_AT ?? bootedAt },
    };
    return ok({ release });
  }),
};

export const handler = areaHandler('agents', routes);
