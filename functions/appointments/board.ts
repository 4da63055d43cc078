/**
 * The appointments board (SPEC §2 /appointments): what it declares to the rest of the system
 * (functions/lib/boardModule.ts), listed in functions/boards.ts.
 */
import { CONVERSATION_CHUNKS } from '../lib/lazyChunk.js';
import { APPOINTMENT_EVENTS } from '../../shared/appointments/events.js';
import { settingsRouteKeys, type BoardModule } from '../lib/boardModule.js';
import { appointmentsChannel } from './channels.js';
import './owner.js';
import { sendPrewelcomes } from './prewelcome.js';
import { sendAppointmentReminders } from './reminders.js';
import { appointmentTallies } from './tallies.js';

export const board = {
  name: 'appointments',
  opens: (flags) => flags.admin || flags.manager || flags.appointments,
  areas: {
    appointments: {
      entry: 'functions/appointments/handler.ts',
      lazyChunks: CONVERSATION_CHUNKS,
      routes: [
        'GET /api/locations/{id}/appointments/inbox',
        'GET /api/locations/{id}/notes/appointments',
        'GET /api/locations/{id}/appointments/{appointment_id}',
        'POST /api/locations/{id}/appointments',
        'POST /api/locations/{id}/customers/{customer_id}/appointments',
        'PUT /api/appointments/{id}/confirm',
        'PUT /api/appointments/{id}/cancel',
        'PUT /api/appointments/{id}/archive',
        'PUT /api/appointments/{id}/agents/null/read',
        'PUT /api/appointments/{id}/agents/null/unread',
        ...settingsRouteKeys('appointments_settings'),
      ],
    },
  },
  // Booking finds the store's customers (the core's customer search).
  findsCustomers: true,
  conversations: { kind: 'appointment', path: '/api/appointments/{id}', idParam: 'id', contact: 'customer', consoleLink: '/appointments?appointment={id}' },
  jobs: {
    /** Appointment reminders, remind-days before each appointment (appointments_settings). */
    appointment_reminders: { rateMinutes: 1, run: () => sendAppointmentReminders() },
    /** Prewelcomes, prewelcome-hours before each appointment's visit (appointments_settings). */
    appointment_prewelcomes: { rateMinutes: 1, run: () => sendPrewelcomes() },
  },
  settings: [{ key: 'appointments_settings', readBy: (flags) => flags.appointments }],
  textingNumbers: ['appointment'],
  channels: (agent, locationId) => (agent.access_level.appointments || agent.access_level.admin || agent.access_level.manager ? [appointmentsChannel(locationId)] : []),
  /** Booked, confirmed, cancelled, reminded and showed, for the appointments report. */
  tallies: appointmentTallies,
  events: APPOINTMENT_EVENTS,
  routeParams: [
    { param: 'id', after: /(^|\/)appointments\/$/, kind: 'appointment', tenant: true, sample: { list: '/api/locations/{location}/appointments/inbox?limit=100', field: 'appointments' } },
    { param: 'appointment_id', after: /\/appointments\/$/, kind: 'appointment', tenant: true },
  ],
  // Some of its customers are the service board's (one opted out there).
  local: { demo: 'infra/local/demo-appointments.ts', demoAfter: ['service'] },
} as const satisfies BoardModule;
