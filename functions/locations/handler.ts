/** Locations and their settings groups (SPEC §7 "Locations and settings"). */
import ipaddr from 'ipaddr.js';
import { isSettingsKey, mayReadSettings, mayWriteSettings } from '../../shared/access.js';
import { locationUpdateBody } from '../../shared/schemas/locations.js';
import { completeSettings, settingsChanges } from '../../shared/schemas/settings.js';
import { changedFields, recordActivity } from '../lib/activities.js';
import { agentsOfLocation, byName, colleagueView } from '../lib/agents.js';
import { ValidationError, forbidden, notFound } from '../lib/errors.js';
import { agentRoute, areaHandler, ok, pagedBody, paging, parse, type AgentRequest, type Routes } from '../lib/http.js';
import { getLocation, locationsOfCompany, saveLocation, type LocationRecord } from '../lib/locations.js';
import { channels, publish } from '../lib/realtime.js';
import { changeSettings, readSettings } from '../lib/settings.js';
import { specSettingsRoutes } from '../lib/settingsRoutes.js';
import { gatekeeperRoutes } from './gatekeeper.js';

export const LOCATIONS_PER_PAGE = 20;

/** Admins see every location of their company; everyone else only their own (404 otherwise). */
async function visibleLocation(auth: AgentRequest['auth'], id: string): Promise<LocationRecord> {
  const me = auth.actingAs;
  if (!me.access_level.admin && me.location_id !== id) throw notFound('Location not found');
  const location = await getLocation(auth.companyId, id);
  if (!location) throw notFound('Location not found');
  return location;
}

/**
 * A group of the spec's list (SPEC §3). A board that acts on a save of its group serves that group
 * itself (functions/lib/settingsRoutes.ts): its literal route wins over this one.
 */
function settingsKey(raw: string | undefined) {
  if (!raw || !isSettingsKey(raw)) throw notFound('Unknown settings group');
  return raw;
}

function assertAllowList(entries: string[] | undefined): void {
  const bad = (entries ?? []).filter((entry) => {
    try {
      if (entry.includes('/')) ipaddr.parseCIDR(entry);
      else ipaddr.parse(entry);
      return false;
    } catch {
      return true;
    }
  });
  if (bad.length) throw new ValidationError(bad.map((entry) => ({ message: `Not an IP address or range: ${entry}`, path: 'location.ip_allowlist' })));
}

/** The calls groups by the board SPEC §7 `/calls_settings/{board}` names. */
const CALLS_GROUPS: Record<string, 'service_calls_settings' | 'appointments_calls_settings' | 'inventory_calls_settings'> = {
  service: 'service_calls_settings',
  appointments: 'appointments_calls_settings',
  inventory: 'inventory_calls_settings',
};

export const routes: Routes = {
  'GET /api/locations': agentRoute(async ({ auth, query }) => {
    const me = auth.actingAs;
    const { offset, limit } = paging(query, LOCATIONS_PER_PAGE);
    if (!me.access_level.admin) {
      const own = await getLocation(auth.companyId, me.location_id);
      const all = own ? [own] : [];
      return ok(pagedBody('locations', all.slice(offset, offset + limit), all.length, offset, limit));
    }
    const page = await locationsOfCompany(auth.companyId, offset, limit);
    return ok(pagedBody('locations', page.locations, page.total, offset, limit));
  }),

  'GET /api/locations/{id}': agentRoute(async ({ auth, params }) => ok({ location: await visibleLocation(auth, params.id ?? '') })),

  'PUT /api/locations/{id}': agentRoute(async ({ auth, params, body }) => {
    const location = await visibleLocation(auth, params.id ?? '');
    if (!mayWriteSettings(auth.actingAs.access_level)) throw forbidden('Only managers and admins can change a location');
    const { location: changes } = parse(locationUpdateBody, body);
    assertAllowList(changes.ip_allowlist);
    const updated: LocationRecord = { ...location, ...changes };
    await saveLocation(updated);
    const changed = changedFields(location as unknown as Record<string, unknown>, updated as unknown as Record<string, unknown>);
    if (changed.length > 0) await recordActivity(auth.companyId, { kind: 'location_changed', locationId: location.id, agentId: auth.agent.id, changes: changed });
    await publish(auth.companyId, channels.location(location.id), { type: 'location_updated', data: { location_id: location.id } });
    return ok({ location: updated });
  }),

  'GET /api/locations/{id}/agents': agentRoute(async ({ auth, params }) => {
    const location = await visibleLocation(auth, params.id ?? '');
    const agents = await agentsOfLocation(auth.companyId, location.id);
    return ok({ agents: agents.sort(byName).map(colleagueView) });
  }),

  'GET /api/locations/{id}/{settings_key}': agentRoute(async ({ auth, params }) => {
    const key = settingsKey(params.settings_key);
    const location = await visibleLocation(auth, params.id ?? '');
    if (!mayReadSettings(auth.actingAs.access_level, key)) throw forbidden('You cannot see these settings');
    return ok({ [key]: await readSettings(auth.companyId, location.id, key) });
  }),

  'POST /api/locations/{id}/{settings_key}': agentRoute(async ({ auth, params, body }) => {
    const key = settingsKey(params.settings_key);
    const location = await visibleLocation(auth, params.id ?? '');
    if (!mayWriteSettings(auth.actingAs.access_level)) throw forbidden('Only managers and admins can change settings');
    const next = await changeSettings(auth.companyId, location.id, key, (body as Record<string, unknown> | null)?.[key], auth.agent.id);
    return ok({ [key]: next });
  }),

  // SPEC §7's own paths of the core's groups, beside the generic route above.
  ...specSettingsRoutes('/business_info', 'business_information'),
  ...specSettingsRoutes('/calls_settings/{board}', ({ board }) => (board && Object.hasOwn(CALLS_GROUPS, board) ? CALLS_GROUPS[board]! : null)),
  ...gatekeeperRoutes,
};

export const handler = areaHandler('locations', routes);
