import { declareParts } from '../../lib/featureParts.js';
import { menuLabel, type ScreenDefinition } from '../../lib/screenDefinition.js';
import menu from './locales/menu.json';

const requestsPayments = (f: { admin: boolean; manager: boolean; service: boolean }) => f.admin || f.manager || f.service;

// The payment section of the repair order's detail (lib/featureParts.tsx), fetched with this feature's chunk.
declareParts({ name: 'payments', allowed: requestsPayments, load: () => import('./parts.js').then((m) => m.parts) });

export const screens: readonly ScreenDefinition[] = [
  {
    // The card provider's account connection returns here (SPEC §2 /stripe_callback?code=).
    path: '/stripe_callback',
    group: 'administration',
    order: 1000,
    hidden: true,
    label: menuLabel(menu, 'stripe_callback'),
    allowed: (f) => f.admin || f.manager,
    load: () => import('./StripeCallback.js').then((m) => m.StripeCallback),
  },
];
