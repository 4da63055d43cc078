/**
 * Who hears about an appointment: everyone working the location's appointments board, on its
 * appointments channel (its board.ts gives it to agents with the flag and to managers).
 */
import type { AppointmentEvent } from '../../shared/appointments/events.js';
import { publishTo } from '../lib/realtime.js';
import { appointmentsChannel } from './channels.js';
import type { AppointmentRecord } from './records.js';

export const channelsOfAppointment = (record: Pick<AppointmentRecord, 'location_id'>): string[] => [appointmentsChannel(record.location_id)];

export const appointmentChanged = (record: Pick<AppointmentRecord, 'id' | 'location_id'>, reason: string): AppointmentEvent => ({
  type: 'appointment.changed',
  data: { id: record.id, location_id: record.location_id, reason },
});

export async function announceAppointment(record: Pick<AppointmentRecord, 'company_id' | 'location_id'>, event: AppointmentEvent): Promise<void> {
  await publishTo(record.company_id, channelsOfAppointment(record), event);
}
