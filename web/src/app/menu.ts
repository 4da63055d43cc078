/**
 * The screens of the registry (app/screens.ts) in menu order, and the menu an agent sees. The
 * registry is a module namespace, whose keys come alphabetically, so the order is the screens' own.
 */
import type { AccessFlags } from '../../../shared/access.js';
import type { MenuGroup, ScreenDefinition } from '../lib/screenDefinition.js';
import * as registry from './screens.js';

export const SCREENS: readonly ScreenDefinition[] = Object.values(registry)
  .flat()
  .sort((a, b) => a.order - b.order);

export const MENU_GROUPS: readonly { group: MenuGroup; label: string }[] = [
  { group: 'main', label: 'menu.group_main' },
  { group: 'administration', label: 'menu.group_administration' },
  { group: 'misc', label: 'menu.group_misc' },
];

/** The menu an agent with these flags sees: groups in order, each with the screens it may open, empty groups left out. */
export function menuFor(flags: AccessFlags): { label: string; screens: ScreenDefinition[] }[] {
  return MENU_GROUPS.map(({ group, label }) => ({ label, screens: SCREENS.filter((s) => s.group === group && !s.hidden && s.allowed(flags)) })).filter(
    (g) => g.screens.length > 0,
  );
}
