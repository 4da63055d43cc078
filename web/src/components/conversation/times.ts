/** Times on the boards and in conversations, written in the location's timezone and the language's date order (SPEC §5). */
import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import { datePattern, intlTag, type Locale } from '../../../../shared/locales.js';

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

const sameDay = (a: TZDate, b: TZDate) => a.getFullYear() === b.getFullYear() && a.getMonth() === b.getMonth() && a.getDate() === b.getDate();

/** Today's times without the date; other days with it (message bubbles, the details' promise time). */
export function formatMoment(iso: string | null, locale: Locale, timeZone: string, nowMs: number): string {
  const date = iso ? zoned(iso, timeZone) : null;
  if (!date) return '';
  return format(date, sameDay(date, new TZDate(nowMs, timeZone)) ? timePattern(locale) : `${datePattern(locale)} ${timePattern(locale)}`);
}

const DAY_MS = 86_400_000;
const weekdays = new Map<string, Intl.DateTimeFormat>();

/**
 * A moment short enough for a board's column on a phone (promise times): today's time alone; within
 * six days either way the language's short weekday and the time ("Wed 8:15 AM", "Mi. 08:15");
 * further off the day and month in the language's order and the time ("11/25 8:15 AM", "25.11 08:15"),
 * with the year only when it is another year. Always the store's calendar and clock.
 */
export function formatCompactMoment(iso: string | null, locale: Locale, timeZone: string, nowMs: number): string {
  const date = iso ? zoned(iso, timeZone) : null;
  if (!date) return '';
  const today = new TZDate(nowMs, timeZone);
  const time = format(date, timePattern(locale));
  if (sameDay(date, today)) return time;
  // Whole calendar days between the two dates at the store (a DST change makes a day 23 or 25 h).
  const days = Math.round((Date.UTC(date.getFullYear(), date.getMonth(), date.getDate()) - Date.UTC(today.getFullYear(), today.getMonth(), today.getDate())) / DAY_MS);
  if (Math.abs(days) <= 6) {
    const key = `${locale}|${timeZone}`;
    let weekday = weekdays.get(key);
    if (!weekday) {
      weekday = new Intl.DateTimeFormat(intlTag(locale), { weekday: 'short', timeZone });
      weekdays.set(key, weekday);
    }
    return `${weekday.format(date)} ${time}`;
  }
  const pattern = datePattern(locale);
  const dayMonth = date.getFullYear() === today.getFullYear() ? pattern.replace(/[./]yyyy$/, '') : pattern.replace('yyyy', 'yy');
  return `${format(date, dayMonth)} ${time}`;
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

/**
 * A call's or a voicemail's length as a phone shows it (0:23, 2:31, 1:02:05): the same in every
 * language, so the words around it carry the language.
 */
export function formatDuration(totalSeconds: number): string {
  const seconds = Math.max(0, Math.round(Number.isFinite(totalSeconds) ? totalSeconds : 0));
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const rest = String(seconds % 60).padStart(2, '0');
  return hours ? `${hours}:${String(minutes).padStart(2, '0')}:${rest}` : `${minutes}:${rest}`;
}
