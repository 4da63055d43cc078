import type { FeatureParts } from '../../lib/featureParts.js';
import { ProfileFollower } from './ProfileFollower.js';

export const parts: FeatureParts = {
  Notices: ProfileFollower,
};
