/**
 * CSI surveys have no menu screen of their own: they add the rating to the service board's rows
 * and the order's detail, the CSI settings tab, and the managers' low-rating notices
 * (lib/featureParts.tsx), fetched with this feature's chunk.
 */
import { declareParts } from '../../lib/featureParts.js';
import type { ScreenDefinition } from '../../lib/screenDefinition.js';

declareParts({
  name: 'csi',
  allowed: (flags) => flags.admin || flags.manager || flags.service,
  load: () => import('./parts.js').then((m) => m.parts),
});

export const screens: readonly ScreenDefinition[] = [];
