import type { FeatureParts } from '../../lib/featureParts.js';
import { IncomingCallNotices } from './IncomingCallNotices.js';
import './calls.css';

export const parts: FeatureParts = {
  Notices: IncomingCallNotices,
};
