/**
 * What a report type's builder is given and gives back (issue 24): the counters of the period,
 * summed (functions/tallies/counters.ts `countersOf`), and the sheets the console shows and the
 * workbook writes. Every builder of functions/tallies/types/ has this signature, so the figures
 * route and the workbook writer dispatch on the report type alone.
 */
import type { DayRange, ReportScope, ReportSheet, ReportType } from '../../shared/reports/types.js';

/** One counter summed over the range: a figure of a location under one combination of dimensions. */
export interface CounterRow {
  location_id: string;
  figure: string;
  dims: Record<string, string>;
  /** How many facts. */
  count: number;
  /** The sum of the facts' values (cents, minutes, scores); 0 when they carry none. */
  value: number;
  /**
   * How many of the facts fell in each bucket, where the figure keeps them (the texting report's
   * `answered`: first responses by minutes, shared/reports/responseTimes.ts); absent elsewhere.
   */
  buckets?: Record<string, number>;
}

/** What a builder may need besides the counters: names to show and the store's settings. */
export interface SheetContext {
  type: ReportType;
  scope: ReportScope;
  range: DayRange;
  companyId: string;
  /** The locations counted, in the order the report lists them. */
  locations: { id: string; name: string; timezone: string }[];
  /** Agents' names by id (advisors, technicians): every agent of the company. */
  agentNames: ReadonlyMap<string, string>;
  /** The store's currency (SPEC §9 symbols), for money cells. */
  currency: string;
  /** The location's `reports_settings` group (late_response_minutes…), completed with its defaults. */
  settings: ReportsSettingsValues;
}

/** The `reports_settings` group as the builders read it (functions/tallies/settings.ts). */
export interface ReportsSettingsValues {
  late_response_minutes: number;
  /** Opening hours per ISO weekday (1 = Monday … 7 = Sunday): `HH:mm` pairs, none when closed. */
  opening_hours: Record<string, { open: string; close: string }[]>;
}

/** A report type's figures from its counters. */
export type SheetBuilder = (rows: readonly CounterRow[], ctx: SheetContext) => ReportSheet[];
