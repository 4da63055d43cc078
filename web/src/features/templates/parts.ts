import type { FeatureParts } from '../../lib/featureParts.js';
import { TemplatePicker } from './TemplatePicker.js';
import { TemplatesSettingsTab } from './TemplatesSettingsTab.js';
import './templates.css';

export const parts: FeatureParts = {
  settingsTabs: { templates: TemplatesSettingsTab },
  ComposerTool: TemplatePicker,
};
