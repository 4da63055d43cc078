/** Location settings groups: stored values completed with the schema defaults. */
import type { SettingsKey } from '../../shared/access.js';
import { completeSettings, settingsChanges, type SettingsOf } from '../../shared/schemas/settings.js';
import { ValidationError } from './errors.js';
import { keys } from './keys.js';
import { channels, publish } from './realtime.js';
import { getItem, putItem } from './table.js';
import { registerTextingNumbers } from './textingNumbers.js';

interface StoredSettings {
  values: unknown;
  updated_at: string;
  updated_by: string;
}

export async function readSettings<K extends SettingsKey>(companyId: string, locationId: string, key: K): Promise<SettingsOf<K>> {
  const item = await getItem<StoredSettings>(keys.settings(companyId, locationId, key));
  return completeSettings(key, item?.values);
}

export async function writeSettings<K extends SettingsKey>(
  companyId: string,
  locationId: string,
  key: K,
  values: SettingsOf<K>,
  agentId: string,
): Promise<void> {
  if (key === 'business_information') {
    // Claim the texting numbers first: a number another location uses refuses the save.
    const before = await readSettings(companyId, locationId, 'business_information');
    const after = values as SettingsOf<'business_information'>;
    await registerTextingNumbers(companyId, locationId, before.texting_numbers, after.texting_numbers);
  }
  await putItem<StoredSettings>({
    ...keys.settings(companyId, locationId, key),
    values,
    updated_at: new Date().toISOString(),
    updated_by: agentId,
  });
}

/**
 * A partial change of one group (only the fields `raw` names; each validated), written over the
 * stored values. Open consoles at the location hear `settings_updated` and reload the group
 * instead of acting on stale settings.
 */
export async function changeSettings<K extends SettingsKey>(companyId: string, locationId: string, key: K, raw: unknown, agentId: string): Promise<SettingsOf<K>> {
  const incoming = settingsChanges(key, raw);
  if (!incoming.ok) throw new ValidationError(incoming.errors);
  const current = await readSettings(companyId, locationId, key);
  const next = completeSettings(key, { ...current, ...incoming.changes });
  await writeSettings(companyId, locationId, key, next, agentId);
  await publish(companyId, channels.location(locationId), { type: 'settings_updated', data: { location_id: locationId, key } });
  return next;
}
