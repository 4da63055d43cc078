/** What the builders share: grouping counters into rows, and a row's cells with the records behind them. */
import type { DrillRef, ReportRow, ReportType } from '../../../shared/reports/types.js';
import type { CounterRow, SheetContext } from '../sheets.js';

/** The counters grouped by one dimension's value (`agent_id`, `channel`…, or the location). */
export function groupBy(rows: readonly CounterRow[], key: (row: CounterRow) => string | undefined): Map<string, CounterRow[]> {
  const groups = new Map<string, CounterRow[]>();
  for (const row of rows) {
    const k = key(row);
    if (k === undefined) continue;
    groups.set(k, [...(groups.get(k) ?? []), row]);
  }
  return groups;
}

/** How many facts of a figure the counters hold. */
export const countOf = (rows: readonly CounterRow[], figure: string): number => rows.reduce((sum, row) => (row.figure === figure ? sum + row.count : sum), 0);

/** The records behind each of these figures, for a row of these dimensions. */
export function drills(type: ReportType, figures: readonly string[], dims: Record<string, string>): Record<string, DrillRef> {
  return Object.fromEntries(figures.map((figure) => [figure, { type, figure, dims }]));
}

export const locationName = (ctx: SheetContext, id: string): string => ctx.locations.find((l) => l.id === id)?.name ?? id;

/** Rows in the order a manager reads them: by name, the row without a name (`none`) last. */
export function byLabel(a: ReportRow, b: ReportRow): number {
  if (a.label_id && !b.label_id) return 1;
  if (b.label_id && !a.label_id) return -1;
  return a.label.localeCompare(b.label);
}
