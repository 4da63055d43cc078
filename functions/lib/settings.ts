/** Location settings groups: stored values completed with the schema defaults. */
import type { SettingsKey } from '../../shared/access.js';
import { completeSettings, type SettingsOf } from '../../shared/schemas/settings.js';
import { keys } from './keys.js';
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
