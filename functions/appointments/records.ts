/**
 * Appointment records and the lists they sit on: the only code that knows their keys. An
 * appointment not archived is on its location's list by time (gsi1); one whose reminder is still to
 * go is on the reminders-due index by the moment it is due (gsi2, sparse); one whose reminder went
 * has a line on the location's "appointments sent" list; the board's list is mirrored keys-only on
 * gsi3, so its total is counted and its deep pages skipped on keys alone; and a link in the customer's partition lets
 * a reply find the customer's next appointment. One transaction writes the record and its link,
 * conditional on the version it read.
 */
import { listedAt } from '../../shared/appointments/appointments.js';
import type { AgentRef } from '../../shared/people.js';
import type { Vehicle } from '../../shared/customers.js';
import type { DeliveryState } from '../../shared/messages.js';
import { notFound } from '../lib/errors.js';
import { keys } from '../lib/keys.js';
import { updateVersioned, type VersionedUpdate } from '../lib/versioned.js';
import { batchGet, fields, getItem, isConditionFailure, queryAll, queryPage, readPage, transactWrite, type Item, type TransactWrite } from '../lib/table.js';

/** Keys of the records this store owns (docs/data-model.md). */
export const appointmentKeys = {
  appointment: (companyId: string, appointmentId: string) => ({ pk: `COMPANY#${companyId}#APPOINTMENT#${appointmentId}`, sk: 'APPOINTMENT' }),
  /** gsi1 on appointments not archived: a location's appointments by time. */
  appointmentsOfLocation: (companyId: string, locationId: string) => ({ gsi1pk: `COMPANY#${companyId}#LOCATION#${locationId}#APPOINTMENTS` }),
  /** A location's reminders sent ("appointments sent"), `sk = {sent_at}#{appointment id}`, newest first. */
  remindersSent: (companyId: string, locationId: string) => ({ pk: `COMPANY#${companyId}#LOCATION#${locationId}#REMINDERS_SENT` }),
  /** gsi2 on appointments whose reminder is still to go: by the time it is due (the reminders job). */
  appointmentRemindersDue: () => ({ gsi2pk: 'APPOINTMENT_REMINDERS#DUE' }),
  /** The appointment's prewelcome still to go, in its partition; on gsi2 by the time it is due (the prewelcomes job). */
  prewelcome: (companyId: string, appointmentId: string) => ({ pk: `COMPANY#${companyId}#APPOINTMENT#${appointmentId}`, sk: 'PREWELCOME' }),
  appointmentPrewelcomesDue: () => ({ gsi2pk: 'APPOINTMENT_PREWELCOMES#DUE' }),
  /** Appointment links in the customer's partition, `sk = APT#{scheduled_at}#{id}`: inbound threading. */
  appointmentsOfCustomer: (companyId: string, customerId: string) => ({ pk: `COMPANY#${companyId}#CUSTOMER#${customerId}`, skPrefix: 'APT#' }),
} as const;

/** Whether an item's keys are an appointment's (the table's stream tells every item's change). */
export const isAppointmentKey = (k: { pk: string; sk: string }): boolean => k.sk === 'APPOINTMENT' && /^COMPANY#[^#]+#APPOINTMENT#[^#]+$/.test(k.pk);

export interface AppointmentRecord {
  id: string;
  company_id: string;
  location_id: string;
  /** The DMS's id, or null for one booked in the console. */
  dms_appointment_id: string | null;
  customer_id: string;
  scheduled_at: string;
  agent: AgentRef | null;
  vehicle: Vehicle | null;
  notes: string;
  cancelled: boolean;
  /** Marked in the console; the DMS never changes it (SPEC §4). */
  confirmed: boolean;
  archived: boolean;
  reminder_sent: boolean;
  /**
   * When the reminder is due (remind-days before the appointment), or null when none will go:
   * reminders off, booked after that moment ("not scheduled earlier"), sent, cancelled or archived.
   */
  remind_at: string | null;
  /**
   * When the prewelcome is due (appointments_settings.prewelcome_hours_before the visit), or null when
   * none will go: prewelcomes off, booked after that moment, sent, cancelled or archived. Absent on
   * appointments written before the prewelcome.
   */
  prewelcome_at?: string | null;
  prewelcome_sent?: boolean;
  /** `send_at`: when a reminder held for quiet hours goes. */
  reminder_message: { id: string; sent_at: string; send_at?: string | null; metadata: { sms_status: DeliveryState | null } } | null;
  disable_read_mark: boolean;
  /** Newest message of any direction, else null. */
  bumped_at: string | null;
  /** Newest customer message: unread for agents who read before it. */
  last_inbound_at: string | null;
  /** A reply into an appointment from before today brings it back onto the board from then (shared/appointments/appointments.ts listedAt). */
  listed_from?: string | null;
  message_count: number;
  created_at: string;
  updated_at: string;
  version: number;
}

/** Thread id of an appointment's conversation. */
export const appointmentThreadOf = (id: string): string => `thr_${id}`;

export function appointmentItem(record: AppointmentRecord): Item<AppointmentRecord> {
  const due = record.remind_at && !record.reminder_sent && !record.cancelled && !record.archived;
  const listed = record.archived ? null : { pk: appointmentKeys.appointmentsOfLocation(record.company_id, record.location_id).gsi1pk, sk: `${listedAt(record)}#${record.id}` };
  return {
    ...appointmentKeys.appointment(record.company_id, record.id),
    ...(listed ? { gsi1pk: listed.pk, gsi1sk: listed.sk, gsi3pk: listed.pk, gsi3sk: listed.sk } : {}),
    ...(due ? { ...appointmentKeys.appointmentRemindersDue(), gsi2sk: `${record.remind_at}#${record.company_id}#${record.id}` } : {}),
    ...record,
  };
}

/**
 * The prewelcome's due line while it is still to go. Its own item, as the record's own gsi2 place is
 * the reminder's; written with the record, so a new time, a cancellation or an archive moves or ends it.
 */
function prewelcomeDueItem(record: AppointmentRecord) {
  if (!record.prewelcome_at || record.prewelcome_sent || record.cancelled || record.archived) return null;
  return {
    ...appointmentKeys.prewelcome(record.company_id, record.id),
    ...appointmentKeys.appointmentPrewelcomesDue(),
    gsi2sk: `${record.prewelcome_at}#${record.company_id}#${record.id}`,
    company_id: record.company_id,
    id: record.id,
  };
}

/** The reminder's line on the location's "appointments sent" list, once it went. */
function reminderSentItem(record: AppointmentRecord) {
  if (!record.reminder_message) return null;
  return { pk: appointmentKeys.remindersSent(record.company_id, record.location_id).pk, sk: `${record.reminder_message.sent_at}#${record.id}`, appointment_id: record.id };
}

function customerLinkItem(record: AppointmentRecord) {
  const { pk, skPrefix } = appointmentKeys.appointmentsOfCustomer(record.company_id, record.customer_id);
  return { pk, sk: `${skPrefix}${record.scheduled_at}#${record.id}`, appointment_id: record.id, location_id: record.location_id, scheduled_at: record.scheduled_at };
}

/** The record changed under the writer (another write got in first): read again and retry. */
export class AppointmentChanged extends Error {
  override readonly name = 'AppointmentChanged';
}

/** Writes `next` (version bumped by the caller, 1 for a new one) with its customer link. */
export async function saveAppointment(next: AppointmentRecord, previous: AppointmentRecord | null): Promise<void> {
  const writes: TransactWrite[] = [
    {
      Put: {
        Item: appointmentItem(next),
        ConditionExpression: previous ? 'version = :v' : 'attribute_not_exists(pk)',
        ...(previous ? { ExpressionAttributeValues: { ':v': previous.version } } : {}),
      },
    },
    { Put: { Item: customerLinkItem(next) } },
  ];
  const sentLine = reminderSentItem(next);
  if (sentLine && sentLine.sk !== (previous && reminderSentItem(previous))?.sk) writes.push({ Put: { Item: sentLine } });
  const prewelcome = prewelcomeDueItem(next);
  const previousPrewelcome = previous && prewelcomeDueItem(previous);
  if (prewelcome && prewelcome.gsi2sk !== previousPrewelcome?.gsi2sk) writes.push({ Put: { Item: prewelcome } });
  if (!prewelcome && previousPrewelcome) writes.push({ Delete: { Key: appointmentKeys.prewelcome(next.company_id, next.id) } });
  const oldLink = previous && customerLinkItem(previous);
  if (oldLink && (oldLink.pk !== customerLinkItem(next).pk || oldLink.sk !== customerLinkItem(next).sk)) writes.push({ Delete: { Key: { pk: oldLink.pk, sk: oldLink.sk } } });
  try {
    await transactWrite(writes);
  } catch (err) {
    if (isConditionFailure(err)) throw new AppointmentChanged(`Appointment ${next.id} changed meanwhile`);
    throw err;
  }
}

export async function getAppointment(companyId: string, id: string, consistent = false): Promise<AppointmentRecord | undefined> {
  const item = await getItem<AppointmentRecord>(appointmentKeys.appointment(companyId, id), consistent);
  return item && fields(item);
}

export async function requireAppointment(companyId: string, id: string, consistent = false): Promise<AppointmentRecord> {
  const record = await getAppointment(companyId, id, consistent);
  if (!record) throw notFound('Appointment not found');
  return record;
}

/** Changes the appointment as it is now, read again and retried on a conflict (see updateVersioned). */
export async function updateAppointment(
  companyId: string,
  id: string,
  change: (record: AppointmentRecord) => Partial<AppointmentRecord> | null,
): Promise<VersionedUpdate<AppointmentRecord>> {
  return updateVersioned(
    { read: () => requireAppointment(companyId, id, true), save: saveAppointment, isConflict: (err) => err instanceof AppointmentChanged },
    change,
  );
}

/** The thread moved: one update (no read first), in the message's transaction. */
export function appointmentBumpWrite(record: AppointmentRecord, at: string, inbound: boolean): TransactWrite {
  return {
    Update: {
      Key: appointmentKeys.appointment(record.company_id, record.id),
      UpdateExpression: 'SET bumped_at = :at' + (inbound ? ', last_inbound_at = :at' : '') + ' ADD message_count :one, version :one',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':at': at, ':one': 1 },
    },
  };
}

/**
 * A location's appointments from a moment on (today's and upcoming), by time, one page. The total
 * and the offset are counted and skipped on the keys-only mirror (a few bytes an appointment), then
 * the page's records are read by key: a page costs about the same with 50 or 5,000 upcoming.
 */
export async function appointmentsFrom(companyId: string, locationId: string, from: string, offset: number, limit: number) {
  const page = await queryPage<{ pk: string; sk: string }>(
    {
      IndexName: 'gsi3',
      KeyConditionExpression: 'gsi3pk = :pk AND gsi3sk >= :from',
      ExpressionAttributeValues: { ':pk': appointmentKeys.appointmentsOfLocation(companyId, locationId).gsi1pk, ':from': from },
      ProjectionExpression: 'pk, sk',
    },
    offset,
    limit,
  );
  const items = await batchGet<AppointmentRecord>(page.items.map(({ pk, sk }) => ({ pk, sk })));
  const byKey = new Map(items.map((item) => [item.pk, fields(item)]));
  return { records: page.items.flatMap((k) => byKey.get(k.pk) ?? []), total: page.total };
}

/** A location's appointments whose reminder went, newest reminder first (the sent lines, then the records). */
export async function remindedAppointments(companyId: string, locationId: string, offset: number, limit: number) {
  const page = await queryPage<{ appointment_id: string }>(
    {
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': appointmentKeys.remindersSent(companyId, locationId).pk },
      ScanIndexForward: false,
    },
    offset,
    limit,
  );
  const records = await getAppointments(companyId, page.items.map((line) => line.appointment_id));
  const byId = new Map(records.map((record) => [record.id, record]));
  return { records: page.items.flatMap((line) => byId.get(line.appointment_id) ?? []), total: page.total };
}

/** Appointments whose reminder is due by `now`, across companies (the reminders job), oldest due first. */
export async function dueReminders(now: string, limit = 100): Promise<{ company_id: string; id: string }[]> {
  const items = await readPage<AppointmentRecord>(
    {
      IndexName: 'gsi2',
      KeyConditionExpression: 'gsi2pk = :pk AND gsi2sk <= :now',
      ExpressionAttributeValues: { ':pk': appointmentKeys.appointmentRemindersDue().gsi2pk, ':now': `${now}#~` },
      ProjectionExpression: 'company_id, id',
    },
    0,
    limit,
  );
  return items.map((item) => ({ company_id: item.company_id, id: item.id }));
}

/** Appointments whose prewelcome is due by `now`, across companies (the prewelcomes job), oldest due first. */
export async function duePrewelcomes(now: string, limit = 100): Promise<{ company_id: string; id: string }[]> {
  const items = await readPage<{ company_id: string; id: string }>(
    {
      IndexName: 'gsi2',
      KeyConditionExpression: 'gsi2pk = :pk AND gsi2sk <= :now',
      ExpressionAttributeValues: { ':pk': appointmentKeys.appointmentPrewelcomesDue().gsi2pk, ':now': `${now}#~` },
      ProjectionExpression: 'company_id, id',
    },
    0,
    limit,
  );
  return items.map((item) => ({ company_id: item.company_id, id: item.id }));
}

/** The customer's appointments from a moment on, soonest first (where a reply goes). */
export async function appointmentLinksOfCustomer(companyId: string, customerId: string, from: string): Promise<{ appointment_id: string; location_id: string; scheduled_at: string }[]> {
  const { pk, skPrefix } = appointmentKeys.appointmentsOfCustomer(companyId, customerId);
  return queryAll({
    KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
    ExpressionAttributeValues: { ':pk': pk, ':from': `${skPrefix}${from}`, ':to': `${skPrefix}~` },
  });
}

export async function getAppointments(companyId: string, ids: string[], consistent = false): Promise<AppointmentRecord[]> {
  const items = await batchGet<AppointmentRecord>(ids.map((id) => appointmentKeys.appointment(companyId, id)), consistent);
  return items.map(fields);
}
