import { menuLabel, type ScreenDefinition } from '../../lib/screenDefinition.js';
import menu from './locales/menu.json';

export const screens: readonly ScreenDefinition[] = [
  {
    path: '/internalchat',
    group: 'main',
    order: 70,
    label: menuLabel(menu, 'internal_chat'),
    allowed: (f) => f.chat,
    load: () => import('./ChatBoard.js').then((m) => m.ChatBoard),
  },
];
