/**
 * What the console asks the reports for, checked at the edge with texts a manager understands
 * (issue 24): a report type, a period in the store's days (SPEC §5 "Report periods"), a scope, and
 * for a figure's records which figure and row. One check for the form and the server.
 */
import * as z from 'zod/mini';
import { isDay } from './periods.js';
import { LATE_RESPONSE_CHOICES } from './responseTimes.js';
import { REPORT_TYPES } from './types.js';

export const REPORT_ERRORS = {
  type: `Choose a report type: ${REPORT_TYPES.join(', ')}`,
  period: 'Choose a period: mtd, ytd, lm, custom or date',
  from: 'Enter a valid From date (YYYY-MM-DD)',
  to: 'Enter a valid To date (YYYY-MM-DD)',
  order: 'The From date must not be after the To date',
  date: 'Enter a valid date (YYYY-MM-DD)',
  scope: 'Choose a scope: location or company',
  figure: 'Choose a figure',
  dims: 'The row of a figure must be an object of names and values',
  company_admins: 'Only admins can see the whole company',
  managers: 'Only managers and admins can see reports',
  late_minutes: `The late answer threshold must be one of ${LATE_RESPONSE_CHOICES.join(', ')} minutes`,
  hours: 'Opening hours must be HH:mm, opening before closing',
} as const;

const day = (message: string) => z.string({ error: message }).check(z.refine(isDay, message));

/** SPEC §5 "Report periods: MTD, YTD, LM, custom, single date". */
export const reportPeriod = z.discriminatedUnion(
  'kind',
  [
    z.object({ kind: z.literal('mtd') }),
    z.object({ kind: z.literal('ytd') }),
    z.object({ kind: z.literal('lm') }),
    z
      .object({ kind: z.literal('custom'), from: day(REPORT_ERRORS.from), to: day(REPORT_ERRORS.to) })
      .check(z.refine((p) => p.from <= p.to, { message: REPORT_ERRORS.order, path: ['to'] })),
    z.object({ kind: z.literal('date'), date: day(REPORT_ERRORS.date) }),
  ],
  { error: REPORT_ERRORS.period },
);

export const reportScope = z._default(z.enum(['location', 'company'], { error: REPORT_ERRORS.scope }), 'location');

/** GET …/reports/figures: `type`, `period` (with `from`/`to` or `date`), `scope`. */
export const figuresQuery = z.object({
  type: z.enum(REPORT_TYPES, { error: REPORT_ERRORS.type }),
  period: reportPeriod,
  scope: reportScope,
});

/** GET …/reports/records: the figures query and which cell: `figure` and its row's `dims`. */
export const recordsQuery = z.object({
  type: z.enum(REPORT_TYPES, { error: REPORT_ERRORS.type }),
  period: reportPeriod,
  scope: reportScope,
  figure: z.string({ error: REPORT_ERRORS.figure }).check(z.minLength(1, REPORT_ERRORS.figure), z.maxLength(64, REPORT_ERRORS.figure)),
  dims: z._default(
    z.record(z.string().check(z.maxLength(128)), z.string().check(z.maxLength(256)), { error: REPORT_ERRORS.dims }).check(z.refine((dims) => Object.keys(dims).length <= 8, REPORT_ERRORS.dims)),
    {},
  ),
});

/**
 * A query string as the schemas take it: the period's fields gathered under `period`, `dims` read
 * as JSON (a value that is not JSON is handed on as it is, and refused by the schema).
 */
export function reportQueryInput(query: Record<string, string | undefined>): Record<string, unknown> {
  const period: Record<string, string> = {};
  if (query.period !== undefined) period.kind = query.period;
  for (const name of ['from', 'to', 'date'] as const) if (query[name] !== undefined) period[name] = query[name];
  let dims: unknown = undefined;
  if (query.dims !== undefined) {
    try {
      dims = JSON.parse(query.dims);
    } catch {
      dims = query.dims;
    }
  }
  return { type: query.type, scope: query.scope, figure: query.figure, dims, period };
}

const hhmm = z.string().check(z.regex(/^([01]\d|2[0-3]):[0-5]\d$|^24:00$/, REPORT_ERRORS.hours));
const openingSpan = z.object({ open: hhmm, close: hhmm }).check(z.refine((s) => s.open < s.close, REPORT_ERRORS.hours));
const weekday = z._default(z.array(openingSpan).check(z.maxLength(4)), []);

/** Mon–Fri 08:00–18:00, Sat 08:00–13:00, closed on Sunday: a service department's usual hours. */
export const DEFAULT_OPENING_HOURS = {
  '1': [{ open: '08:00', close: '18:00' }],
  '2': [{ open: '08:00', close: '18:00' }],
  '3': [{ open: '08:00', close: '18:00' }],
  '4': [{ open: '08:00', close: '18:00' }],
  '5': [{ open: '08:00', close: '18:00' }],
  '6': [{ open: '08:00', close: '13:00' }],
  '7': [],
};

/**
 * The store's `reports_settings` group: the late answer threshold (Car Wars' "late response") and the
 * opening hours first responses are measured within, per ISO weekday (1 = Monday). The threshold is
 * one of the first responses' bucket bounds (responseTimes.ts), so the late share is exact.
 */
export const reportsSettings = z.object({
  late_response_minutes: z._default(z.number({ error: REPORT_ERRORS.late_minutes }).check(z.refine((n) => LATE_RESPONSE_CHOICES.includes(n), REPORT_ERRORS.late_minutes)), 15),
  opening_hours: z._default(
    z.object({ '1': weekday, '2': weekday, '3': weekday, '4': weekday, '5': weekday, '6': weekday, '7': weekday }),
    DEFAULT_OPENING_HOURS,
  ),
});
