/**
 * A board's own settings group, served by the board's area (`GET|POST /api/locations/{id}/<key>`,
 * functions/lib/boardModule.ts `settingsRouteKeys`): the same answers as the core's settings route
 * (SPEC §7 "GET and POST /api/locations/{id}/{settings_key}"), and what the board does after a save
 * runs in its own Lambda.
 */
import { isSettingsKey, mayReadSettings, mayWriteSettings, type SettingsKey } from '../../shared/access.js';
import { visibleLocation } from './access.js';
import type { BoardSettingsGroup } from './boardModule.js';
import { forbidden, notFound } from './errors.js';
import { agentRoute, ok, type AgentRequest, type Routes } from './http.js';
import { changeGroup, coreGroupSchema, readGroup } from './settings.js';

export function settingsRoutes(group: BoardSettingsGroup, saved?: (companyId: string, locationId: string) => Promise<void>): Routes {
  const { key } = group;
  const schema = group.schema ?? (isSettingsKey(key) ? coreGroupSchema(key) : null);
  if (!schema) throw new Error(`Settings group ${key} has no schema`);
  return {
    [`GET /api/locations/{id}/${key}`]: agentRoute(async ({ auth, params }) => {
      const locationId = await visibleLocation(auth, params.id ?? '');
      const flags = auth.actingAs.access_level;
      if (!(flags.admin || flags.manager || group.readBy(flags))) throw forbidden('You cannot see these settings');
      return ok({ [key]: await readGroup(auth.companyId, locationId, key, schema) });
    }),
    [`POST /api/locations/{id}/${key}`]: agentRoute(async ({ auth, params, body }) => {
      const locationId = await visibleLocation(auth, params.id ?? '');
      if (!mayWriteSettings(auth.actingAs.access_level)) throw forbidden('Only managers and admins can change settings');
      const next = await changeGroup(auth.companyId, locationId, key, schema, (body as Record<string, unknown> | null)?.[key], auth.agent.id);
      await saved?.(auth.companyId, locationId);
      return ok({ [key]: next });
    }),
  };
}

/**
 * A core group at one of the spec's own paths (SPEC §7: `/business_info`, `/inventory/settings`,
 * `/calls_settings/{board}`, …), answering exactly what the generic route answers and writing
 * through the same changeGroup (so the change is published). A path without a location id acts on
 * the acting agent's location, or on an admin's `?location_id=` (as `/payments/settings` does).
 * `keyOf` names the group from the path's parameters; null answers 404.
 */
export function specSettingsRoutes(path: string, keyOf: SettingsKey | ((params: Record<string, string | undefined>) => SettingsKey | null)): Routes {
  const groupOf = (params: Record<string, string | undefined>) => {
    const key = typeof keyOf === 'function' ? keyOf(params) : keyOf;
    if (!key) throw notFound('Unknown settings group');
    return key;
  };
  const locationOf = (auth: AgentRequest['auth'], params: Record<string, string | undefined>, query: Record<string, string | undefined>) =>
    visibleLocation(auth, params.id ?? query.location_id ?? auth.actingAs.location_id);
  return {
    [`GET ${path}`]: agentRoute(async ({ auth, params, query }) => {
      const key = groupOf(params);
      const locationId = await locationOf(auth, params, query);
      if (!mayReadSettings(auth.actingAs.access_level, key)) throw forbidden('You cannot see these settings');
      return ok({ [key]: await readGroup(auth.companyId, locationId, key, coreGroupSchema(key)) });
    }),
    [`POST ${path}`]: agentRoute(async ({ auth, params, query, body }) => {
      const key = groupOf(params);
      const locationId = await locationOf(auth, params, query);
      if (!mayWriteSettings(auth.actingAs.access_level)) throw forbidden('Only managers and admins can change settings');
      return ok({ [key]: await changeGroup(auth.companyId, locationId, key, coreGroupSchema(key), (body as Record<string, unknown> | null)?.[key], auth.agent.id) });
    }),
  };
}
