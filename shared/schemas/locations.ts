import * as z from 'zod/mini';
import { LOCALES } from '../locales.js';

function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

// An IPv4/IPv6 address, optionally with a /prefix. The server checks it again with ipaddr.js.
const allowListEntry = z.string().check(z.trim(), z.regex(/^[0-9a-fA-F:.]+(\/\d{1,3})?$/, 'Enter an IP address or a range such as 203.0.113.0/24'));

export const locationUpdateBody = z.object({
  location: z.partial(
    z.object({
      name: z.string().check(z.trim(), z.minLength(1, 'Name is required'), z.maxLength(120)),
      timezone: z.string().check(z.refine(isTimeZone, 'Unknown time zone')),
      locale: z.enum(LOCALES),
      address: z.string().check(z.trim(), z.maxLength(200)),
      phone: z.string().check(z.trim(), z.maxLength(32)),
      theme: z.enum(['default', 'dark', 'partner', 'cao']),
      ip_allowlist: z.array(allowListEntry).check(z.maxLength(50)),
      teams: z.array(z.string().check(z.trim(), z.minLength(1), z.maxLength(60))).check(z.maxLength(50)),
    }),
  ),
});
