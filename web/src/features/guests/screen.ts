import { worksGuestsBoard } from '../../../../shared/guests/guests.js';
import { menuLabel, type ScreenDefinition } from '../../lib/screenDefinition.js';
import menu from './locales/menu.json';

export const screens: readonly ScreenDefinition[] = [
  {
    path: '/guests',
    group: 'main',
    // SPEC §2 "Menu areas": after internal chat, before inventory.
    order: 75,
    label: menuLabel(menu, 'guests'),
    // The server's own rule (functions/guests/board.ts `opens`).
    allowed: worksGuestsBoard,
    load: () => import('./GuestsBoard.js').then((m) => m.GuestsBoard),
  },
];
