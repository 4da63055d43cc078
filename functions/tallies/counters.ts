/**
 * The reports' counters (issue 24): per location, report type, figure and combination of
 * dimensions, one item a day, one a month and one a year, each kept by ADD as facts are counted
 * (facts.ts `countFact`, which writes them in the fact's transaction). A report reads whole years
 * from the yearly items, whole months from the monthly ones and the days left over from the daily
 * ones; a range that runs from the first of a year (or month) to today or later reads that year's
 * (month's) item less the counters after its end, which hold nothing unless a fact is dated in the
 * future. So a year to date reads about one item per combination a location, never the records.
 * The only code that knows the counters' keys (docs/data-model.md "Reports").
 */
import { addDays, endOfMonth, format, parseISO } from 'date-fns';
import { storeDay } from '../../shared/reports/periods.js';
import { RESPONSE_BUCKETS } from '../../shared/reports/responseTimes.js';
import type { DayRange, ReportType } from '../../shared/reports/types.js';
import { queryAll, type TransactWrite } from '../lib/table.js';
import type { CounterRow } from './sheets.js';

/** Keys of the records this store owns (docs/data-model.md "Reports"). */
const counterKeys = {
  /** A location's daily counters of a report type: `sk = {yyyy-mm-dd}#{figure}#{dims}`. */
  day: (companyId: string, locationId: string, type: ReportType) => `COMPANY#${companyId}#LOCATION#${locationId}#TALLY#${type}`,
  /** The same by month: `sk = {yyyy-mm}#{figure}#{dims}`. */
  month: (companyId: string, locationId: string, type: ReportType) => `COMPANY#${companyId}#LOCATION#${locationId}#TALLYM#${type}`,
  /** The same by year: `sk = {yyyy}#{figure}#{dims}`. */
  year: (companyId: string, locationId: string, type: ReportType) => `COMPANY#${companyId}#LOCATION#${locationId}#TALLYY#${type}`,
} as const;

/** The dimensions as one stable string: sorted `k=v` joined by `&` (values escaped, so any value keeps its own). */
export function dimsKey(dims: Readonly<Record<string, string>> | undefined): string {
  return Object.entries(dims ?? {})
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`)
    .join('&');
}

/** A counter as stored: its buckets (`b15`…) are top-level numbers, so ADD can keep them. */
type CounterItem = { location_id: string; figure: string; dims: Record<string, string>; count: number; value: number } & Partial<Record<string, unknown>>;

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
  /** The bucket the fact also adds one to (`b15`: a first response in (12, 15] minutes), if any. */
  bucket?: string;
}

/** The three ADDs of a fact (its day's, month's and year's counter), parts of the fact's transaction. */
export function counterWrites(add: CounterAdd): TransactWrite[] {
  if (add.bucket !== undefined && !RESPONSE_BUCKETS.includes(add.bucket)) throw new Error(`Unknown counter bucket ${add.bucket}`);
  const rest = `${add.figure}#${dimsKey(add.dims)}`;
  const bucket = add.bucket === undefined ? '' : ', #bucket :one';
  const update = (pk: string, sk: string): TransactWrite => ({
    Update: {
      Key: { pk, sk },
      UpdateExpression: `SET location_id = :lid, figure = :figure, dims = :dims ADD #count :one, #value :value${bucket}`,
      ExpressionAttributeNames: { '#count': 'count', '#value': 'value', ...(add.bucket === undefined ? {} : { '#bucket': add.bucket }) },
      ExpressionAttributeValues: { ':lid': add.locationId, ':figure': add.figure, ':dims': add.dims, ':one': 1, ':value': add.value },
    },
  });
  return [
    update(counterKeys.day(add.companyId, add.locationId, add.type), `${add.day}#${rest}`),
    update(counterKeys.month(add.companyId, add.locationId, add.type), `${add.day.slice(0, 7)}#${rest}`),
    update(counterKeys.year(add.companyId, add.locationId, add.type), `${add.day.slice(0, 4)}#${rest}`),
  ];
}

/** One Query of counters: the items of a level between two of its keys (`2026`, `2026-03`, `2026-03-05`), added or taken away. */
export interface CounterRead {
  level: keyof typeof counterKeys;
  from: string;
  to: string;
  sign: 1 | -1;
}

const dayOf = (d: Date) => format(d, 'yyyy-MM-dd');
const nextDay = (day: string) => dayOf(addDays(parseISO(day), 1));
const monthEnd = (day: string) => dayOf(endOfMonth(parseISO(day)));

/**
 * The days from..to of one year as whole months and leftover days. A last month cut short at
 * today or later is its month's item less the days after the cut (none are counted yet, unless a
 * fact is dated in the future), so a month to date is one item, not a day's item per day.
 */
function monthsAndDays(from: string, to: string, today: string, sign: 1 | -1): CounterRead[] {
  const reads: CounterRead[] = [];
  let start = from;
  if (!start.endsWith('-01')) {
    const end = monthEnd(start) < to ? monthEnd(start) : to;
    reads.push({ level: 'day', from: start, to: end, sign });
    start = nextDay(end);
  }
  if (start > to) return reads;
  // From here `start` is a month's first day.
  const lastMonth = to.slice(0, 7);
  if (monthEnd(to) === to) {
    reads.push({ level: 'month', from: start.slice(0, 7), to: lastMonth, sign });
    return reads;
  }
  if (start.slice(0, 7) < lastMonth) reads.push({ level: 'month', from: start.slice(0, 7), to: dayOf(addDays(parseISO(`${lastMonth}-01`), -1)).slice(0, 7), sign });
  if (to >= today) {
    reads.push({ level: 'month', from: lastMonth, to: lastMonth, sign });
    reads.push({ level: 'day', from: nextDay(to), to: monthEnd(to), sign: sign === 1 ? -1 : 1 });
  } else {
    reads.push({ level: 'day', from: `${lastMonth}-01`, to, sign });
  }
  return reads;
}

/**
 * A range as the counters to read, each added or taken away: whole years from the yearly items,
 * whole months from the monthly ones, the rest by day. A range from the first of January to today
 * or later (a year to date) is the year's item less the months and days after its end, which hold
 * nothing unless a fact is dated in the future: exact either way, and as cheap at any volume.
 * `today` only chooses the cheaper reading; the sum is the range's whatever it is.
 */
export function splitRange(range: DayRange, today: string): CounterRead[] {
  const reads: CounterRead[] = [];
  for (let year = Number(range.from.slice(0, 4)); year <= Number(range.to.slice(0, 4)); year++) {
    const first = `${year}-01-01`;
    const last = `${year}-12-31`;
    const from = range.from > first ? range.from : first;
    const to = range.to < last ? range.to : last;
    if (from === first && (to === last || to >= today)) {
      reads.push({ level: 'year', from: String(year), to: String(year), sign: 1 });
      if (to !== last) reads.push(...monthsAndDays(nextDay(to), last, today, -1));
    } else {
      reads.push(...monthsAndDays(from, to, today, 1));
    }
  }
  return reads;
}

const BUCKET_NAMES = Object.fromEntries(RESPONSE_BUCKETS.map((b, i) => [`#k${i}`, b]));

async function between(pk: string, from: string, to: string): Promise<CounterItem[]> {
  return queryAll<CounterItem>({
    KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
    // `#` sorts before every character of a figure, `~` after: the whole of each end's day, month or year.
    ExpressionAttributeValues: { ':pk': pk, ':from': `${from}#`, ':to': `${to}#~` },
    ProjectionExpression: `location_id, figure, dims, #count, #value, ${Object.keys(BUCKET_NAMES).join(', ')}`,
    ExpressionAttributeNames: { '#count': 'count', '#value': 'value', ...BUCKET_NAMES },
  });
}

/** No store's calendar is behind this one's (UTC−12): its today is at or before every store's. */
const EARLIEST_CALENDAR = 'Etc/GMT+12';

/**
 * The counters of the locations over the range, summed per location, figure and dimensions (and
 * per bucket, where a figure keeps them): the reads of `splitRange`, those taken away subtracted.
 */
export async function countersOf(input: { companyId: string; locationIds: readonly string[]; type: ReportType; range: DayRange }): Promise<CounterRow[]> {
  const plan = splitRange(input.range, storeDay(new Date(), EARLIEST_CALENDAR));
  const reads = input.locationIds.flatMap((locationId) =>
    plan.map(async (read) => ({ sign: read.sign, items: await between(counterKeys[read.level](input.companyId, locationId, input.type), read.from, read.to) })),
  );
  const sums = new Map<string, CounterRow>();
  for (const { sign, items } of await Promise.all(reads)) {
    for (const item of items) {
      const key = `${item.location_id}\u0000${item.figure}\u0000${dimsKey(item.dims)}`;
      const row = sums.get(key) ?? { location_id: item.location_id, figure: item.figure, dims: { ...item.dims }, count: 0, value: 0 };
      row.count += sign * Number(item.count ?? 0);
      row.value += sign * Number(item.value ?? 0);
      for (const bucket of RESPONSE_BUCKETS) {
        if (item[bucket] === undefined) continue;
        row.buckets ??= {};
        row.buckets[bucket] = (row.buckets[bucket] ?? 0) + sign * Number(item[bucket]);
      }
      sums.set(key, row);
    }
  }
  // A combination whose only facts lay after the range (taken away again) is not one of the range's.
  return [...sums.values()].filter((row) => row.count !== 0);
}
