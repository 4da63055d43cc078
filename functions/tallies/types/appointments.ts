/**
 * The appointments report (issue 24; README "Reports: appointments"): appointments booked,
 * confirmed, cancelled, reminded and showed, by advisor (the appointment's) and, for a company, by
 * store. Counters from the appointments board's facts (functions/appointments/tallies.ts). Each
 * counts on the day it happened, so they are not shares of one another: a period's cancellations
 * may be of appointments booked before it.
 */
import type { SheetBuilder } from '../sheets.js';
import { BY_ADVISOR, figureSheets, type FigureColumn } from './figureSheets.js';

export const APPOINTMENT_COLUMNS: readonly FigureColumn[] = ['booked', 'confirmed', 'cancelled', 'reminded', 'showed'].map((figure) => ({
  id: figure,
  format: 'count',
  cell: (t) => t(figure).count,
  drill: figure,
}));

export const appointmentsSheets: SheetBuilder = (rows, ctx) => figureSheets('appointments', APPOINTMENT_COLUMNS, rows, ctx, [BY_ADVISOR]);
