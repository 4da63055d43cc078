/**
 * The gallery has no menu screen of its own: it adds the album to the repair order's detail
 * (lib/featureParts.tsx), fetched with this feature's chunk.
 */
import { declareParts } from '../../lib/featureParts.js';
import type { ScreenDefinition } from '../../lib/screenDefinition.js';

declareParts({
  name: 'gallery',
  allowed: (flags) => flags.admin || flags.manager || flags.service || flags.technician,
  load: () => import('./parts.js').then((m) => m.parts),
});

export const screens: readonly ScreenDefinition[] = [];
