/** Scheduled jobs: EventBridge Scheduler (or the local scheduler) invokes with `{ job: name }`. */
import type { JobName } from '../areas.js';
import { logger } from '../lib/log.js';
import { sendAppointmentReminders } from '../appointments/reminders.js';
import '../messages/boards.js';
import { runMassTexts } from '../messages/massTexts.js';
import { sendDueMessages } from '../messages/scheduled.js';
import { sweepOutbox } from '../messages/sweep.js';
import { sendWorkDeclinedNotices } from '../recommendations/workDeclined.js';
import { repairOrderHousekeeping } from '../repairOrders/housekeeping.js';
import { sendServiceReminders } from '../repairOrders/serviceReminders.js';
import { presenceSweep } from './presenceSweep.js';

/** What a job is started with: its name, and for a mass text started at once, which one. */
export interface JobEvent {
  job?: string;
  company_id?: string;
  mass_message_id?: string;
}

const jobs: Record<JobName, (event: JobEvent) => Promise<unknown>> = {
  presence_sweep: () => presenceSweep(),
  scheduled_messages: () => sendDueMessages(),
  message_sweep: () => sweepOutbox(),
  repair_order_housekeeping: () => repairOrderHousekeeping(),
  work_declined_notices: () => sendWorkDeclinedNotices(),
  appointment_reminders: () => sendAppointmentReminders(),
  service_reminders: () => sendServiceReminders(),
  mass_messages: (event) => runMassTexts(event),
};

export async function handler(event: JobEvent): Promise<{ job: string; result: unknown }> {
  const name = event.job;
  if (!name || !(name in jobs)) throw new Error(`Unknown job: ${String(name)}`);
  const result = await jobs[name as JobName](event);
  logger.info('job finished', { job: name, result: result as Record<string, unknown> });
  return { job: name, result };
}
