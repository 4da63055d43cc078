/**
 * Real bundling, as `cdk synth` does it: every entry is bundled by the local esbuild into an ESM
 * module that Node can load (the createRequire banner gives CommonJS dependencies `require`).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { CfnElement } from 'aws-cdk-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import { API_AREAS, CARRIER_TOPICS, EVENTS_ENTRY, JOBS_ENTRY, SIP_MEDIA_APPLICATION_ENTRY, type AreaName } from '../../functions/areas.js';
import { CARRIER_CHUNK, LAMBDA_CHUNK, MAIL_CHUNK, S3_CHUNK, TELEPHONY_CHUNK, type ChunkOfModule } from '../../functions/lib/lazyChunk.js';
import { PDF_BUNDLE_FILES } from '../../functions/lib/pdfFonts.js';
import { PDF_CHUNK } from '../../functions/recommendations/pdfChunk.js';
import { INVOICE_PDF_CHUNK } from '../../functions/payments/invoiceChunk.js';
import { WIZARD_PDF_CHUNK } from '../../functions/wizard/pdfChunk.js';
import { BUNDLE_FILES, ORIGIN_GATE_ENTRY } from '../../infra/api.js';
import { ESM_REQUIRE_BANNER } from '../../infra/server-function.js';
import { TABLE_STREAM_ENTRY } from '../../infra/tableStream.js';
import { resources, synthesise, type Synthesised } from './synth.js';

let s: Synthesised;
// Bundling every function takes minutes on a busy two-core machine: more than the project's hook timeout.
beforeAll(() => {
  // Template validation is the stack tests' business; here only the bundles matter.
  s = synthesise({ bundle: true, validateTemplates: false });
}, 600_000);

/** The bundled asset directory of each function, by its entry. */
function bundles(): Map<string, string> {
  const { appStack } = s.built;
  const servers = [
    ...Object.values(appStack.api.areas),
    appStack.api.originGate,
    appStack.realtime.stream,
    ...appStack.messaging.receivers.values(),
    appStack.jobs.runner,
    appStack.tableStream.listener,
    appStack.telephony.handler,
  ];
  const functions = resources(s.app, 'AWS::Lambda::Function');
  return new Map(
    servers.map((server) => {
      const code = functions[appStack.getLogicalId(server.fn.node.defaultChild as CfnElement)]?.Properties?.Code as { S3Key?: string } | undefined;
      // The assembly stages each asset as asset.<hash>/, uploaded as <hash>.zip.
      const hash = code?.S3Key?.replace(/\.zip$/, '');
      if (!hash) throw new Error(`no asset for ${server.entry}`);
      return [server.entry, join(s.assembly.directory, `asset.${hash}`)];
    }),
  );
}

describe('function bundles', () => {
  it('are ESM modules with the createRequire banner and a source map, one per function', () => {
    const dirs = bundles();
    // Every API area, the origin gate, the event stream, each distinct carrier-topic entry, the jobs runner, the table stream's listener and the calls' SIP media application.
    const entries = new Set([
      ...Object.values(API_AREAS).map((a) => a.entry),
      ORIGIN_GATE_ENTRY,
      EVENTS_ENTRY,
      ...Object.values(CARRIER_TOPICS).map((t) => t.entry),
      JOBS_ENTRY,
      TABLE_STREAM_ENTRY,
      SIP_MEDIA_APPLICATION_ENTRY,
    ]);
    expect(dirs.size).toBe(entries.size);
    for (const [entry, dir] of dirs) {
      const code = readFileSync(join(dir, 'index.mjs'), 'utf8');
      expect(code.startsWith(ESM_REQUIRE_BANNER), entry).toBe(true);
      expect(existsSync(join(dir, 'index.mjs.map')), entry).toBe(true);
    }
  });

  it('load in plain Node and export the handler (API areas, the origin gate, jobs, the table stream and the SIP media application)', () => {
    const dirs = bundles();
    const entries = [...Object.values(API_AREAS).map((area) => area.entry), ORIGIN_GATE_ENTRY, JOBS_ENTRY, TABLE_STREAM_ENTRY, SIP_MEDIA_APPLICATION_ENTRY];
    const urls = entries.map((entry) => pathToFileURL(join(dirs.get(entry)!, 'index.mjs')).href);
    // A child Node, not this test's module loader: the bundle must stand on its own, as in Lambda.
    const script = `const urls = ${JSON.stringify(urls)};
      const kinds = [];
      for (const url of urls) kinds.push(typeof (await import(url)).handler);
      console.log(JSON.stringify(kinds));`;
    const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
      env: { PATH: process.env.PATH, AWS_REGION: 'us-east-1', LOG_LEVEL: 'silent' },
      encoding: 'utf8',
    });
    expect(JSON.parse(out.trim().split('\n').pop()!)).toEqual(entries.map(() => 'function'));
  });

  it('keep the PDF library out of every function bundle: the drawing functions carry it in pdf.mjs beside it', () => {
    const drawing = pdfDrawingEntries();
    expect(drawing.size).toBeGreaterThan(0);
    for (const [entry, dir] of bundles()) {
      const { sources } = JSON.parse(readFileSync(join(dir, 'index.mjs.map'), 'utf8')) as { sources: string[] };
      expect(sources.some(isPdfLibrary), entry).toBe(false);
      expect(existsSync(join(dir, 'pdf.mjs')), entry).toBe(drawing.has(entry));
      if (!drawing.has(entry)) continue;
      const chunk = JSON.parse(readFileSync(join(dir, 'pdf.mjs.map'), 'utf8')) as { sources: string[] };
      expect(chunk.sources.some(isPdfLibrary), entry).toBe(true);
    }
  });

  it.each(LAZY_PARTS)('keep $name out of every function bundle: the functions whose code loads it carry $chunk.file (as .mjs) beside it', ({ chunk, packages }) => {
    const file = chunk.file.replace(/\.js$/, '.mjs');
    let carried = 0;
    for (const [entry, dir] of bundles()) {
      const { sources } = JSON.parse(readFileSync(join(dir, 'index.mjs.map'), 'utf8')) as { sources: string[] };
      expect(sources.filter((source) => packages.test(source)), entry).toEqual([]);
      const loads = sources.some((source) => source === chunk.loadedBy || source.endsWith(`/${chunk.loadedBy}`));
      // Built exactly where the code may load it: missing would fail the first use in AWS, extra is dead weight.
      expect(existsSync(join(dir, file)), `${entry}: ${file}`).toBe(loads);
      if (!loads) continue;
      carried += 1;
      const inChunk = JSON.parse(readFileSync(join(dir, `${file}.map`), 'utf8')) as { sources: string[] };
      expect(inChunk.sources.some((source) => packages.test(source)), `${entry}: ${file}`).toBe(true);
    }
    expect(carried).toBeGreaterThan(0);
  });

  it('hold no full zod: the schemas are zod/mini', () => {
    for (const [entry, dir] of bundles()) {
      const { sources } = JSON.parse(readFileSync(join(dir, 'index.mjs.map'), 'utf8')) as { sources: string[] };
      expect(sources.filter((source) => /node_modules\/zod\/v4\/(classic|locales\/(?!en\.js))/.test(source)), entry).toEqual([]);
    }
  });

  it('load each AWS client chunk in plain Node with what its module exports', async () => {
    for (const { chunk } of LAZY_PARTS.filter((part) => part.chunk !== PDF_CHUNK)) {
      const file = chunk.file.replace(/\.js$/, '.mjs');
      const dir = [...bundles().values()].find((d) => existsSync(join(d, file)))!;
      const script = `const mod = await import(${JSON.stringify(pathToFileURL(join(dir, file)).href)});
        console.log(JSON.stringify(Object.keys(mod).filter((k) => typeof mod[k] === 'function').sort()));`;
      const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], { env: { PATH: process.env.PATH, AWS_REGION: 'us-east-1', LOG_LEVEL: 'silent' }, encoding: 'utf8' });
      const source = (await import(pathToFileURL(join(import.meta.dirname, '../..', chunk.entry)).href)) as Record<string, unknown>;
      expect(JSON.parse(out.trim().split('\n').pop()!), file).toEqual(Object.keys(source).sort());
    }
  });

  it('draw the PDF from the chunk in plain Node, with the fonts beside the bundle', () => {
    for (const entry of pdfDrawingEntries()) {
      const url = pathToFileURL(join(bundles().get(entry)!, 'pdf.mjs')).href;
      const input = {
        locale: 'en-us',
        moneyLocale: 'en-us',
        timeZone: 'America/New_York',
        dealership: { name: 'Demo Motors', phone: '(617) 555-0100', address: '' },
        roNumber: '7010231',
        customerName: 'Maria Gonzalez',
        vehicle: { make: 'Honda', model: 'Civic', year: 2021, vin: null, mileage: null },
        sheet: { form_name: 'Car', header: '', groups: [], recommendations: [], damage_details: { comment: '' }, technician: null, advisor: null, completed_by_technician_at: null, completed_by_advisor_at: null },
        photos: [],
        videos: [],
      };
      const script = `const { renderInspectionPdf } = await import(${JSON.stringify(url)});
        const bytes = await renderInspectionPdf(${JSON.stringify(input)});
        console.log(Buffer.from(bytes.slice(0, 5)).toString('latin1'));`;
      const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], { env: { PATH: process.env.PATH, LOG_LEVEL: 'silent' }, encoding: 'utf8' });
      expect(out.trim().split('\n').pop(), entry).toBe('%PDF-');
    }
  });
});

/** pdf-lib, fontkit and their helper packages: only drawing the inspection PDF needs them. */
function isPdfLibrary(path: string): boolean {
  return /node_modules\/(pdf-lib|@pdf-lib\/[^/]+)\//.test(path);
}

/** Each chunk a function may load on first use (functions/lib/lazyChunk.ts), and the packages only it may carry. */
const LAZY_PARTS: { name: string; chunk: ChunkOfModule; packages: RegExp }[] = [
  { name: 'pdf-lib', chunk: PDF_CHUNK, packages: /node_modules\/(pdf-lib|@pdf-lib\/[^/]+)\// },
  { name: 'pdf-lib for the invoice', chunk: INVOICE_PDF_CHUNK, packages: /node_modules\/(pdf-lib|@pdf-lib\/[^/]+)\// },
  { name: 'pdf-lib for the setup wizard summary', chunk: WIZARD_PDF_CHUNK, packages: /node_modules\/(pdf-lib|@pdf-lib\/[^/]+)\// },
  { name: 'the S3 client and presigner', chunk: S3_CHUNK, packages: /node_modules\/@aws-sdk\/(client-s3|s3-request-presigner)\// },
  { name: 'the SNS and Pinpoint clients', chunk: CARRIER_CHUNK, packages: /node_modules\/@aws-sdk\/(client-sns|client-pinpoint)\// },
  { name: 'the Lambda client', chunk: LAMBDA_CHUNK, packages: /node_modules\/@aws-sdk\/client-lambda\// },
  { name: 'the SES client', chunk: MAIL_CHUNK, packages: /node_modules\/@aws-sdk\/client-sesv2\// },
  { name: 'the Chime SDK Voice client', chunk: TELEPHONY_CHUNK, packages: /node_modules\/@aws-sdk\/client-chime-sdk-voice\// },
];

/** Entries of the areas that draw the inspection PDF: the ones the stack copies its fonts into. */
function pdfDrawingEntries(): Set<string> {
  return new Set(
    (Object.entries(BUNDLE_FILES) as [AreaName, readonly unknown[]][]).filter(([, files]) => files === PDF_BUNDLE_FILES).map(([name]) => API_AREAS[name].entry),
  );
}
