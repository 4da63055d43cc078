import { menuLabel, type ScreenDefinition } from '../../lib/screenDefinition.js';
import menu from './locales/menu.json';

export const screens: readonly ScreenDefinition[] = [
  {
    path: '/mpi',
    group: 'main',
    order: 20,
    label: menuLabel(menu, 'mpi_pool'),
    allowed: (f) => f.technician || f.service,
    load: () => import('./PoolScreen.js').then((m) => m.PoolScreen),
    // One repair order's sheet: opened from the pool, the inbox or the repair order, with the pool's permissions.
    routes: [{ path: 'mpi/repair_orders/:roId', load: () => import('./SheetScreen.js').then((m) => m.SheetScreen) }],
  },
  {
    path: '/mpi/claimed',
    group: 'main',
    order: 30,
    label: menuLabel(menu, 'mpi_claimed'),
    allowed: (f) => f.technician || f.service,
    load: () => import('./ClaimedScreen.js').then((m) => m.ClaimedScreen),
  },
];
