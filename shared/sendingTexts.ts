/**
 * The service board's refusal and status texts (SPEC §8 where it has them), apart from the zod
 * schemas so the browser can import them without zod.
 */
/** Error ids the send route answers, with SPEC §8 texts where the spec has one. */
export const SEND_ERRORS = {
  opted_out: 'You can not send a text message to the customer because he has opted out',
  no_advisor: 'Text message was not sent because there is no advisor assigned',
  opcode_missing: 'You can not text this customer. The OP CODE TEXT must be present on the repair order estimate',
  landline: 'Landline numbers do not receive text messages',
  blank: 'Text cannot be blank',
  too_long: 'Message length limit is 1600 characters',
  no_phone: "Agent's default contact is disabled or points to empty field",
  blocked: 'This customer is blocked',
  no_texting_number: 'This location has no service texting number; set one in the business information settings',
  unknown_in_safe_mode: 'You can not text this customer until they opt in (safe mode)',
  awaiting_opt_in: 'The customer has been asked to opt in; the text can be sent once they reply YES',
  quiet_hours: 'It is outside texting hours at this location. Send anyway or schedule the text.',
  /** Any closed owner: a repair order, an inventory order (the console words it per board). */
  closed: 'This order is closed',
} as const;
export type SendErrorId = keyof typeof SEND_ERRORS;

/** Warnings the send route answers alongside a sent message. */
export const SEND_WARNINGS = {
  voip: 'This number is a VoIP line; delivery is not always possible',
  held_for_opt_in: 'The customer has been asked by text to opt in; this message goes out as soon as they reply YES',
} as const;

/** What the conversation shows for a failed delivery (SPEC §8 message status texts). */
export const DELIVERY_ERROR_TEXTS = {
  landline: 'Landline numbers do not receive texts',
  carrier_blocked: 'The carrier blocks links',
  unknown: 'Unknown error (code {{code}})',
} as const;

/**
 * Which SPEC §8 delivery text a carrier's failure code reads as, or null for a code that is none
 * of the carrier's (a texting refusal id, the console's own codes). One reading for the server's
 * stored English text and the console's translation of it.
 */
export function deliveryErrorKind(code: string): Exclude<keyof typeof DELIVERY_ERROR_TEXTS, 'unknown'> | null {
  const upper = code.toUpperCase().replace(/^TEXT_/, '');
  if (upper === 'LANDLINE') return 'landline';
  if (upper === 'CARRIER_BLOCKED' || upper === 'SPAM') return 'carrier_blocked';
  return null;
}

/** Refusal for any action on an opted-out customer (SPEC §8). */
export const OPTED_OUT_ACTION = "Can't do this action on an opted-out customer";
/** Vehicle-ready and similar actions on an order without an advisor (SPEC §8). */
export const MISSING_AGENT = 'Unable due to missing agent for RO';

/** Why a held text can no longer be cancelled or edited (409): it has gone, or it already ended without going. */
export const HELD_TEXT_REFUSALS = {
  already_sent: 'This text has already gone',
  not_scheduled: 'This text is no longer scheduled: it was cancelled or not sent',
} as const;
export type HeldTextRefusalId = keyof typeof HELD_TEXT_REFUSALS;
/** The error code of a held text an agent cancelled (it ends `not sent`; the console shows "Cancelled", no retry). */
export const CANCELLED_CODE = 'cancelled';
