/** The service board's code (functions/lib/boardModule.ts `runtime`): its owner port and its jobs. */
import type { BoardRuntime } from '../lib/boardModule.js';
import { repairOrderHousekeeping } from './housekeeping.js';
import './owner.js';
import { sendServiceReminders } from './serviceReminders.js';

export const runtime: BoardRuntime = {
  jobs: {
    repair_order_housekeeping: () => repairOrderHousekeeping(),
    service_reminders: () => sendServiceReminders(),
  },
};
