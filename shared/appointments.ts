/**
 * The appointments board's records as the API answers them (SPEC §3 "Appointment", §4 colours and
 * reducer rules). The DMS feeds appointments; the console books them too.
 */
import type { AgentRef } from './people.js';
import type { Customer, Vehicle } from './customers.js';
import type { DeliveryState } from './messages.js';

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
  reminder_sent: boolean;
  /** The reminder text as it went, with its delivery state (the "appointments sent" list). */
  reminder_message: { id: string; sent_at: string; metadata: { sms_status: DeliveryState | null } } | null;
  /** For the agent asking: a customer message arrived after they last read the conversation. */
  is_unread: boolean;
  disable_read_mark: boolean;
  message_thread: { id: string; bumped_at: string | null };
  message_thread_id: string;
  created_at: string;
  metadata: { message_count: number };
}

/** SPEC §4: cancelled red, confirmed green, reminder sent grey (cancelled wins: it is the newest fact that matters). */
export type AppointmentColour = 'cancelled' | 'confirmed' | 'reminded' | 'plain';

export function appointmentColour(a: Pick<Appointment, 'cancelled' | 'confirmed' | 'reminder_sent'>): AppointmentColour {
  if (a.cancelled) return 'cancelled';
  if (a.confirmed) return 'confirmed';
  if (a.reminder_sent) return 'reminded';
  return 'plain';
}

export const APPOINTMENT_PAGE_SIZE = 20;
/** SPEC §9: customer search pages hold 50. */
export const CUSTOMER_SEARCH_LIMIT = 50;
/** Replies that confirm an appointment when they answer its reminder (beyond the spec). */
export const CONFIRMING_REPLIES: readonly string[] = ['c', 'confirm', 'confirmed', 'yes', 'y'];

/** A mass text's progress (SPEC §1 mass messages): counted per recipient, live on screen. */
export interface MassMessage {
  id: string;
  location_id: string;
  board: 'appointments' | 'service';
  text: string;
  state: 'running' | 'finished';
  total: number;
  sent: number;
  /** Recipients not texted, by reason id (opted_out, landline, blocked, no_cell, refused ids of SEND_ERRORS). */
  skipped: Record<string, number>;
  failed: number;
  created_at: string;
  finished_at: string | null;
  agent: AgentRef;
}

