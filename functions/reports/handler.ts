/**
 * The report files area (SPEC §7 report routes, §2 "Reports download modal"): a location's reports,
 * asking for one (by period, ad hoc from–to, or the records behind a figure), reading one with a
 * fresh download link, renaming, making again, deleting; and the location's report schedules.
 */
import { REPORT_PAGE_SIZE } from '../../shared/reports/fileSchemas.js';
import { adhocReportBody, newReportBody, newScheduleBody, recordsExportBody, renameReportBody, scheduleChangesBody } from '../../shared/reports/fileSchemas.js';
import { agentRoute, areaHandler, noContent, ok, pagedBody, paging, parse, type Routes } from '../lib/http.js';
import type { Auth } from '../lib/session.js';
import { reportsLocation } from './access.js';
import { askForReport, readyReport, refreshReport, removeReport, renameReport, reportView, visibleReport } from './files.js';
import { reportsOfLocation, schedulesOfLocation } from './records.js';
import { changeSchedule, createSchedule, removeSchedule, scheduleView, visibleSchedule } from './schedules.js';

const createdBy = (auth: Auth) => ({ id: auth.actingAs.id, name: `${auth.actingAs.first_name} ${auth.actingAs.last_name}`.trim() });

export const routes: Routes = {
  'GET /api/locations/{id}/reports': agentRoute(async ({ auth, params, query }) => {
    const locationId = await reportsLocation(auth, params.id ?? '');
    const { offset, limit } = paging(query, REPORT_PAGE_SIZE);
    const { records, total } = await reportsOfLocation(auth.companyId, locationId, offset, limit, !auth.actingAs.access_level.admin);
    return ok(pagedBody('reports', await Promise.all(records.map(reportView)), total, offset, limit));
  }),

  'POST /api/reports': agentRoute(async ({ auth, body }) => {
    const { report } = parse(newReportBody, body);
    const locationId = await reportsLocation(auth, report.location_id, report.scope);
    const record = await askForReport({ companyId: auth.companyId, locationId, type: report.type, scope: report.scope, period: report.period, name: report.name, createdBy: createdBy(auth) });
    return ok({ report: await reportView(record) }, 201);
  }),

  'POST /api/locations/{id}/reports/adhoc': agentRoute(async ({ auth, params, body }) => {
    const { report } = parse(adhocReportBody, body);
    const locationId = await reportsLocation(auth, params.id ?? '', report.scope);
    const record = await askForReport({
      companyId: auth.companyId,
      locationId,
      type: report.type,
      scope: report.scope,
      period: { kind: 'custom', from: report.from, to: report.to },
      name: report.name,
      createdBy: createdBy(auth),
    });
    return ok({ report: await reportView(record) }, 201);
  }),

  'POST /api/locations/{id}/reports/records': agentRoute(async ({ auth, params, body }) => {
    const { report } = parse(recordsExportBody, body);
    const locationId = await reportsLocation(auth, params.id ?? '', report.scope);
    const record = await askForReport({
      companyId: auth.companyId,
      locationId,
      type: report.type,
      scope: report.scope,
      period: report.period,
      name: report.name,
      drill: { type: report.type, figure: report.figure, dims: report.dims },
      createdBy: createdBy(auth),
    });
    return ok({ report: await reportView(record) }, 201);
  }),

  // The download: a fresh link once the file is made; 409 'This report is not generated yet' before.
  'GET /api/reports/{id}': agentRoute(async ({ auth, params }) => {
    const record = await readyReport(await visibleReport(auth, params.id ?? ''));
    return ok({ report: await reportView(record) });
  }),

  'PUT /api/reports/{id}': agentRoute(async ({ auth, params, body }) => {
    const { report } = parse(renameReportBody, body);
    const record = await visibleReport(auth, params.id ?? '');
    return ok({ report: await reportView(await renameReport(record, report.name)) });
  }),

  'PUT /api/reports/{id}/refresh': agentRoute(async ({ auth, params }) => {
    const record = await visibleReport(auth, params.id ?? '');
    return ok({ report: await reportView(await refreshReport(record)) });
  }),

  'DELETE /api/reports/{id}': agentRoute(async ({ auth, params }) => {
    await removeReport(await visibleReport(auth, params.id ?? ''));
    return noContent();
  }),

  'GET /api/locations/{id}/report_schedules': agentRoute(async ({ auth, params }) => {
    const locationId = await reportsLocation(auth, params.id ?? '');
    const schedules = await schedulesOfLocation(auth.companyId, locationId);
    // A manager does not see (or change) the company-wide schedules an admin made here.
    return ok({ report_schedules: schedules.filter((s) => s.scope === 'location' || auth.actingAs.access_level.admin).map(scheduleView) });
  }),

  'POST /api/locations/{id}/report_schedules': agentRoute(async ({ auth, params, body }) => {
    const { schedule } = parse(newScheduleBody, body);
    const locationId = await reportsLocation(auth, params.id ?? '', schedule.scope);
    return ok({ report_schedule: scheduleView(await createSchedule(auth, locationId, schedule)) }, 201);
  }),

  'PUT /api/report_schedules/{id}': agentRoute(async ({ auth, params, body }) => {
    const { schedule } = parse(scheduleChangesBody, body);
    const record = await visibleSchedule(auth, params.id ?? '');
    return ok({ report_schedule: scheduleView(await changeSchedule(auth, record, schedule)) });
  }),

  'DELETE /api/report_schedules/{id}': agentRoute(async ({ auth, params }) => {
    await removeSchedule(await visibleSchedule(auth, params.id ?? ''));
    return noContent();
  }),
};

export const handler = areaHandler('reports', routes);
