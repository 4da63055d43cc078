/**
 * Time a customer waited within the store's opening hours (Chatwoot's users ask for business-hours
 * response times, #11057): a text that comes in on Saturday evening and is answered on Monday at
 * 08:10 waited ten minutes, not a weekend.
 */
import { TZDate } from '@date-fns/tz';
import { addDays, format, getISODay, parseISO } from 'date-fns';
import { storeDay } from '../../shared/reports/periods.js';
import type { ReportsSettingsValues } from './sheets.js';

/** Past this many days a wait is not walked day by day any further (a conversation left for months). */
const MAX_DAYS = 400;

function instant(day: string, hhmm: string, timeZone: string): number {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const [h, min] = hhmm.split(':').map(Number) as [number, number];
  // 24:00 rolls over to the next day's midnight, as it should.
  return new TZDate(y, m - 1, d, h, min, 0, timeZone).getTime();
}

/** Whole minutes (rounded down) between two instants that fall within the store's opening hours. */
export function minutesOpen(startIso: string, endIso: string, timeZone: string, hours: ReportsSettingsValues['opening_hours']): number {
  const start = Date.parse(startIso);
  const end = Date.parse(endIso);
  if (!(end > start)) return 0;
  let ms = 0;
  const last = storeDay(endIso, timeZone);
  let day = storeDay(startIso, timeZone);
  for (let i = 0; day <= last && i < MAX_DAYS; i++) {
    for (const span of hours[String(getISODay(parseISO(day)))] ?? []) {
      const from = Math.max(start, instant(day, span.open, timeZone));
      const to = Math.min(end, instant(day, span.close, timeZone));
      if (to > from) ms += to - from;
    }
    day = format(addDays(parseISO(day), 1), 'yyyy-MM-dd');
  }
  return Math.floor(ms / 60_000);
}
