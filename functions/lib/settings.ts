/** Location settings groups: stored values completed with the schema defaults. */
import type { SettingsKey } from '../../shared/access.js';
import { completeSettings, type SettingsOf } from '../../shared/schemas/settings.js';
import { keys } from './keys.js';
import { getItem, putItem } from './table.js';

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
  await putItem<StoredSettings>({
    ...keys.settings(companyId, locationId, key),
    values,
    updated_at: new Date().toISOString(),
    updated_by: agentId,
  });
}
