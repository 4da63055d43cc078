/**
 * Screens of the menu not built yet: each says it arrives in a later release. A board that gets
 * built removes its line here (and its words from laterMenu.json) and brings its own
 * `features/<board>/screen.ts`.
 */
import type { AccessFlags } from '../../../shared/access.js';
import { menuLabel, type ScreenDefinition } from '../lib/screenDefinition.js';
import menu from './laterMenu.json';

const administrators = (f: AccessFlags) => f.admin || f.manager;

export const screens: readonly ScreenDefinition[] = [
  { path: '/reports', group: 'administration', order: 110, label: menuLabel(menu, 'reports'), allowed: administrators },
];
