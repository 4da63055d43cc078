/**
 * How a row says what state the appointment is in (SPEC §4 "Appointment colour"): cancelled red,
 * confirmed green, reminder sent grey, each with a word and a mark beside the colour, so the
 * state never rests on colour alone.
 */
import { appointmentColour, type Appointment, type AppointmentColour } from '../../../../shared/appointments/appointments.js';

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

/** A reminder's delivery state in the conversation's words (locale keys write 'not sent' with an underscore). */
export function deliveryKey(state: string | null | undefined): string | null {
  return state ? `delivery.${state.replace(' ', '_')}` : null;
}
