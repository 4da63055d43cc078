/**
 * Consent (README "Reports: consent"): opt-ins and opt-outs by channel, opt-outs by the words that
 * asked for them, and cells found to be landlines or VoIP lines.
 */
import type { ReportColumn, ReportRow, ReportSheet } from '../../../shared/reports/types.js';
import type { CounterRow, SheetBuilder } from '../sheets.js';
import { byLabel, countOf, drills, groupBy, locationName } from './rows.js';

const col = (id: string): ReportColumn => ({ id, format: 'count', drills: true });
const LABEL: ReportColumn = { id: 'label', format: 'text', drills: false };

function row(key: string, label: string, rows: readonly CounterRow[], figures: readonly string[], dims: Record<string, string>, labelId?: string): ReportRow {
  return { key, label, ...(labelId ? { label_id: labelId } : {}), cells: Object.fromEntries(figures.map((f) => [f, countOf(rows, f)])), drill: drills('consent', figures, dims) };
}

/** One sheet of rows by a dimension's value, over some figures. */
function sheetBy(id: string, dim: string, rows: readonly CounterRow[], figures: readonly string[], labelIdOf?: (value: string) => string | undefined): ReportSheet {
  const wanted = rows.filter((r) => figures.includes(r.figure));
  const byValue = [...groupBy(wanted, (r) => r.dims[dim])].map(([value, own]) => row(`${dim}:${value}`, value, own, figures, { [dim]: value }, labelIdOf?.(value)));
  return { id, columns: [LABEL, ...figures.map(col)], rows: byValue.sort(byLabel), total: row('total', 'Total', wanted, figures, {}, 'total') };
}

export const consentSheets: SheetBuilder = (rows, ctx) => {
  const summaryFigures = ['opt_in', 'opt_out', 'line_refusal'];
  const sheets: ReportSheet[] = [
    // Channels and line types are words the console translates (`reports.channel.sms`, `reports.line.voip`).
    sheetBy('by_channel', 'channel', rows, ['opt_in', 'opt_out'], (v) => `channel.${v}`),
    sheetBy('opt_out_wording', 'wording', rows, ['opt_out']),
    sheetBy('line_refusals', 'line', rows, ['line_refusal'], (v) => `line.${v}`),
  ];
  if (ctx.scope === 'company') {
    const stores = ctx.locations.map((l) => row(`location:${l.id}`, locationName(ctx, l.id), rows.filter((r) => r.location_id === l.id), summaryFigures, { location_id: l.id }));
    sheets.push({ id: 'by_location', columns: [LABEL, ...summaryFigures.map(col)], rows: stores, total: row('total', 'Total', rows, summaryFigures, {}, 'total') });
  }
  return sheets;
};
