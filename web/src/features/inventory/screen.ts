import { menuLabel, type ScreenDefinition } from '../../lib/screenDefinition.js';
import menu from './locales/menu.json';

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
