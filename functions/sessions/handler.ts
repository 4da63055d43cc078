/** Sign-in, sign-out, refresh, impersonation, password reset and magic links (SPEC §7). */
import { mayImpersonate } from '../../shared/access.js';
import {
  impersonateBody,
  loginJwtBody,
  loginProbeBody,
  magicSessionBody,
  passwordResetBody,
  passwordResetRequestBody,
  refreshBody,
} from '../../shared/schemas/auth.js';
import { getAgent, loadAgentView } from '../lib/agents.js';
import { forbidden, notFound } from '../lib/errors.js';
import { agentRoute, areaHandler, noContent, ok, parse, publicRoute, type Routes } from '../lib/http.js';
import { markOffline } from '../lib/presence.js';
import { endSession, refreshSession, setImpersonation } from '../lib/session.js';
import { redeemMagicLink, requestPasswordReset, resetPassword } from './links.js';
import { findSignIn, signInWithPassword, signsInWithPartner, userNotFound } from './signIn.js';
import { config } from '../lib/config.js';

export const routes: Routes = {
  'POST /agent_sessions/login_probe': publicRoute(async (req) => {
    const { agent } = parse(loginProbeBody, req.body);
    const record = await findSignIn(agent.email);
    if (!record) throw userNotFound();
    // A partner-managed company's agents sign in through the partner, when this deployment knows one.
    return { text: config.partner && (await signsInWithPartner(record)) ? 'sso' : 'password' };
  }),

  'POST /agent_sessions/login_jwt': publicRoute(async (req) => {
    const { agent } = parse(loginJwtBody, req.body);
    return ok({ agent: await signInWithPassword(agent.email, agent.password, agent.remember_me ?? false, await req.clientIp()) });
  }),

  'POST /agent_sessions/refresh': publicRoute(async (req) => {
    const { refresh_token } = parse(refreshBody, req.body);
    return ok({ agent: await refreshSession(refresh_token, await req.clientIp()) });
  }),

  'DELETE /agent_sessions/logout_jwt': agentRoute(async ({ auth }) => {
    await endSession(auth.session.id);
    await markOffline(auth.agent);
    return noContent();
  }),

  'POST /agent_sessions/impersonate': agentRoute(async ({ auth, body }) => {
    const { impersonate_agent_id: targetId } = parse(impersonateBody, body);
    const own = auth.agent;
    if (!own.access_level.admin && !own.access_level.manager) throw forbidden('Only managers and admins can view as another agent');
    if (targetId === null || targetId === own.id) {
      await setImpersonation(auth.session.id, null);
      return ok({ agent: await loadAgentView(own), impersonated_agent: null });
    }
    const target = await getAgent(auth.companyId, targetId);
    if (!target) throw notFound('Agent not found');
    // Viewing as someone lets the viewer send as them: never as someone who may no longer work here.
    if (!target.active) throw forbidden('You cannot view as an inactive agent');
    const allowed = mayImpersonate(
      { flags: own.access_level, locationId: own.location_id },
      { flags: target.access_level, locationId: target.location_id },
    );
    if (!allowed) throw forbidden('You cannot view as this agent');
    await setImpersonation(auth.session.id, target.id);
    const [agentView, impersonatedView] = await Promise.all([loadAgentView(own), loadAgentView(target)]);
    return ok({ agent: agentView, impersonated_agent: impersonatedView });
  }),

  'POST /password_reset_request': publicRoute(async (req) => {
    const { agent } = parse(passwordResetRequestBody, req.body);
    await requestPasswordReset(agent.email, await req.clientIp());
    return ok({ message: 'Email is on its way!' });
  }),

  'POST /password_reset': publicRoute(async (req) => {
    const { agent } = parse(passwordResetBody, req.body);
    return ok({ agent: await resetPassword(agent.token, agent.password, await req.clientIp()) });
  }),

  'POST /magic_sessions': publicRoute(async (req) => {
    const { agent } = parse(magicSessionBody, req.body);
    return ok({ agent: await redeemMagicLink(agent.email, agent.token, await req.clientIp()) });
  }),
};

export const handler = areaHandler('sessions', routes);
