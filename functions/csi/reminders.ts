/**
 * The csi_reminders job: one reminder 24 hours after a survey nobody answered, found on the
 * reminders-due index (its cost follows the reminders due, not the surveys kept). A reminder is
 * claimed (taken off the index) before its text goes, so two runs never send it twice; a store
 * that switched CSI off since sends none.
 */
import { logger } from '../lib/log.js';
import { readSettings } from '../lib/settings.js';
import { sendAutomated } from '../messages/automated.js';
import { repairOrderOwner } from '../repairOrders/owner.js';
import { getRepairOrder } from '../repairOrders/records.js';
import { claimReminder, dropReminder, dueSurveyReminders, getSurvey } from './records.js';
import { surveyWords } from './surveys.js';

/** Reminders a run takes on; the next run takes the rest. */
export const REMINDER_BATCH = 100;

export interface SurveyReminderRun {
  due: number;
  sent: number;
  skipped: number;
}

export async function sendSurveyReminders(now = new Date()): Promise<SurveyReminderRun> {
  const at = now.toISOString();
  const due = await dueSurveyReminders(at, REMINDER_BATCH);
  const run: SurveyReminderRun = { due: due.length, sent: 0, skipped: 0 };
  for (const ref of due) {
    try {
      (await remind(ref.company_id, ref.ro_id, at)) ? (run.sent += 1) : (run.skipped += 1);
    } catch (err) {
      run.skipped += 1;
      logger.error('CSI reminder failed', { company_id: ref.company_id, repair_order_id: ref.ro_id, error: err as Error });
    }
  }
  return run;
}

async function remind(companyId: string, roId: string, at: string): Promise<boolean> {
  const [survey, ro] = await Promise.all([getSurvey(companyId, roId, true), getRepairOrder(companyId, roId)]);
  if (!survey) return false;
  const settings = await readSettings(companyId, survey.location_id, 'csi_settings');
  if (!ro || !settings.enabled || survey.closes_at <= at) {
    await dropReminder(companyId, roId);
    return false;
  }
  if (!(await claimReminder(companyId, roId, at))) return false;
  // The reminder carries no new link: the survey's page link is in the first text.
  const result = await sendAutomated(repairOrderOwner(ro), 'csi_reminder', { agent: null, manual: false, gatekeeperRule: 'csi', words: surveyWords(settings, null, true) });
  return result.message !== null;
}
