/**
 * The guests and leads board's list as pages of its endpoint (SPEC §7 paging), newest activity
 * first, and the changes the board makes to it between fetches. Pure, so every rule is tested
 * without a browser: a guest fetched again takes its place by activity (or leaves a list it no
 * longer belongs on); a text moves its guest to the top; the guest's consent and block reach every
 * row of theirs.
 */
import type { Paging } from '../../../../shared/api.js';
import type { Customer } from '../../../../shared/customers.js';
import type { Guest, GuestList } from '../../../../shared/guests/guests.js';
import { findListed, insertListed, listedRows, patchListed, withoutListed, type PageRows } from '../../lib/pagedRows.js';

export interface GuestPage {
  guests: Guest[];
  meta: { paging: Paging };
}

export type GuestChange =
  /** Heard of or fetched again: it replaces its row, in its place by activity, on the list it belongs to. */
  | { type: 'upsert'; guest: Guest }
  /** Gone from this list for the agent (archived elsewhere, no longer theirs to see). */
  | { type: 'remove'; id: string }
  | { type: 'customer'; customer: Pick<Customer, 'id' | 'opt_in' | 'opt_metadata' | 'blocked_at'> }
  /** A message in the thread: `inbound` from the guest; `reading` when this agent has it open right now. */
  | { type: 'bump'; id: string; at: string; inbound: boolean; reading: boolean }
  | { type: 'read'; id: string; unread: boolean };

const GUEST_PAGES: PageRows<GuestPage, Guest> = {
  read: (page) => page.guests,
  write: (page, rows) => ({ ...page, guests: rows }),
};

export const guestRows = (pages: readonly GuestPage[] | undefined): Guest[] => listedRows(GUEST_PAGES, pages);
export const findGuest = (pages: readonly GuestPage[] | undefined, id: string): Guest | undefined => findListed(GUEST_PAGES, pages, id);

/** Which list a guest belongs on. */
export const listOf = (guest: Pick<Guest, 'archived'>): GuestList => (guest.archived ? 'archived' : 'open');

/** Puts the guest before the first row with older activity (at the end when it is the oldest loaded). */
function placed(pages: readonly GuestPage[], guest: Guest): GuestPage[] {
  const rest = withoutListed(GUEST_PAGES, pages, guest.id);
  return insertListed(GUEST_PAGES, rest, guest, (row) => row.activity_at < guest.activity_at);
}

export function reduceGuests(pages: readonly GuestPage[], change: GuestChange, list: GuestList): GuestPage[] {
  switch (change.type) {
    case 'upsert':
      return listOf(change.guest) === list ? placed(pages, change.guest) : withoutListed(GUEST_PAGES, pages, change.guest.id);
    case 'remove':
      return withoutListed(GUEST_PAGES, pages, change.id);
    case 'customer': {
      const { id, opt_in, opt_metadata, blocked_at } = change.customer;
      return patchListed(GUEST_PAGES, pages, (g) => g.customer.id === id, (g) => ({ ...g, customer: { ...g.customer, opt_in, opt_metadata, blocked_at } }));
    }
    case 'bump': {
      const row = findGuest(pages, change.id);
      if (!row) return [...pages];
      const at = row.activity_at > change.at ? row.activity_at : change.at;
      // The guest wrote and nobody is reading it here: unread. An agent's own text changes nothing.
      const unread = change.inbound && !change.reading ? true : row.is_unread;
      const bumped: Guest = { ...row, activity_at: at, is_unread: unread, message_thread: { ...row.message_thread, bumped_at: at }, metadata: { message_count: row.metadata.message_count + 1 } };
      return placed(pages, bumped);
    }
    case 'read':
      return patchListed(GUEST_PAGES, pages, (g) => g.id === change.id, (g) => ({ ...g, is_unread: change.unread }));
  }
}

/** The guest's name: their customer record's, else the name they gave on the lead form; '' while unknown. */
export function guestName(guest: Pick<Guest, 'customer' | 'lead'>): string {
  const own = [guest.customer.first_name, guest.customer.last_name].filter(Boolean).join(' ').trim();
  if (own) return own;
  return guest.lead ? [guest.lead.first_name, guest.lead.last_name].filter(Boolean).join(' ').trim() : '';
}

/** Anyone opening a guest's conversation has read it (the board has no assigned agent). */
export const mayAutoMarkRead = (guest: Pick<Guest, 'is_unread'>): boolean => guest.is_unread;
