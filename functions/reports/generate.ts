/**
 * Making a report's file in the background (DESIGN.md "Jobs at scale"): a worker takes the report
 * with a short lease, counts, streams the workbook into the reports bucket, writes its progress as
 * it goes (which renews the lease), and marks it ready; a scheduled report is e-mailed before it is.
 * A worker that dies loses only its lease: the sweep (the report_generate job without an id) takes
 * every pending report and every running one whose lease ran out, and starts it again. A report that
 * fails REPORT_ATTEMPTS times, or that the source cannot count at all, is marked failed.
 */
import { currencySymbol } from '../../shared/locales.js';
import type { FigureFormat, ReportStatus } from '../../shared/reports/types.js';
import { config } from '../lib/config.js';
import { lazyChunk } from '../lib/lazyChunk.js';
import { getLocation, locationsOfCompany, type LocationRecord } from '../lib/locations.js';
import { logger } from '../lib/log.js';
import { mail, type MailAttachment } from '../lib/mail.js';
import { deleteStored, readStored, s3 } from '../lib/storage.js';
import { announceReport } from './channels.js';
import { ReportCannotBeMade, type FigureSource, type FiguresAsk } from './figureSource.js';
import { getReport, reportsUnfinished, ReportChanged, saveReport, type ReportFile, type ReportRecord } from './records.js';
import { reportMail, workbookWords } from './reportWords.js';
import { WORKBOOK_CHUNK } from './workbookChunk.js';

/** How long a worker holds a report before the sweep may take it over; renewed with each progress write. */
export const REPORT_LEASE_SECONDS = 120;
/** Tries of one report before it is marked failed. */
export const REPORT_ATTEMPTS = 3;
/** Progress is written at most this often (each write renews the lease). */
const PROGRESS_EVERY_MS = 1000;
/** Larger files are linked (the report in the console): SES takes 40 MB a message, base64 adds a third. */
export const MAX_ATTACHED_BYTES = 7 * 1024 * 1024;

const workbook = lazyChunk<typeof import('./workbook.js')>(WORKBOOK_CHUNK.file, import.meta.url);

const leaseUntil = (now: Date) => new Date(now.getTime() + REPORT_LEASE_SECONDS * 1000).toISOString();

/**
 * Changes the report while this worker's lease (`lease`) still holds it: read, change, write
 * conditional on the version read, again when another write (a rename) got in between. Null when
 * the lease is no longer this worker's.
 */
async function whileMine(companyId: string, id: string, lease: string, change: (current: ReportRecord) => Partial<ReportRecord>): Promise<ReportRecord | null> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const current = await getReport(companyId, id, true);
    if (!current || current.status !== 'running' || current.lease_until !== lease) return null;
    const next: ReportRecord = { ...current, ...change(current), version: current.version + 1, updated_at: new Date().toISOString() };
    try {
      await saveReport(next, current);
      return next;
    } catch (err) {
      if (!(err instanceof ReportChanged)) throw err;
    }
  }
  throw new Error(`report ${id} kept changing`);
}

/** Takes the report if nobody holds it: running, with this worker's lease. Null when it is done, gone or held. */
async function take(companyId: string, id: string, now: Date): Promise<ReportRecord | null> {
  const current = await getReport(companyId, id, true);
  if (!current || (current.status !== 'pending' && current.status !== 'running')) return null;
  if (current.status === 'running' && current.lease_until && current.lease_until > now.toISOString()) return null;
  const giveUp = current.attempts >= REPORT_ATTEMPTS;
  const next: ReportRecord = {
    ...current,
    status: giveUp ? 'failed' : 'running',
    lease_until: giveUp ? null : leaseUntil(now),
    attempts: giveUp ? current.attempts : current.attempts + 1,
    progress: giveUp ? null : { done: 0, total: null },
    failure: giveUp ? (current.failure ?? 'stopped without finishing') : current.failure,
    version: current.version + 1,
    updated_at: now.toISOString(),
  };
  try {
    await saveReport(next, current);
  } catch (err) {
    if (err instanceof ReportChanged) return null;
    throw err;
  }
  await announceReport(next);
  return giveUp ? null : next;
}

/** The locations a report counts: its own, or (company scope) every location of the company. */
export async function reportLocations(record: Pick<ReportRecord, 'company_id' | 'location_id' | 'scope'>): Promise<LocationRecord[]> {
  if (record.scope === 'location') {
    const own = await getLocation(record.company_id, record.location_id);
    return own ? [own] : [];
  }
  const all: LocationRecord[] = [];
  for (let offset = 0; ; offset += 100) {
    const { locations, total } = await locationsOfCompany(record.company_id, offset, 100);
    all.push(...locations);
    if (locations.length === 0 || offset + locations.length >= total) return all;
  }
}

const fileNameOf = (name: string) => `${name.replace(/[^\p{L}\p{N} _.-]/gu, '').trim().replace(/\s+/g, '_').slice(0, 100) || 'report'}.xlsx`;

/** Streams the report's workbook into the reports bucket; answers the stored file. */
async function writeFile(record: ReportRecord, source: FigureSource, onRows: (done: number, total: number | null) => Promise<void>): Promise<ReportFile> {
  const counted = await reportLocations(record);
  const own = counted.find((l) => l.id === record.location_id) ?? (await getLocation(record.company_id, record.location_id));
  if (!own) throw new Error('the report’s location is gone');
  // The store asked from first: its currency and settings are the report's.
  const locations = [own, ...counted.filter((l) => l.id !== own.id)];
  const ask: FiguresAsk = {
    companyId: record.company_id,
    locations: locations.map((l) => ({ id: l.id, name: l.name, timezone: l.timezone, locale: l.locale })),
    type: record.type,
    range: record.range,
    scope: record.scope,
  };
  const words = workbookWords(own.locale);
  const about = {
    name: record.name,
    stores: locations.map((l) => l.name),
    from: record.range.from,
    to: record.range.to,
    generatedAt: new Date(),
    timeZone: own.timezone,
    currency: currencySymbol(own.locale),
  };
  // Counted before the file is opened: a source that fails leaves nothing to clean up.
  const figures = await source.figures(ask);
  const key = `${record.company_id}/${record.location_id}/reports/${record.id}/${Date.now().toString(36)}.xlsx`;
  const fileName = fileNameOf(record.name);
  const [{ writeFiguresWorkbook, writeRecordsWorkbook, s3Sink }, { client }] = await Promise.all([workbook(), s3()]);
  const sink = s3Sink(client, config.reportsBucket, key, fileName);
  try {
    if (record.drill) {
      const drill = record.drill;
      // The figure's own format (cents, minutes…) for the value column.
      const column = figures.sheets.flatMap((s) => s.columns).find((c) => c.id === drill.figure);
      const valueFormat: FigureFormat = column?.format ?? 'count';
      await writeRecordsWorkbook(sink, about, source.records({ ...ask, figure: drill.figure, dims: drill.dims }), {
        words,
        valueFormat,
        locationNames: Object.fromEntries(locations.map((l) => [l.id, l.name])),
        publicUrl: process.env.PUBLIC_URL?.replace(/\/$/, '') ?? '',
        onRows: (done) => onRows(done, null),
      });
    } else {
      const total = figures.sheets.reduce((n, s) => n + s.rows.length, 0);
      await onRows(0, total);
      const { rows } = await writeFiguresWorkbook(sink, about, figures, words);
      await onRows(rows, total);
    }
  } catch (err) {
    // Whatever was uploaded of it is of no use.
    await sink.abort();
    await deleteStored(config.reportsBucket, key).catch(() => undefined);
    throw err;
  }
  return { key, file_name: fileName, size: sink.size() };
}

/** A scheduled report to its recipients: attached, or linked in the console when too large. */
async function mailReport(record: ReportRecord, file: ReportFile): Promise<void> {
  const location = await getLocation(record.company_id, record.location_id);
  const locale = location?.locale ?? 'en-us';
  const attach = file.size <= MAX_ATTACHED_BYTES;
  const attachments: MailAttachment[] = attach
    ? [{ file_name: file.file_name, content_type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', content: await readStored(config.reportsBucket, file.key) }]
    : [];
  // Not a presigned link: one signed with the function's role credentials dies with them (hours), and the console checks who opens it.
  const link = attach ? undefined : `${process.env.PUBLIC_URL?.replace(/\/$/, '') ?? ''}/app/reports?report=${encodeURIComponent(record.id)}`;
  const words = reportMail(locale, { name: record.name, from: record.range.from, to: record.range.to, ...(link ? { link } : {}) });
  for (const to of record.mail_to) await mail().send({ to, ...words, ...(attach ? { attachments } : {}) });
}

/**
 * Makes one report's file if no worker holds it. Answers what became of it: `ready`, `failed`,
 * `retry` (it failed and goes again on the next sweep) or `skipped` (done, gone or held elsewhere).
 */
export async function generateReport(companyId: string, reportId: string, source: FigureSource, now = new Date()): Promise<ReportStatus | 'retry' | 'skipped'> {
  const taken = await take(companyId, reportId, now);
  if (!taken) return 'skipped';
  let lease = taken.lease_until!;
  let lastWrite = 0;
  const onRows = async (done: number, total: number | null) => {
    if (Date.now() - lastWrite < PROGRESS_EVERY_MS && done !== total) return;
    lastWrite = Date.now();
    const next = await whileMine(companyId, reportId, lease, (current) => ({ progress: { done, total: total ?? current.progress?.total ?? null }, lease_until: leaseUntil(new Date()) }));
    // Another worker took it over: stop writing this copy.
    if (!next) throw new LeaseLost();
    lease = next.lease_until!;
    await announceReport(next);
  };
  let file: ReportFile;
  try {
    file = await writeFile(taken, source, onRows);
    if (taken.mail_to.length > 0) await mailReport(taken, file);
  } catch (err) {
    if (err instanceof LeaseLost) return 'skipped';
    logger.error('report not generated', { company_id: companyId, report_id: reportId, attempt: taken.attempts, error: (err as Error).message });
    const last = taken.attempts >= REPORT_ATTEMPTS || err instanceof ReportCannotBeMade;
    const next = await whileMine(companyId, reportId, lease, () => ({
      status: last ? 'failed' : 'pending',
      lease_until: null,
      progress: null,
      failure: (err as Error).message.slice(0, 500),
    }));
    if (next) await announceReport(next);
    return last ? 'failed' : 'retry';
  }
  let previous: ReportFile | null = null;
  const ready = await whileMine(companyId, reportId, lease, (current) => {
    previous = current.file;
    return { status: 'ready', lease_until: null, progress: null, file, generated_at: new Date().toISOString(), failure: null, mail_to: [] };
  });
  if (!ready) {
    await deleteStored(config.reportsBucket, file.key).catch(() => undefined);
    return 'skipped';
  }
  const old = previous as ReportFile | null;
  if (old && old.key !== file.key) await deleteStored(config.reportsBucket, old.key).catch((err: unknown) => logger.warn('old report file not deleted', { key: old.key, error: (err as Error).message }));
  await announceReport(ready);
  return 'ready';
}

class LeaseLost extends Error {
  override readonly name = 'LeaseLost';
}

/** The sweep: every report a worker may take now, one after another. */
export async function sweepReports(source: FigureSource, now = new Date()): Promise<Record<string, number>> {
  const counts: Record<string, number> = { ready: 0, failed: 0, retry: 0, skipped: 0 };
  for (const ref of await reportsUnfinished(now)) {
    try {
      // Each taken at its own moment: a lease counted from the sweep's start could be over before the worker begins.
      const outcome = await generateReport(ref.company_id, ref.id, source);
      counts[outcome] = (counts[outcome] ?? 0) + 1;
    } catch (err) {
      logger.error('report sweep failed on one report', { company_id: ref.company_id, report_id: ref.id, error: (err as Error).message });
      counts.skipped = (counts.skipped ?? 0) + 1;
    }
  }
  return counts;
}
