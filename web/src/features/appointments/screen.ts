import { declareParts } from '../../lib/featureParts.js';
import { menuLabel, type ScreenDefinition } from '../../lib/screenDefinition.js';
import menu from './locales/menu.json';

// The board's settings tab, for the managers and admins who open Settings (fetched with its chunk).
declareParts({ name: 'appointments', allowed: (flags) => flags.admin || flags.manager, load: () => import('./parts.js').then((m) => m.parts) });

export const screens: readonly ScreenDefinition[] = [
  {
    path: '/appointments',
    group: 'main',
    order: 40,
    label: menuLabel(menu, 'appointments'),
    allowed: (f) => f.appointments,
    load: () => import('./AppointmentsBoard.js').then((m) => m.AppointmentsBoard),
  },
  {
    path: '/appointments/sent',
    group: 'main',
    order: 50,
    label: menuLabel(menu, 'appointments_sent'),
    allowed: (f) => f.appointments,
    load: () => import('./SentScreen.js').then((m) => m.SentScreen),
  },
];
