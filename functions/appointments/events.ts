/**
 * Who hears about an appointment: everyone working the location's appointments board, on its
 * appointments channel (lib/realtime.ts channelsFor gives it to agents with the flag and to managers).
 */
import type { AppointmentEvent } from '../../shared/events.js';
import { channels, publishTo } from '../lib/realtime.js';
import type { AppointmentRecord } from './records.js';

export const channelsOfAppointment = (record: Pick<AppointmentRecord, 'location_id'>): string[] => [channels.appointments(record.location_id)];

export const appointmentChanged = (record: Pick<AppointmentRecord, 'id' | 'location_id'>, reason: string): AppointmentEvent => ({
  type: 'appointment.changed',
  data: { id: record.id, location_id: record.location_id, reason },
});

export async function announceAppointment(record: Pick<AppointmentRecord, 'company_id' | 'location_id'>, event: AppointmentEvent): Promise<void> {
  await publishTo(record.company_id, channelsOfAppointment(record), event);
}
