/**
 * The console's screens (SPEC §2 "Menu areas"): their paths under /app, menu group, and which
 * flags of the acting agent open them. The router and the menu both read this one list.
 */
import type { AccessFlags } from '../../../shared/access.js';

export type MenuGroup = 'main' | 'administration' | 'misc';

export interface Screen {
  path: string;
  /** Locale key of the screen's name. */
  label: string;
  group: MenuGroup;
  allowed: (flags: AccessFlags) => boolean;
}

const administrators = (f: AccessFlags) => f.admin || f.manager;
const everyone = () => true;

export const SCREENS: readonly Screen[] = [
  { path: '/', label: 'menu.vehicles_in_service', group: 'main', allowed: (f) => f.service },
  { path: '/mpi', label: 'menu.mpi_pool', group: 'main', allowed: (f) => f.technician || f.service },
  { path: '/mpi/claimed', label: 'menu.mpi_claimed', group: 'main', allowed: (f) => f.technician || f.service },
  { path: '/appointments', label: 'menu.appointments', group: 'main', allowed: (f) => f.appointments },
  { path: '/appointments/sent', label: 'menu.appointments_sent', group: 'main', allowed: (f) => f.appointments },
  { path: '/employees', label: 'menu.employees', group: 'main', allowed: (f) => f.hr },
  { path: '/internalchat', label: 'menu.internal_chat', group: 'main', allowed: (f) => f.chat },
  { path: '/inventory', label: 'menu.inventory', group: 'main', allowed: (f) => f.inventory },
  { path: '/users', label: 'menu.users', group: 'administration', allowed: administrators },
  { path: '/settings', label: 'menu.settings', group: 'administration', allowed: administrators },
  { path: '/reports', label: 'menu.reports', group: 'administration', allowed: administrators },
  { path: '/history', label: 'menu.search_history', group: 'misc', allowed: everyone },
  { path: '/profile', label: 'menu.my_profile', group: 'misc', allowed: everyone },
  { path: '/help', label: 'menu.help', group: 'misc', allowed: everyone },
];

export const MENU_GROUPS: readonly { group: MenuGroup; label: string }[] = [
  { group: 'main', label: 'menu.group_main' },
  { group: 'administration', label: 'menu.group_administration' },
  { group: 'misc', label: 'menu.group_misc' },
];

/** The menu an agent with these flags sees: groups in order, each with the screens it may open, empty groups left out. */
export function menuFor(flags: AccessFlags): { label: string; screens: Screen[] }[] {
  return MENU_GROUPS.map(({ group, label }) => ({ label, screens: SCREENS.filter((s) => s.group === group && s.allowed(flags)) })).filter(
    (g) => g.screens.length > 0,
  );
}
