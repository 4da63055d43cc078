/**
 * Texting activity per advisor (README "Reports: texting activity per advisor"): texts sent and
 * received, waits for a first answer, how long they lasted within opening hours, and how many went
 * unanswered. First responses are counted in a fixed set of buckets (shared/reports/responseTimes.ts),
 * so the counters stay as many whatever the answers' times: the median is the upper bound of the
 * bucket that holds it (exact up to 10 minutes), and the late share is exact because the store's
 * threshold is one of the bounds.
 */
import { RESPONSE_BUCKETS, bucketBound } from '../../../shared/reports/responseTimes.js';
import type { ReportColumn, ReportRow, ReportSheet } from '../../../shared/reports/types.js';
import type { CounterRow, SheetBuilder, SheetContext } from '../sheets.js';
import { NO_ADVISOR } from '../texting.js';
import { byLabel, countOf, drills, groupBy, locationName } from './rows.js';

const COLUMNS: ReportColumn[] = [
  { id: 'label', format: 'text', drills: false },
  { id: 'sent', format: 'count', drills: true },
  { id: 'received', format: 'count', drills: true },
  { id: 'waits', format: 'count', drills: true },
  { id: 'answered', format: 'count', drills: true },
  { id: 'median_first_response', format: 'minutes', drills: true },
  { id: 'late_share', format: 'percent', drills: false },
  { id: 'unanswered', format: 'count', drills: false },
];

/** The answers' buckets summed over the rows, in bucket order. */
function answerBuckets(rows: readonly CounterRow[]): { bound: number; count: number }[] {
  const sums = new Map<string, number>();
  for (const row of rows) {
    if (row.figure !== 'answered') continue;
    for (const [bucket, count] of Object.entries(row.buckets ?? {})) sums.set(bucket, (sums.get(bucket) ?? 0) + count);
  }
  return RESPONSE_BUCKETS.flatMap((bucket) => ((sums.get(bucket) ?? 0) > 0 ? [{ bound: bucketBound(bucket), count: sums.get(bucket)! }] : []));
}

/**
 * The median first response: the upper bound of the bucket holding the middle answer (the mean of
 * the two middle answers' bounds for an even number); null with no answers. Exact when it is 10
 * minutes or less; above, "at most" the bound (a median of 13 minutes reads 15).
 */
export function medianMinutes(rows: readonly CounterRow[]): number | null {
  const answers = answerBuckets(rows);
  const total = answers.reduce((sum, a) => sum + a.count, 0);
  if (total === 0) return null;
  const at = (index: number): number => {
    let seen = 0;
    for (const a of answers) {
      seen += a.count;
      if (index < seen) return a.bound;
    }
    return answers[answers.length - 1]!.bound;
  };
  return total % 2 === 1 ? at((total - 1) / 2) : (at(total / 2 - 1) + at(total / 2)) / 2;
}

function cells(rows: readonly CounterRow[], lateMinutes: number): ReportRow['cells'] {
  const answered = countOf(rows, 'answered');
  const waits = countOf(rows, 'waits');
  // The threshold is a bucket bound: every answer in a bucket above it took longer.
  const late = answerBuckets(rows).reduce((sum, a) => (a.bound > lateMinutes ? sum + a.count : sum), 0);
  return {
    sent: countOf(rows, 'sent'),
    received: countOf(rows, 'received'),
    waits,
    answered,
    median_first_response: medianMinutes(rows),
    late_share: answered === 0 ? null : late / answered,
    unanswered: Math.max(0, waits - answered),
  };
}

const DRILLED = ['sent', 'received', 'waits', 'answered'];

function row(key: string, label: string, rows: readonly CounterRow[], dims: Record<string, string>, ctx: SheetContext, labelId?: string): ReportRow {
  const drill = drills('texting', DRILLED, dims);
  // The median's records are the answers it is the median of.
  drill.median_first_response = { type: 'texting', figure: 'answered', dims };
  return { key, label, ...(labelId ? { label_id: labelId } : {}), cells: cells(rows, ctx.settings.late_response_minutes), drill };
}

export const textingSheets: SheetBuilder = (rows, ctx) => {
  const advisors = [...groupBy(rows, (r) => r.dims.agent_id)].map(([agentId, own]) =>
    agentId === NO_ADVISOR
      ? row(`agent:${agentId}`, 'No advisor', own, { agent_id: agentId }, ctx, 'no_advisor')
      : row(`agent:${agentId}`, ctx.agentNames.get(agentId) ?? agentId, own, { agent_id: agentId }, ctx),
  );
  const sheets: ReportSheet[] = [{ id: 'by_advisor', columns: COLUMNS, rows: advisors.sort(byLabel), total: row('total', 'Total', rows, {}, ctx, 'total') }];
  if (ctx.scope === 'company') {
    // A store's row opens that store's records (`location_id` names the store, not a fact's dimension).
    const stores = ctx.locations.map((l) => row(`location:${l.id}`, locationName(ctx, l.id), rows.filter((r) => r.location_id === l.id), { location_id: l.id }, ctx));
    sheets.push({ id: 'by_location', columns: COLUMNS, rows: stores, total: row('total', 'Total', rows, {}, ctx, 'total') });
  }
  return sheets;
};
