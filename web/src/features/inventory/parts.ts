import type { FeatureParts } from '../../lib/featureParts.js';
import { InventorySettingsTab } from './InventorySettingsTab.js';

export const parts: FeatureParts = { settingsTabs: { inventory: InventorySettingsTab } };
