/**
 * When a report schedule runs next and which days it then counts, on the store's calendar: "every
 * Monday at 7" is 7 o'clock on the store's wall clock, before and after a change of daylight saving
 * time alike, and "last week" is the store's Monday to Sunday before the day it runs.
 */
import { addDays, endOfMonth, format, getISODay, parseISO, startOfMonth, subMonths } from 'date-fns';
import { TZDate } from '@date-fns/tz';
import { storeDay } from '../../shared/reports/periods.js';
import type { DayRange, ScheduleCadence, SchedulePeriod } from '../../shared/reports/types.js';

const day = (d: Date) => format(d, 'yyyy-MM-dd');

function runsOn(cadence: ScheduleCadence, storeDate: Date): boolean {
  switch (cadence.kind) {
    case 'daily':
      return true;
    case 'weekly':
      return getISODay(storeDate) === cadence.weekday;
    case 'monthly':
      return storeDate.getDate() === cadence.day;
  }
}

/**
 * The first run strictly after `after` (ISO, UTC). An hour that a spring-forward night skips runs
 * at the first moment after it on that day (02:00 → 03:00): the run is never dropped.
 */
export function nextRunAt(cadence: ScheduleCadence, timeZone: string, after: Date): string {
  const first = parseISO(storeDay(after, timeZone));
  // A monthly run is at most 31 days away; two months covers every calendar.
  for (let i = 0; i <= 62; i++) {
    const d = addDays(first, i);
    if (!runsOn(cadence, d)) continue;
    const at = new TZDate(d.getFullYear(), d.getMonth(), d.getDate(), cadence.hour, 0, 0, timeZone);
    if (at.getTime() > after.getTime()) return new Date(at.getTime()).toISOString();
  }
  throw new Error('no run within two months');
}

/** The days a scheduled report counts when it runs on the store's `today`. */
export function scheduleRange(period: SchedulePeriod, today: string): DayRange {
  const t = parseISO(today);
  switch (period) {
    case 'yesterday': {
      const y = day(addDays(t, -1));
      return { from: y, to: y };
    }
    case 'last_week': {
      // The Monday to Sunday before the week `today` is in.
      const monday = addDays(t, -(getISODay(t) - 1) - 7);
      return { from: day(monday), to: day(addDays(monday, 6)) };
    }
    case 'last_month': {
      const last = subMonths(t, 1);
      return { from: day(startOfMonth(last)), to: day(endOfMonth(last)) };
    }
    case 'mtd':
      return { from: day(startOfMonth(t)), to: today };
    case 'ytd':
      return { from: `${today.slice(0, 4)}-01-01`, to: today };
  }
}
