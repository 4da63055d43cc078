/** Scheduled jobs: EventBridge Scheduler (or the local scheduler) invokes with `{ job: name }`. */
import type { JobName } from '../areas.js';
import { logger } from '../lib/log.js';
import { sendDueMessages } from '../messages/scheduled.js';
import { sweepOutbox } from '../messages/sweep.js';
import { sendWorkDeclinedNotices } from '../recommendations/workDeclined.js';
import { repairOrderHousekeeping } from '../repairOrders/housekeeping.js';
import { presenceSweep } from './presenceSweep.js';

const jobs: Record<JobName, () => Promise<unknown>> = {
  presence_sweep: () => presenceSweep(),
  scheduled_messages: () => sendDueMessages(),
  message_sweep: () => sweepOutbox(),
  repair_order_housekeeping: () => repairOrderHousekeeping(),
  work_declined_notices: () => sendWorkDeclinedNotices(),
};

export async function handler(event: { job?: string }): Promise<{ job: string; result: unknown }> {
  const name = event.job;
  if (!name || !(name in jobs)) throw new Error(`Unknown job: ${String(name)}`);
  const result = await jobs[name as JobName]();
  logger.info('job finished', { job: name, result: result as Record<string, unknown> });
  return { job: name, result };
}
