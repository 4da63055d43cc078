/**
 * The presence API's refusals (shared/presence.ts PRESENCE_ERRORS, answered in English at their
 * field) as the keys of this feature's words, so the dialog shows them in the agent's language.
 */
import { PRESENCE_ERRORS, type PresenceErrorId } from '../../../../shared/presence.js';
import { asErrorBody } from '../../lib/request-errors.js';

export type PresenceField = 'mode' | 'auto_reply_text' | 'routed_to_agent_id';

const BY_TEXT = new Map<string, PresenceErrorId>(Object.entries(PRESENCE_ERRORS).map(([id, text]) => [text, id as PresenceErrorId]));

/** Each field's refusal as a word key (`errors.<id>`); a refusal this console does not know keeps the server's words. */
export function fieldRefusals(body: unknown): Partial<Record<PresenceField, { key: string } | { text: string }>> {
  const out: Partial<Record<PresenceField, { key: string } | { text: string }>> = {};
  for (const error of asErrorBody(body).errors ?? []) {
    const field = (error.path ?? '').replace(/^presence\./, '');
    if (field !== 'mode' && field !== 'auto_reply_text' && field !== 'routed_to_agent_id') continue;
    const id = BY_TEXT.get(error.message);
    out[field] = id ? { key: `errors.${id}` } : { text: error.message };
  }
  return out;
}
