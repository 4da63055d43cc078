/** The reports' paths: SPEC §7's report routes, and ours beside them (figures, records, schedules). */
const enc = encodeURIComponent;

export const reportPaths = {
  /** GET: the location's reports (offset, limit 20). */
  list: (locationId: string) => `/api/locations/${enc(locationId)}/reports`,
  /** POST { report: { location_id, type, period, scope, name? } }: generated in the background. */
  create: () => '/api/reports',
  /** GET { report } (with a fresh download url); PUT { report: { name } }; DELETE. */
  report: (id: string) => `/api/reports/${enc(id)}`,
  /** PUT: generate it again (a relative period counts up to today). */
  refresh: (id: string) => `/api/reports/${enc(id)}/refresh`,
  /** POST { report: { type, from, to, scope } }: SPEC §7's ad hoc report, a custom period saved as a file. */
  adhoc: (locationId: string) => `/api/locations/${enc(locationId)}/reports/adhoc`,
  /** GET ?type&period&from&to&date&scope: the figures on screen. */
  figures: (locationId: string) => `/api/locations/${enc(locationId)}/reports/figures`,
  /** GET ?type&figure&dims (JSON)&period…&offset&limit: the records behind a figure; POST the same to export them (a report). */
  records: (locationId: string) => `/api/locations/${enc(locationId)}/reports/records`,
  /** GET the location's schedules; POST { schedule }. */
  schedules: (locationId: string) => `/api/locations/${enc(locationId)}/report_schedules`,
  /** PUT { schedule }; DELETE. */
  schedule: (id: string) => `/api/report_schedules/${enc(id)}`,
};
