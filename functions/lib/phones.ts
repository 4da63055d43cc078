/**
 * Customers' phone numbers as the carrier needs them: E.164 (`+16175550142`). The DMS and the
 * forms send numbers as people write them ("(617) 555-0142"); everything the console stores and
 * texts goes through `normalizePhone` first. The `min` metadata (as the forms use): the full one
 * (`/max`, 190 KB bundled) was the largest part of most functions' cold start. `min` checks each
 * country's lengths and its general number pattern (a US number needs a real area-code shape, no
 * 555 area code), not each number type's ranges; a number that passes and still cannot be reached
 * is the carrier's to refuse (line lookup, delivery receipt). `/mobile` would refuse landlines,
 * which stores text too (SPEC §5: the line type is the carrier lookup's to tell).
 */
import { getCountryCallingCode, isSupportedCountry, parsePhoneNumberFromString, validatePhoneNumberLength, type CountryCode } from 'libphonenumber-js/min';

import { PHONE_ERRORS, type PhoneProblem } from '../../shared/schemas/people.js';

export { PHONE_ERRORS, type PhoneProblem };

/** The dealership's country when a number has no `+<country code>`: a US shop writes 617-555-0142. */
function countryOf(country: string): CountryCode {
  const upper = country.toUpperCase();
  if (!isSupportedCountry(upper)) throw new RangeError(`Unknown country for phone numbers: ${country}`);
  return upper;
}

/** The number in E.164, or null when it is not a number that can exist. */
export function normalizePhone(raw: string, country = 'US'): string | null {
  const parsed = parsePhoneNumberFromString(raw.trim(), countryOf(country));
  return parsed?.isValid() ? parsed.number : null;
}

/**
 * A number as the store's customers read it: one dialled within the store's country (its calling
 * code: a US store's customers dial a Canadian number the same way) in the national form,
 * "(617) 555-0100" or "020 7946 0100"; any other in the international form, "+44 20 7946 0100".
 * What cannot be read as a number is shown as the store wrote it.
 */
export function displayPhone(raw: string, country = 'US'): string {
  const written = raw.trim();
  const home = countryOf(country);
  const parsed = parsePhoneNumberFromString(written, home);
  if (!parsed) return written;
  return parsed.countryCallingCode === getCountryCallingCode(home) ? parsed.formatNational() : parsed.formatInternational();
}

/** Why a phone field cannot be used (its SPEC §5 text is `PHONE_ERRORS[problem]`), or null when it can. */
export function phoneProblem(raw: string | null | undefined, country = 'US'): PhoneProblem | null {
  const text = raw?.trim() ?? '';
  if (text === '') return 'missing';
  if (validatePhoneNumberLength(text, countryOf(country)) === 'TOO_SHORT') return 'too_short';
  return normalizePhone(text, country) ? null : 'invalid';
}

/** The country of the store's own phone number: numbers written without `+<country code>` are its country's; without one, the US. */
export function countryOfLocation(location: { phone: string | null | undefined }): string {
  return (location.phone && parsePhoneNumberFromString(location.phone)?.country) || 'US';
}
