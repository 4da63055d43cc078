/**
 * One records export at size, alone in this process (run by bench.ts as a child, so its memory is
 * the export's): BENCH_EXPORT_ROWS records written by the streaming workbook writer into the local
 * stack's reports bucket, as a report's worker writes them. Prints one JSON line: time, peak RSS and
 * heap (sampled every 50 ms), the file's size.
 */
import { WorkbookReader } from '@cj-tech-master/excelts';
import { config } from '../lib/config.js';
import { deleteStored, s3 } from '../lib/storage.js';
import type { FigureRecord } from '../../shared/reports/types.js';
import { s3Sink, writeRecordsWorkbook } from './workbook.js';
import { workbookWords } from './reportWords.js';

const ROWS = Number(process.env.BENCH_EXPORT_ROWS ?? 1_000_000);
const PAGE = 500;
const MB = 1024 * 1024;

let peakRss = 0;
let peakHeap = 0;
const sample = () => {
  const { rss, heapUsed } = process.memoryUsage();
  peakRss = Math.max(peakRss, rss);
  peakHeap = Math.max(peakHeap, heapUsed);
};

/** Records as a drill-down export has them: distinct names, ids and links, so nothing repeats. */
async function* pages(): AsyncIterable<FigureRecord[]> {
  const start = Date.UTC(2026, 0, 1);
  for (let i = 0; i < ROWS; i += PAGE) {
    yield Array.from({ length: Math.min(PAGE, ROWS - i) }, (_, j) => {
      const n = i + j;
      return {
        id: `fact_${n}`,
        at: new Date(start + n * 30_000).toISOString(),
        location_id: n % 3 ? 'loc_bench_main' : 'loc_bench_east',
        record: { kind: 'conversation', id: `ro_${n.toString(36)}`, label: `RO ${1_000_000 + n}` },
        customer: { id: `cus_${n}`, name: `Customer ${n.toString(36)} Benchley`, phone: `+1617555${String(n % 10_000).padStart(4, '0')}` },
        agent: { id: `agt_${n % 40}`, name: `Advisor ${n % 40}` },
        value: (n * 37) % 100_000,
        link: `/?ro=ro_${n.toString(36)}`,
      };
    });
    // Like a page read from the table: the writer waits for it.
    await new Promise((resolve) => setImmediate(resolve));
  }
}

async function main() {
  const { client } = await s3();
  sample();
  const baselineRss = peakRss;
  const timer = setInterval(sample, 50);
  const key = `bench/reports/export-${Date.now()}.xlsx`;
  const started = performance.now();
  const sink = s3Sink(client, config.reportsBucket, key, 'export.xlsx');
  const { rows } = await writeRecordsWorkbook(
    sink,
    { name: 'Bench export', stores: ['Bench Main', 'Bench East'], from: '2026-01-01', to: '2026-12-31', generatedAt: new Date(), timeZone: 'America/New_York', currency: '$' },
    pages(),
    { words: workbookWords('en-us'), valueFormat: 'money', locationNames: { loc_bench_main: 'Bench Main', loc_bench_east: 'Bench East' }, publicUrl: 'https://console.example', onRows: sample },
  );
  const seconds = (performance.now() - started) / 1000;
  clearInterval(timer);
  sample();
  // The file is a real workbook: its rows counted back by the streaming reader.
  let counted = 0;
  if (process.env.BENCH_EXPORT_VERIFY !== 'off') {
    const { GetObjectCommand } = await s3();
    const body = (await client.send(new GetObjectCommand({ Bucket: config.reportsBucket, Key: key }))).Body as NodeJS.ReadableStream & { transformToWebStream: () => ReadableStream<Uint8Array> };
    const reader = new WorkbookReader(body.transformToWebStream(), { worksheets: 'emit', sharedStrings: 'ignore', hyperlinks: 'ignore', styles: 'ignore' });
    for await (const sheet of reader) {
      let n = 0;
      for await (const _row of sheet) n += 1;
      counted = n;
    }
  }
  await deleteStored(config.reportsBucket, key);
  console.log(
    JSON.stringify({
      rows,
      seconds: +seconds.toFixed(1),
      rows_per_second: Math.round(rows / seconds),
      file_mb: +(sink.size() / MB).toFixed(1),
      baseline_rss_mb: +(baselineRss / MB).toFixed(1),
      peak_rss_mb: +(peakRss / MB).toFixed(1),
      // What the export itself added to the process (the loader and the SDK are the baseline).
      export_rss_mb: +((peakRss - baselineRss) / MB).toFixed(1),
      peak_heap_mb: +(peakHeap / MB).toFixed(1),
      rows_read_back: counted ? counted - 1 : null,
    }),
  );
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
