import { menuLabel, type ScreenDefinition } from '../../lib/screenDefinition.js';
import menu from './locales/menu.json';

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
