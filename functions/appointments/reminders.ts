/**
 * The appointment_reminders job: each appointment's reminder goes remind-days before it (SPEC §3
 * appointments_settings), found by the reminders-due index, so a run's cost follows the reminders
 * due, not the number of appointments. A reminder is claimed (marked sent) before its text goes, so
 * two runs never send it twice; it passes the gatekeeper's `appointment_reminder` target and every
 * sending rule (sendAutomated); held for quiet hours, the conversation says 'Reminder will be sent
 * shortly.' and the console 'reminder scheduled' until it goes; refused, the advisor reads why and
 * the appointment is not shown as reminded. No reminder is queued for an appointment already
 * past, nor one that quiet hours would hold until the appointment's time or later (the
 * conversation says so: "won't be delivered", the reminder would come after the appointment).
 */
import type { SettingsOf } from '../../shared/schemas/settings.js';
import { customerMoment, customerText } from '../lib/customerTexts.js';
import { getLocation } from '../lib/locations.js';
import { readSettings } from '../lib/settings.js';
import { getCustomer } from '../customers/records.js';
import { keepsDefaultWording, sendAutomated, type AutomatedWords } from '../messages/automated.js';
import { addSystemNote } from '../messages/notes.js';
import { runDue } from './dueRuns.js';
import { announceAppointment, appointmentChanged } from './events.js';
import { appointmentOwner } from './owner.js';
import { dueReminders, getAppointment, updateAppointment, type AppointmentRecord } from './records.js';

/** Reminders a run takes on; the next run (a minute later) takes the rest. */
export const REMINDER_BATCH = 100;

export interface ReminderRun {
  due: number;
  sent: number;
  held: number;
  refused: number;
  skipped: number;
}

/** The appointment's day and time as the customer reads them, where the store is. */
export const appointmentMoment = customerMoment;

/** The store's own template (its {{date}} and {{time}} filled in), or the catalogue's wording in the customer's language. */
export function reminderWords(settings: SettingsOf<'appointments_settings'>, moment: { date: string; time: string }): AutomatedWords {
  if (keepsDefaultWording('appointments_settings', 'reminder_template', settings.reminder_template)) return { catalogue: 'appointmentReminder', ...moment };
  return { written: settings.reminder_template.replaceAll('{{date}}', moment.date).replaceAll('{{time}}', moment.time) };
}

/** The reason id (and its English) of a reminder quiet hours would hold until the appointment or later. */
export const AFTER_APPOINTMENT = { reason: 'after_appointment', message: 'Quiet hours last until the appointment: the reminder would come too late' } as const;

/** Whether the reminder may still go: not sent, not cancelled or archived, reminders on, due by now, the appointment still ahead. */
function stillDue(record: AppointmentRecord, settings: SettingsOf<'appointments_settings'>, now: Date): boolean {
  const at = now.toISOString();
  return (
    !record.reminder_sent &&
    !record.cancelled &&
    !record.archived &&
    settings.reminders_enabled &&
    record.remind_at !== null &&
    record.remind_at <= at &&
    record.scheduled_at > at
  );
}

async function remind(ref: { company_id: string; id: string }, now: Date): Promise<'sent' | 'held' | 'refused' | 'skipped'> {
  const record = await getAppointment(ref.company_id, ref.id, true);
  if (!record) return 'skipped';
  const settings = await readSettings(record.company_id, record.location_id, 'appointments_settings');
  if (!stillDue(record, settings, now)) {
    // Off the index: switched off, cancelled or archived since it was put there, or the
    // appointment's time came before its reminder was sent (the job was behind).
    if (!record.reminder_sent && record.remind_at) await updateAppointment(record.company_id, record.id, (a) => (a.reminder_sent || !a.remind_at ? null : { remind_at: null }));
    return 'skipped';
  }
  const claim = await updateAppointment(record.company_id, record.id, (a) => (stillDue(a, settings, now) ? { reminder_sent: true } : null));
  if (!claim.changed) return 'skipped';

  const [location, customer] = await Promise.all([getLocation(record.company_id, record.location_id), getCustomer(record.company_id, record.customer_id)]);
  const moment = appointmentMoment(record.scheduled_at, customer?.language ?? location?.locale ?? 'en-us', location?.timezone ?? 'UTC');
  const owner = appointmentOwner(claim.after);
  const result = await sendAutomated(owner, 'appointment_reminder', {
    agent: null,
    manual: false,
    words: reminderWords(settings, moment),
    notAfter: { at: record.scheduled_at, ...AFTER_APPOINTMENT },
  });
  if (!result.message) {
    // Refused (the note and the toast say why): not shown as reminded, and not tried again.
    const { after } = await updateAppointment(record.company_id, record.id, () => ({ reminder_sent: false, remind_at: null }));
    await announceAppointment(after, appointmentChanged(after, 'reminder_refused'));
    return 'refused';
  }
  const status = result.message.metadata.status;
  const { after } = await updateAppointment(record.company_id, record.id, () => ({
    reminder_message: { id: result.message!.id, sent_at: now.toISOString(), send_at: result.message!.metadata.send_at, metadata: { sms_status: status } },
  }));
  await announceAppointment(after, appointmentChanged(after, 'reminded'));
  if (status !== 'scheduled') return 'sent';
  await addSystemNote(appointmentOwner(after), {
    behaviour: 'GENERIC_SYSTEM',
    text: customerText('reminderSoonNote', 'en-us'),
    note: { key: 'reminder_soon', params: {} },
  });
  return 'held';
}

/** Sends every reminder due by now (one batch); answers what it did. */
export async function sendAppointmentReminders(now = new Date()): Promise<ReminderRun> {
  const due = await dueReminders(now.toISOString(), REMINDER_BATCH);
  const run: ReminderRun = { due: due.length, sent: 0, held: 0, refused: 0, skipped: 0 };
  await runDue(due, run, (ref) => remind(ref, now), 'appointment reminder failed');
  return run;
}
