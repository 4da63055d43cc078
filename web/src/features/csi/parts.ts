import type { FeatureParts } from '../../lib/featureParts.js';
import { CsiSettingsTab } from './CsiSettingsTab.js';
import { LowRatingNotices } from './LowRatingNotices.js';
import { RatingMarker } from './RatingMarker.js';
import { SurveySection } from './SurveySection.js';
import './csi.css';

export const parts: FeatureParts = {
  OrderMarker: RatingMarker,
  OrderSection: SurveySection,
  settingsTabs: { csi: CsiSettingsTab },
  Notices: LowRatingNotices,
};
