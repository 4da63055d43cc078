/**
 * A person typed into a form (a new customer): the server's own schema (shared/schemas/people.ts)
 * with SPEC §5's texts, and the phone checked against the store's country with the small
 * libphonenumber metadata (the server checks it again with the full one). Problems come back as the
 * SPEC's English texts; each form words them in its agent's language by its own keys.
 */
import { isValidPhoneNumber, parsePhoneNumber, validatePhoneNumberLength, type CountryCode } from 'libphonenumber-js/min';
import { newPerson, PHONE_ERRORS, type NewPerson, type PhoneProblem } from '../../../shared/schemas/people.js';

export type PersonDraft = Record<keyof NewPerson, string>;
export type PersonField = keyof NewPerson;

export const EMPTY_PERSON: PersonDraft = { first_name: '', last_name: '', phone: '', email: '' };

/** The store's country, read from its own phone number (as the server does); a store without one is in the US. */
export function storeCountry(storePhone: string | null | undefined): CountryCode {
  if (!storePhone) return 'US';
  try {
    return parsePhoneNumber(storePhone)?.country ?? 'US';
  } catch {
    return 'US';
  }
}

/** Why the phone cannot be used (SPEC §5: missing, too short, cannot exist), or null. */
export function phoneProblem(raw: string, country: CountryCode): PhoneProblem | null {
  const text = raw.trim();
  if (!text) return 'missing';
  if (validatePhoneNumberLength(text, country) === 'TOO_SHORT') return 'too_short';
  return isValidPhoneNumber(text, country) ? null : 'invalid';
}

/** The person as the server takes them, or the SPEC's text for each field that cannot be used (the first one per field). */
export function checkPerson(draft: PersonDraft, country: CountryCode): { person: NewPerson | null; problems: Partial<Record<PersonField, string>> } {
  const problems: Partial<Record<PersonField, string>> = {};
  const parsed = newPerson.safeParse(draft);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] as PersonField | undefined;
      if (field && !problems[field]) problems[field] = issue.message;
    }
  }
  if (!problems.phone) {
    const phone = phoneProblem(draft.phone, country);
    if (phone) problems.phone = PHONE_ERRORS[phone];
  }
  return { person: parsed.success && Object.keys(problems).length === 0 ? parsed.data : null, problems };
}
