/** What text-to-pay adds to screens it does not own (lib/featureParts.tsx): the repair order's payment section and the pay online settings tab. */
import type { FeatureParts } from '../../lib/featureParts.js';
import { PaymentSection } from './PaymentSection.js';
import { PayOnlineTab } from './PayOnlineTab.js';

export const parts: FeatureParts = { OrderSection: PaymentSection, settingsTabs: { pay_online: PayOnlineTab } };
