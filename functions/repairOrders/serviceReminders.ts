/**
 * Service reminders (SPEC §3 reminder_settings): months after a customer's last visit (the DMS
 * closing their repair order), they are told it is time for the next service, in the conversation of
 * that order, through the gatekeeper's `service_reminder` target and every sending rule. One reminder
 * item per customer and location, moved forward by each visit; the job finds due ones on a due-time
 * index (sparse: the item leaves it once claimed), so its cost follows the reminders due.
 */
import { addMonths } from 'date-fns';
import { logger } from '../lib/log.js';
import { readSettings } from '../lib/settings.js';
import { keepsDefaultWording, sendAutomated, type AutomatedWords } from '../messages/automated.js';
import { repairOrderOwner } from './owner.js';
import { getRepairOrder, type RepairOrderRecord } from './records.js';
import { claimServiceReminder, putServiceReminder, serviceRemindersDue, type ServiceReminderItem } from './serviceReminderRecords.js';

export const SERVICE_REMINDER_BATCH = 100;

/** The order closed in the DMS: the customer's next service reminder counts from this visit. */
export async function scheduleServiceReminder(ro: RepairOrderRecord): Promise<void> {
  const lastVisit = ro.closed_at ?? new Date().toISOString();
  const settings = await readSettings(ro.company_id, ro.location_id, 'reminder_settings');
  const due = addMonths(new Date(lastVisit), settings.remind_months_after).toISOString();
  const item: ServiceReminderItem = { company_id: ro.company_id, location_id: ro.location_id, customer_id: ro.customer_id, repair_order_id: ro.id, last_visit_at: lastVisit, due_at: due };
  await putServiceReminder(item);
}

export function serviceReminderWords(template: string): AutomatedWords {
  return keepsDefaultWording('reminder_settings', 'reminder_template', template) ? { catalogue: 'serviceReminder' } : { written: template };
}

export interface ServiceReminderRun {
  due: number;
  sent: number;
  refused: number;
  skipped: number;
}

/** Sends the service reminders due by now (one batch). Stores that switched them off are skipped. */
export async function sendServiceReminders(now = new Date()): Promise<ServiceReminderRun> {
  const due = await serviceRemindersDue(now, SERVICE_REMINDER_BATCH);
  const run: ServiceReminderRun = { due: due.length, sent: 0, refused: 0, skipped: 0 };
  for (const item of due) {
    try {
      const settings = await readSettings(item.company_id, item.location_id, 'reminder_settings');
      const ro = await getRepairOrder(item.company_id, item.repair_order_id, true);
      if (!(await claimServiceReminder(item, new Date().toISOString())) || !settings.enabled || !ro) {
        run.skipped += 1;
        continue;
      }
      const owner = repairOrderOwner(ro);
      // The reminder is about the next visit: the closed order is only where the conversation lives.
      const result = await sendAutomated({ ...owner, rules: { ...owner.rules, closed: false } }, 'service_reminder', {
        agent: null,
        manual: false,
        words: serviceReminderWords(settings.reminder_template),
      });
      run[result.message ? 'sent' : 'refused'] += 1;
    } catch (err) {
      logger.error('service reminder failed', { company_id: item.company_id, customer_id: item.customer_id, error: (err as Error).message });
      run.skipped += 1;
    }
  }
  return run;
}
