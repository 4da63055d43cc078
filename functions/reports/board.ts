/**
 * Report files (issue 24; SPEC §2 "Reports download modal", §7 report routes): what they declare to
 * the rest of the system (functions/lib/boardModule.ts), listed in functions/boards.ts. The figures
 * themselves are the tallies' (functions/tallies).
 */
import { LAMBDA_CHUNK, S3_CHUNK } from '../lib/lazyChunk.js';
import { REPORT_EVENTS } from '../../shared/reports/events.js';
import type { BoardModule } from '../lib/boardModule.js';
import { managesReports } from './access.js';
import { reportsChannel } from './channels.js';
import { generateReport, sweepReports } from './generate.js';
import { runDueSchedules } from './schedules.js';
import { tallySource } from './tallySource.js';

export const board = {
  name: 'reports',
  opens: managesReports,
  areas: {
    reports: {
      entry: 'functions/reports/handler.ts',
      // Download links (S3) and starting the background work (Lambda); the workbook is written by the jobs function.
      lazyChunks: [S3_CHUNK, LAMBDA_CHUNK],
      routes: [
        'GET /api/locations/{id}/reports',
        'POST /api/reports',
        'GET /api/reports/{id}',
        'PUT /api/reports/{id}',
        'PUT /api/reports/{id}/refresh',
        'DELETE /api/reports/{id}',
        'POST /api/locations/{id}/reports/adhoc',
        'POST /api/locations/{id}/reports/records',
        'GET /api/locations/{id}/report_schedules',
        'POST /api/locations/{id}/report_schedules',
        'PUT /api/report_schedules/{id}',
        'DELETE /api/report_schedules/{id}',
      ],
    },
  },
  jobs: {
    /** One report when started for it; else every pending report and every one whose worker stopped. */
    report_generate: {
      rateMinutes: 1,
      run: (event) => (event.company_id && event.report_id ? generateReport(event.company_id, event.report_id, tallySource) : sweepReports(tallySource)),
    },
    /** Schedules due: their reports asked for (and e-mailed once made). Hourly cadences: every 5 minutes is on time. */
    report_schedules: { rateMinutes: 5, run: () => runDueSchedules() },
  },
  events: REPORT_EVENTS,
  channels: (agent, locationId) => (managesReports(agent.access_level) ? [reportsChannel(locationId)] : []),
  routeParams: [
    { param: 'id', after: /^\/api\/reports\/$/, kind: 'report', tenant: true, sample: { list: '/api/locations/{location}/reports', field: 'reports' } },
    { param: 'id', after: /^\/api\/report_schedules\/$/, kind: 'report_schedule', tenant: true, sample: { list: '/api/locations/{location}/report_schedules', field: 'report_schedules' } },
  ],
  // The demo's report counts the demo's texts: after the boards that seed them.
  local: { demo: 'functions/reports/demo.ts', demoAfter: ['service', 'tallies'], bench: 'functions/reports/bench.ts' },
} as const satisfies BoardModule;
