/** The Reports screen's requests (shared/reports/routes.ts): reads go through SWR by path, writes through here. */
import type { Paging } from '../../../../shared/api.js';
import { reportPaths } from '../../../../shared/reports/routes.js';
import type { FigureRecord, Report, ReportPeriod, ReportSchedule, ReportScope, ReportsSettings, ReportType, SchedulePeriod, ScheduleCadence } from '../../../../shared/reports/types.js';
import { api } from '../../lib/api.js';
import type { OpeningHours } from './openingHours.js';

export const REPORTS_PER_PAGE = 20;
export const RECORDS_PER_PAGE = 20;

export interface ReportsPage {
  reports: Report[];
  meta: { paging: Paging };
}
export interface RecordsPage {
  records: FigureRecord[];
  meta: { paging: Paging };
}

/** Refusals a form shows at its fields itself. */
const REFUSALS = { statuses: [400, 422] };

export const reportsPagePath = (locationId: string, offset: number) => `${reportPaths.list(locationId)}?offset=${offset}&limit=${REPORTS_PER_PAGE}`;

export interface ReportOrder {
  location_id: string;
  type: ReportType;
  period: ReportPeriod;
  scope: ReportScope;
  name?: string;
}

export const orderReport = (report: ReportOrder, key: string) =>
  api.request<{ report: Report }>(reportPaths.create(), { method: 'POST', body: { report }, headers: { 'Idempotency-Key': key }, expected: REFUSALS });

/** The report with a download address fresh for this click; a report not made yet answers 409, which the list says in its own words. */
export const readReport = (id: string) => api.request<{ report: Report }>(reportPaths.report(id), { expected: { statuses: [409] } });

export const renameReport = (id: string, name: string) => api.request<{ report: Report }>(reportPaths.report(id), { method: 'PUT', body: { report: { name } }, expected: REFUSALS });

export const refreshReport = (id: string) => api.request<{ report: Report }>(reportPaths.refresh(id), { method: 'PUT' });

export const deleteReport = (id: string) => api.request<unknown>(reportPaths.report(id), { method: 'DELETE' });

export interface RecordsExport {
  type: ReportType;
  figure: string;
  dims: Record<string, string>;
  period: ReportPeriod;
  scope: ReportScope;
  name: string;
}

/** The records behind a figure, saved as a report of their own. */
export const exportRecords = (locationId: string, report: RecordsExport, key: string) =>
  api.request<{ report: Report }>(reportPaths.records(locationId), { method: 'POST', body: { report }, headers: { 'Idempotency-Key': key } });

export interface ScheduleFields {
  /** Without one, the server names it after its report type. */
  name?: string;
  type: ReportType;
  scope: ReportScope;
  period: SchedulePeriod;
  cadence: ScheduleCadence;
  recipients: string[];
}

export const createSchedule = (locationId: string, schedule: ScheduleFields, key: string) =>
  api.request<{ report_schedule: ReportSchedule }>(reportPaths.schedules(locationId), { method: 'POST', body: { schedule }, headers: { 'Idempotency-Key': key }, expected: REFUSALS });

export const changeSchedule = (id: string, schedule: ScheduleFields) =>
  api.request<{ report_schedule: ReportSchedule }>(reportPaths.schedule(id), { method: 'PUT', body: { schedule }, expected: REFUSALS });

export const deleteSchedule = (id: string) => api.request<unknown>(reportPaths.schedule(id), { method: 'DELETE' });

export const reportsSettingsPath = (locationId: string) => `/api/locations/${encodeURIComponent(locationId)}/reports_settings`;

/** The group as the server keeps it: the contract's threshold and the opening hours it is counted within. */
export type ReportsSettingsValues = ReportsSettings & { opening_hours: OpeningHours };

/** Sends only what changed: the server keeps the rest of the group. */
export const saveReportsSettings = (locationId: string, changes: Partial<ReportsSettingsValues>) =>
  api.request<{ reports_settings: ReportsSettingsValues }>(reportsSettingsPath(locationId), { method: 'POST', body: { reports_settings: changes }, expected: REFUSALS });
