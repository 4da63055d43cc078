import { declareParts } from '../../lib/featureParts.js';
import { menuLabel, type ScreenDefinition } from '../../lib/screenDefinition.js';
import menu from './locales/menu.json';

// The board's settings tab, for the managers and admins who open Settings (fetched with its chunk).
declareParts({ name: 'inventory', allowed: (flags) => flags.admin || flags.manager, load: () => import('./parts.js').then((m) => m.parts) });

export const screens: readonly ScreenDefinition[] = [
  {
    path: '/inventory',
    group: 'main',
    order: 80,
    label: menuLabel(menu, 'inventory'),
    allowed: (f) => f.inventory,
    load: () => import('./InventoryBoard.js').then((m) => m.InventoryBoard),
  },
];
