/**
 * Message templates have no menu screen of their own: they add the templates settings tab and the
 * picker on every board's composer (lib/featureParts.tsx), fetched with this feature's chunk.
 */
import { declareParts } from '../../lib/featureParts.js';
import type { ScreenDefinition } from '../../lib/screenDefinition.js';

declareParts({
  name: 'templates',
  // Every agent who texts may use the company's, their location's and their own templates.
  allowed: () => true,
  load: () => import('./parts.js').then((m) => m.parts),
});

export const screens: readonly ScreenDefinition[] = [];
