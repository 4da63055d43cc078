/**
 * A report's period in the store's calendar (SPEC §5 "Report periods: MTD, YTD, LM, custom, single
 * date"): days are the location's own, so a month starts at the store's midnight, DST or not.
 */
import { addDays, endOfMonth, format, isValid, parseISO, startOfMonth, subMonths } from 'date-fns';
import { TZDate } from '@date-fns/tz';
import type { DayRange, ReportPeriod } from './types.js';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The store's calendar day (YYYY-MM-DD) of an instant. */
export function storeDay(iso: string | Date, timeZone: string): string {
  return format(new TZDate(typeof iso === 'string' ? new Date(iso).getTime() : iso.getTime(), timeZone), 'yyyy-MM-dd');
}

/** Whether a string is a real calendar day (2026-02-30 is not). */
export function isDay(value: string): boolean {
  if (!DAY.test(value)) return false;
  const d = parseISO(value);
  return isValid(d) && format(d, 'yyyy-MM-dd') === value;
}

/** The first instant (ISO, UTC) of a store day. */
export function dayStart(day: string, timeZone: string): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  // TZDate's own toISOString writes the zone's offset; the store's instants are compared as UTC strings.
  return new Date(new TZDate(y, m - 1, d, 0, 0, 0, timeZone).getTime()).toISOString();
}

/** The first instant after a store day (the next day's start): a range of instants is [dayStart(from), dayAfter(to)). */
export function dayAfter(day: string, timeZone: string): string {
  return dayStart(format(addDays(parseISO(day), 1), 'yyyy-MM-dd'), timeZone);
}

/** The days a period covers, given the store's today. Custom and single dates are taken as asked (checked by the schema). */
export function periodRange(period: ReportPeriod, today: string): DayRange {
  const t = parseISO(today);
  const day = (d: Date) => format(d, 'yyyy-MM-dd');
  switch (period.kind) {
    case 'mtd':
      return { from: day(startOfMonth(t)), to: today };
    case 'ytd':
      return { from: `${today.slice(0, 4)}-01-01`, to: today };
    case 'lm': {
      const last = subMonths(t, 1);
      return { from: day(startOfMonth(last)), to: day(endOfMonth(last)) };
    }
    case 'custom':
      return { from: period.from, to: period.to };
    case 'date':
      return { from: period.date, to: period.date };
  }
}

/** Every day of a range, in order. */
export function daysOf(range: DayRange): string[] {
  const days: string[] = [];
  for (let d = parseISO(range.from); format(d, 'yyyy-MM-dd') <= range.to; d = addDays(d, 1)) days.push(format(d, 'yyyy-MM-dd'));
  return days;
}
