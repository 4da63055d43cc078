/**
 * The API's paths (SPEC §7), built in one place for the handlers' route table and the console's
 * requests. `{loc}` is `/api/locations/{id}`; a board's `{base}` is its collection under `/api`.
 */
import type { OwnerKind, OwnerRef } from './conversations.js';

const enc = encodeURIComponent;
const loc = (locationId: string) => `/api/locations/${enc(locationId)}`;

/** Each owner's collection (`{base}`): the conversation's paths hang off it. */
export const OWNER_BASE: Record<OwnerKind, string> = {
  repair_order: '/api/repair_orders',
  appointment: '/api/appointments',
};

const owner = (ref: OwnerRef) => `${OWNER_BASE[ref.kind]}/${enc(ref.id)}`;

export const paths = {
  owner,
  messages: (ref: OwnerRef) => `${owner(ref)}/messages`,
  /** SPEC §7 "Mark read": repair orders `{base}/{id}/read`, the other boards `{base}/{id}/agents/null/read`. */
  markRead: (ref: OwnerRef, unread = false) => `${owner(ref)}${ref.kind === 'repair_order' ? '' : '/agents/null'}/${unread ? 'unread' : 'read'}`,
  retryMessage: (messageId: string) => `/api/messages/${enc(messageId)}/retry`,
  /** A held text: PUT edits it; `/cancel` cancels it. */
  message: (messageId: string) => `/api/messages/${enc(messageId)}`,
  cancelMessage: (messageId: string) => `/api/messages/${enc(messageId)}/cancel`,
  attachments: () => '/api/attachments',

  appointmentsInbox: (locationId: string) => `${loc(locationId)}/appointments/inbox`,
  appointmentsSent: (locationId: string) => `${loc(locationId)}/notes/appointments`,
  appointment: (locationId: string, id: string) => `${loc(locationId)}/appointments/${enc(id)}`,
  newAppointment: (locationId: string) => `${loc(locationId)}/appointments`,
  customerAppointment: (locationId: string, customerId: string) => `${loc(locationId)}/customers/${enc(customerId)}/appointments`,
  customerSearch: (locationId: string) => `${loc(locationId)}/customers/search`,
  appointmentAction: (id: string, action: 'confirm' | 'cancel' | 'archive') => `${OWNER_BASE.appointment}/${enc(id)}/${action}`,

  massMessages: (locationId: string) => `${loc(locationId)}/mass_messages`,
  massMessage: (id: string) => `/api/mass_messages/${enc(id)}`,
};
