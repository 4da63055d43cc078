/**
 * The setup wizard (issue 23) has no menu screen: its public page is a route of its own (app/
 * router.tsx, /public/location/:token/wizard, no sign-in), and managers and admins find the links
 * that open it in Settings → Business information (a section this feature adds: lib/featureParts.tsx).
 */
import { declareParts } from '../../lib/featureParts.js';
import type { ScreenDefinition } from '../../lib/screenDefinition.js';

declareParts({
  name: 'wizard',
  allowed: (flags) => flags.admin || flags.manager,
  load: () => import('./parts.js').then((m) => m.parts),
});

export const screens: readonly ScreenDefinition[] = [];
