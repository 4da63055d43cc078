/** The service board' jobs (functions/lib/boardModule.ts `runJobs`): loaded by the jobs Lambda only. */
import type { BoardJobs } from '../lib/boardModule.js';
import { repairOrderHousekeeping } from './housekeeping.js';
import { sendServiceReminders } from './serviceReminders.js';

export const jobs: BoardJobs['jobs'] = {
  repair_order_housekeeping: () => repairOrderHousekeeping(),
  service_reminders: () => sendServiceReminders(),
};
