/**
 * Reports (SPEC §2 "reports", administration group; managers and admins): a report's figures on
 * screen down to the records behind each, the generated workbooks (the reports download modal),
 * their schedules, and the store's late-answer threshold that the texting figures count against.
 */
import type { AccessFlags } from '../../../../shared/access.js';
import { menuLabel, type ScreenDefinition } from '../../lib/screenDefinition.js';
import menu from './locales/menu.json';

export const screens: readonly ScreenDefinition[] = [
  {
    path: '/reports',
    group: 'administration',
    order: 110,
    label: menuLabel(menu, 'reports'),
    allowed: (flags: AccessFlags) => flags.admin || flags.manager,
    load: () => import('./ReportsScreen.js').then((m) => m.ReportsScreen),
  },
];
