/**
 * Calls (issue 25) have no menu screen of their own: the shell shows the notice of a customer's
 * call while it rings, for everyone who may hold a customer's conversation (lib/featureParts.tsx),
 * fetched with this feature's chunk. "Call customer" is a shared component
 * (components/calls/CallCustomer.tsx) each board puts on its detail.
 */
import { declareParts } from '../../lib/featureParts.js';
import type { ScreenDefinition } from '../../lib/screenDefinition.js';

declareParts({
  name: 'calls',
  allowed: (flags) => flags.admin || flags.manager || flags.service || flags.appointments || flags.inventory,
  load: () => import('./parts.js').then((m) => m.parts),
});

export const screens: readonly ScreenDefinition[] = [];
