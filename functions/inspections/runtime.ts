/** The inspections' code (functions/lib/boardModule.ts `runtime`): their job. */
import type { BoardRuntime } from '../lib/boardModule.js';
import { sendWorkDeclinedNotices } from '../recommendations/workDeclined.js';

export const runtime: BoardRuntime = {
  jobs: { work_declined_notices: () => sendWorkDeclinedNotices() },
};
