import type { FeatureParts } from '../../lib/featureParts.js';
import { WizardLinks } from './WizardLinks.js';
import './wizard.css';

export const parts: FeatureParts = {
  settingsTabs: { business_information: WizardLinks },
};
