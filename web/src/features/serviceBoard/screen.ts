import { menuLabel, type ScreenDefinition } from '../../lib/screenDefinition.js';
import menu from './locales/menu.json';

export const screens: readonly ScreenDefinition[] = [
  {
    path: '/',
    group: 'main',
    order: 10,
    label: menuLabel(menu, 'vehicles_in_service'),
    allowed: (f) => f.service,
    load: () => import('./ServiceBoard.js').then((m) => m.ServiceBoard),
  },
];
