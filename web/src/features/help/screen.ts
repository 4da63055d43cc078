/** Help (SPEC §2 "help page", Misc, everyone): support contacts, downloads, the FAQ and the op-code guide. */
import { menuLabel, type ScreenDefinition } from '../../lib/screenDefinition.js';
import menu from './locales/menu.json';

export const screens: readonly ScreenDefinition[] = [
  {
    path: '/help',
    group: 'misc',
    order: 140,
    label: menuLabel(menu, 'help'),
    allowed: () => true,
    load: () => import('./HelpScreen.js').then((m) => m.HelpScreen),
  },
];
