/**
 * How a row says what state the appointment is in (SPEC §4 "Appointment colour"): cancelled red,
 * confirmed green, reminder sent grey, each with a word and a mark beside the colour, so the
 * state never rests on colour alone. Also the words of a mass text's summary.
 */
import { appointmentColour, type Appointment, type AppointmentColour } from '../../../../shared/appointments/appointments.js';
import type { MassMessage } from '../../../../shared/massTexts.js';

export interface AppointmentTone {
  colour: AppointmentColour;
  /** Locale key of the state's word; null for an appointment with nothing to say yet. */
  label: string | null;
  /** A mark that reads without colour (✕ cancelled, ✓ confirmed, ✉ reminded). */
  mark: string;
}

const TONES: Record<AppointmentColour, Omit<AppointmentTone, 'colour'>> = {
  cancelled: { label: 'appointments.state_cancelled', mark: '✕' },
  confirmed: { label: 'appointments.state_confirmed', mark: '✓' },
  reminded: { label: 'appointments.state_reminded', mark: '✉' },
  // Held for quiet hours: not sent yet, so not the grey of a reminder that went.
  reminder_scheduled: { label: 'appointments.state_reminder_scheduled', mark: '◷' },
  plain: { label: null, mark: '' },
};

export function appointmentTone(appointment: Pick<Appointment, 'cancelled' | 'confirmed' | 'reminder_sent' | 'reminder_scheduled_for'>): AppointmentTone {
  const colour = appointmentColour(appointment);
  return { colour, ...TONES[colour] };
}

/** Reasons a recipient was not texted that the summary words itself (short, as a list item). */
const SKIP_REASON_KEYS: Record<string, string> = {
  opted_out: 'appointments.skip_opted_out',
  landline: 'appointments.skip_landline',
  blocked: 'appointments.skip_blocked',
  no_cell: 'appointments.skip_no_cell',
  no_phone: 'appointments.skip_no_cell',
  unknown_in_safe_mode: 'appointments.skip_unknown_in_safe_mode',
};

export interface SkipLine {
  reason: string;
  count: number;
  /** Locale key for the reason, or null: the caller words it from the texting refusals, else as "other". */
  key: string | null;
}

/** The summary's "skipped" lines, largest first; reasons with no recipient left out. */
export function skipLines(mass: Pick<MassMessage, 'skipped'>): SkipLine[] {
  return Object.entries(mass.skipped)
    .filter(([, count]) => count > 0)
    .map(([reason, count]) => ({ reason, count, key: Object.hasOwn(SKIP_REASON_KEYS, reason) ? SKIP_REASON_KEYS[reason]! : null }))
    .sort((a, b) => b.count - a.count || a.reason.localeCompare(b.reason));
}

export function skippedTotal(mass: Pick<MassMessage, 'skipped'>): number {
  return Object.values(mass.skipped).reduce((sum, count) => sum + count, 0);
}

/** Recipients dealt with so far (sent, scheduled, skipped or failed), for the progress bar. */
export function massProgress(mass: Pick<MassMessage, 'sent' | 'scheduled' | 'skipped' | 'failed' | 'total'>): { done: number; total: number } {
  return { done: Math.min(mass.total, mass.sent + (mass.scheduled ?? 0) + mass.failed + skippedTotal(mass)), total: mass.total };
}

/** Events and answers may arrive out of order: a finished report, or one further along, wins. */
export function newer(current: MassMessage, next: MassMessage): MassMessage {
  if (next.id !== current.id) return current;
  if (current.state === 'finished' && next.state !== 'finished') return current;
  if (next.state === 'finished') return next;
  return massProgress(next).done >= massProgress(current).done ? next : current;
}

/** A reminder's delivery state in the conversation's words (locale keys write 'not sent' with an underscore). */
export function deliveryKey(state: string | null | undefined): string | null {
  return state ? `delivery.${state.replace(' ', '_')}` : null;
}
