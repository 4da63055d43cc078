/**
 * The appointments board's part in the appointments report (issue 24; README "Reports:
 * appointments"), under the appointment's advisor:
 * - booked: the appointment is made (in the console or first fed by the DMS), on its creation day;
 * - confirmed: marked confirmed in the console (never undone);
 * - cancelled: marked cancelled (in the console or by the DMS); a cancellation the DMS takes back and
 *   makes again counts again, as each is a cancellation that happened;
 * - reminded: its reminder went to the carrier;
 * - showed: the customer came. Nothing records an arrival, so a visit is what shows it: a repair
 *   order of the same customer opened at the same store on the appointment's day (the store's
 *   calendar), for an appointment not cancelled when the order or the appointment is counted. It
 *   counts at the appointment's time, once per appointment and time; whichever is written first,
 *   the order or the appointment, it is looked for from both sides, against both as they are now.
 * Every fact but `showed` is recognised from the appointment's old and new images alone, as a
 * transition, with the appointment's own times, so a re-save or the same change told twice counts
 * nothing more.
 */
import { isTextedIn } from '../../shared/repairOrders/repairOrders.js';
import { dayAfter, dayStart, storeDay } from '../../shared/reports/periods.js';
import type { Fact, TableChange, TallySource } from '../lib/boardModule.js';
import { getLocation } from '../lib/locations.js';
import { NOBODY } from '../repairOrders/factOrder.js';
import { getRepairOrders, isRepairOrderKey, repairOrderLinksOfCustomer, type RepairOrderRecord } from '../repairOrders/records.js';
import { appointmentLinksOfCustomer, getAppointment, getAppointments, isAppointmentKey, type AppointmentRecord } from './records.js';

function appointmentFact(a: AppointmentRecord, figure: string, at: string, id = figure): Fact {
  return {
    id: `${a.id}:${id}`,
    type: 'appointments',
    figure,
    company_id: a.company_id,
    location_id: a.location_id,
    at,
    dims: { agent_id: a.agent?.id ?? NOBODY },
    record: { kind: 'appointment', id: a.id, label: a.scheduled_at },
    customer_id: a.customer_id,
  };
}

/** The fact that the customer came to this appointment: one per appointment and time. */
export const showedFact = (a: AppointmentRecord): Fact => appointmentFact(a, 'showed', a.scheduled_at, `showed:${a.scheduled_at}`);

/** What one change of an appointment counts by itself (all but `showed`). */
export function appointmentFacts(before: AppointmentRecord | undefined, after: AppointmentRecord | undefined): Fact[] {
  if (!after) return [];
  const facts: Fact[] = [];
  if (!before) facts.push(appointmentFact(after, 'booked', after.created_at));
  if (after.confirmed && !before?.confirmed) facts.push(appointmentFact(after, 'confirmed', after.updated_at));
  if (after.cancelled && !before?.cancelled) facts.push(appointmentFact(after, 'cancelled', after.updated_at, `cancelled:${after.updated_at}`));
  if (after.reminder_sent && !before?.reminder_sent) facts.push(appointmentFact(after, 'reminded', after.reminder_message?.sent_at ?? after.updated_at));
  return facts;
}

/**
 * Whether a change may make an appointment one the customer came to: it is new, or now on another
 * day, of another customer, or no longer cancelled. Other changes (a message, a reminder) leave it as it was.
 */
export function mayHaveShown(before: AppointmentRecord | undefined, after: AppointmentRecord | undefined): after is AppointmentRecord {
  if (!after || after.cancelled) return false;
  return !before || before.cancelled || before.scheduled_at !== after.scheduled_at || before.customer_id !== after.customer_id;
}

/** Whether a change of a repair order may be a visit: a real order (not a text that opened one) new, or now another customer's or another day's. */
export function mayBeVisit(before: RepairOrderRecord | undefined, after: RepairOrderRecord | undefined): after is RepairOrderRecord {
  if (!after || isTextedIn(after)) return false;
  return !before || before.customer_id !== after.customer_id || before.opened_at !== after.opened_at;
}

/** The store's calendar day of an instant, and that day's bounds, at the location. */
async function storeDayOf(companyId: string, locationId: string, at: string) {
  const timeZone = (await getLocation(companyId, locationId))?.timezone ?? 'UTC';
  const day = storeDay(at, timeZone);
  return { from: dayStart(day, timeZone), to: dayAfter(day, timeZone) };
}

/** The appointment's customer had an order opened at its store on its day. */
async function showedFor(a: AppointmentRecord): Promise<Fact[]> {
  const day = await storeDayOf(a.company_id, a.location_id, a.scheduled_at);
  const links = await repairOrderLinksOfCustomer(a.company_id, a.customer_id);
  const ids = links.filter((o) => o.location_id === a.location_id && o.opened_at >= day.from && o.opened_at < day.to).map((o) => o.repair_order_id);
  if (ids.length === 0) return [];
  const orders = await getRepairOrders(a.company_id, ids);
  return [...orders.values()].some((o) => !isTextedIn(o)) ? [showedFact(a)] : [];
}

/** The appointments of the order's customer at its store on its day that were not cancelled. */
async function appointmentsVisitedBy(ro: RepairOrderRecord): Promise<Fact[]> {
  const day = await storeDayOf(ro.company_id, ro.location_id, ro.opened_at);
  const links = await appointmentLinksOfCustomer(ro.company_id, ro.customer_id, day.from);
  const ids = links.filter((l) => l.location_id === ro.location_id && l.scheduled_at < day.to).map((l) => l.appointment_id);
  if (ids.length === 0) return [];
  const appointments = await getAppointments(ro.company_id, ids);
  // A link is written with its appointment, and a moved one's old link deleted with it: the record decides.
  return appointments.filter((a) => !a.cancelled && a.location_id === ro.location_id && a.scheduled_at >= day.from && a.scheduled_at < day.to).map(showedFact);
}

export const appointmentTallies: TallySource = async (change: TableChange) => {
  if (isAppointmentKey(change.keys)) {
    const before = change.old as AppointmentRecord | undefined;
    const after = change.new as AppointmentRecord | undefined;
    const facts = appointmentFacts(before, after);
    if (!mayHaveShown(before, after)) return facts;
    // Orders are looked for as they are now, so the appointment is too: a change told late (or
    // again) must not find today's order for the appointment as it stood before it was cancelled.
    const now = await getAppointment(after.company_id, after.id, true);
    return now && !now.cancelled ? [...facts, ...(await showedFor(now))] : facts;
  }
  if (isRepairOrderKey(change.keys)) {
    const before = change.old as RepairOrderRecord | undefined;
    const after = change.new as RepairOrderRecord | undefined;
    return mayBeVisit(before, after) ? appointmentsVisitedBy(after) : [];
  }
  return [];
};
