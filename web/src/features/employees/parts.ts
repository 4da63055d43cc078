import type { FeatureParts } from '../../lib/featureParts.js';
import { EmployeeSettingsTab } from './EmployeeSettingsTab.js';

export const parts: FeatureParts = { settingsTabs: { employee: EmployeeSettingsTab } };
