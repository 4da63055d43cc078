/**
 * Phone calls through the store's own numbers (issue 25): a customer's call to a texting number
 * rings the board's ring-to numbers, goes to voicemail when nobody answers, and is answered by a
 * text within seconds; an advisor's "call customer" rings their own phone first, then the
 * customer's. The record of each call is SPEC §3 "Call" (shared/customers.ts `Call`).
 */
import type { Call } from '../customers.js';
import type { OwnerRef } from '../conversations.js';

/** The boards whose numbers take calls, each with its calls settings group (SPEC §3). */
export const CALL_BOARDS = ['service', 'appointments', 'inventory'] as const satisfies readonly Call['board'][];
export type CallBoard = (typeof CALL_BOARDS)[number];

/** How long each ring-to number rings, in the settings' order, before the next one or voicemail. */
export const RING_SECONDS = 20;
/** The longest voicemail kept; the caller hears the tone and may end it earlier with # or silence. */
export const VOICEMAIL_MAX_SECONDS = 120;
/** Silence that ends a voicemail. */
export const VOICEMAIL_SILENCE_SECONDS = 5;

/** How a call ended, as its note in the conversation says (a core note: its words live with the core's, shared/customers.ts). */
export { CALL_OUTCOMES, type CallOutcome } from '../customers.js';

/**
 * What the console shows about a call while it rings and when it changes (the `call.changed`
 * event): the call, who the customer is, and the conversation of theirs it belongs to.
 */
export interface CallNotice {
  call: Call;
  location_id: string;
  customer: { id: string; name: string; phone: string };
  /** The customer's open conversation the call lands in (their open order), if any. */
  owner: OwnerRef | null;
  /** What the board calls that conversation (`RO 48213`), null without one. */
  owner_label: string | null;
  /** Where the console opens it, under /app (shared with mentions), null without one. */
  link: string | null;
}

/** Why the console will not place an advisor's call (shared/calls/schemas.ts texts the console words). */
export const PLACE_CALL_REFUSALS = ['no_agent_phone', 'calls_disabled', 'no_customer_phone', 'customer_blocked', 'no_store_number', 'call_in_progress'] as const;
export type PlaceCallRefusal = (typeof PLACE_CALL_REFUSALS)[number];
