import { declareParts } from '../../lib/featureParts.js';
import { menuLabel, type ScreenDefinition } from '../../lib/screenDefinition.js';
import menu from './locales/menu.json';

// The board's settings tab, for the managers and admins who open Settings (fetched with its chunk).
declareParts({ name: 'employees', allowed: (flags) => flags.admin || flags.manager, load: () => import('./parts.js').then((m) => m.parts) });

export const screens: readonly ScreenDefinition[] = [
  {
    path: '/employees',
    group: 'main',
    order: 60,
    label: menuLabel(menu, 'employees'),
    allowed: (f) => f.hr,
    load: () => import('./EmployeesBoard.js').then((m) => m.EmployeesBoard),
  },
];
