/**
 * The store's opening hours as the settings form edits them (reports_settings.opening_hours: per ISO
 * weekday, up to four spans of HH:mm): first responses are measured within them. A time field has
 * no 24:00, so a span that closes at midnight shows 00:00 as its close, and 00:00 as a close is read
 * back as midnight (a span cannot close at the start of its own day).
 */
export interface OpeningSpan {
  open: string;
  close: string;
}
export type OpeningHours = Record<'1' | '2' | '3' | '4' | '5' | '6' | '7', OpeningSpan[]>;
export const ISO_WEEKDAYS = ['1', '2', '3', '4', '5', '6', '7'] as const;
export const MAX_SPANS = 4;

const HHMM = /^([01]\d|2[0-3]):[0-5]\d$|^24:00$/;

export const closeToField = (close: string) => (close === '24:00' ? '00:00' : close);
export const closeFromField = (value: string) => (value === '00:00' ? '24:00' : value);

/** The first day whose spans are not times, or open on or after they close (or overlap); null when every day is fine. */
export function openingHoursProblem(hours: OpeningHours): (typeof ISO_WEEKDAYS)[number] | null {
  for (const day of ISO_WEEKDAYS) {
    const spans = [...hours[day]].sort((a, b) => a.open.localeCompare(b.open));
    for (const [index, span] of spans.entries()) {
      if (!HHMM.test(span.open) || !HHMM.test(span.close) || span.open >= span.close) return day;
      const next = spans[index + 1];
      if (next && next.open < span.close) return day;
    }
  }
  return null;
}

/** Another span for a day: from the last one's close, else the usual 08:00–18:00. */
export function addedSpan(spans: readonly OpeningSpan[]): OpeningSpan {
  const last = spans[spans.length - 1];
  if (!last || last.close >= '23:00') return { open: '08:00', close: '18:00' };
  const [h] = last.close.split(':').map(Number) as [number];
  return { open: last.close, close: `${String(Math.min(h + 2, 24)).padStart(2, '0')}:00` };
}
