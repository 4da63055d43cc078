/** What text-to-pay adds to screens it does not own (lib/featureParts.tsx): the repair order's payment section. */
import type { FeatureParts } from '../../lib/featureParts.js';
import { PaymentSection } from './PaymentSection.js';

export const parts: FeatureParts = { OrderSection: PaymentSection };
