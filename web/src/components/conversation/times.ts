/** Times on the boards and in conversations, written in the location's timezone and the language's date order (SPEC §5). */
import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import { datePattern, type Locale } from '../../../../shared/locales.js';

/** 12-hour clocks where the language uses them. */
function timePattern(locale: Locale): string {
  return locale === 'en-us' || locale === 'en-ca' || locale === 'debug' ? 'h:mm a' : 'HH:mm';
}

function zoned(iso: string, timeZone: string): TZDate | null {
  const at = Date.parse(iso);
  return Number.isNaN(at) ? null : new TZDate(at, timeZone);
}

export function formatDateTime(iso: string | null, locale: Locale, timeZone: string): string {
  const date = iso ? zoned(iso, timeZone) : null;
  return date ? format(date, `${datePattern(locale)} ${timePattern(locale)}`) : '';
}

/** Today's times without the date; other days with it (message bubbles, promise times). */
export function formatMoment(iso: string | null, locale: Locale, timeZone: string, nowMs: number): string {
  const date = iso ? zoned(iso, timeZone) : null;
  if (!date) return '';
  const today = new TZDate(nowMs, timeZone);
  const sameDay = date.getFullYear() === today.getFullYear() && date.getMonth() === today.getMonth() && date.getDate() === today.getDate();
  return format(date, sameDay ? timePattern(locale) : `${datePattern(locale)} ${timePattern(locale)}`);
}

/** A moment as a `datetime-local` field shows it: the location's wall clock, to the minute. */
export function wallClockInput(iso: string, timeZone: string): string {
  const date = zoned(iso, timeZone);
  return date ? format(date, "yyyy-MM-dd'T'HH:mm") : '';
}

/** A `datetime-local` field's value, read on the location's wall clock, as an ISO moment; null when it is not one. */
export function fromWallClockInput(value: string, timeZone: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(value);
  if (!match) return null;
  const [, y, mo, d, h, mi] = match.map(Number) as [number, number, number, number, number, number];
  const at = new TZDate(y, mo - 1, d, h, mi, timeZone);
  return Number.isNaN(at.getTime()) ? null : new Date(at.getTime()).toISOString();
}
