/**
 * Texting refusals (shared/sendingTexts.ts SEND_ERRORS ids) and the gatekeeper's reasons in the
 * agent's language: the composer, every other action that sends a text (the MPI's "Send to
 * customer", "vehicle ready"), the "won't be delivered" notes and toasts word them alike. An id the
 * console has no text for answers null, and the caller shows the server's own message.
 */
import { SEND_WARNINGS, type HeldTextRefusalId, type SendErrorId } from '../../../shared/sendingTexts.js';
import { GATEKEEPER_REASONS } from '../../../shared/systemNotes.js';
import { i18n } from './i18n.js';

/** Every id the send route can refuse with: a new id in SEND_ERRORS does not compile until it is worded here. */
const SEND_REFUSAL_KEYS: Record<SendErrorId, string> = {
  opted_out: 'composer.hidden_opted_out',
  unknown_in_safe_mode: 'composer.hidden_unknown_in_safe_mode',
  landline: 'composer.disabled_landline',
  blocked: 'composer.disabled_blocked',
  closed: 'composer.disabled_closed',
  no_phone: 'composer.disabled_no_phone',
  no_advisor: 'composer.disabled_no_advisor',
  blank: 'composer.blank',
  too_long: 'composer.too_long',
  opcode_missing: 'composer.refused_opcode_missing',
  awaiting_opt_in: 'composer.refused_awaiting_opt_in',
  no_texting_number: 'composer.refused_no_texting_number',
  quiet_hours: 'composer.quiet_text',
};

export function sendRefusalText(id: string | null | undefined): string | null {
  const key = id && Object.hasOwn(SEND_REFUSAL_KEYS, id) ? SEND_REFUSAL_KEYS[id as SendErrorId] : undefined;
  return key ? i18n.t(key) : null;
}

type SendWarningId = keyof typeof SEND_WARNINGS;

/** Every warning the send route answers with a sent message, in the agent's language. */
const SEND_WARNING_KEYS: Record<SendWarningId, string> = {
  voip: 'composer.voip_warning',
  held_for_opt_in: 'composer.held_for_opt_in',
};

/** A send route that answered the English text rather than the id (an answer stored before ids) still reads as the id. */
const WARNING_BY_TEXT = new Map<string, SendWarningId>(Object.entries(SEND_WARNINGS).map(([id, text]) => [text, id as SendWarningId]));

/**
 * A warning of the send route (SEND_WARNINGS id) in the agent's language; the server's own words
 * only for a warning this console does not know.
 */
export function sendWarningText(warning: string): string {
  const id = Object.hasOwn(SEND_WARNING_KEYS, warning) ? (warning as SendWarningId) : WARNING_BY_TEXT.get(warning);
  return id ? i18n.t(SEND_WARNING_KEYS[id]) : warning;
}

/** The gatekeeper's reasons (shared/systemNotes.ts) in the agent's language. */
export function gatekeeperReasonText(reason: string | null | undefined, opcode = ''): string | null {
  if (!reason || !(GATEKEEPER_REASONS as readonly string[]).includes(reason)) return null;
  return i18n.t(`gatekeeper_reasons.${reason}`, { opcode: opcode || i18n.t('gatekeeper_reasons.no_opcode') });
}

/** Reasons the console's own texts were not sent that are neither the gatekeeper's nor a send refusal. */
const OTHER_REASON_KEYS: Record<string, string> = {
  // functions/appointments/reminders.ts AFTER_APPOINTMENT: quiet hours last until the appointment.
  after_appointment: 'notes.reason_after_appointment',
  // functions/messages/away.ts: an auto-reply held by quiet hours does not go once its agent is back.
  agent_back: 'notes.reason_agent_back',
  // functions/repairOrders/statusReply.ts: quiet hours would hold the status reply until it is out of date.
  status_out_of_date: 'notes.reason_status_out_of_date',
};

/** Why a text was not sent, from its id: a gatekeeper reason or a texting refusal; null when the console has no words for it. */
export function refusalReasonText(id: string | null | undefined, details: { opcode?: string } = {}): string | null {
  const other = id && Object.hasOwn(OTHER_REASON_KEYS, id) ? i18n.t(OTHER_REASON_KEYS[id]!) : null;
  return gatekeeperReasonText(id, details.opcode) ?? sendRefusalText(id) ?? other;
}

/** Refusals of the order's actions (SPEC §8) the console words itself. */
const ACTION_REFUSAL_KEYS: Record<string, string> = {
  missing_agent: 'detail.missing_agent',
  opted_out_action: 'detail.opted_out_action',
  ...({ already_sent: 'conversation.held.already_sent', not_scheduled: 'conversation.held.not_scheduled' } satisfies Record<HeldTextRefusalId, string>),
};

/**
 * A refusal the server answered (`{ error: { id, message, reason?, opcode? } }`) in the agent's
 * language: texting refusals, the gatekeeper's (with its reason) and the order actions'. Null when
 * the console does not know the id, and the caller shows the server's own message.
 */
export function serverRefusalText(body: unknown): string | null {
  const error = body && typeof body === 'object' ? (body as { error?: unknown }).error : undefined;
  if (!error || typeof error !== 'object') return null;
  const { id, reason, opcode } = error as { id?: unknown; reason?: unknown; opcode?: unknown };
  if (typeof id !== 'string') return null;
  if (id === 'gatekeeper') {
    return gatekeeperReasonText(typeof reason === 'string' ? reason : null, typeof opcode === 'string' ? opcode : '') ?? i18n.t('gatekeeper_reasons.refused');
  }
  if (Object.hasOwn(ACTION_REFUSAL_KEYS, id)) return i18n.t(ACTION_REFUSAL_KEYS[id]!);
  return sendRefusalText(id);
}
