/**
 * Texting refusals (shared/serviceTexts.ts SEND_ERRORS ids) in the agent's language: the composer
 * and every other action that sends a text (the MPI's "Send to customer") word them alike. An id
 * the console has no text for answers null, and the caller shows the server's own message.
 */
import type { SendErrorId } from '../../../shared/serviceTexts.js';
import { i18n } from './i18n.js';

const SEND_REFUSAL_KEYS: Partial<Record<SendErrorId, string>> = {
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
};

export function sendRefusalText(id: string | null | undefined): string | null {
  const key = id && Object.hasOwn(SEND_REFUSAL_KEYS, id) ? SEND_REFUSAL_KEYS[id as SendErrorId] : undefined;
  return key ? i18n.t(key) : null;
}
