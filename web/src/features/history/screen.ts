import { menuLabel, type ScreenDefinition } from '../../lib/screenDefinition.js';
import menu from './locales/menu.json';

// Everyone searches what they may see anyway: the server keeps each agent to their stores and boards.
export const screens: readonly ScreenDefinition[] = [
  {
    path: '/history',
    group: 'misc',
    order: 120,
    label: menuLabel(menu, 'search_history'),
    allowed: () => true,
    load: () => import('./HistoryScreen.js').then((m) => m.HistoryScreen),
    routes: [{ path: 'history/:tab/:kind/:id', load: () => import('./FoundConversation.js').then((m) => m.FoundConversation) }],
  },
];
