/**
 * The inspections report (issue 24; README "Reports: inspections"): sheets started and sent, the
 * sent rate, red and yellow items on sent sheets, recommended work at sending against approved
 * work, in lines and in amount, by advisor (the repair order's), by technician and, for a company,
 * by store. Counters from the technician board's facts (functions/inspections/tallies.ts,
 * functions/recommendations/tallies.ts).
 */
import type { SheetBuilder } from '../sheets.js';
import { BY_ADVISOR, figureSheets, share, type FigureColumn, type PersonSheet } from './figureSheets.js';

export const INSPECTION_COLUMNS: readonly FigureColumn[] = [
  { id: 'started', format: 'count', cell: (t) => t('started').count, drill: 'started' },
  { id: 'sent', format: 'count', cell: (t) => t('sent').count, drill: 'sent' },
  { id: 'sent_rate', format: 'percent', cell: (t) => share(t('sent').count, t('started').count) },
  { id: 'red_items', format: 'count', cell: (t) => t('red_items').value, drill: 'red_items' },
  { id: 'yellow_items', format: 'count', cell: (t) => t('yellow_items').value, drill: 'yellow_items' },
  { id: 'recommended_lines', format: 'count', cell: (t) => t('recommended').count, drill: 'recommended' },
  { id: 'recommended_amount', format: 'money', cell: (t) => t('recommended').value, drill: 'recommended' },
  { id: 'approved_lines', format: 'count', cell: (t) => t('approved').count, drill: 'approved' },
  { id: 'approved_amount', format: 'money', cell: (t) => t('approved').value, drill: 'approved' },
  { id: 'approved_lines_share', format: 'percent', cell: (t) => share(t('approved').count, t('recommended').count) },
  { id: 'approved_amount_share', format: 'percent', cell: (t) => share(t('approved').value, t('recommended').value) },
];

const BY_TECHNICIAN: PersonSheet = { id: 'by_technician', dim: 'technician_id', nobody: { label: 'No technician', label_id: 'no_technician' } };

export const inspectionsSheets: SheetBuilder = (rows, ctx) => figureSheets('inspections', INSPECTION_COLUMNS, rows, ctx, [BY_ADVISOR, BY_TECHNICIAN]);
