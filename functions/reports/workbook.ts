/**
 * The report workbook (.xlsx), written as a stream: rows go out as they come, through excelts's
 * streaming WorkbookWriter, into an S3 multipart upload (lib-storage's Upload), so a million-row
 * export holds a few parts in memory, never the workbook. A chunk of its own (WORKBOOK_CHUNK): only
 * the functions that write reports load excelts and lib-storage, on first use.
 *
 * Why excelts: exceljs's streaming writer keeps what it wrote and is barely maintained; excelts, its
 * maintained fork, streams in flat memory and has no dependencies; SheetJS's npm release is frozen
 * with known CVEs. Strings are written inline (no shared-strings table), so memory does not grow
 * with the number of distinct names.
 */
import { PassThrough, type Writable } from 'node:stream';
import type { S3Client } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { WorkbookWriter } from '@cj-tech-master/excelts';
import { TZDate } from '@date-fns/tz';
import type { FigureFormat, FigureRecord, ReportColumn, ReportFigures, ReportRow } from '../../shared/reports/types.js';

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** What the About sheet says of the report. */
export interface WorkbookAbout {
  name: string;
  /** The store(s) counted. */
  stores: string[];
  from: string;
  to: string;
  generatedAt: Date;
  /** The store's time zone: dates and times are written as its wall clock. */
  timeZone: string;
  /** The currency symbol of money cells (SPEC §9). */
  currency: string;
}

/** The words of the workbook's fixed texts (headers, the About sheet). */
export interface WorkbookWords {
  about: string;
  report: string;
  stores: string;
  from: string;
  to: string;
  generated: string;
  /** A figure's or a column's header. */
  column: (id: string) => string;
  /** A sheet's tab name. */
  sheet: (id: string) => string;
  total: string;
}

/** Excel formats per kind of figure; money depends on the store's currency. */
export function numberFormat(format: FigureFormat, currency: string): string | undefined {
  switch (format) {
    case 'count':
      return '#,##0';
    case 'money': {
      const symbol = `"${currency.replace(/"/g, '')}"`;
      // kr follows the amount (shared/money.ts); every other symbol leads.
      return currency === 'kr' ? `#,##0.00 ${symbol}` : `${symbol}#,##0.00`;
    }
    case 'percent':
      return '0.0%';
    case 'minutes':
    case 'days':
    case 'score':
      return '#,##0.0';
    case 'date':
      return 'yyyy-mm-dd';
    case 'text':
      return undefined;
  }
}

const DATE_TIME = 'yyyy-mm-dd hh:mm';

/**
 * An instant as the store's wall clock: Excel dates carry no zone, and a manager reads the store's
 * times. (The serial is written from the Date's UTC fields.)
 */
export function wallClock(iso: string | Date, timeZone: string): Date {
  const t = new TZDate(typeof iso === 'string' ? Date.parse(iso) : iso.getTime(), timeZone);
  return new Date(Date.UTC(t.getFullYear(), t.getMonth(), t.getDate(), t.getHours(), t.getMinutes(), t.getSeconds()));
}

/** A store day (YYYY-MM-DD) as an Excel date. */
const dayDate = (day: string): Date => new Date(`${day}T00:00:00Z`);

/** The value of a figure's cell as Excel wants it: cents to units, a day to a date. */
function cellValue(value: number | string | null | undefined, format: FigureFormat): number | string | Date | null {
  if (value === null || value === undefined) return null;
  if (format === 'money' && typeof value === 'number') return value / 100;
  if (format === 'date' && typeof value === 'string') return /^\d{4}-\d{2}-\d{2}$/.test(value) ? dayDate(value) : new Date(value);
  return value;
}

/** Excel's tab names: at most 31 characters, none of []:*?/\ , unique. */
function tabName(name: string, taken: Set<string>): string {
  const base = name.replace(/[[\]:*?/\\]/g, ' ').slice(0, 31) || 'Sheet';
  let candidate = base;
  for (let n = 2; taken.has(candidate.toLowerCase()); n++) candidate = `${base.slice(0, 31 - String(n).length - 1)} ${n}`;
  taken.add(candidate.toLowerCase());
  return candidate;
}

type Sheet = ReturnType<WorkbookWriter['addWorksheet']>;

/** A sheet with its header row frozen. */
function dataSheet(workbook: WorkbookWriter, name: string, taken: Set<string>, widths: number[]): Sheet {
  const sheet = workbook.addWorksheet(tabName(name, taken), { views: [{ state: 'frozen', xSplit: 0, ySplit: 1 }] });
  sheet.columns = widths.map((width) => ({ width }));
  return sheet;
}

function headerRow(sheet: Sheet, headers: string[]): void {
  const row = sheet.addRow(headers);
  row.font = { bold: true };
  row.commit();
}

/** Adds a row, each cell with its number format. */
function addCells(sheet: Sheet, values: (number | string | Date | null)[], formats: (string | undefined)[]): void {
  const row = sheet.addRow(values);
  formats.forEach((format, i) => {
    if (format && values[i] !== null) row.getCell(i + 1).numFmt = format;
  });
  row.commit();
}

/** The first sheet: what the report is, for whom, over which days, made when. */
function aboutSheet(workbook: WorkbookWriter, about: WorkbookAbout, words: WorkbookWords, taken: Set<string>): void {
  const sheet = workbook.addWorksheet(tabName(words.about, taken));
  sheet.columns = [{ width: 18 }, { width: 60 }];
  addCells(sheet, [words.report, about.name], []);
  addCells(sheet, [words.stores, about.stores.join(', ')], []);
  addCells(sheet, [words.from, dayDate(about.from)], [undefined, 'yyyy-mm-dd']);
  addCells(sheet, [words.to, dayDate(about.to)], [undefined, 'yyyy-mm-dd']);
  addCells(sheet, [words.generated, wallClock(about.generatedAt, about.timeZone)], [undefined, DATE_TIME]);
  sheet.commit();
}

function figureRow(sheet: Sheet, row: ReportRow, columns: ReportColumn[], formats: (string | undefined)[], label: string): void {
  addCells(
    sheet,
    columns.map((column) => (column.id === 'label' ? label : cellValue(row.cells[column.id], column.format))),
    formats,
  );
}

/** Where a workbook goes: any writable stream; `done` settles when it is all written. */
export interface WorkbookSink {
  stream: Writable;
  done: Promise<void>;
}

/**
 * Waits until the compressor has taken every row written so far. excelts queues its zip entry's
 * chunks on a promise chain without pushing back on the writer, so a writer faster than deflate
 * would queue the whole sheet in memory; waiting after each page keeps memory flat.
 */
async function caughtUp(workbook: WorkbookWriter): Promise<void> {
  const zip = workbook.zip as unknown as { fileQueue?: { _pushChain?: Promise<unknown> }[] };
  await zip.fileQueue?.at(-1)?._pushChain;
}

/** Options the streaming writer is opened with: inline strings (flat memory), styles for the formats. */
function openWorkbook(sink: WorkbookSink): WorkbookWriter {
  return new WorkbookWriter({ stream: sink.stream, useSharedStrings: false, useStyles: true, trueStreaming: true });
}

/** A report's figures: an About sheet, then one sheet per section with its total row. */
export async function writeFiguresWorkbook(sink: WorkbookSink, about: WorkbookAbout, figures: ReportFigures, words: WorkbookWords): Promise<{ rows: number }> {
  const workbook = openWorkbook(sink);
  const taken = new Set<string>();
  aboutSheet(workbook, about, words, taken);
  let rows = 0;
  for (const section of figures.sheets) {
    const sheet = dataSheet(workbook, words.sheet(section.id), taken, section.columns.map((c) => (c.id === 'label' ? 28 : 16)));
    headerRow(sheet, section.columns.map((c) => words.column(c.id)));
    const formats = section.columns.map((c) => numberFormat(c.format, figures.currency));
    for (const row of section.rows) {
      figureRow(sheet, row, section.columns, formats, row.label);
      rows += 1;
    }
    if (section.total) figureRow(sheet, section.total, section.columns, formats, words.total);
    sheet.commit();
  }
  await workbook.commit();
  await sink.done;
  return { rows };
}

/** The columns of a records export, one row per record. */
export const RECORD_COLUMNS = ['at', 'location', 'record', 'record_id', 'customer', 'phone', 'agent', 'value', 'link'] as const;

/**
 * The records behind a figure, one row per record, as pages arrive (`pages` may be millions of rows
 * long: nothing is kept). `valueFormat` is the figure's own (cents, minutes…); `onRows` hears the
 * count written after each page (progress).
 */
export async function writeRecordsWorkbook(
  sink: WorkbookSink,
  about: WorkbookAbout,
  pages: AsyncIterable<readonly FigureRecord[]>,
  options: { words: WorkbookWords; valueFormat: FigureFormat; locationNames: Record<string, string>; publicUrl: string; onRows?: (written: number) => Promise<void> | void },
): Promise<{ rows: number }> {
  const workbook = openWorkbook(sink);
  const taken = new Set<string>();
  aboutSheet(workbook, about, options.words, taken);
  const sheet = dataSheet(workbook, options.words.sheet('records'), taken, [18, 22, 28, 30, 26, 16, 22, 14, 50]);
  headerRow(sheet, RECORD_COLUMNS.map((id) => options.words.column(id)));
  const valueFormat = numberFormat(options.valueFormat, about.currency) ?? '#,##0.##';
  const formats = [DATE_TIME, undefined, undefined, undefined, undefined, undefined, undefined, valueFormat, undefined];
  let rows = 0;
  for await (const page of pages) {
    for (const record of page) {
      addCells(
        sheet,
        [
          wallClock(record.at, about.timeZone),
          options.locationNames[record.location_id] ?? record.location_id,
          record.record.label,
          record.record.id,
          record.customer?.name ?? null,
          record.customer?.phone ?? null,
          record.agent?.name ?? null,
          cellValue(record.value, options.valueFormat === 'date' ? 'count' : options.valueFormat),
          record.link ? `${options.publicUrl}/app${record.link}` : null,
        ],
        formats,
      );
    }
    rows += page.length;
    await caughtUp(workbook);
    await options.onRows?.(rows);
  }
  sheet.commit();
  await workbook.commit();
  await sink.done;
  return { rows };
}

/**
 * A sink that uploads to S3 as it is written (multipart, parts of 5 MB (S3’s least), two at a time): memory holds
 * the parts in flight, never the file. `size` is the bytes uploaded; `abort` gives up the upload
 * (its parts are removed) when the writing failed.
 */
export function s3Sink(client: S3Client, bucket: string, key: string, fileName: string): WorkbookSink & { size: () => number; abort: () => Promise<void> } {
  let size = 0;
  const stream = new PassThrough({ highWaterMark: 1 << 20 });
  stream.on('data', (chunk: Buffer) => {
    size += chunk.length;
  });
  const body = new PassThrough({ highWaterMark: 1 << 20 });
  stream.pipe(body);
  const upload = new Upload({
    client,
    queueSize: 2,
    partSize: 5 * 1024 * 1024,
    params: {
      Bucket: bucket,
      Key: key,
      Body: body,
      ContentType: XLSX_CONTENT_TYPE,
      ContentDisposition: `attachment; filename="${fileName.replace(/[^\w.-]/g, '_')}"`,
    },
  });
  const done = upload.done().then(() => undefined);
  // Awaited by the writer; a failure before that (an aborted upload) must not go unhandled.
  done.catch(() => undefined);
  return {
    stream,
    done,
    size: () => size,
    abort: async () => {
      stream.unpipe(body);
      stream.destroy();
      body.destroy();
      await upload.abort().catch(() => undefined);
    },
  };
}
