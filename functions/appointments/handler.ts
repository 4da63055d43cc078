/**
 * The appointments board (SPEC §2 /appointments, §7): today's and upcoming appointments of a
 * location, one appointment, booking (for a known customer or a new one), the customer search,
 * confirm / cancel / archive, read marks, and the reminders sent. The conversation's routes are the
 * conversation core's (functions/messages/handler.ts).
 */
import { APPOINTMENT_PAGE_SIZE } from '../../shared/appointments/appointments.js';
import { CUSTOMER_SEARCH_LIMIT } from '../../shared/customers.js';
import { customerAppointmentBody, newAppointmentBody } from '../../shared/appointments/schemas.js';
import { customerSearchLimit } from '../../shared/schemas/customers.js';
import { customerSearchBody } from '../../shared/schemas/customers.js';
import { notFound } from '../lib/errors.js';
import { agentRoute, areaHandler, ok, pagedBody, paging, parse, type Routes } from '../lib/http.js';
import { getLocation } from '../lib/locations.js';
import { countryOfLocation, normalizePhone } from '../lib/phones.js';
import { publish, channels } from '../lib/realtime.js';
import type { Auth } from '../lib/session.js';
import { customersByName, customersWithPhone, customerView, getCustomer } from '../customers/records.js';
import { addCustomer } from '../customers/newCustomer.js';
import '../messages/boards.js';
import { writeReadMark } from '../messages/readMarks.js';
import { visibleLocation } from '../lib/access.js';
import { readSettings } from '../lib/settings.js';
import { settingsRoutes } from '../lib/settingsRoutes.js';
import { board } from './board.js';
import { rescheduleReminders } from './reminderTime.js';
import { assertWorksAppointments, visibleAppointment } from './access.js';
import { appointmentViews, bookAppointment, markAppointment, startOfToday, type AppointmentMark } from './booking.js';
import { appointmentsFrom, remindedAppointments, type AppointmentRecord } from './records.js';

async function boardLocation(auth: Auth, locationId: string): Promise<string> {
  assertWorksAppointments(auth);
  return visibleLocation(auth, locationId);
}

async function viewOf(auth: Auth, record: AppointmentRecord) {
  const [view] = await appointmentViews(auth.companyId, auth.actingAs.id, [record]);
  if (!view) throw notFound('Appointment not found');
  return view;
}

function markRoute(mark: AppointmentMark) {
  return agentRoute(async ({ auth, params }) => {
    const record = await visibleAppointment(auth, params.id ?? '', true);
    return ok({ appointment: await viewOf(auth, await markAppointment(record, mark)) });
  });
}

function readRoute(unread: boolean) {
  return agentRoute(async ({ auth, params }) => {
    const record = await visibleAppointment(auth, params.id ?? '', true);
    await writeReadMark(auth.companyId, { kind: 'appointment', id: record.id }, auth.actingAs.id, unread);
    // The agent's other tabs follow (their own channel).
    await publish(auth.companyId, channels.agent(auth.actingAs.id), { type: 'read.changed', data: { appointment_id: record.id, is_unread: unread } });
    return ok({ appointment: await viewOf(auth, record) });
  });
}

export const routes: Routes = {
  'GET /api/locations/{id}/appointments/inbox': agentRoute(async ({ auth, params, query }) => {
    const locationId = await boardLocation(auth, params.id ?? '');
    const { offset, limit } = paging(query, APPOINTMENT_PAGE_SIZE);
    const { records, total } = await appointmentsFrom(auth.companyId, locationId, await startOfToday(auth.companyId, locationId), offset, limit);
    return ok(pagedBody('appointments', await appointmentViews(auth.companyId, auth.actingAs.id, records), total, offset, limit));
  }),

  'GET /api/locations/{id}/notes/appointments': agentRoute(async ({ auth, params, query }) => {
    const locationId = await boardLocation(auth, params.id ?? '');
    const { offset, limit } = paging(query, APPOINTMENT_PAGE_SIZE);
    const { records, total } = await remindedAppointments(auth.companyId, locationId, offset, limit);
    return ok(pagedBody('appointments', await appointmentViews(auth.companyId, auth.actingAs.id, records), total, offset, limit));
  }),

  'GET /api/locations/{id}/appointments/{appointment_id}': agentRoute(async ({ auth, params }) => {
    const locationId = await boardLocation(auth, params.id ?? '');
    const record = await visibleAppointment(auth, params.appointment_id ?? '');
    if (record.location_id !== locationId) throw notFound('Appointment not found');
    return ok({ appointment: await viewOf(auth, record) });
  }),

  'POST /api/locations/{id}/appointments': agentRoute(async ({ auth, params, body }) => {
    const input = parse(newAppointmentBody, body);
    const locationId = await boardLocation(auth, params.id ?? '');
    const customer = await addCustomer(auth.companyId, locationId, input.customer, new Date().toISOString());
    return ok({ appointment: await viewOf(auth, await bookAppointment(customer, input.appointment)) }, 201);
  }),

  'POST /api/locations/{id}/customers/{customer_id}/appointments': agentRoute(async ({ auth, params, body }) => {
    const input = parse(customerAppointmentBody, body);
    const locationId = await boardLocation(auth, params.id ?? '');
    const customer = await getCustomer(auth.companyId, params.customer_id ?? '', true);
    if (!customer || customer.location_id !== locationId) throw notFound('Customer not found');
    return ok({ appointment: await viewOf(auth, await bookAppointment(customer, input.appointment)) }, 201);
  }),

  'PUT /api/appointments/{id}/confirm': markRoute('confirm'),
  'PUT /api/appointments/{id}/cancel': markRoute('cancel'),
  'PUT /api/appointments/{id}/archive': markRoute('archive'),
  'PUT /api/appointments/{id}/agents/null/read': readRoute(false),
  'PUT /api/appointments/{id}/agents/null/unread': readRoute(true),

  // Reminders already waiting follow the new remind-days (or stop when switched off).
  ...settingsRoutes(board.settings[0], async (companyId, locationId) => {
    await rescheduleReminders(companyId, locationId, await readSettings(companyId, locationId, 'appointments_settings'));
  }),
};

export const handler = areaHandler('appointments', routes);
