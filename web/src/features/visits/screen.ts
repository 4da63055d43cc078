/**
 * The customer's visit page has no menu screen in the console: its managers brand it in the
 * landing pages settings tab (lib/featureParts.tsx), fetched with this feature's chunk.
 */
import { declareParts } from '../../lib/featureParts.js';
import type { ScreenDefinition } from '../../lib/screenDefinition.js';

declareParts({
  name: 'visits',
  allowed: (flags) => flags.admin || flags.manager,
  load: () => import('./parts.js').then((m) => m.parts),
});

export const screens: readonly ScreenDefinition[] = [];
