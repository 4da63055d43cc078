import { z } from 'zod';
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
const allowListEntry = z
  .string()
  .trim()
  .regex(/^[0-9a-fA-F:.]+(\/\d{1,3})?$/, 'Enter an IP address or a range such as 203.0.113.0/24');

export const locationUpdateBody = z.object({
  location: z
    .object({
      name: z.string().trim().min(1, 'Name is required').max(120),
      timezone: z.string().refine(isTimeZone, 'Unknown time zone'),
      locale: z.enum(LOCALES),
      address: z.string().trim().max(200),
      phone: z.string().trim().max(32),
      theme: z.enum(['default', 'dark', 'partner']),
      ip_allowlist: z.array(allowListEntry).max(50),
      teams: z.array(z.string().trim().min(1).max(60)).max(50),
    })
    .partial(),
});
