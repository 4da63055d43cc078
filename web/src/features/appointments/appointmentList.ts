/**
 * The appointments board's list as pages of the inbox endpoint (SPEC §7 paging) and the changes
 * the board makes to it between fetches (SPEC §4 "Appointment colour" reducer rules). Pure, so
 * every rule is tested without a browser.
 *
 * The list reads in time order (today's and upcoming appointments): a new or moved appointment
 * takes its place by `scheduled_at`, and a text only bumps the thread, it never moves the row.
 */
import type { Paging } from '../../../../shared/api.js';
import { listedAt, type Appointment } from '../../../../shared/appointments/appointments.js';
import type { Customer } from '../../../../shared/customers.js';
import { findListed, insertListed, listedRows, patchListed, unreadRows, withoutListed, type PageRows } from '../../lib/pagedRows.js';
import { TZDate } from '@date-fns/tz';
import { startOfDay } from 'date-fns';

export interface AppointmentPage {
  appointments: Appointment[];
  meta: { paging: Paging };
}

/** The customer facts that reach every appointment of that customer (SPEC §4). */
export type CustomerConsent = Pick<Customer, 'id' | 'opt_in' | 'opt_metadata' | 'blocked_at'>;

export type AppointmentChange =
  /** Booked here or heard of for the first time: a row whose id is already listed is left alone. */
  | { type: 'add'; appointment: Appointment }
  /** Fetched again after a change: it replaces its row (and leaves the list once archived). */
  | { type: 'replace'; appointment: Appointment }
  | { type: 'confirm'; id: string }
  | { type: 'cancel'; id: string }
  | { type: 'archive'; id: string }
  | { type: 'customer'; customer: CustomerConsent }
  | { type: 'disable_read_mark'; id: string; disabled: boolean }
  /** A message in the thread: `inbound` from the customer; `reading` when this agent has it open right now. */
  | { type: 'bump'; id: string; at: string; inbound: boolean; reading: boolean }
  | { type: 'read'; id: string; unread: boolean };

function timeOf(appointment: Appointment): number {
  // Where the server lists it: a reply into one from before today put it back at the reply's moment.
  const at = Date.parse(listedAt(appointment));
  return Number.isNaN(at) ? Number.POSITIVE_INFINITY : at;
}

const APPOINTMENT_PAGES: PageRows<AppointmentPage, Appointment> = {
  read: (page) => page.appointments,
  write: (page, rows) => ({ ...page, appointments: rows }),
};

/** Every loaded appointment once, in page order (pages fetched while the list moved may repeat one). */
export function appointmentRows(pages: readonly AppointmentPage[] | undefined): Appointment[] {
  return listedRows(APPOINTMENT_PAGES, pages);
}

export function findAppointment(pages: readonly AppointmentPage[] | undefined, id: string): Appointment | undefined {
  return findListed(APPOINTMENT_PAGES, pages, id);
}

function without(pages: readonly AppointmentPage[], id: string): AppointmentPage[] {
  return withoutListed(APPOINTMENT_PAGES, pages, id);
}

/** Puts an appointment before the first later one; after every loaded row when it is the latest. */
function insertByTime(pages: AppointmentPage[], appointment: Appointment): AppointmentPage[] {
  const at = timeOf(appointment);
  return insertListed(APPOINTMENT_PAGES, pages, appointment, (row) => timeOf(row) > at);
}

function patch(pages: readonly AppointmentPage[], match: (a: Appointment) => boolean, change: (a: Appointment) => Appointment): AppointmentPage[] {
  return patchListed(APPOINTMENT_PAGES, pages, match, change);
}

function bumped(row: Appointment, at: string, inbound: boolean, reading: boolean): Appointment {
  const previous = row.message_thread.bumped_at;
  const latest = previous && Date.parse(previous) > Date.parse(at) ? previous : at;
  return {
    ...row,
    message_thread: { ...row.message_thread, bumped_at: latest },
    // The customer wrote and nobody is reading it here: unread. An agent's own text changes nothing.
    is_unread: inbound && !reading ? true : row.is_unread,
    metadata: { ...row.metadata, message_count: row.metadata.message_count + 1 },
  };
}

/**
 * Whether an appointment belongs on the board, as the server lists it: not archived, and from the
 * start of today where the store is (by its time, or by today's reply that brought it back). An
 * appointment fetched again (a live change, one from before today) only comes back onto the list when it does.
 */
export function onBoard(appointment: Pick<Appointment, 'archived' | 'scheduled_at' | 'listed_from'>, timeZone: string, now = Date.now()): boolean {
  if (appointment.archived) return false;
  const today = startOfDay(new TZDate(now, timeZone)).getTime();
  return Date.parse(listedAt(appointment)) >= today;
}

/** The list after one change (SPEC §4 reducer rules). Pages without the row are kept as they were. */
export function reduceAppointments(pages: readonly AppointmentPage[], change: AppointmentChange): AppointmentPage[] {
  switch (change.type) {
    case 'add':
      if (findAppointment(pages, change.appointment.id)) return [...pages];
      return change.appointment.archived ? [...pages] : insertByTime([...pages], change.appointment);
    case 'replace': {
      const rest = without(pages, change.appointment.id);
      return change.appointment.archived ? rest : insertByTime(rest, change.appointment);
    }
    case 'confirm':
      return patch(pages, (a) => a.id === change.id, (a) => ({ ...a, confirmed: true }));
    case 'cancel':
      return patch(pages, (a) => a.id === change.id, (a) => ({ ...a, cancelled: true }));
    case 'archive':
      return without(pages, change.id);
    case 'customer': {
      const { id, opt_in, opt_metadata, blocked_at } = change.customer;
      return patch(
        pages,
        (a) => a.customer.id === id,
        (a) => ({ ...a, customer: { ...a.customer, opt_in, opt_metadata, blocked_at } }),
      );
    }
    case 'disable_read_mark':
      return patch(pages, (a) => a.id === change.id, (a) => ({ ...a, disable_read_mark: change.disabled }));
    case 'bump':
      return patch(pages, (a) => a.id === change.id, (a) => bumped(a, change.at, change.inbound, change.reading));
    case 'read':
      return patch(pages, (a) => a.id === change.id, (a) => ({ ...a, is_unread: change.unread }));
  }
}

export function unreadCount(rows: readonly Appointment[]): number {
  return unreadRows(rows);
}

export function customerName(appointment: Appointment): string {
  return [appointment.customer.first_name, appointment.customer.last_name].filter(Boolean).join(' ').trim();
}

export function vehicleLabel(appointment: Appointment): string {
  const vehicle = appointment.vehicle;
  if (!vehicle) return '';
  return [vehicle.year ?? '', vehicle.make, vehicle.model].filter((part) => String(part).trim()).join(' ');
}

export function isOptedOut(appointment: Appointment): boolean {
  return appointment.customer.opt_in === 'out';
}

/**
 * Any agent who opens an appointment's conversation has read it (is_unread is per agent), unless
 * marking is off for it. Unlike a repair order, an appointment is not read only by its advisor:
 * the coordinator who answers it is seldom the advisor booked.
 */
export function mayAutoMarkRead(appointment: Pick<Appointment, 'is_unread' | 'disable_read_mark'>): boolean {
  return appointment.is_unread && !appointment.disable_read_mark;
}
