/**
 * A schedule's cadence as the reader says it ("every Monday at 7:00 AM"): weekday names and hours
 * come from Intl in the reader's language, the sentence around them from the locale files; and the
 * recipients typed in one box, split and checked with the pattern the server checks.
 */
import type { TFunction } from 'i18next';
import { EMAIL_PATTERN } from '../../../../shared/schemas/auth.js';
import { intlTag, type Locale } from '../../../../shared/locales.js';
import type { ScheduleCadence } from '../../../../shared/reports/types.js';

/** ISO weekdays, Monday first (ScheduleCadence.weekday). */
export const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;
export const HOURS = Array.from({ length: 24 }, (_, hour) => hour);
/** Days of the month a monthly schedule may run on: every month has them. */
export const MONTH_DAYS = Array.from({ length: 28 }, (_, i) => i + 1);

// 2024-01-01 was a Monday: ISO weekday n is 2024-01-0n, read in UTC so no timezone moves it.
const weekdayDate = (weekday: number) => new Date(Date.UTC(2024, 0, weekday, 12));

export function weekdayName(weekday: number, locale: Locale): string {
  return new Intl.DateTimeFormat(intlTag(locale), { weekday: 'long', timeZone: 'UTC' }).format(weekdayDate(weekday));
}

/** An hour of the store's clock as the language writes it: 7:00 AM on a 12-hour clock, 07:00 on a 24-hour one (as the boards write times). */
export function hourName(hour: number, locale: Locale): string {
  const tag = intlTag(locale);
  const twelve = new Intl.DateTimeFormat(tag, { hour: 'numeric' }).resolvedOptions().hour12 === true;
  return new Intl.DateTimeFormat(tag, { hour: twelve ? 'numeric' : '2-digit', minute: '2-digit', timeZone: 'UTC' }).format(new Date(Date.UTC(2024, 0, 1, hour)));
}

export function cadenceText(t: TFunction, cadence: ScheduleCadence, locale: Locale): string {
  const hour = hourName(cadence.hour, locale);
  switch (cadence.kind) {
    case 'daily':
      return t('reports.cadence_daily_text', { hour });
    case 'weekly':
      return t('reports.cadence_weekly_text', { weekday: weekdayName(cadence.weekday, locale), hour });
    case 'monthly':
      return t('reports.cadence_monthly_text', { day: cadence.day, hour });
  }
}

/** The addresses typed (commas, semicolons, spaces or lines between them), lower-cased and once each, and those that are not addresses. */
export function readRecipients(typed: string): { addresses: string[]; invalid: string[] } {
  const words = typed
    .split(/[\s,;]+/)
    .map((word) => word.trim().toLowerCase())
    .filter(Boolean);
  const unique = [...new Set(words)];
  return { addresses: unique.filter((word) => EMAIL_PATTERN.test(word)), invalid: unique.filter((word) => !EMAIL_PATTERN.test(word)) };
}
