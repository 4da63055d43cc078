/**
 * The appointment_prewelcomes job (SPEC §3 gatekeeper `prewelcome`, issue 22): prewelcome-hours
 * before an appointment's visit the customer gets a text saying the store expects them, once per
 * appointment, when the store enabled it (appointments_settings). Found by its due index, so a run's
 * cost follows the texts due. Claimed before it goes, so two runs never send it twice; its words are
 * the gatekeeper rule's text when the store wrote one ({{date}} and {{time}} filled in), else the
 * catalogue's in the customer's language; it passes the rule and every sending rule. Quiet hours hold
 * it, but not until the visit itself: then it is not queued and the conversation says why.
 */
import type { SettingsOf } from '../../shared/schemas/settings.js';
import { getLocation } from '../lib/locations.js';
import { readSettings } from '../lib/settings.js';
import { getCustomer } from '../customers/records.js';
import { ruleWords, sendAutomated } from '../messages/automated.js';
import { runDue } from './dueRuns.js';
import { appointmentOwner } from './owner.js';
import { duePrewelcomes, getAppointment, updateAppointment, type AppointmentRecord } from './records.js';
import { AFTER_APPOINTMENT, appointmentMoment } from './reminders.js';

/** Prewelcomes a run takes on; the next run (a minute later) takes the rest. */
export const PREWELCOME_BATCH = 100;

export interface PrewelcomeRun {
  due: number;
  sent: number;
  refused: number;
  skipped: number;
}

function stillDue(record: AppointmentRecord, settings: SettingsOf<'appointments_settings'>, now: string): boolean {
  return !record.prewelcome_sent && !record.cancelled && !record.archived && settings.prewelcome_enabled && !!record.prewelcome_at && record.prewelcome_at <= now && record.scheduled_at > now;
}

async function prewelcome(ref: { company_id: string; id: string }, now: Date): Promise<'sent' | 'refused' | 'skipped'> {
  const at = now.toISOString();
  const record = await getAppointment(ref.company_id, ref.id, true);
  if (!record) return 'skipped';
  const settings = await readSettings(record.company_id, record.location_id, 'appointments_settings');
  // Sent or not, it is taken off the due index: once per appointment, and never after the visit.
  const claim = await updateAppointment(record.company_id, record.id, (a) => (a.prewelcome_sent || !a.prewelcome_at ? null : stillDue(a, settings, at) ? { prewelcome_sent: true } : { prewelcome_at: null }));
  if (!claim.changed || !claim.after.prewelcome_sent) return 'skipped';

  const [location, customer] = await Promise.all([getLocation(record.company_id, record.location_id), getCustomer(record.company_id, record.customer_id)]);
  const moment = appointmentMoment(record.scheduled_at, customer?.language ?? location?.locale ?? 'en-us', location?.timezone ?? 'UTC');
  const result = await sendAutomated(appointmentOwner(claim.after), 'prewelcome', {
    agent: null,
    manual: false,
    words: (context) => ruleWords(context, 'prewelcome', { catalogue: 'prewelcome', ...moment }, moment),
    notAfter: { at: record.scheduled_at, ...AFTER_APPOINTMENT },
  });
  return result.message ? 'sent' : 'refused';
}

/** Sends every prewelcome due by now (one batch); answers what it did. */
export async function sendPrewelcomes(now = new Date()): Promise<PrewelcomeRun> {
  const due = await duePrewelcomes(now.toISOString(), PREWELCOME_BATCH);
  const run: PrewelcomeRun = { due: due.length, sent: 0, refused: 0, skipped: 0 };
  await runDue(due, run, (ref) => prewelcome(ref, now), 'appointment prewelcome failed');
  return run;
}
