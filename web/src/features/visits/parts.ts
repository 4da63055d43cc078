import type { FeatureParts } from '../../lib/featureParts.js';
import { LandingSettingsTab } from './LandingSettingsTab.js';
import './landing.css';

export const parts: FeatureParts = {
  settingsTabs: { landing_pages: LandingSettingsTab },
};
