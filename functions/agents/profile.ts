/**
 * My profile (issue 22): `PUT /api/agents/me`, the signed-in agent's changes to themself — their
 * name, e-mail and SMS notifications and where SMS notifications go, and the console's language,
 * which is kept on the agent so it follows them to another browser. Access flags, location and
 * e-mail are their managers' to change (the users screen): sent here, they are refused by name, so a
 * crafted request learns it cannot, rather than seeing it silently ignored. While viewing as a
 * colleague (impersonation) it is still the signed-in agent's own profile: nobody edits another's
 * name through "me". Presence has its own route (functions/agents/presenceHandler.ts).
 */
import { foreignFields, profileBody, PROFILE_ERRORS, type OwnProfileView, type ProfileChanges } from '../../shared/profile/schemas.js';
import '../../shared/profile/events.js';
import { PHONE_ERRORS } from '../../shared/schemas/people.js';
import { loadAgentView, saveOwnProfile, type AgentRecord, type OwnProfile } from '../lib/agents.js';
import { notFound, ValidationError } from '../lib/errors.js';
import { agentRoute, ok, parse, type Routes } from '../lib/http.js';
import { getLocation } from '../lib/locations.js';
import { countryOfLocation, normalizePhone, phoneProblem } from '../lib/phones.js';
import { channels, publish } from '../lib/realtime.js';

export function profileView(agent: AgentRecord): OwnProfileView {
  return {
    first_name: agent.first_name,
    last_name: agent.last_name,
    email_notifications_enabled: agent.email_notifications_enabled,
    sms_notifications_enabled: agent.sms_notifications_enabled,
    sms_notifications_phone: agent.sms_notifications_phone ?? null,
    call_phone: agent.call_phone ?? null,
    locale: agent.locale,
  };
}

/**
 * A number of the profile in E.164 (dialled as the agent's store dials it), or null for none;
 * `required`: none is refused at the number's field (SMS notifications need their number).
 */
async function agentNumber(agent: AgentRecord, raw: string | null, stored: string | null | undefined, field: 'sms_notifications_phone' | 'call_phone', required: boolean): Promise<string | null> {
  const path = `agent.${field}`;
  const written = raw?.trim() ?? '';
  if (!written) {
    if (required) throw new ValidationError([{ message: PHONE_ERRORS.missing, path }]);
    return null;
  }
  if (written === stored) return written;
  const country = countryOfLocation({ phone: (await getLocation(agent.company_id, agent.location_id))?.phone });
  const problem = phoneProblem(written, country);
  const number = problem ? null : normalizePhone(written, country);
  if (!number) throw new ValidationError([{ message: PHONE_ERRORS[problem ?? 'invalid'], path }]);
  return number;
}

/** The agent's profile with `changes` applied and checked; fields left out keep their value. */
export async function applyProfile(agent: AgentRecord, changes: ProfileChanges): Promise<OwnProfile> {
  const smsOn = changes.sms_notifications_enabled ?? agent.sms_notifications_enabled;
  const phone = changes.sms_notifications_phone === undefined ? (agent.sms_notifications_phone ?? null) : changes.sms_notifications_phone;
  return {
    first_name: changes.first_name ?? agent.first_name,
    last_name: changes.last_name ?? agent.last_name,
    email_notifications_enabled: changes.email_notifications_enabled ?? agent.email_notifications_enabled,
    sms_notifications_enabled: smsOn,
    sms_notifications_phone: await agentNumber(agent, phone, agent.sms_notifications_phone, 'sms_notifications_phone', smsOn),
    call_phone: await agentNumber(agent, changes.call_phone === undefined ? (agent.call_phone ?? null) : changes.call_phone, agent.call_phone, 'call_phone', false),
    locale: changes.locale ?? agent.locale,
  };
}

export const profileRoutes: Routes = {
  'PUT /api/agents/me': agentRoute(async ({ auth, body }) => {
    const sent = typeof body === 'object' && body !== null ? (body as { agent?: unknown }).agent : undefined;
    const foreign = foreignFields(sent);
    if (foreign.length > 0) throw new ValidationError(foreign.map((field) => ({ message: PROFILE_ERRORS.not_yours, path: `agent.${field}` })));
    const { agent: changes } = parse(profileBody, body);
    const me = auth.agent;
    const saved = await saveOwnProfile(me, await applyProfile(me, changes));
    if (!saved) throw notFound('Agent not found');
    await publish(saved.company_id, channels.agent(saved.id), { type: 'profile.changed', data: { agent_id: saved.id, profile: profileView(saved) } });
    return ok({ agent: await loadAgentView(saved) });
  }),
};
