/**
 * The guests and leads board's records as the API answers them (SPEC §2 menu area "guests and
 * leads"): a conversation with someone the store did not know, opened by their text to one of the
 * store's numbers or by the lead form of its landing page (a marketing button, SPEC §3 wizard
 * payload `marketing_buttons`). An agent answers it, then makes the guest a customer of the store or
 * links them to one it already has; the conversation stays on the board as that customer's lead.
 */
import type { AccessFlags } from '../access.js';
import type { Customer } from '../customers.js';
import type { AgentRef } from '../people.js';

/** How the guest reached the store: a text from an unknown number, or the landing page's lead form. */
export type GuestSource = 'text' | 'lead_form';

/** What a lead sent through the form (the marketing button they pressed, their words, as typed). */
export interface LeadDetails {
  /** The button's label when the lead was sent. */
  button: string;
  first_name: string;
  last_name: string;
  email: string | null;
  text: string;
}

/** How the guest became a customer: a new customer record, or one the store already had. */
export type ConversionHow = 'new_customer' | 'linked';

export interface Conversion {
  how: ConversionHow;
  at: string;
  agent: AgentRef | null;
}

export interface Guest {
  id: string;
  location_id: string;
  /** Their contact record: a guest's (`contact: 'guest'`, no name yet) until converted, then the customer's. */
  customer: Customer;
  source: GuestSource;
  lead: LeadDetails | null;
  archived: boolean;
  converted: Conversion | null;
  /** For the agent asking: the guest wrote after they last read the conversation. */
  is_unread: boolean;
  message_thread: { id: string; bumped_at: string | null };
  message_thread_id: string;
  /** Newest message of any direction, else when it opened: the board's order. */
  activity_at: string;
  created_at: string;
  metadata: { message_count: number };
}

export const GUEST_PAGE_SIZE = 20;

/**
 * Who works the board (SPEC §6 flags): the agents a stranger's text or a web lead is most likely for
 * (service advisors, appointment coordinators, inventory and sales staff), managers and admins. HR and
 * chat agents, technicians and agents without a board do not: a guest is a customer-to-be of the store.
 */
export const worksGuestsBoard = (flags: AccessFlags): boolean => flags.admin || flags.manager || flags.service || flags.appointments || flags.inventory;

/** The board's lists: still to be worked, and put away. */
export const GUEST_LISTS = ['open', 'archived'] as const;
export type GuestList = (typeof GUEST_LISTS)[number];

/** A contact record's kind for the people this board texts before they are customers (functions/customers/records.ts `contact`). */
export const GUEST_CONTACT = 'guest';

/** The lead's auto-reply (a marketing button's `autoreply_template`), one of the console's automated texts. */
declare module '../messages.js' {
  interface BoardAutomatedKinds {
    lead_autoreply: true;
  }
}
