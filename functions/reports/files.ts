/**
 * Report files as a manager works them (SPEC §2 "Reports download modal", §7 report routes): asked
 * for (a report type over a period, at this location or the whole company), listed, renamed, made
 * again, deleted with their file, downloaded by a fresh presigned link. Making the file is the
 * background's (generate.ts): asking answers at once with the report pending.
 */
import { storeDay, periodRange } from '../../shared/reports/periods.js';
import type { DayRange, DrillRef, Report, ReportPeriod, ReportScope, ReportType } from '../../shared/reports/types.js';
import { REPORT_NOT_READY } from '../../shared/reports/fileSchemas.js';
import { startInBackground } from '../lib/background.js';
import { config } from '../lib/config.js';
import { conflict, notFound } from '../lib/errors.js';
import { newId } from '../lib/ids.js';
import { getLocation } from '../lib/locations.js';
import { deleteStored, downloadUrl } from '../lib/storage.js';
import type { Auth } from '../lib/session.js';
import { assertManagesReports, assertScope } from './access.js';
import { announceReport } from './channels.js';
import { deleteReport, getReport, ReportChanged, ReportGone, saveReport, type ReportRecord } from './records.js';
import { reachesLocation } from '../lib/access.js';

/** A download link lives this long; the list asks for a fresh one each time. */
const DOWNLOAD_SECONDS = 15 * 60;

export async function reportView(record: ReportRecord): Promise<Report> {
  return {
    id: record.id,
    location_id: record.location_id,
    name: record.name,
    type: record.type,
    scope: record.scope,
    period: record.period,
    range: record.range,
    status: record.status,
    progress: record.status === 'pending' || record.status === 'running' ? (record.progress ?? { done: 0, total: null }) : null,
    attachment:
      record.status === 'ready' && record.file
        ? { file_name: record.file.file_name, size: record.file.size, url: await downloadUrl(config.reportsBucket, record.file.key, DOWNLOAD_SECONDS) }
        : null,
    drill: record.drill,
    created_by: record.created_by,
    created_at: record.created_at,
    generated_at: record.generated_at,
    schedule_id: record.schedule_id,
  };
}

/** The store's today (its own calendar), for a period relative to it. */
export async function storeToday(companyId: string, locationId: string, now = new Date()): Promise<{ today: string; timezone: string }> {
  const location = await getLocation(companyId, locationId);
  if (!location) throw notFound('Location not found');
  return { today: storeDay(now, location.timezone), timezone: location.timezone };
}

export interface ReportAsk {
  companyId: string;
  locationId: string;
  type: ReportType;
  scope: ReportScope;
  period: ReportPeriod;
  name?: string | undefined;
  drill?: DrillRef | null;
  createdBy: { id: string; name: string } | null;
  scheduleId?: string | null;
  mailTo?: string[];
  /** The days, when the caller resolved them (a schedule's period); else the period's in the store's calendar. */
  range?: DayRange;
  /** A schedule's run names its report (one report per run, however often the run is tried). */
  id?: string;
  /** False when the caller makes it itself (the demo's seed): no background worker is started. */
  startNow?: boolean;
}

/**
 * A new report, pending; its worker is started now (the sweep starts it if this start is lost). With
 * an `id` that exists already (a schedule's run tried again), the one there is answered.
 */
export async function askForReport(ask: ReportAsk, now = new Date()): Promise<ReportRecord> {
  const range = ask.range ?? periodRange(ask.period, (await storeToday(ask.companyId, ask.locationId, now)).today);
  const at = now.toISOString();
  const record: ReportRecord = {
    id: ask.id ?? newId('rpt'),
    company_id: ask.companyId,
    location_id: ask.locationId,
    // The console names the type and period in the reader's words; a name of the manager's own replaces this.
    name: ask.name ?? (ask.drill ? `${ask.drill.figure} ${range.from} – ${range.to}` : `${range.from} – ${range.to}`),
    type: ask.type,
    scope: ask.scope,
    period: ask.period,
    range,
    status: 'pending',
    progress: { done: 0, total: null },
    file: null,
    drill: ask.drill ?? null,
    created_by: ask.createdBy,
    created_at: at,
    generated_at: null,
    schedule_id: ask.scheduleId ?? null,
    lease_until: null,
    attempts: 0,
    failure: null,
    mail_to: ask.mailTo ?? [],
    version: 1,
    updated_at: at,
  };
  try {
    await saveReport(record, null);
  } catch (err) {
    const there = err instanceof ReportChanged && ask.id ? await getReport(ask.companyId, ask.id, true) : undefined;
    if (there) return there;
    throw err;
  }
  await announceReport(record);
  if (ask.startNow !== false) await startInBackground({ job: 'report_generate', company_id: record.company_id, report_id: record.id });
  return record;
}

/** The report, for a manager of its location or an admin; another company's or store's is not found. */
export async function visibleReport(auth: Auth, id: string): Promise<ReportRecord> {
  assertManagesReports(auth);
  const record = await getReport(auth.companyId, id, true);
  if (!record || !reachesLocation(auth.actingAs, record.location_id)) throw notFound('Report not found');
  // A company report shows company-wide numbers: an admin's alone.
  assertScope(auth, record.scope);
  return record;
}

/** Read, change, write conditional on the version read; again if another write got in between. */
async function changeReport(record: ReportRecord, change: (current: ReportRecord) => Partial<ReportRecord>): Promise<ReportRecord> {
  let current = record;
  for (let attempt = 0; attempt < 5; attempt++) {
    const next: ReportRecord = { ...current, ...change(current), version: current.version + 1, updated_at: new Date().toISOString() };
    try {
      await saveReport(next, current);
      return next;
    } catch (err) {
      if (!(err instanceof ReportChanged)) throw err;
      const fresh = await getReport(record.company_id, record.id, true);
      if (!fresh) throw notFound('Report not found');
      current = fresh;
    }
  }
  throw conflict('report_busy', 'The report is changing; try again in a moment');
}

export async function renameReport(record: ReportRecord, name: string): Promise<ReportRecord> {
  const next = await changeReport(record, () => ({ name }));
  await announceReport(next);
  return next;
}

/** Made again: a relative period (MTD, YTD, LM) counts up to the store's today; the old file stays until the new one is ready. */
export async function refreshReport(record: ReportRecord, now = new Date()): Promise<ReportRecord> {
  const range = periodRange(record.period, (await storeToday(record.company_id, record.location_id, now)).today);
  const next = await changeReport(record, () => ({ status: 'pending', progress: { done: 0, total: null }, range, lease_until: null, attempts: 0, failure: null }));
  await announceReport(next);
  await startInBackground({ job: 'report_generate', company_id: next.company_id, report_id: next.id });
  return next;
}

/** Deleted with its file. A worker still making it finds it gone and stops (its own upload is removed). */
export async function removeReport(record: ReportRecord): Promise<void> {
  try {
    await deleteReport(record);
  } catch (err) {
    if (err instanceof ReportGone) throw notFound('Report not found');
    throw err;
  }
  if (record.file) await deleteStored(config.reportsBucket, record.file.key);
  await announceReport(record, true);
}

/** The download of a ready report; 409 while it is being made (SPEC §8 'This report is not generated yet'). */
export async function readyReport(record: ReportRecord): Promise<ReportRecord> {
  if (record.status !== 'ready' || !record.file) throw conflict('report_not_ready', REPORT_NOT_READY, { status: record.status, progress: record.progress });
  return record;
}
