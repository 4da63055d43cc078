/**
 * The appointments report (issue 24; README "Reports: appointments"): appointments booked,
 * confirmed, cancelled, reminded and showed, by store and by advisor (the appointment's). Counters
 * from the appointments board's facts (functions/appointments/tallies.ts). Each counts on the day
 * it happened, so they are not shares of one another: a period's cancellations may be of
 * appointments booked before it.
 */
import type { SheetBuilder } from '../sheets.js';
import { figureSheet, type FigureColumn } from './figureSheets.js';

export const APPOINTMENT_COLUMNS: readonly FigureColumn[] = ['booked', 'confirmed', 'cancelled', 'reminded', 'showed'].map((figure) => ({
  id: figure,
  format: 'count',
  cell: (t) => t(figure).count,
  drill: figure,
}));

export const appointmentsSheets: SheetBuilder = (rows, ctx) => [
  figureSheet('appointments', APPOINTMENT_COLUMNS, rows, ctx, { id: 'summary', byLocation: true }),
  figureSheet('appointments', APPOINTMENT_COLUMNS, rows, ctx, { id: 'by_advisor', dim: 'agent_id', nobody: 'no_advisor' }),
];
