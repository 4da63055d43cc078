/**
 * Report files through the API as the console calls it, and their making as the background does it:
 * asked for → pending → ready, downloaded by the presigned link and reopened cell by cell; renamed,
 * made again (the old file gone), deleted with the file; 409 'This report is not generated yet'
 * before; managers and admins only, company reports admins only, another store's or company's not
 * found; the records behind a figure exported one row per record; a due schedule's report made,
 * e-mailed with the file attached, and the schedule moved to its next run.
 *
 * The figures come from a source this test builds (the workbook must show exactly them); the
 * background start of the API is switched off in this process (JOBS_URL unset) so the test's own
 * worker makes the reports it asks for here.
 */
import { Workbook } from '@cj-tech-master/excelts';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { FigureRecord, ReportFigures } from '../../../shared/reports/types.js';
import { reportPaths } from '../../../shared/reports/routes.js';
import { REPORT_NOT_READY } from '../../../shared/reports/fileSchemas.js';
import { REPORT_ERRORS } from '../../../shared/reports/schemas.js';
import { config } from '../../lib/config.js';
import { storedAt } from '../../lib/storage.js';
import { ReportCannotBeMade, type FigureSource, type FiguresAsk } from '../figureSource.js';
import { askForReport } from '../files.js';
import { generateReport, REPORT_ATTEMPTS, sweepReports } from '../generate.js';
import { getReport, getSchedule, saveSchedule, saveReport } from '../records.js';
import { runDueSchedules } from '../schedules.js';
import { countFact } from '../../tallies/facts.js';
import { responseBucket } from '../../../shared/reports/responseTimes.js';
import { api, mailbox, signIn, type ApiClient } from '../../../test/support/api.js';
import { accessFlags, createAgent, createOwnStore, type OwnStore } from '../../../test/support/ownStore.js';
import { useStackEnv } from '../../../test/support/service.js';

const baseUrl = inject('baseUrl');
const carrierUrl = `${baseUrl}/dev/carrier`;

let store: OwnStore;
let other: OwnStore;
let manager: ApiClient;
let admin: ApiClient;
let advisor: ApiClient;
let eastManager: ApiClient;
let otherCompanyAdmin: ApiClient;
let savedJobsUrl: string | undefined;

/** What the source was asked, so the test can check the report counted the right stores and days. */
const asked: FiguresAsk[] = [];

function figuresFor(ask: FiguresAsk): ReportFigures {
  return {
    type: ask.type,
    scope: ask.scope,
    range: ask.range,
    locations: [...ask.locations],
    currency: '$',
    sheets: [
      {
        id: 'by_advisor',
        columns: [
          { id: 'label', format: 'text', drills: false },
          { id: 'sent', format: 'count', drills: true },
          { id: 'collected', format: 'money', drills: true },
          { id: 'late_share', format: 'percent', drills: false },
        ],
        rows: ask.locations.map((l, i) => ({ key: `location:${l.id}`, label: l.name, cells: { sent: 10 + i, collected: 1999 + i, late_share: 0.25 } })),
        total: { key: 'total', label: 'total', cells: { sent: ask.locations.length * 10, collected: null, late_share: null } },
      },
      { id: 'summary', columns: [{ id: 'label', format: 'text', drills: false }, { id: 'opt_out', format: 'count', drills: true }], rows: [{ key: 'all', label: 'All', cells: { opt_out: 4 } }] },
    ],
  };
}

function recordOf(i: number, locationId: string): FigureRecord {
  return {
    id: `fact_${i}`,
    at: new Date(Date.UTC(2026, 10, 2, 15, 0) - i * 60_000).toISOString(),
    location_id: locationId,
    record: { kind: 'repair_order', id: `ro_${i}`, label: `RO ${9000 + i}` },
    customer: { id: `cus_${i}`, name: `Customer ${i}`, phone: '+16175550142' },
    agent: { id: 'agt_x', name: 'Ann Archer' },
    value: 500 + i,
    link: `/?ro=ro_${i}`,
  };
}

const source: FigureSource = {
  figures: async (ask) => {
    asked.push(ask);
    return figuresFor(ask);
  },
  records: async function* (ask) {
    // 1,050 records in pages of 200: the export must take them all, in order.
    for (let i = 0; i < 1050; i += 200) yield Array.from({ length: Math.min(200, 1050 - i) }, (_, j) => recordOf(i + j, ask.locations[0]!.id));
  },
};

/**
 * Makes the report with the test's source. A report the API asked for (a refresh) is also taken by
 * the stack's worker (with the tallies' figures, of a type they count): whichever takes it, it ends made.
 */
async function makeReady(id: string): Promise<void> {
  for (let i = 0; i < 20; i++) {
    await generateReport(store.companyId, id, source);
    if ((await getReport(store.companyId, id, true))?.status === 'ready') return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`report ${id} not made`);
}

async function download(url: string): Promise<Workbook> {
  const res = await fetch(url);
  expect(res.status).toBe(200);
  const book = new Workbook();
  await book.xlsx.load(Buffer.from(await res.arrayBuffer()));
  return book;
}

const periodNov = { kind: 'custom', from: '2026-11-01', to: '2026-11-15' } as const;

beforeAll(async () => {
  useStackEnv();
  savedJobsUrl = process.env.JOBS_URL;
  delete process.env.JOBS_URL;
  store = await createOwnStore('reports');
  other = await createOwnStore('reports_other');
  await createAgent(store, `${store.companyId}_mgr`, 'Maya', 'Manager', { access_level: accessFlags('manager', 'service') });
  await createAgent(store, `${store.companyId}_adm`, 'Ada', 'Admin', { access_level: accessFlags('admin', 'manager', 'service') });
  await createAgent(store, `${store.companyId}_adv`, 'Avi', 'Advisor');
  await createAgent(store, `${store.companyId}_east`, 'Eve', 'East', { location_id: store.otherLocationId, access_level: accessFlags('manager', 'service') });
  await createAgent(other, `${other.companyId}_adm`, 'Oz', 'Other', { access_level: accessFlags('admin', 'manager') });
  manager = api(baseUrl, await signIn(baseUrl, `${store.companyId}_mgr@harbor.example`));
  admin = api(baseUrl, await signIn(baseUrl, `${store.companyId}_adm@harbor.example`));
  advisor = api(baseUrl, await signIn(baseUrl, `${store.companyId}_adv@harbor.example`));
  eastManager = api(baseUrl, await signIn(baseUrl, `${store.companyId}_east@harbor.example`));
  otherCompanyAdmin = api(baseUrl, await signIn(baseUrl, `${other.companyId}_adm@harbor.example`));
});

afterAll(() => {
  if (savedJobsUrl !== undefined) process.env.JOBS_URL = savedJobsUrl;
});

/**
 * Asks through the API: the report is pending. The stack's own worker is started for it and finds
 * no figures in this build of the stack (only this test's source has them); these tests read only
 * what the API answers.
 */
async function asks(client: ApiClient, body: unknown) {
  const res = await client.post(reportPaths.create(), body);
  expect(res.status, res.text).toBe(201);
  return res.body.report as { id: string; status: string; progress: unknown; attachment: unknown; name: string };
}

describe('a report file', () => {
  it('is pending at once, answers 409 until made, then downloads as the workbook of its figures', async () => {
    // Prepare: asked for in the test's process, so no other worker takes it.
    const record = await askForReport({ companyId: store.companyId, locationId: store.locationId, type: 'texting', scope: 'location', period: periodNov, name: 'November texting', createdBy: { id: 'agt_m', name: 'Maya Manager' } });
    expect(record.status).toBe('pending');

    const early = await manager.get(reportPaths.report(record.id));
    expect(early.status).toBe(409);
    expect(early.body.error).toMatchObject({ id: 'report_not_ready', message: REPORT_NOT_READY, status: 'pending' });
    const listed = await manager.get(reportPaths.list(store.locationId));
    expect(listed.body.reports.find((r: { id: string }) => r.id === record.id)).toMatchObject({ status: 'pending', progress: { done: 0, total: null }, attachment: null });

    // Act
    expect(await generateReport(store.companyId, record.id, source)).toBe('ready');

    // Assess
    const ready = await manager.get(reportPaths.report(record.id));
    expect(ready.status, ready.text).toBe(200);
    expect(ready.body.report).toMatchObject({ status: 'ready', name: 'November texting', range: { from: '2026-11-01', to: '2026-11-15' }, progress: null, created_by: { id: 'agt_m', name: 'Maya Manager' } });
    expect(ready.body.report.attachment.file_name).toBe('November_texting.xlsx');
    const book = await download(ready.body.report.attachment.url);
    expect(book.worksheets.map((s) => s.name)).toEqual(['About', 'By advisor', 'Summary']);
    expect(book.getWorksheet('About')!.getCell('B2').value).toBe('Harbor Motors');
    const sheet = book.getWorksheet('By advisor')!;
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(sheet.getRow(2).values).toEqual([undefined, 'Harbor Motors', 10, 19.99, 0.25]);
    expect(sheet.getRow(2).getCell(3).numFmt).toBe('"$"#,##0.00');
    expect(sheet.getRow(3).values).toEqual([undefined, 'Total', 10]);
    expect(asked.at(-1)).toMatchObject({ companyId: store.companyId, type: 'texting', scope: 'location', range: { from: '2026-11-01', to: '2026-11-15' } });
    expect(asked.at(-1)!.locations.map((l) => l.id)).toEqual([store.locationId]);
  });

  it('counts every store of the company for an admin’s company report', async () => {
    const record = await askForReport({ companyId: store.companyId, locationId: store.locationId, type: 'payments', scope: 'company', period: periodNov, createdBy: null });
    expect(await generateReport(store.companyId, record.id, source)).toBe('ready');
    expect(asked.at(-1)!.locations.map((l) => l.id).sort()).toEqual([store.locationId, store.otherLocationId].sort());

    const res = await admin.get(reportPaths.report(record.id));
    const sheet = (await download(res.body.report.attachment.url)).getWorksheet('By advisor')!;
    expect(sheet.rowCount).toBe(4);
    // A manager neither opens nor lists a company report.
    expect((await manager.get(reportPaths.report(record.id))).status).toBe(403);
    const listed = await manager.get(`${reportPaths.list(store.locationId)}?limit=100`);
    expect(listed.body.reports.map((r: { id: string }) => r.id)).not.toContain(record.id);
    const adminList = await admin.get(`${reportPaths.list(store.locationId)}?limit=100`);
    expect(adminList.body.reports.map((r: { id: string }) => r.id)).toContain(record.id);
  });

  it('is renamed, made again (a new file, the old one gone), and deleted with its file', async () => {
    const record = await askForReport({ companyId: store.companyId, locationId: store.locationId, type: 'consent', scope: 'location', period: { kind: 'mtd' }, createdBy: null });
    await generateReport(store.companyId, record.id, source);
    const first = (await getReport(store.companyId, record.id, true))!;

    const renamed = await manager.put(reportPaths.report(record.id), { report: { name: '  Consent this month ' } });
    expect(renamed.status, renamed.text).toBe(200);
    expect(renamed.body.report.name).toBe('Consent this month');

    const refreshed = await manager.put(reportPaths.refresh(record.id));
    expect(refreshed.status, refreshed.text).toBe(200);
    expect(refreshed.body.report).toMatchObject({ status: 'pending', attachment: null, name: 'Consent this month' });
    await makeReady(record.id);
    const second = (await getReport(store.companyId, record.id, true))!;
    expect(second.status).toBe('ready');
    expect(second.file!.key).not.toBe(first.file!.key);
    expect(await storedAt(first.file!.key, config.reportsBucket)).toBeNull();
    expect(await storedAt(second.file!.key, config.reportsBucket)).not.toBeNull();

    // Two deletes at once (a double click, two tabs): one deletes, the other finds nothing.
    const deletes = await Promise.all([manager.del(reportPaths.report(record.id)), admin.del(reportPaths.report(record.id))]);
    expect(deletes.map((d) => d.status).sort()).toEqual([204, 404]);
    expect(await getReport(store.companyId, record.id, true)).toBeUndefined();
    expect(await storedAt(second.file!.key, config.reportsBucket)).toBeNull();
    expect((await manager.get(reportPaths.report(record.id))).status).toBe(404);
  });

  it('fails for good after REPORT_ATTEMPTS tries, and says so in the list', async () => {
    const record = await askForReport({ companyId: store.companyId, locationId: store.locationId, type: 'consent', scope: 'location', period: periodNov, createdBy: null });
    const broken: FigureSource = { figures: () => Promise.reject(new Error('counters unreadable')), records: source.records };
    const outcomes = [];
    for (let i = 0; i < REPORT_ATTEMPTS; i++) outcomes.push(await generateReport(store.companyId, record.id, broken));
    expect(outcomes).toEqual([...Array(REPORT_ATTEMPTS - 1).fill('retry'), 'failed']);
    expect((await getReport(store.companyId, record.id, true))!).toMatchObject({ status: 'failed', failure: 'counters unreadable' });
    // A source that cannot count the report at all: failed at once, not tried again.
    const other = await askForReport({ companyId: store.companyId, locationId: store.locationId, type: 'csi', scope: 'location', period: periodNov, createdBy: null });
    const cannot: FigureSource = { figures: () => Promise.reject(new ReportCannotBeMade('No figures for csi reports yet')), records: source.records };
    expect(await generateReport(store.companyId, other.id, cannot)).toBe('failed');
    // A refresh tries again from the start.
    expect((await manager.put(reportPaths.refresh(record.id))).body.report.status).toBe('pending');
    await makeReady(record.id);
  });

  it('is taken over by the sweep when its worker stopped (its lease ran out)', async () => {
    const record = await askForReport({ companyId: store.companyId, locationId: store.locationId, type: 'appointments', scope: 'location', period: periodNov, createdBy: null });
    // A worker took it and died: running, with a lease that ran out a minute ago.
    const taken = (await getReport(store.companyId, record.id, true))!;
    const gone = new Date(Date.now() - 60_000).toISOString();
    await saveReport({ ...taken, status: 'running', lease_until: gone, attempts: 1, version: taken.version + 1 }, taken);

    const counts = await sweepReports(source);

    expect(counts.ready).toBeGreaterThanOrEqual(1);
    expect((await getReport(store.companyId, record.id, true))!).toMatchObject({ status: 'ready', attempts: 2 });
  });
});

/** A figure's cell as the workbook holds it (independently of the writer): cents as units, a day as a date, nothing as empty. */
function expectedCell(value: unknown, format: string): unknown {
  if (value === null || value === undefined) return undefined;
  if (format === 'money') return (value as number) / 100;
  if (format === 'date') return new Date(`${String(value)}T00:00:00Z`);
  return value;
}

describe('a report asked for through the API', () => {
  it('is made by the background worker from the tallies and holds exactly the figures the screen shows', async () => {
    // Prepare: Maya's texts of 3 November as the tallies count them (the stream's listener does this as the product works).
    const maya = `${store.companyId}_mgr`;
    const fact = (id: string, figure: string, dims: Record<string, string>, value?: number) =>
      countFact(
        { id: `${store.companyId}:${id}`, type: 'texting', figure, company_id: store.companyId, location_id: store.locationId, at: '2026-11-03T15:00:00.000Z', dims, ...(value === undefined ? {} : { value }), record: { kind: 'repair_order', id: `ro_${id}`, label: `RO ${id}` } },
        'America/New_York',
        // An answer's minutes count in their response-time step (shared/reports/responseTimes.ts), as the listener counts them.
        value === undefined ? {} : { bucket: responseBucket(value) },
      );
    for (const n of [1, 2, 3]) await fact(`m${n}`, 'sent', { agent_id: maya });
    for (const n of [1, 2]) await fact(`r${n}`, 'received', { agent_id: maya });
    await fact('w1', 'waits', { agent_id: maya });
    await fact('w2', 'waits', { agent_id: maya });
    await fact('a1', 'answered', { agent_id: maya }, 4);
    await fact('a2', 'answered', { agent_id: maya }, 9);

    const made = await asks(manager, { report: { location_id: store.locationId, type: 'texting', period: periodNov, name: 'Texting in November' } });
    expect(made.status).toBe('pending');

    let res = await manager.get(reportPaths.report(made.id));
    for (let i = 0; i < 80 && res.status === 409; i++) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      res = await manager.get(reportPaths.report(made.id));
    }
    expect(res.status, res.text).toBe(200);
    const screen = await manager.get(`${reportPaths.figures(store.locationId)}?type=texting&period=custom&from=2026-11-01&to=2026-11-15`);
    expect(screen.status, screen.text).toBe(200);
    const figures = screen.body.figures as ReportFigures;
    const book = await download(res.body.report.attachment.url);

    expect(book.worksheets.length).toBe(1 + figures.sheets.length);
    // Maya's row, as counted above: 3 sent, 2 received, 2 answered, median (4 + 9) / 2.
    const mayaRow = figures.sheets[0]!.rows.find((row) => row.label === 'Maya Manager')!;
    expect(mayaRow.cells).toMatchObject({ sent: 3, received: 2, answered: 2, median_first_response: 6.5 });
    const inBook = book.worksheets[1]!.getRow(2 + figures.sheets[0]!.rows.indexOf(mayaRow));
    expect([2, 3, 6].map((c) => inBook.getCell(c).value)).toEqual([3, 2, 6.5]);
    figures.sheets.forEach((section, i) => {
      const sheet = book.worksheets[i + 1]!;
      expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
      const rows = [...section.rows, ...(section.total ? [{ ...section.total, label: 'Total' }] : [])];
      expect(sheet.rowCount).toBe(1 + rows.length);
      rows.forEach((row, r) => {
        section.columns.forEach((column, c) => {
          const cell = sheet.getRow(r + 2).getCell(c + 1);
          if (column.id === 'label') expect(cell.value).toBe(row.label);
          else expect(cell.value ?? undefined, `${section.id} ${row.key} ${column.id}`).toEqual(expectedCell(row.cells[column.id], column.format));
        });
      });
    });

    // The records behind Maya's "sent", exported: one row per text, as the drill-down lists them.
    const exported = await manager.post(reportPaths.records(store.locationId), { report: { type: 'texting', figure: 'sent', dims: { agent_id: maya }, period: periodNov } });
    expect(exported.status, exported.text).toBe(201);
    let file = await manager.get(reportPaths.report(exported.body.report.id));
    for (let i = 0; i < 80 && file.status === 409; i++) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      file = await manager.get(reportPaths.report(exported.body.report.id));
    }
    expect(file.status, file.text).toBe(200);
    const sheet = (await download(file.body.report.attachment.url)).getWorksheet('Records')!;
    expect(sheet.rowCount).toBe(4);
    expect([2, 3, 4].map((r) => sheet.getRow(r).getCell(3).value).sort()).toEqual(['RO m1', 'RO m2', 'RO m3']);
    expect(sheet.getRow(2).getCell(7).value).toBe('Maya Manager');
  });
});

describe('the report routes', () => {
  it('answer a manager at once with a pending report, listed newest first, 20 a page', async () => {
    const made = await asks(manager, { report: { location_id: store.locationId, type: 'inspections', period: { kind: 'lm' } } });
    expect(made.status).toBe('pending');
    const list = await manager.get(reportPaths.list(store.locationId));
    expect(list.status).toBe(200);
    expect(list.body.reports[0].id).toBe(made.id);
    expect(list.body.meta.paging).toMatchObject({ current_offset: 0, per_page: 20 });
    expect(list.body.meta.paging.total).toBeGreaterThanOrEqual(list.body.reports.length);
  });

  it('take the ad hoc report (a custom from–to) per location', async () => {
    const res = await manager.post(reportPaths.adhoc(store.locationId), { report: { type: 'payments', from: '2026-10-01', to: '2026-10-31' } });
    expect(res.status, res.text).toBe(201);
    expect(res.body.report).toMatchObject({ status: 'pending', period: { kind: 'custom', from: '2026-10-01', to: '2026-10-31' }, range: { from: '2026-10-01', to: '2026-10-31' }, scope: 'location' });
  });

  it('refuse advisors (403), company scope to managers (403), and another store or company (404)', async () => {
    const body = { report: { location_id: store.locationId, type: 'texting', period: { kind: 'mtd' } } };
    expect((await advisor.post(reportPaths.create(), body)).status).toBe(403);
    expect((await advisor.get(reportPaths.list(store.locationId))).status).toBe(403);
    expect((await manager.post(reportPaths.create(), { report: { ...body.report, scope: 'company' } })).status).toBe(403);
    expect((await eastManager.post(reportPaths.create(), body)).status).toBe(404);
    expect((await eastManager.get(reportPaths.list(store.locationId))).status).toBe(404);
    expect((await otherCompanyAdmin.post(reportPaths.create(), body)).status).toBe(404);

    const mine = await asks(manager, body);
    expect((await eastManager.get(reportPaths.report(mine.id))).status).toBe(404);
    expect((await otherCompanyAdmin.get(reportPaths.report(mine.id))).status).toBe(404);
    expect((await otherCompanyAdmin.put(reportPaths.report(mine.id), { report: { name: 'x' } })).status).toBe(404);
    expect((await otherCompanyAdmin.del(reportPaths.report(mine.id))).status).toBe(404);
    expect((await advisor.del(reportPaths.report(mine.id))).status).toBe(403);
    // The admin reaches every store of the company.
    expect((await admin.put(reportPaths.report(mine.id), { report: { name: 'Seen by the admin' } })).status).toBe(200);
  });

  it('answer every bad input with a clear error at its field', async () => {
    const bad = async (body: unknown) => {
      const res = await manager.post(reportPaths.create(), body);
      expect(res.status, res.text).toBe(422);
      return res.body.errors as { message: string; path: string }[];
    };
    expect(await bad({ report: { location_id: store.locationId, type: 'weather', period: { kind: 'mtd' } } })).toContainEqual(expect.objectContaining({ path: 'report.type', message: REPORT_ERRORS.type }));
    expect(await bad({ report: { location_id: store.locationId, type: 'csi', period: { kind: 'fortnight' } } })).toContainEqual(
      expect.objectContaining({ path: 'report.period.kind', message: REPORT_ERRORS.period }),
    );
    expect(await bad({ report: { location_id: store.locationId, type: 'csi', period: { kind: 'custom', from: '2026-11-10', to: '2026-11-01' } } })).toContainEqual(
      expect.objectContaining({ path: 'report.period.to', message: REPORT_ERRORS.order }),
    );
    expect(await bad({ report: { location_id: store.locationId, type: 'csi', period: { kind: 'date', date: '2026-02-30' } } })).toContainEqual(
      expect.objectContaining({ path: 'report.period.date', message: REPORT_ERRORS.date }),
    );
    expect(await bad({ report: { location_id: store.locationId, type: 'csi', period: { kind: 'custom', from: '2024-01-01', to: '2026-01-01' } } })).toContainEqual(
      expect.objectContaining({ path: 'report.period.to', message: 'A custom period can cover at most 366 days' }),
    );
    expect(await bad({ report: { location_id: store.locationId, type: 'csi', period: { kind: 'mtd' }, scope: 'planet' } })).toContainEqual(
      expect.objectContaining({ path: 'report.scope', message: REPORT_ERRORS.scope }),
    );
    const rename = await manager.put(reportPaths.report('rpt_nothing'), { report: { name: '   ' } });
    expect(rename.status).toBe(422);
    expect(rename.body.errors).toContainEqual(expect.objectContaining({ path: 'report.name', message: 'Please give the report a name' }));
  });
});

describe('the records behind a figure', () => {
  it('are asked for through the API and exported one row per record', async () => {
    const res = await manager.post(reportPaths.records(store.locationId), { report: { type: 'texting', figure: 'sent', dims: { agent_id: 'agt_x' }, period: periodNov } });
    expect(res.status, res.text).toBe(201);
    expect(res.body.report).toMatchObject({ status: 'pending', drill: { type: 'texting', figure: 'sent', dims: { agent_id: 'agt_x' } } });
    const bad = await manager.post(reportPaths.records(store.locationId), { report: { type: 'texting', period: periodNov } });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toContainEqual(expect.objectContaining({ path: 'report.figure', message: 'Please choose the figure whose records to export' }));

    const record = await askForReport({ companyId: store.companyId, locationId: store.locationId, type: 'payments', scope: 'location', period: periodNov, drill: { type: 'payments', figure: 'collected', dims: {} }, createdBy: null });
    expect(await generateReport(store.companyId, record.id, source)).toBe('ready');

    const ready = await manager.get(reportPaths.report(record.id));
    const sheet = (await download(ready.body.report.attachment.url)).getWorksheet('Records')!;
    expect(sheet.rowCount).toBe(1051);
    expect(sheet.getRow(2).values).toEqual([undefined, new Date('2026-11-02T10:00:00Z'), 'Harbor Motors', 'RO 9000', 'ro_0', 'Customer 0', '+16175550142', 'Ann Archer', 5, `${process.env.PUBLIC_URL}/app/?ro=ro_0`]);
    // The figure is money: the value column is dollars with the store's symbol.
    expect(sheet.getRow(2).getCell(8).numFmt).toBe('"$"#,##0.00');
    expect(sheet.getRow(1051).getCell(3).value).toBe('RO 10049');
  });
});

describe('a report schedule', () => {
  it('is kept with its next run in the store time, refused to advisors and another store', async () => {
    const body = { schedule: { name: 'Monday texting', type: 'texting', period: 'last_week', cadence: { kind: 'weekly', weekday: 1, hour: 7 }, recipients: ['Boss@Harbor.example'] } };
    expect((await advisor.post(reportPaths.schedules(store.locationId), body)).status).toBe(403);
    expect((await eastManager.post(reportPaths.schedules(store.locationId), body)).status).toBe(404);
    const res = await manager.post(reportPaths.schedules(store.locationId), body);
    expect(res.status, res.text).toBe(201);
    const schedule = res.body.report_schedule;
    expect(schedule).toMatchObject({ name: 'Monday texting', recipients: ['boss@harbor.example'], last_run_at: null });
    // A Monday, 7:00 in New York.
    const next = new Date(schedule.next_run_at);
    expect(new Intl.DateTimeFormat('en-US', { timeZone: 'America/New_York', weekday: 'short', hour: 'numeric', hour12: false }).format(next)).toBe('Mon, 07');
    expect(next.getTime()).toBeGreaterThan(Date.now());

    const list = await manager.get(reportPaths.schedules(store.locationId));
    expect(list.body.report_schedules.map((s: { id: string }) => s.id)).toContain(schedule.id);
    const changed = await manager.put(reportPaths.schedule(schedule.id), { schedule: { cadence: { kind: 'daily', hour: 6 } } });
    expect(changed.status, changed.text).toBe(200);
    expect(changed.body.report_schedule.cadence).toEqual({ kind: 'daily', hour: 6 });
    const invalid = await manager.put(reportPaths.schedule(schedule.id), { schedule: { recipients: ['not an address'], cadence: { kind: 'monthly', day: 31, hour: 6 } } });
    expect(invalid.status).toBe(422);
    expect(invalid.body.errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ path: 'schedule.recipients.0', message: 'Please enter a valid e-mail address' }),
        expect.objectContaining({ path: 'schedule.cadence.day', message: 'Please choose a day of the month from 1 to 28' }),
      ]),
    );
    expect((await otherCompanyAdmin.del(reportPaths.schedule(schedule.id))).status).toBe(404);
    expect((await manager.del(reportPaths.schedule(schedule.id))).status).toBe(204);
    expect((await manager.put(reportPaths.schedule(schedule.id), { schedule: { name: 'x' } })).status).toBe(404);
  });

  it('when due, has its report made and e-mailed with the file attached, and moves to its next run', async () => {
    const to = `sched_${store.companyId}@harbor.example`;
    const res = await manager.post(reportPaths.schedules(store.locationId), { schedule: { name: 'Daily CSI', type: 'csi', period: 'yesterday', cadence: { kind: 'daily', hour: 7 }, recipients: [to] } });
    const id = res.body.report_schedule.id as string;
    // Prepare: due a minute ago.
    const stored = (await getSchedule(store.companyId, id, true))!;
    const dueAt = new Date(Date.now() - 60_000).toISOString();
    await saveSchedule({ ...stored, next_run_at: dueAt, version: stored.version + 1 }, stored);

    // Act: the schedules job, then the report's worker.
    const run = await runDueSchedules();
    expect(run.run).toBeGreaterThanOrEqual(1);
    const list = await manager.get(`${reportPaths.list(store.locationId)}?limit=100`);
    const made = list.body.reports.find((r: { schedule_id: string | null }) => r.schedule_id === id);
    expect(made).toMatchObject({ status: 'pending', period: { kind: 'custom' } });
    expect(made.range.from).toBe(made.range.to);
    expect(await generateReport(store.companyId, made.id, source)).toBe('ready');

    // Assess: the mail with the workbook; the schedule's next run tomorrow (or today) at 7 in New York.
    const mails = await mailbox(carrierUrl, to);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(`Your report: Daily CSI ${made.range.from} – ${made.range.to}`);
    expect(mails[0]!.attachments).toHaveLength(1);
    const attachment = mails[0]!.attachments![0]!;
    expect(attachment).toMatchObject({ content_type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });
    expect(attachment.file_name).toMatch(/\.xlsx$/);
    const book = new Workbook();
    await book.xlsx.load(Buffer.from(attachment.content_base64, 'base64'));
    expect(book.getWorksheet('Summary')!.getRow(2).values).toEqual([undefined, 'All', 4]);
    const after = (await getSchedule(store.companyId, id, true))!;
    expect(after.last_run_at).not.toBeNull();
    expect(after.next_run_at > new Date().toISOString()).toBe(true);
    expect(new Intl.DateTimeFormat('en-US', { timeZone: 'America/New_York', hour: 'numeric', minute: '2-digit', hour12: false }).format(new Date(after.next_run_at))).toBe('07:00');

    // Run again: nothing due, no second report or mail.
    await runDueSchedules();
    expect((await mailbox(carrierUrl, to)).length).toBe(1);
  });
});
