/**
 * Appointments as the board works them: booked in the console (for a known customer or a new one)
 * or fed by the DMS, marked confirmed or cancelled (the product's status only: no text goes and the
 * DMS is unchanged, SPEC §4), archived; and the API's view of them for one agent.
 */
import { startOfDay } from 'date-fns';
import { TZDate } from '@date-fns/tz';
import { holdsOrders } from '../../shared/access.js';
import { reminderShown, type Appointment } from '../../shared/appointments/appointments.js';
import type { AppointmentInput } from '../../shared/appointments/schemas.js';
import { APPOINTMENT_ERRORS } from '../../shared/appointments/schemas.js';
import type { SettingsOf } from '../../shared/schemas/settings.js';
import { agentRef, getAgent } from '../lib/agents.js';
import { ValidationError } from '../lib/errors.js';
import { newId } from '../lib/ids.js';
import { getLocation } from '../lib/locations.js';
import { readSettings } from '../lib/settings.js';
import { customerView, type CustomerRecord } from '../customers/records.js';
import { viewsForAgent } from '../messages/agentViews.js';
import { announceAppointment, appointmentChanged } from './events.js';
import { prewelcomeAtFor, remindAtFor } from './reminderTime.js';
import { appointmentsFrom, appointmentThreadOf, getAppointments, saveAppointment, updateAppointment, type AppointmentRecord } from './records.js';

export function newAppointmentRecord(base: Pick<AppointmentRecord, 'id' | 'company_id' | 'location_id' | 'customer_id' | 'scheduled_at'>, now: string): AppointmentRecord {
  return {
    ...base,
    dms_appointment_id: null,
    agent: null,
    vehicle: null,
    notes: '',
    cancelled: false,
    confirmed: false,
    archived: false,
    reminder_sent: false,
    remind_at: null,
    reminder_message: null,
    disable_read_mark: false,
    bumped_at: null,
    last_inbound_at: null,
    message_count: 0,
    created_at: now,
    updated_at: now,
    version: 1,
  };
}

/** Books an appointment in the console for a customer of the location. */
export async function bookAppointment(customer: CustomerRecord, input: AppointmentInput, now = new Date()): Promise<AppointmentRecord> {
  if (Date.parse(input.scheduled_at) < now.getTime()) throw new ValidationError([{ message: APPOINTMENT_ERRORS.in_past, path: 'appointment.scheduled_at' }]);
  const agent = input.agent_id ? await getAgent(customer.company_id, input.agent_id) : undefined;
  // The appointment's advisor takes the car: someone who holds orders, as on the service board.
  if (input.agent_id && (!agent || !agent.active || !holdsOrders(agent.access_level) || agent.location_id !== customer.location_id)) {
    throw new ValidationError([{ message: 'Choose an advisor of this location', path: 'appointment.agent_id' }]);
  }
  const settings = await readSettings(customer.company_id, customer.location_id, 'appointments_settings');
  const at = now.toISOString();
  const scheduledAt = new Date(input.scheduled_at).toISOString();
  const record: AppointmentRecord = {
    ...newAppointmentRecord({ id: newId('apt'), company_id: customer.company_id, location_id: customer.location_id, customer_id: customer.id, scheduled_at: scheduledAt }, at),
    agent: agent ? agentRef(agent) : null,
    vehicle: input.vehicle,
    notes: input.notes,
    remind_at: remindAtFor(scheduledAt, at, settings),
    prewelcome_at: prewelcomeAtFor(scheduledAt, at, settings),
  };
  await saveAppointment(record, null);
  await announceAppointment(record, appointmentChanged(record, 'booked'));
  return record;
}

/** The start of today where the store is: "today's and upcoming" begins there. */
export async function startOfToday(companyId: string, locationId: string, now = new Date()): Promise<string> {
  const location = await getLocation(companyId, locationId);
  // In UTC like every stored time (a TZDate would write its own offset, which does not sort with them).
  return new Date(startOfDay(new TZDate(now, location?.timezone ?? 'UTC')).getTime()).toISOString();
}

/** The most a board's "all" reaches in one mass text (messages/massTexts.ts caps recipients too). */
const ALL_LIMIT = 5000;

/** A mass text's appointments: the ones picked, or all of today's and upcoming, at the location. */
export async function appointmentsToText(companyId: string, locationId: string, pick: string[] | 'all'): Promise<AppointmentRecord[]> {
  if (pick === 'all') return (await appointmentsFrom(companyId, locationId, await startOfToday(companyId, locationId), 0, ALL_LIMIT)).records;
  return (await getAppointments(companyId, pick, true)).filter((a) => a.location_id === locationId && !a.archived);
}

export { prewelcomeAtFor, remindAtFor };

export type AppointmentMark = 'confirm' | 'cancel' | 'archive';

/** Confirm, cancel or archive: the product's status only. Cancelling or archiving takes the reminder off. */
export async function markAppointment(record: AppointmentRecord, mark: AppointmentMark): Promise<AppointmentRecord> {
  const { after, changed } = await updateAppointment(record.company_id, record.id, (now) => {
    if (mark === 'confirm') return now.confirmed ? null : { confirmed: true };
    if (mark === 'cancel') return now.cancelled ? null : { cancelled: true };
    return now.archived ? null : { archived: true };
  });
  if (changed) await announceAppointment(after, appointmentChanged(after, mark === 'confirm' ? 'confirmed' : mark === 'cancel' ? 'cancelled' : 'archived'));
  return after;
}

export function appointmentView(record: AppointmentRecord, customer: CustomerRecord, unread: boolean): Appointment {
  const thread = appointmentThreadOf(record.id);
  return {
    id: record.id,
    location_id: record.location_id,
    dms_appointment_id: record.dms_appointment_id,
    customer: customerView(customer),
    scheduled_at: record.scheduled_at,
    agent: record.agent,
    vehicle: record.vehicle,
    notes: record.notes,
    confirmed: record.confirmed,
    cancelled: record.cancelled,
    archived: record.archived,
    ...reminderShown(record),
    reminder_message: record.reminder_message,
    is_unread: unread,
    disable_read_mark: record.disable_read_mark,
    message_thread: { id: thread, bumped_at: record.bumped_at },
    message_thread_id: thread,
    listed_from: record.listed_from ?? null,
    created_at: record.created_at,
    metadata: { message_count: record.message_count },
  };
}

/** The API view of several appointments for one agent: customers and read marks joined in two batch reads. */
export function appointmentViews(companyId: string, agentId: string, records: AppointmentRecord[]): Promise<Appointment[]> {
  return viewsForAgent(companyId, agentId, 'appointment', records, appointmentView);
}
