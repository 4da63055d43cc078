/**
 * How the boards' report types (inspections, payments, CSI, appointments) lay their counters out:
 * one sheet per way of grouping them (by location, by advisor, by technician), the same columns on
 * each, a total row, and on every countable cell the records behind it. A column says how its cell
 * follows from the group's summed counters, so a share or an average is computed from the same sums
 * the counts show, never averaged from averages.
 */
import type { DrillRef, FigureFormat, ReportRow, ReportSheet, ReportType } from '../../../shared/reports/types.js';
import type { CounterRow, SheetContext } from '../sheets.js';

/** A figure summed over a group's counters: how many facts, and the sum of their values. */
export interface Tally {
  count: number;
  value: number;
}

/** A group's tallies by figure (a figure with no counter reads as zero). */
export type Tallies = (figure: string) => Tally;

export interface FigureColumn {
  id: string;
  format: FigureFormat;
  cell: (t: Tallies) => number | null;
  /** The figure whose facts stand behind the cell; none for a derived cell (a share, an average). */
  drill?: string;
}

/** A share 0..1, or null when there is nothing to share. */
export const share = (part: number, whole: number): number | null => (whole > 0 ? part / whole : null);

function talliesOf(rows: readonly CounterRow[]): Tallies {
  const sums = new Map<string, Tally>();
  for (const row of rows) {
    const t = sums.get(row.figure) ?? { count: 0, value: 0 };
    t.count += row.count;
    t.value += row.value;
    sums.set(row.figure, t);
  }
  return (figure) => sums.get(figure) ?? { count: 0, value: 0 };
}

function rowOf(type: ReportType, columns: readonly FigureColumn[], rows: readonly CounterRow[], row: { key: string; label: string; label_id?: string; dims: Record<string, string> }): ReportRow {
  const t = talliesOf(rows);
  const cells: ReportRow['cells'] = { label: row.label };
  const drill: Record<string, DrillRef> = {};
  for (const column of columns) {
    cells[column.id] = column.cell(t);
    if (column.drill) drill[column.id] = { type, figure: column.drill, dims: row.dims };
  }
  return { key: row.key, label: row.label, ...(row.label_id ? { label_id: row.label_id } : {}), cells, drill };
}

/** How a sheet groups the counters: by a dimension (agent_id, technician_id) or by location. */
export type Grouping = { id: string; dim: string; nobody: string } | { id: string; byLocation: true };

/**
 * One sheet: a row per group in name order (the group of nobody, e.g. orders without an advisor,
 * last), and the total of every counter of the report.
 */
export function figureSheet(type: ReportType, columns: readonly FigureColumn[], rows: readonly CounterRow[], ctx: SheetContext, grouping: Grouping): ReportSheet {
  const groups = new Map<string, CounterRow[]>();
  const keyOf = (row: CounterRow) => ('byLocation' in grouping ? row.location_id : (row.dims[grouping.dim] ?? ''));
  if ('byLocation' in grouping) for (const l of ctx.locations) groups.set(l.id, []);
  for (const row of rows) {
    const key = keyOf(row);
    groups.set(key, [...(groups.get(key) ?? []), row]);
  }
  const named = [...groups].map(([key, groupRows]) => {
    if ('byLocation' in grouping) {
      const name = ctx.locations.find((l) => l.id === key)?.name ?? key;
      return { sort: name, rows: groupRows, row: { key: `location:${key}`, label: name, dims: { location_id: key } } };
    }
    if (key === '') return { sort: '\uffff', rows: groupRows, row: { key: `${grouping.dim}:none`, label: '', label_id: grouping.nobody, dims: { [grouping.dim]: '' } } };
    const name = ctx.agentNames.get(key) ?? key;
    return { sort: name, rows: groupRows, row: { key: `${grouping.dim}:${key}`, label: name, dims: { [grouping.dim]: key } } };
  });
  named.sort((a, b) => a.sort.localeCompare(b.sort) || a.row.key.localeCompare(b.row.key));
  return {
    id: grouping.id,
    columns: [{ id: 'label', format: 'text', drills: false }, ...columns.map((c) => ({ id: c.id, format: c.format, drills: c.drill !== undefined }))],
    rows: named.map((g) => rowOf(type, columns, g.rows, g.row)),
    total: rowOf(type, columns, rows, { key: 'total', label: '', label_id: 'total', dims: {} }),
  };
}
