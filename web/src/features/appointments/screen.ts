import { menuLabel, type ScreenDefinition } from '../../lib/screenDefinition.js';
import menu from './locales/menu.json';

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
