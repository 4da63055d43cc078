/**
 * When an appointment's reminder and prewelcome are due, and keeping that true when the store changes its
 * settings: the appointments still waiting for either move to the new time (or
 * off the due index when it is switched off). Kept small: the settings route loads it.
 */
import type { SettingsOf } from '../../shared/schemas/settings.js';
import { appointmentsFrom, updateAppointment } from './records.js';

/**
 * When the reminder is due: remind-days before the appointment; null when reminders are off or the
 * appointment was booked after that moment (SPEC §8: "not sent if … not scheduled earlier").
 */
export function remindAtFor(scheduledAt: string, bookedAt: string, settings: SettingsOf<'appointments_settings'>): string | null {
  if (!settings.reminders_enabled) return null;
  const at = new Date(Date.parse(scheduledAt) - settings.remind_days_prior * 86_400_000).toISOString();
  return at < bookedAt ? null : at;
}

/**
 * When the prewelcome is due: prewelcome-hours before the visit; null when prewelcomes are off or the
 * appointment was booked after that moment (as the reminder: a customer who just booked knows).
 */
export function prewelcomeAtFor(scheduledAt: string, bookedAt: string, settings: SettingsOf<'appointments_settings'>): string | null {
  if (!settings.prewelcome_enabled) return null;
  const at = new Date(Date.parse(scheduledAt) - settings.prewelcome_hours_before * 3_600_000).toISOString();
  return at < bookedAt ? null : at;
}

/** The most upcoming appointments a settings change moves in one go (a store's weeks ahead). */
const RESCHEDULE_LIMIT = 5000;

/**
 * The store's reminder settings changed: every upcoming appointment whose reminder has not gone
 * gets its reminder time again from the new settings. Answers how many moved.
 */
export async function rescheduleReminders(companyId: string, locationId: string, settings: SettingsOf<'appointments_settings'>, now = new Date()): Promise<number> {
  const { records } = await appointmentsFrom(companyId, locationId, now.toISOString(), 0, RESCHEDULE_LIMIT);
  let moved = 0;
  for (const record of records) {
    if ((record.reminder_sent && record.prewelcome_sent) || record.cancelled) continue;
    const { changed } = await updateAppointment(companyId, record.id, (current) => {
      if (current.cancelled || current.archived) return null;
      const remindAt = current.reminder_sent ? current.remind_at : remindAtFor(current.scheduled_at, current.created_at, settings);
      const prewelcomeAt = current.prewelcome_sent ? (current.prewelcome_at ?? null) : prewelcomeAtFor(current.scheduled_at, current.created_at, settings);
      return remindAt === current.remind_at && prewelcomeAt === (current.prewelcome_at ?? null) ? null : { remind_at: remindAt, prewelcome_at: prewelcomeAt };
    });
    if (changed) moved += 1;
  }
  return moved;
}
