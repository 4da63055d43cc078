/**
 * The reports' counters (issue 24): per location, report type, figure and combination of
 * dimensions, one item a day and one a month, each kept by ADD as facts are counted (facts.ts
 * `countFact`, which writes them in the fact's transaction). A report sums whole months from the
 * monthly items and the days of partial months from the daily ones, so a year's report reads
 * at most (months + days of two partial months) × combinations items a location, never the records.
 * The only code that knows the counters' keys (docs/data-model.md "Reports").
 */
import { addDays, endOfMonth, format, parseISO } from 'date-fns';
import type { DayRange, ReportType } from '../../shared/reports/types.js';
import { queryAll, type TransactWrite } from '../lib/table.js';
import type { CounterRow } from './sheets.js';

/** Keys of the records this store owns (docs/data-model.md "Reports"). */
const counterKeys = {
  /** A location's daily counters of a report type: `sk = {yyyy-mm-dd}#{figure}#{dims}`. */
  daily: (companyId: string, locationId: string, type: ReportType) => `COMPANY#${companyId}#LOCATION#${locationId}#TALLY#${type}`,
  /** The same by month: `sk = {yyyy-mm}#{figure}#{dims}`. */
  monthly: (companyId: string, locationId: string, type: ReportType) => `COMPANY#${companyId}#LOCATION#${locationId}#TALLYM#${type}`,
} as const;

/** The dimensions as one stable string: sorted `k=v` joined by `&` (values escaped, so any value keeps its own). */
export function dimsKey(dims: Readonly<Record<string, string>> | undefined): string {
  return Object.entries(dims ?? {})
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`)
    .join('&');
}

interface CounterItem {
  location_id: string;
  figure: string;
  dims: Record<string, string>;
  count: number;
  value: number;
}

/** What a counted fact adds to its location's counters. */
export interface CounterAdd {
  companyId: string;
  locationId: string;
  type: ReportType;
  figure: string;
  dims: Record<string, string>;
  /** The store's calendar day of the fact. */
  day: string;
  value: number;
}

/** The two ADDs of a fact (its day's and its month's counter), parts of the fact's transaction. */
export function counterWrites(add: CounterAdd): TransactWrite[] {
  const rest = `${add.figure}#${dimsKey(add.dims)}`;
  const update = (pk: string, sk: string): TransactWrite => ({
    Update: {
      Key: { pk, sk },
      UpdateExpression: 'SET location_id = :lid, figure = :figure, dims = :dims ADD #count :one, #value :value',
      ExpressionAttributeNames: { '#count': 'count', '#value': 'value' },
      ExpressionAttributeValues: { ':lid': add.locationId, ':figure': add.figure, ':dims': add.dims, ':one': 1, ':value': add.value },
    },
  });
  return [
    update(counterKeys.daily(add.companyId, add.locationId, add.type), `${add.day}#${rest}`),
    update(counterKeys.monthly(add.companyId, add.locationId, add.type), `${add.day.slice(0, 7)}#${rest}`),
  ];
}

/** A range cut into whole months and the days left over at either end. */
export function splitRange(range: DayRange): { months: { from: string; to: string } | null; days: DayRange[] } {
  const day = (d: Date) => format(d, 'yyyy-MM-dd');
  const from = parseISO(range.from);
  // The first month wholly inside: this one if the range starts on its first day, else the next.
  const firstWhole = range.from.endsWith('-01') ? range.from.slice(0, 7) : format(addDays(endOfMonth(from), 1), 'yyyy-MM');
  // The last month wholly inside: this one if the range ends on its last day, else the one before.
  const to = parseISO(range.to);
  const lastWhole = day(endOfMonth(to)) === range.to ? range.to.slice(0, 7) : format(addDays(parseISO(`${range.to.slice(0, 7)}-01`), -1), 'yyyy-MM');
  if (firstWhole > lastWhole) return { months: null, days: [range] };
  const days: DayRange[] = [];
  if (range.from < `${firstWhole}-01`) days.push({ from: range.from, to: day(addDays(parseISO(`${firstWhole}-01`), -1)) });
  const afterLast = day(addDays(endOfMonth(parseISO(`${lastWhole}-01`)), 1));
  if (afterLast <= range.to) days.push({ from: afterLast, to: range.to });
  return { months: { from: firstWhole, to: lastWhole }, days };
}

async function between(pk: string, from: string, to: string): Promise<CounterItem[]> {
  return queryAll<CounterItem>({
    KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
    // `#` sorts before every character of a figure, `~` after: the whole of each end's day or month.
    ExpressionAttributeValues: { ':pk': pk, ':from': `${from}#`, ':to': `${to}#~` },
    ProjectionExpression: 'location_id, figure, dims, #count, #value',
    ExpressionAttributeNames: { '#count': 'count', '#value': 'value' },
  });
}

/**
 * The counters of the locations over the range, summed per location, figure and dimensions: whole
 * months from the monthly counters, the rest from the daily ones.
 */
export async function countersOf(input: { companyId: string; locationIds: readonly string[]; type: ReportType; range: DayRange }): Promise<CounterRow[]> {
  const { months, days } = splitRange(input.range);
  const reads = input.locationIds.flatMap((locationId) => [
    ...(months ? [between(counterKeys.monthly(input.companyId, locationId, input.type), months.from, months.to)] : []),
    ...days.map((part) => between(counterKeys.daily(input.companyId, locationId, input.type), part.from, part.to)),
  ]);
  const sums = new Map<string, CounterRow>();
  for (const item of (await Promise.all(reads)).flat()) {
    const key = `${item.location_id}\u0000${item.figure}\u0000${dimsKey(item.dims)}`;
    const row = sums.get(key) ?? { location_id: item.location_id, figure: item.figure, dims: { ...item.dims }, count: 0, value: 0 };
    row.count += Number(item.count ?? 0);
    row.value += Number(item.value ?? 0);
    sums.set(key, row);
  }
  return [...sums.values()];
}
