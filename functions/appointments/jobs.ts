/** The appointments board' jobs (functions/lib/boardModule.ts `runJobs`): loaded by the jobs Lambda only. */
import type { BoardJobs } from '../lib/boardModule.js';
import { sendAppointmentReminders } from './reminders.js';

export const jobs: BoardJobs['jobs'] = { appointment_reminders: () => sendAppointmentReminders() };
