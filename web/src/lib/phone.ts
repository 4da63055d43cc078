/**
 * Phone numbers as people read them. The `min` metadata of libphonenumber-js formats every country
 * in a fraction of the full build's size; it cannot tell mobile from landline, which the server's
 * carrier lookup does anyway (customer.carrier.type).
 */
import parsePhoneNumber from 'libphonenumber-js/min';

/** North American numbers in their national form, others in international form; unreadable ones as given. */
export function formatPhone(raw: string | null | undefined): string {
  if (!raw) return '';
  const parsed = parsePhoneNumber(raw);
  if (!parsed) return raw;
  return parsed.countryCallingCode === '1' ? parsed.formatNational() : parsed.formatInternational();
}
