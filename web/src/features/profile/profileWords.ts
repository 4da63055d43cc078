/**
 * The profile's refusals (shared/profile/schemas.ts and SPEC §5's texts, answered in English at
 * their field) as keys of this feature's words, so the form shows them in the agent's language.
 */
import { PROFILE_ERRORS } from '../../../../shared/profile/schemas.js';
import { PHONE_ERRORS } from '../../../../shared/schemas/people.js';

const KEYS = new Map<string, string>([
  ...Object.entries(PROFILE_ERRORS).map(([id, text]) => [text, `errors.${id}`] as [string, string]),
  ...Object.entries(PHONE_ERRORS).map(([id, text]) => [text, `errors.phone_${id}`] as [string, string]),
]);

/** The word key of a refusal's text; one this console does not know is shown as the server wrote it. */
export function problemKey(message: string): string {
  return KEYS.get(message) ?? message;
}
