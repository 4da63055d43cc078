/** The appointments board's code (functions/lib/boardModule.ts `runtime`): its owner port and its jobs. */
import type { BoardRuntime } from '../lib/boardModule.js';
import './owner.js';
import { sendAppointmentReminders } from './reminders.js';

export const runtime: BoardRuntime = {
  jobs: { appointment_reminders: () => sendAppointmentReminders() },
};
