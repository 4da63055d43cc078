import { format } from 'date-fns';
import { TZDate } from '@date-fns/tz';
import { datePattern, type Locale } from './locales.js';

/** An ISO-8601 UTC instant shown as a date in the location's timezone and the locale's order. */
export function formatDate(iso: string, locale: Locale, timeZone: string): string {
  return format(new TZDate(iso, timeZone), datePattern(locale));
}

