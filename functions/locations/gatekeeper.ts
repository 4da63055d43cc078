/**
 * The gatekeeper's own paths (SPEC §7 "GET and POST /gatekeeper_settings and
 * /gatekeeper_settings/{key}"): the whole group, or one message type's rule, of the agent's
 * location, or of `?location_id=` for an admin (as /payments/settings). They read and save through
 * the same settings code as the generic route, so a save is validated the same way and published
 * (`settings_updated`) to every console of the location.
 */
import { mayReadSettings, mayWriteSettings } from '../../shared/access.js';
import { GATEKEEPER_MESSAGE_TYPES } from '../../shared/schemas/settings.js';
import { visibleLocation } from '../lib/access.js';
import { ValidationError, forbidden, notFound } from '../lib/errors.js';
import { agentRoute, ok, type AgentRequest, type Routes } from '../lib/http.js';
import { changeSettings, readSettings } from '../lib/settings.js';

const GROUP = 'gatekeeper_settings';
type MessageType = (typeof GATEKEEPER_MESSAGE_TYPES)[number];
const RULE_FIELDS = ['target', 'text', 'notes'];

/** The location asked about, once the agent may read (or, `write`, change) its gatekeeper. */
async function gatekeeperLocation({ auth, query }: AgentRequest, write: boolean): Promise<string> {
  const locationId = await visibleLocation(auth, query.location_id ?? auth.actingAs.location_id);
  const flags = auth.actingAs.access_level;
  if (write && !mayWriteSettings(flags)) throw forbidden('Only managers and admins can change settings');
  if (!write && !mayReadSettings(flags, GROUP)) throw forbidden('You cannot see these settings');
  return locationId;
}

function messageType(raw: string | undefined): MessageType {
  const found = GATEKEEPER_MESSAGE_TYPES.find((type) => type === raw);
  if (!found) throw notFound('Unknown message type');
  return found;
}

export const gatekeeperRoutes: Routes = {
  'GET /gatekeeper_settings': agentRoute(async (req) => {
    const locationId = await gatekeeperLocation(req, false);
    return ok({ [GROUP]: await readSettings(req.auth.companyId, locationId, GROUP) });
  }),

  'POST /gatekeeper_settings': agentRoute(async (req) => {
    const locationId = await gatekeeperLocation(req, true);
    const body = req.body as Record<string, unknown> | null;
    return ok({ [GROUP]: await changeSettings(req.auth.companyId, locationId, GROUP, body?.[GROUP], req.auth.agent.id) });
  }),

  'GET /gatekeeper_settings/{key}': agentRoute(async (req) => {
    const key = messageType(req.params.key);
    const locationId = await gatekeeperLocation(req, false);
    return ok({ [key]: (await readSettings(req.auth.companyId, locationId, GROUP))[key] });
  }),

  'POST /gatekeeper_settings/{key}': agentRoute(async (req) => {
    const key = messageType(req.params.key);
    const locationId = await gatekeeperLocation(req, true);
    const raw = (req.body as Record<string, unknown> | null)?.[key];
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) throw new ValidationError([{ message: `Send the rule under "${key}"`, path: key }]);
    // A misspelt field is refused, not dropped: the store would believe it saved.
    const unknown = Object.keys(raw).filter((field) => !RULE_FIELDS.includes(field));
    if (unknown.length) throw new ValidationError(unknown.slice(0, 10).map((field) => ({ message: `Unknown setting: ${field.slice(0, 100)}`, path: `${GROUP}.${key}` })));
    // The fields sent over the rule as it is: the others keep what the store saved.
    const current = await readSettings(req.auth.companyId, locationId, GROUP);
    const saved = await changeSettings(req.auth.companyId, locationId, GROUP, { [key]: { ...current[key], ...raw } }, req.auth.agent.id);
    return ok({ [key]: saved[key] });
  }),
};
