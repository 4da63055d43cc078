/**
 * Texting activity per advisor (README "Reports: texting activity per advisor"): texts sent and
 * received, waits for a first answer, how long they lasted within opening hours, and how many went
 * unanswered. First responses are counted in whole minutes as a dimension, so the median and the
 * late share are exact, whatever threshold the store sets later.
 */
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

/** The median of the answers' minutes (the mean of the middle two for an even number); null with no answers. */
export function medianMinutes(rows: readonly CounterRow[]): number | null {
  const answers = rows
    .filter((row) => row.figure === 'answered')
    .map((row) => ({ minutes: Number(row.dims.minutes), count: row.count }))
    .sort((a, b) => a.minutes - b.minutes);
  const total = answers.reduce((sum, a) => sum + a.count, 0);
  if (total === 0) return null;
  const at = (index: number): number => {
    let seen = 0;
    for (const a of answers) {
      seen += a.count;
      if (index < seen) return a.minutes;
    }
    return answers[answers.length - 1]!.minutes;
  };
  return total % 2 === 1 ? at((total - 1) / 2) : (at(total / 2 - 1) + at(total / 2)) / 2;
}

function cells(rows: readonly CounterRow[], lateMinutes: number): ReportRow['cells'] {
  const answered = countOf(rows, 'answered');
  const waits = countOf(rows, 'waits');
  const late = rows.reduce((sum, row) => (row.figure === 'answered' && Number(row.dims.minutes) > lateMinutes ? sum + row.count : sum), 0);
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
