/**
 * Where a settings form's values come from and go to: a location settings group (SPEC §7
 * `GET|POST /api/locations/{id}/{settings_key}`) or the location record itself (`PUT
 * /api/locations/{id}`). Each source checks a change with the server's own schema before it is
 * sent, and names the stream event that says another console saved it.
 */
import type { SettingsKey } from '../../../../shared/access.js';
import type { StreamEvent } from '../../../../shared/events.js';
import { locationUpdateBody } from '../../../../shared/schemas/locations.js';
import { settingsChanges } from '../../../../shared/schemas/settings.js';
import { api } from '../../lib/api.js';

export type SettingsValues = Record<string, unknown>;
export type SettingsCheck = { ok: true; changes: SettingsValues } | { ok: false; errors: { message: string; path: string }[] };

export interface SettingsSource {
  /** The group's key (also the first segment of its errors' `path`). */
  key: string;
  load: (locationId: string) => Promise<SettingsValues>;
  check: (changes: SettingsValues) => SettingsCheck;
  save: (locationId: string, changes: SettingsValues) => Promise<SettingsValues>;
  /** The event says this source changed at the location. */
  heard: (event: StreamEvent, locationId: string) => boolean;
  /** A settings group the session keeps for the boards (lib/session.ts reloadSettingsGroup). */
  sessionGroup?: string;
}

const groupPath = (locationId: string, key: string) => `/api/locations/${encodeURIComponent(locationId)}/${key}`;

/** The statuses a settings save answers for a refusal the form shows beside its field. */
export const REFUSALS = [400, 403, 409, 422];

export function settingsGroup(key: SettingsKey): SettingsSource {
  return {
    key,
    sessionGroup: key,
    load: async (locationId) => (await api.request<Record<string, SettingsValues>>(groupPath(locationId, key)))[key] ?? {},
    check: (changes) => settingsChanges(key, changes),
    save: async (locationId, changes) =>
      (await api.request<Record<string, SettingsValues>>(groupPath(locationId, key), { method: 'POST', body: { [key]: changes }, expected: { statuses: REFUSALS } }))[key] ?? {},
    heard: (event, locationId) => event.type === 'settings_updated' && event.data.location_id === locationId && event.data.key === key,
  };
}

/** The location record (name, time zone, language, IP allow-list): its errors' path starts with `location`. */
export const locationRecord: SettingsSource = {
  key: 'location',
  load: async (locationId) => (await api.request<{ location: SettingsValues }>(`/api/locations/${encodeURIComponent(locationId)}`)).location,
  check: (changes) => {
    const result = locationUpdateBody.safeParse({ location: changes });
    if (result.success) return { ok: true, changes: result.data.location };
    return { ok: false, errors: result.error.issues.map((issue) => ({ message: issue.message, path: issue.path.join('.') })) };
  },
  save: async (locationId, changes) =>
    (await api.request<{ location: SettingsValues }>(`/api/locations/${encodeURIComponent(locationId)}`, { method: 'PUT', body: { location: changes }, expected: { statuses: REFUSALS } })).location,
  heard: (event, locationId) => event.type === 'location_updated' && event.data.location_id === locationId,
};
