/** The appointments board's paths (SPEC §7), for its handlers and its screen. */
import { locationPath as loc, type ConversationAt } from '../routes.js';

const enc = encodeURIComponent;

/** An appointment's conversation (functions/appointments/board.ts `conversations`). */
export const appointmentConversation = (id: string): ConversationAt => ({ kind: 'appointment', id, path: `/api/appointments/${enc(id)}`, readMarks: 'agents_null' });

export const appointmentPaths = {
  inbox: (locationId: string) => `${loc(locationId)}/appointments/inbox`,
  sent: (locationId: string) => `${loc(locationId)}/notes/appointments`,
  appointment: (locationId: string, id: string) => `${loc(locationId)}/appointments/${enc(id)}`,
  book: (locationId: string) => `${loc(locationId)}/appointments`,
  forCustomer: (locationId: string, customerId: string) => `${loc(locationId)}/customers/${enc(customerId)}/appointments`,
  action: (id: string, action: 'confirm' | 'cancel' | 'archive') => `/api/appointments/${enc(id)}/${action}`,
};
