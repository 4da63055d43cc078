/**
 * Location settings groups: stored values completed with the schema defaults. The spec's core
 * groups have their schemas in shared/schemas/settings.ts; a board's own group brings its schema
 * (functions/lib/boardModule.ts `SettingsSchema`) and is read and changed with the same code.
 */
import type { SettingsKey } from '../../shared/access.js';
import { completeSettings, settingsChanges, type SettingsOf } from '../../shared/schemas/settings.js';
import { changedFields, recordActivity } from './activities.js';
import type { SettingsSchema } from './boardModule.js';
import { IMAGE_KEY_FIELDS } from './brandingImages.js';
import { ValidationError } from './errors.js';
import { keys } from './keys.js';
import { channels, publish } from './realtime.js';
import { getItem, putItem } from './table.js';
import { registerTextingNumbers } from './textingNumbers.js';

/** Keys of the records this store owns (docs/data-model.md). */
const settingsKeys = {
  settings: (companyId: string, locationId: string, key: string) => ({
    pk: `COMPANY#${companyId}#LOCATION#${locationId}`,
    sk: `SETTINGS#${key}`,
  }),
} as const;

interface StoredSettings {
  values: unknown;
  updated_at: string;
  updated_by: string;
}

/** A core group's schema in the shape a board's group gives its own. */
export function coreGroupSchema(key: SettingsKey): SettingsSchema {
  return { complete: (stored) => completeSettings(key, stored) as Record<string, unknown>, changes: (raw) => settingsChanges(key, raw) };
}

/** A group as stored, completed with its defaults. */
export async function readGroup(companyId: string, locationId: string, key: string, schema: SettingsSchema): Promise<Record<string, unknown>> {
  const item = await getItem<StoredSettings>(settingsKeys.settings(companyId, locationId, key));
  return schema.complete(item?.values);
}

export async function readSettings<K extends SettingsKey>(companyId: string, locationId: string, key: K): Promise<SettingsOf<K>> {
  return (await readGroup(companyId, locationId, key, coreGroupSchema(key))) as SettingsOf<K>;
}

export async function writeSettings<K extends SettingsKey>(
  companyId: string,
  locationId: string,
  key: K,
  values: SettingsOf<K>,
  agentId: string,
): Promise<void> {
  await writeGroup(companyId, locationId, key, values, agentId);
}

/**
 * A whole group an agent's action sets rather than a form's save (connecting a card gateway, an
 * uploaded landing image): written, put on the activity list and heard by open consoles, as a
 * settings save is (changeGroup).
 */
export async function saveSettingsAs<K extends SettingsKey>(companyId: string, locationId: string, key: K, values: SettingsOf<K>, agentId: string): Promise<void> {
  const current = await readSettings(companyId, locationId, key);
  await writeGroup(companyId, locationId, key, values, agentId);
  await settingsWritten(companyId, locationId, key, current as Record<string, unknown>, values as Record<string, unknown>, agentId);
}

async function settingsWritten(companyId: string, locationId: string, key: string, before: Record<string, unknown>, after: Record<string, unknown>, agentId: string): Promise<void> {
  const changes = changedFields(before, after);
  if (changes.length > 0) await recordActivity(companyId, { kind: 'settings_changed', locationId, agentId, group: key, changes });
  await publish(companyId, channels.location(locationId), { type: 'settings_updated', data: { location_id: locationId, key } });
}

async function writeGroup(companyId: string, locationId: string, key: string, values: Record<string, unknown>, agentId: string): Promise<void> {
  if (key === 'business_information') {
    // Claim the texting numbers first: a number another location uses refuses the save.
    const before = await readSettings(companyId, locationId, 'business_information');
    const after = values as SettingsOf<'business_information'>;
    await registerTextingNumbers(companyId, locationId, before.texting_numbers, after.texting_numbers);
  }
  await putItem<StoredSettings>({
    ...settingsKeys.settings(companyId, locationId, key),
    values,
    updated_at: new Date().toISOString(),
    updated_by: agentId,
  });
}

/**
 * A partial change of one group (only the fields `raw` names; each validated), written over the
 * stored values. Open consoles at the location hear `settings_updated` and reload the group
 * instead of acting on stale settings. A change that changes something is on the activity list
 * (every settings route comes through here, so it is recorded once).
 */
export async function changeGroup(
  companyId: string,
  locationId: string,
  key: string,
  schema: SettingsSchema,
  raw: unknown,
  agentId: string,
  /** The image routes, which checked the upload, set an image's key; no other save may. */
  { imageRoute = false }: { imageRoute?: boolean } = {},
): Promise<Record<string, unknown>> {
  const incoming = schema.changes(raw);
  if (!incoming.ok) throw new ValidationError(incoming.errors);
  const current = await readGroup(companyId, locationId, key, schema);
  // An image's key is the image routes' to set (they check the upload): a save may send it back
  // unchanged (a form posts the whole group) but never point it elsewhere.
  const imageKey = IMAGE_KEY_FIELDS[key];
  if (!imageRoute && imageKey && Object.hasOwn(incoming.changes, imageKey.field) && incoming.changes[imageKey.field] !== current[imageKey.field]) {
    throw new ValidationError([{ message: 'Upload the image instead of naming its key', path: `${key}.${imageKey.field}` }]);
  }
  const next = schema.complete({ ...current, ...incoming.changes });
  await writeGroup(companyId, locationId, key, next, agentId);
  await settingsWritten(companyId, locationId, key, current, next, agentId);
  return next;
}

export async function changeSettings<K extends SettingsKey>(companyId: string, locationId: string, key: K, raw: unknown, agentId: string): Promise<SettingsOf<K>> {
  return (await changeGroup(companyId, locationId, key, coreGroupSchema(key), raw, agentId)) as SettingsOf<K>;
}
