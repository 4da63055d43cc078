/**
 * Users (SPEC §2 "users", administration group; managers and admins): the store's people, their
 * invitations, flags, passwords and sign-in links, and the Activity tab (who changed what, SPEC §7
 * `GET /api/activities`). Activity is a tab here rather than a screen of its own: the menu's
 * administration group is the spec's, and the people who read the list are the ones who manage users.
 */
import type { AccessFlags } from '../../../../shared/access.js';
import { menuLabel, type ScreenDefinition } from '../../lib/screenDefinition.js';
import menu from './locales/menu.json';

export const screens: readonly ScreenDefinition[] = [
  {
    path: '/users',
    group: 'administration',
    order: 90,
    label: menuLabel(menu, 'users'),
    allowed: (flags: AccessFlags) => flags.admin || flags.manager,
    load: () => import('./UsersScreen.js').then((m) => m.UsersScreen),
  },
];
