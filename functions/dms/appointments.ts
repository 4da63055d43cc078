/**
 * Appointments from the DMS, stored for the appointments board (a later issue builds it): by the
 * DMS's appointment id, with their customer, time, advisor, vehicle, notes and cancellation. The
 * console's own marks (confirmed, reminder sent) are kept when the DMS sends the appointment again.
 */
import { isDeepStrictEqual } from 'node:util';
import type { DmsAppointment } from '../../shared/schemas/dms.js';
import type { AgentRef, Vehicle } from '../../shared/serviceBoard.js';
import { dmsRecordId } from '../lib/ids.js';
import { keys } from '../lib/keys.js';
import { fields, getItem, isConditionFailure, putItemIf, versionCondition, type Item } from '../lib/table.js';
import { customerOfRecord } from './customers.js';
import { sent, utc, type FeedContext, type RecordStatus } from './feed.js';

export interface AppointmentRecord {
  id: string;
  company_id: string;
  location_id: string;
  dms_appointment_id: string;
  customer_id: string;
  scheduled_at: string;
  agent: AgentRef | null;
  vehicle: Vehicle | null;
  notes: string;
  cancelled: boolean;
  /** Marked in the console; the DMS never changes it (SPEC §4). */
  confirmed: boolean;
  reminder_sent: boolean;
  created_at: string;
  updated_at: string;
  version: number;
}

export const appointmentIdOf = (ctx: Pick<FeedContext, 'companyId' | 'location'>, dmsAppointmentId: string): string =>
  dmsRecordId('apt', ctx.companyId, ctx.location.id, 'appointment', dmsAppointmentId);

export function appointmentItem(record: AppointmentRecord): Item<AppointmentRecord> {
  return {
    ...keys.appointment(record.company_id, record.id),
    ...keys.appointmentsOfLocation(record.company_id, record.location_id),
    gsi1sk: `${record.scheduled_at}#${record.id}`,
    ...record,
  };
}

export async function getAppointment(companyId: string, appointmentId: string): Promise<AppointmentRecord | undefined> {
  const item = await getItem<AppointmentRecord>(keys.appointment(companyId, appointmentId), true);
  return item && fields(item);
}

const DIFFERS: (keyof AppointmentRecord)[] = ['customer_id', 'scheduled_at', 'agent', 'vehicle', 'notes', 'cancelled'];

export async function ingestAppointment(ctx: FeedContext, record: DmsAppointment, raw: unknown): Promise<RecordStatus> {
  const { customer, status: customerStatus } = await customerOfRecord(ctx, record.dms_customer_id, record.customer, raw);
  const id = appointmentIdOf(ctx, record.dms_appointment_id);
  // The appointment's advisor is the DMS's to set (nobody assigns appointments in the console yet).
  const agent = sent(raw, 'advisor_email') ? (record.advisor_email ? await ctx.advisorByEmail(record.advisor_email) : null) : undefined;

  for (let attempt = 0; ; attempt++) {
    const now = new Date().toISOString();
    const existing = await getAppointment(ctx.companyId, id);
    const next: AppointmentRecord = {
      id,
      company_id: ctx.companyId,
      location_id: ctx.location.id,
      dms_appointment_id: record.dms_appointment_id,
      customer_id: customer.id,
      scheduled_at: utc(record.scheduled_at),
      agent: agent === undefined ? (existing?.agent ?? null) : agent,
      vehicle: sent(raw, 'vehicle') ? (record.vehicle ?? null) : (existing?.vehicle ?? null),
      notes: sent(raw, 'notes') ? record.notes : (existing?.notes ?? ''),
      cancelled: sent(raw, 'cancelled') ? record.cancelled : (existing?.cancelled ?? false),
      confirmed: existing?.confirmed ?? false,
      reminder_sent: existing?.reminder_sent ?? false,
      created_at: existing?.created_at ?? now,
      updated_at: now,
      version: (existing?.version ?? 0) + 1,
    };
    if (existing && DIFFERS.every((field) => isDeepStrictEqual(existing[field], next[field]))) {
      return customerStatus === 'unchanged' ? 'unchanged' : 'updated';
    }
    const { condition, values } = versionCondition(next.version);
    try {
      await putItemIf(appointmentItem(next), condition, values);
      return existing ? 'updated' : 'created';
    } catch (err) {
      if (attempt >= 4 || !isConditionFailure(err)) throw err;
    }
  }
}
