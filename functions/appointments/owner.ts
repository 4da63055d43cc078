/**
 * Appointments as owners of conversations (functions/messages/owners.ts): texting needs no advisor
 * and no op code (those are the repair order's rules); a reply goes to the customer's next
 * appointment when no repair order is open, or to a past one when nothing better is there (see
 * THREAD_TIERS); a reply "C", "confirm" or "yes" to the reminder confirms
 * the appointment, with the APPOINTMENT_CONFIRMATION note; the reminder's delivery state follows its text.
 */
import { CONFIRMING_REPLIES } from '../../shared/appointments/appointments.js';
import { registerOwner, THREAD_TIERS, type ConversationOwner, type OwnerPort, type ThreadCandidate } from '../messages/owners.js';
import { addSystemNote } from '../messages/notes.js';
import { visibleAppointment, worksAppointments } from './access.js';
import { appointmentsToText, startOfToday } from './booking.js';
import { announceAppointment, appointmentChanged, channelsOfAppointment } from './events.js';
import { appointmentsChannel } from './channels.js';
import { appointmentBumpWrite, appointmentLinksOfCustomer, appointmentThreadOf, getAppointment, getAppointments, updateAppointment, type AppointmentRecord } from './records.js';

/** A reply still counts for an appointment that began this long ago (the customer is at the desk). */
const STILL_CURRENT_MS = 12 * 3600_000;

/**
 * A customer who writes into an appointment from before today (they answer what they were last
 * texted about) must be seen: the board lists from the start of today, so the appointment comes
 * back onto it from the reply on, through that day, and every open board hears it.
 */
async function backOnTheBoard(record: AppointmentRecord, at: string): Promise<void> {
  if (record.archived || record.scheduled_at >= (await startOfToday(record.company_id, record.location_id, new Date(at)))) return;
  const { after, changed } = await updateAppointment(record.company_id, record.id, (now) => (now.archived || (now.listed_from ?? '') >= at ? null : { listed_from: at }));
  if (changed) await announceAppointment(after, appointmentChanged(after, 'replied'));
}

export function appointmentOwner(record: AppointmentRecord): ConversationOwner<AppointmentRecord> {
  return {
    kind: 'appointment',
    id: record.id,
    company_id: record.company_id,
    location_id: record.location_id,
    customer_id: record.customer_id,
    agent: record.agent,
    thread_id: appointmentThreadOf(record.id),
    archived: record.archived,
    message_count: record.message_count,
    rules: { closed: false, agent: record.agent, opcodes: null, needsAdvisor: false },
    record,
  };
}

/** Whether a customer's words confirm the appointment their reminder asked about. */
export function confirmsAppointment(text: string): boolean {
  const word = text.trim().toLowerCase().replace(/[.!\s]+$/u, '');
  return CONFIRMING_REPLIES.includes(word);
}

export const appointmentPort: OwnerPort<AppointmentRecord> = {
  kind: 'appointment',
  owner: appointmentOwner,
  load: (companyId, id, consistent) => getAppointment(companyId, id, consistent),
  visible: visibleAppointment,
  worksBoard: worksAppointments,
  massRecipients: (auth, locationId, pick) => appointmentsToText(auth.companyId, locationId, pick),
  bumpWrite: appointmentBumpWrite,
  channels: (record) => channelsOfAppointment(record),
  changed: (record, reason) => appointmentChanged(record, reason),
  // Opt status and block reach every appointment of the customer on the location's board.
  customerListeners: (customer) => [appointmentsChannel(customer.location_id)],
  async reopen(record) {
    if (!record.archived) return record;
    return (await updateAppointment(record.company_id, record.id, (now) => (now.archived ? { archived: false } : null))).after;
  },
  async threadCandidates(companyId, locationId, customers, now): Promise<ThreadCandidate[]> {
    const ids = new Set(customers.map((c) => c.id));
    const links = (await Promise.all(customers.map((c) => appointmentLinksOfCustomer(companyId, c.id, '')))).flat();
    const here = links.filter((link) => link.location_id === locationId);
    if (here.length === 0) return [];
    const records = (await getAppointments(companyId, here.map((link) => link.appointment_id), true)).filter((a) => a.location_id === locationId && ids.has(a.customer_id));
    const from = new Date(now.getTime() - STILL_CURRENT_MS).toISOString();
    const upcoming = (a: AppointmentRecord) => !a.cancelled && !a.archived && a.scheduled_at >= from;
    // The next one: the soonest wins, so it alone is offered as the newest of its tier.
    const next = records.filter(upcoming).sort((a, b) => a.scheduled_at.localeCompare(b.scheduled_at))[0];
    // Every other one is still a conversation a reply can go to: when nothing better is there, the
    // newest (by when it was for; a cancelled future one by when it was booked).
    const nowIso = now.toISOString();
    const finished = records
      .filter((a) => !upcoming(a))
      .map((a) => ({ owner: appointmentOwner(a), tier: a.archived ? THREAD_TIERS.archived : THREAD_TIERS.closed, at: a.scheduled_at <= nowIso ? a.scheduled_at : a.created_at }));
    return [...(next ? [{ owner: appointmentOwner(next), tier: THREAD_TIERS.next_appointment, at: next.scheduled_at }] : []), ...finished];
  },
  async conversationsOfCustomer(companyId, customerId, now) {
    const from = new Date(now.getTime() - STILL_CURRENT_MS).toISOString();
    const links = await appointmentLinksOfCustomer(companyId, customerId, from);
    if (links.length === 0) return [];
    return (await getAppointments(companyId, links.map((link) => link.appointment_id), true)).filter((a) => a.customer_id === customerId && !a.cancelled && !a.archived);
  },
  // A reminder held for quiet hours is about an appointment that still takes place.
  heldTextRefusal: (record, automated) => (automated === 'appointment_reminder' && (record.cancelled || record.archived) ? 'appointment_cancelled' : null),
  async customerReplied(record, text, at) {
    await backOnTheBoard(record, at);
    if (!record.reminder_sent || record.confirmed || record.cancelled || !confirmsAppointment(text)) return;
    const { after, changed } = await updateAppointment(record.company_id, record.id, (now) => (now.confirmed || now.cancelled ? null : { confirmed: true }));
    if (!changed) return;
    await addSystemNote(appointmentOwner(after), {
      behaviour: 'APPOINTMENT_CONFIRMATION',
      text: 'The customer confirmed the appointment.',
      note: { key: 'appointment_confirmed', params: { by: 'customer' } },
    });
    await announceAppointment(after, appointmentChanged(after, 'confirmed'));
  },
  async messageUpdated(record, message) {
    if (record.reminder_message?.id !== message.id) return;
    const status = message.metadata.status as NonNullable<AppointmentRecord['reminder_message']>['metadata']['sms_status'];
    const { after, changed } = await updateAppointment(record.company_id, record.id, (now) =>
      now.reminder_message && now.reminder_message.metadata.sms_status !== status ? { reminder_message: { ...now.reminder_message, metadata: { sms_status: status } } } : null,
    );
    if (changed) await announceAppointment(after, appointmentChanged(after, 'reminder_status'));
  },
};

registerOwner(appointmentPort);
