/**
 * Appointments from the DMS, for the appointments board: by the DMS's appointment id, with their
 * customer, time, advisor, vehicle, notes and cancellation. The console's own marks (confirmed,
 * reminder sent, archived) and the conversation are kept when the DMS sends the appointment again;
 * a new time moves the reminder with it.
 */
import { isDeepStrictEqual } from 'node:util';
import type { DmsAppointment } from '../../shared/schemas/dms.js';
import { dmsRecordId } from '../lib/ids.js';
import { readSettings } from '../lib/settings.js';
import { prewelcomeAtFor, remindAtFor, newAppointmentRecord } from '../appointments/booking.js';
import { announceAppointment, appointmentChanged } from '../appointments/events.js';
import { AppointmentChanged, getAppointment, saveAppointment, type AppointmentRecord } from '../appointments/records.js';
import { customerOfRecord } from './customers.js';
import { sent, utc, type FeedContext, type RecordStatus } from './feed.js';

export const appointmentIdOf = (ctx: Pick<FeedContext, 'companyId' | 'location'>, dmsAppointmentId: string): string =>
  dmsRecordId('apt', ctx.companyId, ctx.location.id, 'appointment', dmsAppointmentId);

export { getAppointment };

const DIFFERS: (keyof AppointmentRecord)[] = ['customer_id', 'scheduled_at', 'agent', 'vehicle', 'notes', 'cancelled'];

export async function ingestAppointment(ctx: FeedContext, record: DmsAppointment, raw: unknown): Promise<RecordStatus> {
  const { customer, status: customerStatus } = await customerOfRecord(ctx, record.dms_customer_id, record.customer, raw);
  const id = appointmentIdOf(ctx, record.dms_appointment_id);
  // The appointment's advisor is the DMS's to set (nobody assigns appointments in the console yet).
  const agent = sent(raw, 'advisor_email') ? (record.advisor_email ? await ctx.advisorByEmail(record.advisor_email) : null) : undefined;

  const settings = await readSettings(ctx.companyId, ctx.location.id, 'appointments_settings');
  for (let attempt = 0; ; attempt++) {
    const now = new Date().toISOString();
    const existing = (await getAppointment(ctx.companyId, id, true)) ?? null;
    const base = existing ?? newAppointmentRecord({ id, company_id: ctx.companyId, location_id: ctx.location.id, customer_id: customer.id, scheduled_at: utc(record.scheduled_at) }, now);
    const scheduledAt = utc(record.scheduled_at);
    const next: AppointmentRecord = {
      ...base,
      dms_appointment_id: record.dms_appointment_id,
      customer_id: customer.id,
      scheduled_at: scheduledAt,
      agent: agent === undefined ? base.agent : agent,
      vehicle: sent(raw, 'vehicle') ? (record.vehicle ?? null) : base.vehicle,
      notes: sent(raw, 'notes') ? record.notes : base.notes,
      cancelled: sent(raw, 'cancelled') ? record.cancelled : base.cancelled,
      // A new time moves the reminder still to go; one that went stays sent.
      remind_at: base.reminder_sent ? base.remind_at : existing && existing.scheduled_at === scheduledAt ? existing.remind_at : remindAtFor(scheduledAt, base.created_at, settings),
      prewelcome_at:
        base.prewelcome_sent ? (base.prewelcome_at ?? null) : existing && existing.scheduled_at === scheduledAt ? (existing.prewelcome_at ?? null) : prewelcomeAtFor(scheduledAt, base.created_at, settings),
      updated_at: now,
      version: (existing?.version ?? 0) + 1,
    };
    if (existing && DIFFERS.every((field) => isDeepStrictEqual(existing[field], next[field]))) {
      return customerStatus === 'unchanged' ? 'unchanged' : 'updated';
    }
    try {
      await saveAppointment(next, existing);
      await announceAppointment(next, appointmentChanged(next, existing ? 'dms_updated' : 'booked'));
      return existing ? 'updated' : 'created';
    } catch (err) {
      if (attempt >= 4 || !(err instanceof AppointmentChanged)) throw err;
    }
  }
}
