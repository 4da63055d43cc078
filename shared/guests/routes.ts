/** The guests and leads board's paths (its routes in functions/guests/board.ts), for its handlers and its screen. */
import { locationPath as loc, type ConversationAt } from '../routes.js';
import type { GuestList } from './guests.js';

const enc = encodeURIComponent;

/** A guest's conversation (functions/guests/board.ts `conversations`); read marks as SPEC §7 marks the other boards'. */
export const guestConversation = (id: string): ConversationAt => ({ kind: 'guest', id, path: `/api/guests/${enc(id)}`, readMarks: 'agents_null' });

export const guestPaths = {
  list: (locationId: string, list: GuestList) => `${loc(locationId)}/guests${list === 'archived' ? '?archived=1' : ''}`,
  guest: (id: string) => `/api/guests/${enc(id)}`,
  action: (id: string, action: 'archive' | 'unarchive' | 'convert' | 'link') => `/api/guests/${enc(id)}/${action}`,
  /** The store's lead form: its public token (managers). */
  leadForm: (locationId: string) => `${loc(locationId)}/lead_form`,
  leadFormToken: (locationId: string) => `${loc(locationId)}/lead_form/token`,
  /** Where the landing page posts a lead, no sign-in: the store is named by its form's token. */
  publicLeads: (token: string) => `/api/public/locations/${enc(token)}/leads`,
};
