/**
 * The report workbook, written by the streaming writer and read back with the same library's
 * reader: an About sheet, one sheet per section with its header frozen, real numbers with their
 * formats (counts, money in the store's currency, shares, minutes, dates), the records export one
 * row per record.
 */
import { PassThrough } from 'node:stream';
import { Workbook } from '@cj-tech-master/excelts';
import { describe, expect, it } from 'vitest';
import type { FigureRecord, ReportFigures } from '../../../shared/reports/types.js';
import { numberFormat, writeFiguresWorkbook, writeRecordsWorkbook, type WorkbookAbout, type WorkbookSink } from '../workbook.js';
import { workbookWords } from '../reportWords.js';

function memorySink(): WorkbookSink & { bytes: () => Buffer } {
  const stream = new PassThrough();
  const chunks: Buffer[] = [];
  stream.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<void>((resolve, reject) => {
    stream.on('end', resolve);
    stream.on('error', reject);
  });
  return { stream, done, bytes: () => Buffer.concat(chunks) };
}

async function reopen(bytes: Buffer): Promise<Workbook> {
  const book = new Workbook();
  await book.xlsx.load(bytes);
  return book;
}

const about: WorkbookAbout = {
  name: 'November payments',
  stores: ['Harbor Motors', 'Harbor Motors East'],
  from: '2026-11-01',
  to: '2026-11-26',
  generatedAt: new Date('2026-11-27T01:30:00Z'),
  timeZone: 'America/New_York',
  currency: '$',
};

const figures: ReportFigures = {
  type: 'payments',
  scope: 'company',
  range: { from: '2026-11-01', to: '2026-11-26' },
  locations: [],
  currency: '$',
  sheets: [
    {
      id: 'by_advisor',
      columns: [
        { id: 'label', format: 'text', drills: false },
        { id: 'requested', format: 'count', drills: true },
        { id: 'collected', format: 'money', drills: true },
        { id: 'paid_share', format: 'percent', drills: false },
        { id: 'days_to_pay', format: 'days', drills: false },
      ],
      rows: [
        { key: 'agent:a', label: 'Ann Archer', cells: { requested: 1234, collected: 1_234_567, paid_share: 0.8125, days_to_pay: 2.5 } },
        { key: 'agent:b', label: 'Bo Berg', cells: { requested: 3, collected: 0, paid_share: 0, days_to_pay: null } },
      ],
      total: { key: 'total', label: 'total', cells: { requested: 1237, collected: 1_234_567, paid_share: 0.81, days_to_pay: 2.5 } },
    },
    {
      id: 'by_day',
      columns: [
        { id: 'day', format: 'date', drills: false },
        { id: 'median_first_response', format: 'minutes', drills: false },
      ],
      rows: [{ key: 'day:2026-11-02', label: '2026-11-02', cells: { day: '2026-11-02', median_first_response: 12.5 } }],
    },
  ],
};

describe('the figures workbook', () => {
  it('opens with an About sheet, then one sheet per section, each header frozen', async () => {
    const sink = memorySink();
    const { rows } = await writeFiguresWorkbook(sink, about, figures, workbookWords('en-us'));
    const book = await reopen(sink.bytes());

    expect(rows).toBe(3);
    expect(book.worksheets.map((s) => s.name)).toEqual(['About', 'By advisor', 'By day']);
    for (const sheet of book.worksheets.slice(1)) expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    const info = book.getWorksheet('About')!;
    expect(info.getCell('A1').value).toBe('Report');
    expect(info.getCell('B1').value).toBe('November payments');
    expect(info.getCell('B2').value).toBe('Harbor Motors, Harbor Motors East');
    expect(info.getCell('B3').value).toEqual(new Date('2026-11-01T00:00:00Z'));
    expect(info.getCell('B3').numFmt).toBe('yyyy-mm-dd');
    expect(info.getCell('B4').value).toEqual(new Date('2026-11-26T00:00:00Z'));
    // 01:30 UTC is 20:30 the evening before in New York: the store's clock.
    expect(info.getCell('B5').value).toEqual(new Date('2026-11-26T20:30:00Z'));
  });

  it('writes every figure as a number with its format: counts, money in the currency (cents to units), shares, days; a total row', async () => {
    const sink = memorySink();
    await writeFiguresWorkbook(sink, about, figures, workbookWords('en-us'));
    const sheet = (await reopen(sink.bytes())).getWorksheet('By advisor')!;

    expect([1, 2, 3, 4, 5].map((c) => sheet.getRow(1).getCell(c).value)).toEqual([null, 'Requested', 'Collected', 'Paid share', 'Days to pay']);
    const ann = sheet.getRow(2);
    expect(ann.getCell(1).value).toBe('Ann Archer');
    expect(ann.getCell(2).value).toBe(1234);
    expect(ann.getCell(2).numFmt).toBe('#,##0');
    expect(ann.getCell(3).value).toBe(12345.67);
    expect(ann.getCell(3).numFmt).toBe('"$"#,##0.00');
    expect(ann.getCell(4).value).toBe(0.8125);
    expect(ann.getCell(4).numFmt).toBe('0.0%');
    expect(ann.getCell(5).value).toBe(2.5);
    expect(ann.getCell(5).numFmt).toBe('#,##0.0');
    // Nothing to measure stays empty, not 0.
    expect(sheet.getRow(3).getCell(5).value).toBeNull();
    expect(sheet.getRow(3).getCell(3).value).toBe(0);
    expect(sheet.getRow(4).getCell(1).value).toBe('Total');
    expect(sheet.getRow(4).getCell(2).value).toBe(1237);
    expect(sheet.rowCount).toBe(4);

    const days = (await reopen(sink.bytes())).getWorksheet('By day')!;
    expect(days.getRow(2).getCell(1).value).toEqual(new Date('2026-11-02T00:00:00Z'));
    expect(days.getRow(2).getCell(1).numFmt).toBe('yyyy-mm-dd');
    expect(days.getRow(2).getCell(2).value).toBe(12.5);
  });

  it('writes the fixed words in the store language', async () => {
    const sink = memorySink();
    await writeFiguresWorkbook(sink, about, figures, workbookWords('de'));
    const book = await reopen(sink.bytes());
    expect(book.worksheets[0]!.name).toBe('Info');
    expect(book.getWorksheet('Info')!.getCell('A1').value).toBe('Bericht');
    expect(book.getWorksheet('By advisor')!.getRow(4).getCell(1).value).toBe('Gesamt');
  });
});

describe('money formats', () => {
  it('lead with the symbol, except kr, which follows the amount (SPEC §9)', () => {
    expect(numberFormat('money', '€')).toBe('"€"#,##0.00');
    expect(numberFormat('money', 'C$')).toBe('"C$"#,##0.00');
    expect(numberFormat('money', 'kr')).toBe('#,##0.00 "kr"');
  });
});

describe('the records export', () => {
  const record = (i: number): FigureRecord => ({
    id: `fact_${i}`,
    at: `2026-11-0${1 + (i % 9)}T15:0${i % 10}:00.000Z`,
    location_id: i % 2 ? 'loc_east' : 'loc_main',
    record: { kind: 'payment_request', id: `pr_${i}`, label: `RO ${7000 + i}` },
    customer: i % 3 ? { id: `cus_${i}`, name: `Customer ${i}`, phone: '+16175550100' } : null,
    agent: { id: 'agt_a', name: 'Ann Archer' },
    value: 10_000 + i,
    link: `/?ro=ro_${i}`,
  });

  async function* pages(count: number, size: number) {
    for (let i = 0; i < count; i += size) yield Array.from({ length: Math.min(size, count - i) }, (_, j) => record(i + j));
  }

  it('writes one row per record, in the order given, with the figure’s value format and the store clock', async () => {
    const sink = memorySink();
    const seen: number[] = [];
    const { rows } = await writeRecordsWorkbook(sink, about, pages(250, 100), {
      words: workbookWords('en-us'),
      valueFormat: 'money',
      locationNames: { loc_main: 'Harbor Motors', loc_east: 'Harbor Motors East' },
      publicUrl: 'https://console.example',
      onRows: (n) => {
        seen.push(n);
      },
    });
    const sheet = (await reopen(sink.bytes())).getWorksheet('Records')!;

    expect(rows).toBe(250);
    expect(seen).toEqual([100, 200, 250]);
    expect(sheet.rowCount).toBe(251);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(sheet.getRow(1).values).toEqual([undefined, 'Date', 'Store', 'Record', 'Record ID', 'Customer', 'Phone', 'Advisor', 'Value', 'Link']);
    const second = sheet.getRow(3);
    // 15:01 UTC on 2 November is 10:01 in New York (EST from 1 November).
    expect(second.getCell(1).value).toEqual(new Date('2026-11-02T10:01:00Z'));
    expect(second.getCell(1).numFmt).toBe('yyyy-mm-dd hh:mm');
    expect(second.getCell(2).value).toBe('Harbor Motors East');
    expect(second.getCell(3).value).toBe('RO 7001');
    expect(second.getCell(4).value).toBe('pr_1');
    expect(second.getCell(5).value).toBe('Customer 1');
    expect(second.getCell(7).value).toBe('Ann Archer');
    expect(second.getCell(8).value).toBe(100.01);
    expect(second.getCell(8).numFmt).toBe('"$"#,##0.00');
    expect(second.getCell(9).value).toBe('https://console.example/app/?ro=ro_1');
    // No customer: an empty cell.
    expect(sheet.getRow(2).getCell(5).value).toBeNull();
    expect(sheet.getRow(251).getCell(3).value).toBe('RO 7249');
  });
});
