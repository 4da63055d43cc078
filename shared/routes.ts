/**
 * The API's paths (SPEC §7) every board uses, built in one place for the handlers and the console's
 * requests. `{loc}` is `/api/locations/{id}`; a board's own paths live in its shared/<board>/routes.ts.
 */
import type { OwnerRef } from './conversations.js';

const enc = encodeURIComponent;
export const locationPath = (locationId: string) => `/api/locations/${enc(locationId)}`;
const loc = locationPath;

/**
 * A conversation's owner and where it lives: `path` is its board's owner path with the ids filled
 * in (`/api/repair_orders/ro_1`, functions/lib/boardModule.ts `conversations.path`), and how SPEC §7
 * marks it read: repair orders `{base}/{id}/read`, the other boards `{base}/{id}/agents/null/read`.
 */
export interface ConversationAt extends OwnerRef {
  path: string;
  readMarks: 'own' | 'agents_null';
}

export const paths = {
  messages: (at: ConversationAt) => `${at.path}/messages`,
  /** The conversation's notes for colleagues only (staff messages, newest first): GET lists them, POST writes one. */
  notes: (at: Pick<ConversationAt, 'path'>) => `${at.path}/notes`,
  /** SPEC §7 "Mark read". */
  markRead: (at: ConversationAt, unread = false) => `${at.path}${at.readMarks === 'own' ? '' : '/agents/null'}/${unread ? 'unread' : 'read'}`,
  /** The colleagues who may be mentioned in the conversation (and whose names its reactions show). */
  mentionable: (at: ConversationAt) => `${at.path}/mentionable?limit=100`,
  /** SPEC §7 reactions on a message of the conversation: PUT adds, DELETE takes back, body `{ emoji }`. */
  reactions: (at: ConversationAt, messageId: string) => `${at.path}/messages/${enc(messageId)}/reactions`,
  retryMessage: (messageId: string) => `/api/messages/${enc(messageId)}/retry`,
  /** A held text: PUT edits it; `/cancel` cancels it. */
  message: (messageId: string) => `/api/messages/${enc(messageId)}`,
  cancelMessage: (messageId: string) => `/api/messages/${enc(messageId)}/cancel`,
  attachments: () => '/api/attachments',

  /** The store's customers by name or phone (SPEC §7), for the boards that find customers. */
  customerSearch: (locationId: string) => `${loc(locationId)}/customers/search`,

  massMessages: (locationId: string) => `${loc(locationId)}/mass_messages`,
  massMessage: (id: string) => `/api/mass_messages/${enc(id)}`,
};
