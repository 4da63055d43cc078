/**
 * Screens of the menu not built yet: each says it arrives in a later release. A board that gets
 * built removes its line here (and its words from laterMenu.json) and brings its own
 * `features/<board>/screen.ts`.
 */
import { menuLabel, type ScreenDefinition } from '../lib/screenDefinition.js';
import menu from './laterMenu.json';

const everyone = () => true;

export const screens: readonly ScreenDefinition[] = [
  { path: '/history', group: 'misc', order: 120, label: menuLabel(menu, 'search_history'), allowed: everyone },
];
