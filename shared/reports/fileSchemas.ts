/**
 * What a manager sends to make, rename and schedule report files (SPEC §7 report routes, §2 "Reports
 * download modal"). The period, type and scope are the figures' own checks (shared/reports/schemas.ts),
 * so the form and every route word them alike; a file's period is also held to a year and a day.
 */
import * as z from 'zod/mini';
import { MAX_ID_LENGTH } from '../schemas/auth.js';
import { isDay } from './periods.js';
import { REPORT_ERRORS, reportPeriod, reportScope } from './schemas.js';
import { REPORT_TYPES } from './types.js';

export const REPORT_FILE_ERRORS = {
  day: 'Please enter a date as YYYY-MM-DD',
  too_long: 'A custom period can cover at most 366 days',
  name: 'A report name has at most 120 characters',
  name_blank: 'Please give the report a name',
  figure: 'Please choose the figure whose records to export',
  recipients: 'Please enter at least one e-mail address (at most 20)',
  recipient: 'Please enter a valid e-mail address',
  cadence: 'Please choose how often: daily, weekly or monthly',
  hour: 'Please choose an hour from 0 to 23',
  weekday: 'Please choose a weekday from 1 (Monday) to 7 (Sunday)',
  month_day: 'Please choose a day of the month from 1 to 28',
  schedule_period: 'Please choose a period: yesterday, last week, last month, MTD or YTD',
} as const;

/** Not-ready downloads answer this (SPEC §8 'This report is not generated yet'). */
export const REPORT_NOT_READY = 'This report is not generated yet';

export const MAX_REPORT_NAME = 120;
export const MAX_CUSTOM_DAYS = 366;
export const MAX_RECIPIENTS = 20;

const day = z.string().check(z.refine(isDay, REPORT_FILE_ERRORS.day));
const daysBetween = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
const withinAYear = (from: string, to: string) => !isDay(from) || !isDay(to) || daysBetween(from, to) < MAX_CUSTOM_DAYS;

/** A report's period, a custom one at most MAX_CUSTOM_DAYS long. */
export const reportPeriodInput = reportPeriod.check(
  z.refine((p) => p.kind !== 'custom' || withinAYear(p.from, p.to), { message: REPORT_FILE_ERRORS.too_long, path: ['to'] }),
);

export const reportTypeInput = z.enum(REPORT_TYPES, { error: REPORT_ERRORS.type });
export const reportScopeInput = reportScope;
const id = z.string().check(z.minLength(1), z.maxLength(MAX_ID_LENGTH));
const reportName = z.string({ error: REPORT_FILE_ERRORS.name_blank }).check(
  z.trim(),
  z.minLength(1, REPORT_FILE_ERRORS.name_blank),
  z.maxLength(MAX_REPORT_NAME, REPORT_FILE_ERRORS.name),
);

/** POST /api/reports. */
export const newReportBody = z.object({
  report: z.object({ location_id: id, type: reportTypeInput, period: reportPeriodInput, scope: reportScopeInput, name: z.optional(reportName) }),
});
export type NewReportBody = z.infer<typeof newReportBody>;

/** PUT /api/reports/{id}: a new name. */
export const renameReportBody = z.object({ report: z.object({ name: reportName }) });

/** POST /api/locations/{id}/reports/adhoc: SPEC §7's ad hoc report, a custom period saved as a file. */
export const adhocReportBody = z.object({
  report: z.object({ type: reportTypeInput, from: day, to: day, scope: reportScopeInput, name: z.optional(reportName) }).check(
    z.refine((r) => !isDay(r.from) || !isDay(r.to) || r.from <= r.to, { message: REPORT_ERRORS.order, path: ['to'] }),
    z.refine((r) => withinAYear(r.from, r.to), { message: REPORT_FILE_ERRORS.too_long, path: ['to'] }),
  ),
});

/** POST /api/locations/{id}/reports/records: the records behind one figure, exported as a file. */
export const recordsExportBody = z.object({
  report: z.object({
    type: reportTypeInput,
    figure: z.string({ error: REPORT_FILE_ERRORS.figure }).check(z.minLength(1, REPORT_FILE_ERRORS.figure), z.maxLength(64, REPORT_FILE_ERRORS.figure)),
    dims: z._default(z.record(z.string().check(z.maxLength(64)), z.string().check(z.maxLength(MAX_ID_LENGTH))).check(z.refine((d) => Object.keys(d).length <= 8)), {}),
    period: reportPeriodInput,
    scope: reportScopeInput,
    name: z.optional(reportName),
  }),
});

const hour = z.number({ error: REPORT_FILE_ERRORS.hour }).check(z.int(REPORT_FILE_ERRORS.hour), z.gte(0, REPORT_FILE_ERRORS.hour), z.lte(23, REPORT_FILE_ERRORS.hour));
export const cadenceInput = z.discriminatedUnion(
  'kind',
  [
    z.object({ kind: z.literal('daily'), hour }),
    z.object({
      kind: z.literal('weekly'),
      weekday: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4), z.literal(5), z.literal(6), z.literal(7)], { error: REPORT_FILE_ERRORS.weekday }),
      hour,
    }),
    // Up to the 28th: every month has it.
    z.object({ kind: z.literal('monthly'), day: z.number({ error: REPORT_FILE_ERRORS.month_day }).check(z.int(REPORT_FILE_ERRORS.month_day), z.gte(1, REPORT_FILE_ERRORS.month_day), z.lte(28, REPORT_FILE_ERRORS.month_day)), hour }),
  ],
  { error: REPORT_FILE_ERRORS.cadence },
);

const recipients = z
  .array(z.email({ error: REPORT_FILE_ERRORS.recipient }).check(z.maxLength(254, REPORT_FILE_ERRORS.recipient)), { error: REPORT_FILE_ERRORS.recipients })
  .check(z.minLength(1, REPORT_FILE_ERRORS.recipients), z.maxLength(MAX_RECIPIENTS, REPORT_FILE_ERRORS.recipients));

export const SCHEDULE_PERIODS = ['yesterday', 'last_week', 'last_month', 'mtd', 'ytd'] as const;
const schedulePeriod = z.enum(SCHEDULE_PERIODS, { error: REPORT_FILE_ERRORS.schedule_period });

/** POST /api/locations/{id}/report_schedules. */
export const newScheduleBody = z.object({
  schedule: z.object({ name: z.optional(reportName), type: reportTypeInput, scope: reportScopeInput, period: schedulePeriod, cadence: cadenceInput, recipients }),
});
export type NewScheduleBody = z.infer<typeof newScheduleBody>;

/** PUT /api/report_schedules/{id}: the fields it names change. */
export const scheduleChangesBody = z.object({
  schedule: z.object({
    name: z.optional(reportName),
    type: z.optional(reportTypeInput),
    scope: z.optional(z.enum(['location', 'company'], { error: REPORT_ERRORS.scope })),
    period: z.optional(schedulePeriod),
    cadence: z.optional(cadenceInput),
    recipients: z.optional(recipients),
  }),
});
export type ScheduleChanges = z.infer<typeof scheduleChangesBody>['schedule'];

/** A page of the reports list (SPEC §7 offset/limit). */
export const REPORT_PAGE_SIZE = 20;
