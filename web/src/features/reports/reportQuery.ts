/**
 * What a manager asked for (report type, period, scope) as the address's query string and as the
 * figures' and records' query strings (shared/reports/routes.ts): the choice survives a reload and
 * can be sent to a colleague, and the server reads the same words the address shows.
 */
import { MAX_CUSTOM_DAYS } from '../../../../shared/reports/fileSchemas.js';
import { isDay, periodRange } from '../../../../shared/reports/periods.js';
import { REPORT_TYPES, type DrillRef, type ReportPeriod, type ReportPeriodKind, type ReportScope, type ReportType } from '../../../../shared/reports/types.js';
import { reportPaths } from '../../../../shared/reports/routes.js';

export const PERIOD_KINDS: readonly ReportPeriodKind[] = ['mtd', 'ytd', 'lm', 'custom', 'date'];

export interface ReportChoice {
  type: ReportType;
  period: ReportPeriod;
  scope: ReportScope;
}

export const DEFAULT_CHOICE: ReportChoice = { type: 'texting', period: { kind: 'mtd' }, scope: 'location' };

/** The period's own parameters: `period`, and `from`/`to` or `date` where it has days. */
export function periodParams(period: ReportPeriod): [string, string][] {
  switch (period.kind) {
    case 'custom':
      return [['period', 'custom'], ['from', period.from], ['to', period.to]];
    case 'date':
      return [['period', 'date'], ['date', period.date]];
    default:
      return [['period', period.kind]];
  }
}

/** The period a query string names; null when it names none or names days that are not days. */
export function periodFromParams(params: URLSearchParams): ReportPeriod | null {
  const kind = params.get('period');
  switch (kind) {
    case 'mtd':
    case 'ytd':
    case 'lm':
      return { kind };
    case 'custom': {
      const from = params.get('from') ?? '';
      const to = params.get('to') ?? '';
      return isDay(from) && isDay(to) && from <= to ? { kind, from, to } : null;
    }
    case 'date': {
      const date = params.get('date') ?? '';
      return isDay(date) ? { kind, date } : null;
    }
    default:
      return null;
  }
}

const isType = (value: string | null): value is ReportType => REPORT_TYPES.includes(value as ReportType);

/** The choice an address holds; what it does not hold (or holds wrongly) is the default. Only admins may ask for the company. */
export function choiceFromParams(params: URLSearchParams, mayChooseCompany: boolean): ReportChoice {
  const type = params.get('type');
  return {
    type: isType(type) ? type : DEFAULT_CHOICE.type,
    period: periodFromParams(params) ?? DEFAULT_CHOICE.period,
    scope: mayChooseCompany && params.get('scope') === 'company' ? 'company' : 'location',
  };
}

export function choiceParams(choice: ReportChoice): [string, string][] {
  return [['type', choice.type], ...periodParams(choice.period), ['scope', choice.scope]];
}

/** The address's parameters with the choice written in (other parameters, the tab, kept). */
export function withChoice(params: URLSearchParams, choice: ReportChoice): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const key of ['type', 'period', 'from', 'to', 'date', 'scope']) next.delete(key);
  for (const [key, value] of choiceParams(choice)) next.set(key, value);
  return next;
}

export function figuresPath(locationId: string, choice: ReportChoice): string {
  return `${reportPaths.figures(locationId)}?${new URLSearchParams(choiceParams(choice)).toString()}`;
}

/** A page of the records behind one cell. */
export function recordsPath(locationId: string, choice: ReportChoice, drill: DrillRef, page: { offset: number; limit: number }): string {
  const params = new URLSearchParams([
    ['type', drill.type],
    ['figure', drill.figure],
    ['dims', JSON.stringify(drill.dims)],
    ...periodParams(choice.period),
    ['scope', choice.scope],
    ['offset', String(page.offset)],
    ['limit', String(page.limit)],
  ]);
  return `${reportPaths.records(locationId)}?${params.toString()}`;
}

/** Another kind of period; custom dates and a single date start from the days the period had, so a manager narrows "this month" rather than typing it again. */
export function switchPeriod(current: ReportPeriod, kind: ReportPeriodKind, today: string): ReportPeriod {
  if (kind === current.kind) return current;
  const days = periodRange(current, today);
  if (kind === 'custom') return { kind, from: days.from, to: days.to };
  if (kind === 'date') return { kind, date: days.to };
  return { kind };
}

export type PeriodProblem = 'from_missing' | 'to_missing' | 'from_after_to' | 'too_long' | 'date_missing' | 'in_future';

const daysBetween = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

/**
 * What is wrong with a period being typed, against the store's today; null when it can be asked
 * for. A day after today counts nothing yet, so it is refused rather than shown as zeros.
 */
export function periodProblem(period: ReportPeriod, today: string): { field: 'from' | 'to' | 'date'; problem: PeriodProblem } | null {
  if (period.kind === 'custom') {
    if (!isDay(period.from)) return { field: 'from', problem: 'from_missing' };
    if (!isDay(period.to)) return { field: 'to', problem: 'to_missing' };
    if (period.from > period.to) return { field: 'to', problem: 'from_after_to' };
    if (daysBetween(period.from, period.to) >= MAX_CUSTOM_DAYS) return { field: 'to', problem: 'too_long' };
    if (period.from > today) return { field: 'from', problem: 'in_future' };
  }
  if (period.kind === 'date') {
    if (!isDay(period.date)) return { field: 'date', problem: 'date_missing' };
    if (period.date > today) return { field: 'date', problem: 'in_future' };
  }
  return null;
}
