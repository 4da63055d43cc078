/** The appointments board's calls (SPEC §7), with the paths of shared/routes.ts and answers typed. */
import { APPOINTMENT_PAGE_SIZE, type Appointment } from '../../../../shared/appointments/appointments.js';
import { CUSTOMER_SEARCH_LIMIT } from '../../../../shared/customers.js';
import { paths } from '../../../../shared/routes.js';
import { appointmentPaths } from '../../../../shared/appointments/routes.js';
import type { CustomerAppointmentBody, NewAppointmentBody } from '../../../../shared/appointments/schemas.js';
import type { Customer } from '../../../../shared/customers.js';
import { api, send, worthRetrying } from '../../lib/api.js';
import { requestWithKey } from '../../lib/keyedRequest.js';
import { ApiError } from '../../lib/request.js';
import { retry } from '../../lib/retry.js';
import type { AppointmentPage } from './appointmentList.js';

/** SPEC §8/§9: list fetches are tried 5 times, 1 s apart, as the repair orders' are. */
export const LIST_TRIES = 5;
export const LIST_RETRY_MS = 1000;

export type AppointmentList = 'inbox' | 'sent';

export function appointmentPagePath(locationId: string, list: AppointmentList, pageIndex: number): string {
  const base = list === 'inbox' ? appointmentPaths.inbox(locationId) : appointmentPaths.sent(locationId);
  return `${base}?offset=${pageIndex * APPOINTMENT_PAGE_SIZE}&limit=${APPOINTMENT_PAGE_SIZE}`;
}

export const customerSearchPath = (locationId: string) => `${paths.customerSearch(locationId)}?limit=${CUSTOMER_SEARCH_LIMIT}`;
export const locationPath = (locationId: string) => `/api/locations/${encodeURIComponent(locationId)}`;
export const agentsPath = (locationId: string) => `${locationPath(locationId)}/agents`;

/** A server hiccup or a lost network may pass; a refusal will not turn into an answer by asking again. */
function worthAnotherTry(error: unknown): boolean {
  return worthRetrying(error) || (error instanceof ApiError && error.action.kind === 'offline');
}

function persistently<T>(path: string): Promise<T> {
  return retry(() => api.request<T>(path), { tries: LIST_TRIES, delayMs: LIST_RETRY_MS, shouldRetry: worthAnotherTry });
}

export const fetchAppointmentPage = (path: string) => persistently<AppointmentPage>(path);

export function fetchAppointment(locationId: string, id: string): Promise<Appointment> {
  return persistently<{ appointment: Appointment }>(appointmentPaths.appointment(locationId, id)).then((b) => b.appointment);
}

export type AppointmentAction = 'confirm' | 'cancel' | 'archive';

/** Status only: the server sends nothing to the customer and leaves the DMS alone (SPEC §4). */
export function appointmentAction(id: string, action: AppointmentAction): Promise<Appointment> {
  return send<{ appointment: Appointment }>(appointmentPaths.action(id, action), { method: 'PUT' }).then((b) => b.appointment);
}

export function searchCustomers(locationId: string, query: string, signal?: AbortSignal): Promise<Customer[]> {
  return api
    .request<{ customers: Customer[] }>(customerSearchPath(locationId), { method: 'POST', body: { query }, signal })
    .then((b) => b.customers);
}

/** Validation refusals come back to the form (422), which shows them at their fields. */
export function bookForNewCustomer(locationId: string, body: NewAppointmentBody, key: string): Promise<Appointment> {
  return requestWithKey<{ appointment: Appointment }>(appointmentPaths.book(locationId), key, { method: 'POST', body, expected: { statuses: [422] } }).then(
    (b) => b.appointment,
  );
}

export function bookForCustomer(locationId: string, customerId: string, body: CustomerAppointmentBody, key: string): Promise<Appointment> {
  return requestWithKey<{ appointment: Appointment }>(appointmentPaths.forCustomer(locationId, customerId), key, {
    method: 'POST',
    body,
    expected: { statuses: [422] },
  }).then((b) => b.appointment);
}
