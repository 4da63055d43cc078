/** The inspections' jobs (functions/lib/boardModule.ts `runJobs`): loaded by the jobs Lambda only. */
import type { BoardJobs } from '../lib/boardModule.js';
import { sendWorkDeclinedNotices } from '../recommendations/workDeclined.js';

export const jobs: BoardJobs['jobs'] = { work_declined_notices: () => sendWorkDeclinedNotices() };
