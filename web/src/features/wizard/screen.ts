/**
 * The setup wizard (issue 23) has no menu screen: its public page (/public/location/:token/wizard,
 * no sign-in) is declared here (lib/publicPages.ts), and managers and admins find the links that
 * open it in Settings → Business information (a section this feature adds: lib/featureParts.tsx).
 */
import { declareParts } from '../../lib/featureParts.js';
import { declarePublicPage } from '../../lib/publicPages.js';
import type { ScreenDefinition } from '../../lib/screenDefinition.js';

declareParts({
  name: 'wizard',
  allowed: (flags) => flags.admin || flags.manager,
  load: () => import('./parts.js').then((m) => m.parts),
});

declarePublicPage({ path: 'public/location/:token/wizard', load: () => import('./WizardPage.js').then((m) => m.WizardPage) });

export const screens: readonly ScreenDefinition[] = [];
