/**
 * Where a report file's numbers come from: the figures of a report type over the store's days, and
 * the records behind one figure, page by page (functions/tallies keeps and reads them). Generation
 * takes this as a parameter, so the workbook's tests give it figures they computed themselves.
 */
import type { Locale } from '../../shared/locales.js';
import type { DayRange, FigureRecord, ReportFigures, ReportScope, ReportType } from '../../shared/reports/types.js';

export interface FiguresAsk {
  companyId: string;
  /** The locations counted; the first is the one asked from (its currency and settings). */
  locations: readonly { id: string; name: string; timezone: string; locale: Locale }[];
  type: ReportType;
  range: DayRange;
  scope: ReportScope;
}

export interface FigureSource {
  figures: (ask: FiguresAsk) => Promise<ReportFigures>;
  /** The records behind `figure` (at the dimensions `dims`), a page at a time, newest first. */
  records: (ask: FiguresAsk & { figure: string; dims: Record<string, string> }) => AsyncIterable<readonly FigureRecord[]>;
}

/** The source cannot count this report, now or later (a report type it has no figures for): trying again will not help. */
export class ReportCannotBeMade extends Error {
  override readonly name = 'ReportCannotBeMade';
}
