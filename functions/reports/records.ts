/**
 * Report files and report schedules: the only code that knows their keys (docs/data-model.md
 * "Reports"). A report is listed on its location's list newest first (gsi1, mirrored keys-only on
 * gsi3 for deep pages); while it is pending or running it also sits on the unfinished index (gsi2,
 * sparse) by the moment the sweep may take it: at once when pending, when its worker's lease runs
 * out when running. A schedule sits on its location's list and on the due index by its next run.
 * Every write is conditional on the version read, so two workers never both finish one report.
 */
import type { DayRange, DrillRef, ReportPeriod, ReportSchedule, ReportScope, ReportStatus, ReportType, ScheduleCadence, SchedulePeriod } from '../../shared/reports/types.js';
import { fields, getItem, isConditionFailure, putItemIf, queryAll, queryPage, transactWrite, type Item } from '../lib/table.js';

/** Keys of the records this store owns (docs/data-model.md). */
export const reportKeys = {
  report: (companyId: string, reportId: string) => ({ pk: `COMPANY#${companyId}#REPORT#${reportId}`, sk: 'REPORT' }),
  /** gsi1 (and gsi3, keys only): a location's reports, `{created_at}#{id}`, read newest first. */
  reportsOfLocation: (companyId: string, locationId: string) => ({ gsi1pk: `COMPANY#${companyId}#LOCATION#${locationId}#REPORTS` }),
  /** gsi2 on reports still to make, `{due}#{company}#{id}`: the sweep's work. */
  reportsUnfinished: () => ({ gsi2pk: 'REPORTS#UNFINISHED' }),
  schedule: (companyId: string, scheduleId: string) => ({ pk: `COMPANY#${companyId}#REPORT_SCHEDULE#${scheduleId}`, sk: 'REPORT_SCHEDULE' }),
  /** gsi1: a location's schedules, `{created_at}#{id}`. */
  schedulesOfLocation: (companyId: string, locationId: string) => ({ gsi1pk: `COMPANY#${companyId}#LOCATION#${locationId}#REPORT_SCHEDULES` }),
  /** gsi2 on every schedule, `{next_run_at}#{company}#{id}`: the schedules job's work. */
  schedulesDue: () => ({ gsi2pk: 'REPORT_SCHEDULES#DUE' }),
} as const;

/** The stored file of a ready report (in the reports bucket). */
export interface ReportFile {
  key: string;
  file_name: string;
  size: number;
}

export interface ReportRecord {
  id: string;
  company_id: string;
  location_id: string;
  name: string;
  type: ReportType;
  scope: ReportScope;
  period: ReportPeriod;
  range: DayRange;
  status: ReportStatus;
  progress: { done: number; total: number | null } | null;
  file: ReportFile | null;
  drill: DrillRef | null;
  created_by: { id: string; name: string } | null;
  created_at: string;
  generated_at: string | null;
  schedule_id: string | null;
  /** Until when the worker that took it may keep it (running); the sweep takes it over after. */
  lease_until: string | null;
  /** Times a worker took it since it was last asked for: a report that keeps failing stops at REPORT_ATTEMPTS. */
  attempts: number;
  /** Why it failed (logs and support; the console shows its own words). */
  failure: string | null;
  /** Who gets the file by e-mail once it is made (a scheduled report); emptied when sent. */
  mail_to: string[];
  version: number;
  updated_at: string;
}

export interface ScheduleRecord extends ReportSchedule {
  company_id: string;
  created_at: string;
  version: number;
  updated_at: string;
}

export type { ScheduleCadence, SchedulePeriod };

const unfinished = (status: ReportStatus) => status === 'pending' || status === 'running';

export function reportItem(record: ReportRecord): Item<ReportRecord> {
  const listed = { pk: reportKeys.reportsOfLocation(record.company_id, record.location_id).gsi1pk, sk: `${record.created_at}#${record.id}` };
  const due = record.status === 'running' && record.lease_until ? record.lease_until : record.updated_at;
  return {
    ...reportKeys.report(record.company_id, record.id),
    gsi1pk: listed.pk,
    gsi1sk: listed.sk,
    gsi3pk: listed.pk,
    gsi3sk: listed.sk,
    ...(unfinished(record.status) ? { ...reportKeys.reportsUnfinished(), gsi2sk: `${due}#${record.company_id}#${record.id}` } : {}),
    ...record,
  };
}

/** Another writer changed the report (or schedule) since it was read. */
export class ReportChanged extends Error {
  override readonly name = 'ReportChanged';
}

async function putVersioned<T extends { version: number }>(item: Item<T>, previousVersion: number | null): Promise<void> {
  try {
    if (previousVersion === null) await putItemIf(item, 'attribute_not_exists(pk)');
    else await putItemIf(item, 'version = :v', { ':v': previousVersion });
  } catch (err) {
    if (isConditionFailure(err)) throw new ReportChanged('changed meanwhile');
    throw err;
  }
}

/** Writes `next` (a new report when `previous` is null), conditional on the version read. */
export async function saveReport(next: ReportRecord, previous: ReportRecord | null): Promise<void> {
  await putVersioned(reportItem(next), previous ? previous.version : null);
}

export async function getReport(companyId: string, reportId: string, consistent = false): Promise<ReportRecord | undefined> {
  const item = await getItem<ReportRecord>(reportKeys.report(companyId, reportId), consistent);
  return item ? fields(item) : undefined;
}

/**
 * One page of a location's reports, newest first, with the total; `locationScopeOnly` leaves out
 * the company reports an admin asked for there (a manager does not see company-wide numbers).
 */
export async function reportsOfLocation(companyId: string, locationId: string, offset: number, limit: number, locationScopeOnly = false): Promise<{ records: ReportRecord[]; total: number }> {
  const page = await queryPage<ReportRecord>(
    {
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :pk',
      ExpressionAttributeValues: { ':pk': reportKeys.reportsOfLocation(companyId, locationId).gsi1pk, ...(locationScopeOnly ? { ':location': 'location' } : {}) },
      ...(locationScopeOnly ? { FilterExpression: '#scope = :location', ExpressionAttributeNames: { '#scope': 'scope' } } : {}),
      ScanIndexForward: false,
    },
    offset,
    limit,
  );
  return { records: page.items.map((item) => fields(item)), total: page.total };
}

/** Reports a worker may take now: pending ones, and running ones whose worker's lease ran out. */
export async function reportsUnfinished(now: Date): Promise<{ company_id: string; id: string }[]> {
  const items = await queryAll<ReportRecord>({
    IndexName: 'gsi2',
    KeyConditionExpression: 'gsi2pk = :pk AND gsi2sk <= :now',
    ExpressionAttributeValues: { ':pk': reportKeys.reportsUnfinished().gsi2pk, ':now': `${now.toISOString()}#~` },
    ProjectionExpression: 'company_id, id',
  });
  return items.map((r) => ({ company_id: r.company_id, id: r.id }));
}

/** Deleted meanwhile (by another request): nothing left to remove. */
export class ReportGone extends Error {
  override readonly name = 'ReportGone';
}

async function deleteExisting(key: { pk: string; sk: string }): Promise<void> {
  try {
    await transactWrite([{ Delete: { Key: key, ConditionExpression: 'attribute_exists(pk)' } }]);
  } catch (err) {
    if (isConditionFailure(err)) throw new ReportGone('already deleted');
    throw err;
  }
}

/** Removes the report (its file is the caller's: storage). */
export async function deleteReport(record: ReportRecord): Promise<void> {
  await deleteExisting(reportKeys.report(record.company_id, record.id));
}

export function scheduleItem(record: ScheduleRecord): Item<ScheduleRecord> {
  return {
    ...reportKeys.schedule(record.company_id, record.id),
    gsi1pk: reportKeys.schedulesOfLocation(record.company_id, record.location_id).gsi1pk,
    gsi1sk: `${record.created_at}#${record.id}`,
    ...reportKeys.schedulesDue(),
    gsi2sk: `${record.next_run_at}#${record.company_id}#${record.id}`,
    ...record,
  };
}

/** Writes `next` (a new schedule when `previous` is null), conditional on the version read. */
export async function saveSchedule(next: ScheduleRecord, previous: ScheduleRecord | null): Promise<void> {
  await putVersioned(scheduleItem(next), previous ? previous.version : null);
}

export async function getSchedule(companyId: string, scheduleId: string, consistent = false): Promise<ScheduleRecord | undefined> {
  const item = await getItem<ScheduleRecord>(reportKeys.schedule(companyId, scheduleId), consistent);
  return item ? fields(item) : undefined;
}

/** A location's schedules, oldest first (a store keeps a handful). */
export async function schedulesOfLocation(companyId: string, locationId: string): Promise<ScheduleRecord[]> {
  const items = await queryAll<ScheduleRecord>({
    IndexName: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :pk',
    ExpressionAttributeValues: { ':pk': reportKeys.schedulesOfLocation(companyId, locationId).gsi1pk },
  });
  return items.map((item) => fields(item));
}

/** Schedules whose next run is at or before `now`. */
export async function schedulesDue(now: Date): Promise<{ company_id: string; id: string }[]> {
  const items = await queryAll<ScheduleRecord>({
    IndexName: 'gsi2',
    KeyConditionExpression: 'gsi2pk = :pk AND gsi2sk <= :now',
    ExpressionAttributeValues: { ':pk': reportKeys.schedulesDue().gsi2pk, ':now': `${now.toISOString()}#~` },
    ProjectionExpression: 'company_id, id',
  });
  return items.map((s) => ({ company_id: s.company_id, id: s.id }));
}

export async function deleteSchedule(record: ScheduleRecord): Promise<void> {
  await deleteExisting(reportKeys.schedule(record.company_id, record.id));
}
