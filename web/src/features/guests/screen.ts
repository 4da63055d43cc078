import { menuLabel, type ScreenDefinition } from '../../lib/screenDefinition.js';
import menu from './locales/menu.json';

export const screens: readonly ScreenDefinition[] = [
  {
    path: '/guests',
    group: 'main',
    // SPEC §2 "Menu areas": after internal chat, before inventory.
    order: 75,
    label: menuLabel(menu, 'guests'),
    // Who works the board (functions/guests/board.ts `opens`): service, appointments and inventory agents, managers and admins.
    allowed: (f) => f.admin || f.manager || f.service || f.appointments || f.inventory,
    load: () => import('./GuestsBoard.js').then((m) => m.GuestsBoard),
  },
];
