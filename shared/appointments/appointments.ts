/**
 * The appointments board's records as the API answers them (SPEC §3 "Appointment", §4 colours and
 * reducer rules). The DMS feeds appointments; the console books them too.
 */
import type { AgentRef } from '../people.js';
import type { Customer, Vehicle } from '../customers.js';
import type { DeliveryState } from '../messages.js';

export interface Appointment {
  id: string;
  location_id: string;
  /** The DMS's id, or null for one booked in the console. */
  dms_appointment_id: string | null;
  customer: Customer;
  scheduled_at: string;
  agent: AgentRef | null;
  vehicle: Vehicle | null;
  notes: string;
  /** Marked in the console; never sent to the customer or the DMS (SPEC §4). */
  confirmed: boolean;
  cancelled: boolean;
  archived: boolean;
  /** The reminder has gone to the carrier (false while it is held for quiet hours, or when it ended not sent). */
  reminder_sent: boolean;
  /** When the held reminder goes (quiet hours); null when none is held. */
  reminder_scheduled_for: string | null;
  /**
   * The reminder text, with its delivery state (the "appointments sent" list): `sent_at` is when it
   * was queued, `send_at` when a held one goes.
   */
  reminder_message: { id: string; sent_at: string; send_at?: string | null; metadata: { sms_status: DeliveryState | null } } | null;
  /** For the agent asking: a customer message arrived after they last read the conversation. */
  is_unread: boolean;
  disable_read_mark: boolean;
  message_thread: { id: string; bumped_at: string | null };
  message_thread_id: string;
  created_at: string;
  metadata: { message_count: number };
  /**
   * When the customer wrote into an appointment from before today: from then on, through that day,
   * it is back on the board (which lists from the start of today), so staff see the reply. Null when
   * it never was.
   */
  listed_from?: string | null;
}

/** The moment an appointment sits at on the board: its time, or a later reply that brought it back (`listed_from`). */
export function listedAt(appointment: { scheduled_at: string; listed_from?: string | null }): string {
  const from = appointment.listed_from ?? '';
  return from > appointment.scheduled_at ? from : appointment.scheduled_at;
}

/**
 * SPEC §4: cancelled red, confirmed green, reminder sent grey (cancelled wins: it is the newest fact
 * that matters); a reminder held for quiet hours is not sent yet, and says so without the grey.
 */
export type AppointmentColour = 'cancelled' | 'confirmed' | 'reminded' | 'reminder_scheduled' | 'plain';

export function appointmentColour(a: Pick<Appointment, 'cancelled' | 'confirmed' | 'reminder_sent' | 'reminder_scheduled_for'>): AppointmentColour {
  if (a.cancelled) return 'cancelled';
  if (a.confirmed) return 'confirmed';
  if (a.reminder_sent) return 'reminded';
  if (a.reminder_scheduled_for) return 'reminder_scheduled';
  return 'plain';
}

/**
 * The reminder as the console tells it, from the stored claim and the reminder text's delivery
 * state: sent once the carrier has it; scheduled (and when) while quiet hours hold it.
 */
export function reminderShown(record: { reminder_sent: boolean; reminder_message: Appointment['reminder_message'] }): Pick<Appointment, 'reminder_sent' | 'reminder_scheduled_for'> {
  const status = record.reminder_message?.metadata.sms_status ?? null;
  if (status === 'scheduled') return { reminder_sent: false, reminder_scheduled_for: record.reminder_message?.send_at ?? record.reminder_message?.sent_at ?? null };
  return { reminder_sent: record.reminder_sent && status !== 'not sent', reminder_scheduled_for: null };
}

export const APPOINTMENT_PAGE_SIZE = 20;
/** Replies that confirm an appointment when they answer its reminder (beyond the spec). */
export const CONFIRMING_REPLIES: readonly string[] = ['c', 'confirm', 'confirmed', 'yes', 'y'];


