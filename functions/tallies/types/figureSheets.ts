/**
 * How the boards' report types (inspections, payments, CSI, appointments) lay their counters out,
 * as texting and consent do (rows.ts): a sheet per person the facts count under (advisor,
 * technician), for a company report one per store too, the same columns on each, a total row, and
 * on every countable cell the records behind it. A column says how its cell follows from the
 * group's summed counters, so a share or an average is computed from the same sums the counts
 * show, never averaged from averages.
 */
import type { DrillRef, FigureFormat, ReportRow, ReportSheet, ReportType } from '../../../shared/reports/types.js';
import { NOBODY } from '../../repairOrders/factOrder.js';
import type { CounterRow, SheetContext } from '../sheets.js';
import { byLabel, groupBy, locationName } from './rows.js';

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

/** A sheet of rows by a person the facts count under: `agent_id` (by_advisor), `technician_id` (by_technician). */
export interface PersonSheet {
  id: string;
  dim: string;
  /** The row of facts counted under nobody: its English label and the id the console words it by. */
  nobody: { label: string; label_id: string };
}

export const BY_ADVISOR: PersonSheet = { id: 'by_advisor', dim: 'agent_id', nobody: { label: 'No advisor', label_id: 'no_advisor' } };

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

interface RowName {
  key: string;
  label: string;
  label_id?: string;
  /** The records behind the row's cells: the person's dimension, or the store (`location_id`). */
  dims: Record<string, string>;
}

function rowOf(type: ReportType, columns: readonly FigureColumn[], rows: readonly CounterRow[], name: RowName): ReportRow {
  const t = talliesOf(rows);
  const cells: ReportRow['cells'] = {};
  const drill: Record<string, DrillRef> = {};
  for (const column of columns) {
    cells[column.id] = column.cell(t);
    if (column.drill) drill[column.id] = { type, figure: column.drill, dims: name.dims };
  }
  return { key: name.key, label: name.label, ...(name.label_id ? { label_id: name.label_id } : {}), cells, drill };
}

/**
 * The report's sheets: one per person sheet asked for, rows by name (nobody's last), and for a
 * company report `by_location`, a row for every store counted, even one with nothing.
 */
export function figureSheets(type: ReportType, columns: readonly FigureColumn[], rows: readonly CounterRow[], ctx: SheetContext, people: readonly PersonSheet[]): ReportSheet[] {
  const header = [{ id: 'label', format: 'text' as const, drills: false }, ...columns.map((c) => ({ id: c.id, format: c.format, drills: c.drill !== undefined }))];
  const total = () => rowOf(type, columns, rows, { key: 'total', label: 'Total', label_id: 'total', dims: {} });
  const sheets: ReportSheet[] = people.map((p) => {
    const prefix = p.dim.replace(/_id$/, '');
    const byPerson = [...groupBy(rows, (r) => r.dims[p.dim] ?? NOBODY)].map(([id, own]) =>
      rowOf(type, columns, own, id === NOBODY ? { key: `${prefix}:${id}`, ...p.nobody, dims: { [p.dim]: id } } : { key: `${prefix}:${id}`, label: ctx.agentNames.get(id) ?? id, dims: { [p.dim]: id } }),
    );
    return { id: p.id, columns: header, rows: byPerson.sort(byLabel), total: total() };
  });
  if (ctx.scope === 'company') {
    const stores = ctx.locations.map((l) => rowOf(type, columns, rows.filter((r) => r.location_id === l.id), { key: `location:${l.id}`, label: locationName(ctx, l.id), dims: { location_id: l.id } }));
    sheets.push({ id: 'by_location', columns: header, rows: stores, total: total() });
  }
  return sheets;
}
