import type { FeatureParts } from '../../lib/featureParts.js';
import { AppointmentsSettingsTab } from './AppointmentsSettingsTab.js';

export const parts: FeatureParts = { settingsTabs: { appointments: AppointmentsSettingsTab } };
