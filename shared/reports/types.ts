/**
 * The reports (issue 24; SPEC §2 "Reports download modal", §7 reports routes): what a manager asks
 * for, what the server answers, shown on screen and written to the workbook. Every figure is defined
 * in the README ("Reports: what each figure counts") so anyone can recount it.
 */

export const REPORT_TYPES = ['texting', 'consent', 'inspections', 'payments', 'csi', 'appointments'] as const;
export type ReportType = (typeof REPORT_TYPES)[number];

/** SPEC §5 "Report periods: MTD, YTD, LM, custom, single date". Dates are the store's calendar days (YYYY-MM-DD). */
export type ReportPeriod =
  | { kind: 'mtd' }
  | { kind: 'ytd' }
  | { kind: 'lm' }
  | { kind: 'custom'; from: string; to: string }
  | { kind: 'date'; date: string };
export type ReportPeriodKind = ReportPeriod['kind'];

/** This location, or (admins) every location of the company. */
export type ReportScope = 'location' | 'company';

/** A period resolved to the store's days, both ends included. */
export interface DayRange {
  from: string;
  to: string;
}

/** How a column's numbers are written on screen and in the workbook. */
export type FigureFormat = 'text' | 'count' | 'money' | 'percent' | 'minutes' | 'days' | 'score' | 'date';

export interface ReportColumn {
  /** The figure id (`sent`, `median_first_response`, …) or `label` for the row's name. */
  id: string;
  format: FigureFormat;
  /** Whether its cells open the records behind them. */
  drills: boolean;
}

/**
 * Which records stand behind one cell: the figure, and the dimension values of its row (an advisor,
 * a channel…). Passed back as is to the records route.
 */
export interface DrillRef {
  type: ReportType;
  figure: string;
  dims: Record<string, string>;
}

export interface ReportRow {
  /** Stable within its sheet (`agent:agt_1`, `channel:sms`, `total`). */
  key: string;
  /** The row's name (an advisor's name, a channel); words with an id are translated by the console (`label_id`). */
  label: string;
  label_id?: string;
  /** Numbers as the format says: counts, cents, a share 0..1, minutes, days, a score; null when there is nothing to measure (a median of no answers). */
  cells: Record<string, number | string | null>;
  /** Per figure id, the records behind the cell (absent where the figure is derived, e.g. a share). */
  drill?: Record<string, DrillRef>;
}

/** One section of a report: a table on screen, a sheet of the workbook. */
export interface ReportSheet {
  /** `by_advisor`, `by_channel`, `summary`… (translated by the console: `reports.sheet.<id>`). */
  id: string;
  columns: ReportColumn[];
  rows: ReportRow[];
  /** The sum row, where summing means something. */
  total?: ReportRow;
}

export interface ReportFigures {
  type: ReportType;
  scope: ReportScope;
  range: DayRange;
  /** The locations counted (one, or every location of the company). */
  locations: { id: string; name: string; timezone: string }[];
  /** The store's currency (SPEC §9 symbols) for `money` cells. */
  currency: string;
  sheets: ReportSheet[];
}

/** One record behind a figure (drill-down), the same shape for every report type. */
export interface FigureRecord {
  /** The fact's id: unique in the list. */
  id: string;
  at: string;
  location_id: string;
  /** What it is: a conversation, a repair order, a payment request, a survey, an appointment, a customer. */
  record: { kind: string; id: string; label: string };
  customer: { id: string; name: string; phone: string | null } | null;
  agent: { id: string; name: string } | null;
  /** The value the fact adds (cents, minutes, score), when it adds one. */
  value: number | null;
  /** Where the console opens it, under /app (null when it has no screen). */
  link: string | null;
}

export type ReportStatus = 'pending' | 'running' | 'ready' | 'failed';

/** SPEC §3 "Report: id, attachment", with what the list shows. */
export interface Report {
  id: string;
  location_id: string;
  name: string;
  type: ReportType;
  scope: ReportScope;
  period: ReportPeriod;
  /** The days it counted (its period resolved when it was last generated). */
  range: DayRange;
  status: ReportStatus;
  /** While pending or running: rows written of the rows to write (null before it knows). */
  progress: { done: number; total: number | null } | null;
  /** The .xlsx once ready; `url` is a presigned download, fresh on each read. */
  attachment: { file_name: string; size: number; url: string } | null;
  /** Set for a list of records exported from a figure (drill-down export). */
  drill: DrillRef | null;
  created_by: { id: string; name: string } | null;
  created_at: string;
  generated_at: string | null;
  /** The schedule that made it, if one did. */
  schedule_id: string | null;
}

export type ScheduleCadence =
  | { kind: 'daily'; hour: number }
  | { kind: 'weekly'; weekday: 1 | 2 | 3 | 4 | 5 | 6 | 7; hour: number }
  | { kind: 'monthly'; day: number; hour: number };

/** Periods a schedule can ask for, relative to when it runs (in the store's days). */
export type SchedulePeriod = 'yesterday' | 'last_week' | 'last_month' | 'mtd' | 'ytd';

export interface ReportSchedule {
  id: string;
  location_id: string;
  name: string;
  type: ReportType;
  scope: ReportScope;
  period: SchedulePeriod;
  cadence: ScheduleCadence;
  /** E-mail addresses that get the file. */
  recipients: string[];
  next_run_at: string;
  last_run_at: string | null;
  created_by: { id: string; name: string } | null;
}

/** The store's threshold for a late answer (settings group `reports_settings`). */
export interface ReportsSettings {
  late_response_minutes: number;
}
