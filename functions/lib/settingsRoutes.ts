/**
 * A board's own settings group, served by the board's area (`GET|POST /api/locations/{id}/<key>`,
 * functions/lib/boardModule.ts `settingsRouteKeys`): the same answers as the core's settings route
 * (SPEC §7 "GET and POST /api/locations/{id}/{settings_key}"), and what the board does after a save
 * runs in its own Lambda.
 */
import { isSettingsKey, mayWriteSettings } from '../../shared/access.js';
import { visibleLocation } from './access.js';
import type { BoardSettingsGroup } from './boardModule.js';
import { forbidden } from './errors.js';
import { agentRoute, ok, type Routes } from './http.js';
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
