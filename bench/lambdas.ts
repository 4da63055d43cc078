/**
 * Every Lambda of the app (issue 11 "each Lambda's bundle size and its import time"): bundled with
 * the stack's own esbuild options (SERVER_BUNDLING, as NodejsFunction passes them to esbuild), then
 * for each function the bundle's size and how long a fresh Node process takes to import it (cold
 * start without the runtime's own boot), median of several processes. A function above the budget
 * (a multiple of the DynamoDB client's own import, measured in the same run) is flagged: an area
 * imports what it serves and nothing more (DESIGN.md "Stores own the table"). The chunks a function
 * loads on first use (functions/lib/lazyChunk.ts) are listed with their size, and a chunk whose
 * loading module is in the bundle but which the stack does not build beside it is an error.
 *
 * `node --import tsx bench/lambdas.ts` runs it alone and writes bench/results/lambdas.json;
 * `npm run bench` runs it too. BENCH_IMPORT_RUNS sets the processes per function (default 5).
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build, type BuildOptions, type Metafile } from 'esbuild';
import { API_AREAS, CARRIER_TOPICS, EVENTS_ENTRY, JOBS_ENTRY, type AreaName } from '../functions/areas.js';
import { CARRIER_CHUNK, LAMBDA_CHUNK, MAIL_CHUNK, S3_CHUNK, type ChunkOfModule } from '../functions/lib/lazyChunk.js';
import { PDF_CHUNK } from '../functions/recommendations/pdfChunk.js';
import { LAZY_CHUNKS, ORIGIN_GATE_ENTRY } from '../infra/api.js';
import { JOBS_LAZY_CHUNKS } from '../infra/jobs.js';
import { RECEIVER_LAZY_CHUNKS } from '../infra/messaging.js';
import { SERVER_BUNDLING, SERVER_NODE_OPTIONS, type LazyChunk } from '../infra/server-function.js';

/**
 * Cold import budget per function: at most this many times the DynamoDB client's own import
 * (REFERENCE), measured in the same run, so the budget follows the machine's speed and load (DESIGN.md:
 * keep each function near what its AWS clients alone cost). Issue 11 set 150 ms on this machine.
 */
export const IMPORT_BUDGET_RATIO = 2;
/** Every chunk a server function may load on first use, with the module that loads it. */
export const SERVER_CHUNKS: readonly ChunkOfModule[] = [PDF_CHUNK, S3_CHUNK, CARRIER_CHUNK, LAMBDA_CHUNK, MAIL_CHUNK];
const RUNS = Math.max(1, Number(process.env.BENCH_IMPORT_RUNS ?? 5));
const ROOT = resolve(import.meta.dirname, '..');

export interface LambdaFunction {
  /** Short name: the API area, or what the function is (origin gate, events, inbound, jobs). */
  name: string;
  entry: string;
  /** The chunks the stack builds beside its bundle (infra: LAZY_CHUNKS, JOBS_LAZY_CHUNKS, RECEIVER_LAZY_CHUNKS). */
  lazyChunks: readonly LazyChunk[];
}

/** Every server function the stack deploys, once per distinct entry (as test/infra/bundling.test.ts counts them). */
export function lambdaFunctions(): LambdaFunction[] {
  const functions: LambdaFunction[] = (Object.entries(API_AREAS) as [AreaName, { entry: string }][]).map(([name, area]) => ({ name, entry: area.entry, lazyChunks: LAZY_CHUNKS[name] ?? [] }));
  functions.push({ name: 'originGate', entry: ORIGIN_GATE_ENTRY, lazyChunks: [] }, { name: 'events', entry: EVENTS_ENTRY, lazyChunks: [] });
  for (const entry of new Set(Object.values(CARRIER_TOPICS).map((t) => t.entry))) {
    functions.push({ name: /^functions\/([^/]+)\//.exec(entry)?.[1] ?? entry, entry, lazyChunks: RECEIVER_LAZY_CHUNKS[entry] ?? [] });
  }
  functions.push({ name: 'jobs', entry: JOBS_ENTRY, lazyChunks: JOBS_LAZY_CHUNKS });
  return functions;
}

/**
 * SERVER_BUNDLING as the esbuild build API takes it: the same translation NodejsFunction makes to
 * esbuild's command line (aws-lambda-nodejs Bundling.buildEsbuildArgs), for the options the stack sets.
 */
export function esbuildOptions(entry: string, outfile: string): BuildOptions {
  const b = SERVER_BUNDLING;
  return {
    entryPoints: [join(ROOT, entry)],
    bundle: true,
    platform: 'node',
    target: b.target,
    format: b.format,
    outfile,
    minify: b.minify,
    sourcemap: b.sourceMap,
    sourcesContent: b.sourcesContent,
    // bundleAwsSDK: nothing is left external.
    external: b.bundleAwsSDK ? [] : ['@aws-sdk/*', '@smithy/*'],
    banner: { js: b.banner },
    mainFields: b.mainFields,
    absWorkingDir: ROOT,
    logLevel: 'warning',
    // Not part of CDK's build and no change to the output: it tells which packages fill the bundle.
    metafile: true,
  };
}

/** Harmless values for what handlers read from the environment, as the stack names them. */
const ENVIRONMENT: Record<string, string> = {
  PATH: process.env.PATH ?? '',
  AWS_REGION: 'us-east-1',
  TABLE_NAME: 'bench-table',
  UPLOADS_BUCKET: 'bench-uploads',
  REPORTS_BUCKET: 'bench-reports',
  WEB_BUCKET: 'bench-web',
  JWT_SECRET_ARN: 'arn:aws:secretsmanager:us-east-1:000000000000:secret:bench-jwt',
  ORIGIN_VERIFY_SECRET_ARN: 'arn:aws:secretsmanager:us-east-1:000000000000:secret:bench-origin',
  APP_VERSION: 'bench',
  MAIL_TRANSPORT: 'ses',
  SMS_TRANSPORT: 'sns',
  MAIL_FROM: 'no-reply@example.com',
  PUBLIC_URL: 'https://console.example.com',
  CLIENT_IP_HEADER: 'cloudfront-viewer-address',
  LOG_LEVEL: 'silent',
  // Lambda runs Node 22, where the SDK has no Node 20 deprecation warning to print.
  AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
};

/**
 * One fresh Node process that imports the bundle and prints how long that took. The Lambda
 * runtime's `awslambda` global (the event stream needs it at import) is put in place first, by the
 * local stack's own shim, outside the timed part.
 */
function importOnce(bundle: string, shim: string): number {
  const script = `await import(${JSON.stringify(pathToFileURL(shim).href)});
    globalThis.__installShim();
    const start = performance.now();
    const mod = await import(${JSON.stringify(pathToFileURL(bundle).href)});
    const ms = performance.now() - start;
    if (typeof mod.handler !== 'function') throw new Error('no handler export');
    console.log(ms);`;
  const out = execFileSync(process.execPath, [SERVER_NODE_OPTIONS, '--input-type=module', '-e', script], { env: ENVIRONMENT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  return Number(out.trim().split('\n').pop());
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** Output bytes per package (node_modules/<pkg>, or the project folder), largest first. */
function heaviest(metafile: Metafile, limit: number): { from: string; bytes: number }[] {
  const sizes = new Map<string, number>();
  for (const output of Object.values(metafile.outputs)) {
    for (const [input, { bytesInOutput }] of Object.entries(output.inputs)) {
      const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(input)?.[1] ?? input.split('/').slice(0, 2).join('/');
      sizes.set(pkg, (sizes.get(pkg) ?? 0) + bytesInOutput);
    }
  }
  return [...sizes].sort((a, b) => b[1] - a[1]).slice(0, limit).map(([from, bytes]) => ({ from, bytes }));
}

export interface LambdaFigure {
  name: string;
  entry: string;
  /** Why it could not be bundled or imported (then no figures); absent when measured. */
  error?: string;
  bundle_bytes: number;
  bundle_gzip_bytes: number;
  import_median_ms: number;
  import_runs_ms: number[];
  over_budget: boolean;
  heaviest: { from: string; bytes: number }[];
  /** What its first use of each chunk loads (built as the stack builds it), not part of the cold import. */
  lazy_chunks: { file: string; loaded_by: string; bytes: number; gzip_bytes: number }[];
}

/** The chunks whose loading module is in the bundle: the ones the stack must build beside it. */
function chunksNeeded(metafile: Metafile): ChunkOfModule[] {
  const inputs = new Set(Object.values(metafile.outputs).flatMap((output) => Object.keys(output.inputs)));
  return SERVER_CHUNKS.filter((chunk) => inputs.has(chunk.loadedBy));
}

/**
 * A function that only creates the DynamoDB document client, bundled the same way: what every
 * function pays at least (DESIGN.md: keep each near what its AWS clients alone cost), and a gauge
 * of how busy the machine was during the run.
 */
const REFERENCE: LambdaFunction = { name: 'reference: DynamoDB client alone', entry: '', lazyChunks: [] };
const REFERENCE_SOURCE = `import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
const client = DynamoDBDocumentClient.from(new DynamoDBClient({}));
export const handler = async () => client.config.region;`;

export async function benchLambdas(): Promise<{ reference_ms: number; functions: LambdaFigure[] }> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-lambdas-'));
  try {
    const shim = join(dir, 'shim.mjs');
    await build({
      stdin: { contents: "import { installStreamingShim } from './infra/local/streaming.ts'; globalThis.__installShim = installStreamingShim;", resolveDir: ROOT, loader: 'ts' },
      bundle: true,
      platform: 'node',
      format: 'esm',
      outfile: shim,
      logLevel: 'warning',
    });
    const figures: LambdaFigure[] = [];
    const built: { figure: LambdaFigure; outfile: string }[] = [];
    const chunkSizes = new Map<string, { bytes: number; gzip_bytes: number }>();
    for (const fn of [REFERENCE, ...lambdaFunctions()]) {
      const outfile = join(dir, `${built.length}`, 'index.mjs');
      const figure: LambdaFigure = { name: fn.name, entry: fn.entry, bundle_bytes: 0, bundle_gzip_bytes: 0, import_median_ms: 0, import_runs_ms: [], over_budget: false, heaviest: [], lazy_chunks: [] };
      try {
        const options = esbuildOptions(fn.entry || 'functions/areas.ts', outfile);
        const { metafile } = fn === REFERENCE ? await build({ ...options, entryPoints: undefined, stdin: { contents: REFERENCE_SOURCE, resolveDir: ROOT, loader: 'ts' } }) : await build(options);
        const needed = fn === REFERENCE ? [] : chunksNeeded(metafile!);
        const missing = needed.filter((chunk) => !fn.lazyChunks.some((c) => c.entry === chunk.entry));
        if (missing.length) throw new Error(`loads ${missing.map((c) => c.file).join(', ')} on first use, but the stack builds no such chunk beside it`);
        for (const chunk of needed) {
          if (!chunkSizes.has(chunk.entry)) {
            const chunkFile = join(dir, 'chunks', chunk.file.replace(/\.js$/, '.mjs'));
            await build(esbuildOptions(chunk.entry, chunkFile));
            chunkSizes.set(chunk.entry, { bytes: statSync(chunkFile).size, gzip_bytes: gzipSync(readFileSync(chunkFile)).length });
          }
          figure.lazy_chunks.push({ file: chunk.file.replace(/\.js$/, '.mjs'), loaded_by: chunk.loadedBy, ...chunkSizes.get(chunk.entry)! });
        }
        importOnce(outfile, shim); // the first read of the file from disk is not a cold start's cost
        Object.assign(figure, { bundle_bytes: statSync(outfile).size, bundle_gzip_bytes: gzipSync(readFileSync(outfile)).length, heaviest: heaviest(metafile!, 5) });
        built.push({ figure, outfile });
      } catch (error) {
        // One broken function must not hide the others' figures.
        const first = (error as { errors?: { text: string; location?: { file: string } | null }[] }).errors?.[0];
        figure.error = first ? `${first.location?.file ?? fn.entry}: ${first.text}` : error instanceof Error ? error.message.split('\n')[0]! : String(error);
      }
      if (fn !== REFERENCE) figures.push(figure);
    }
    // Round by round over every function, so a burst of load elsewhere on the machine falls on all alike.
    for (let run = 0; run < RUNS; run++) for (const { figure, outfile } of built) figure.import_runs_ms.push(+importOnce(outfile, shim).toFixed(1));
    for (const { figure } of built) figure.import_median_ms = median(figure.import_runs_ms);
    const reference = built.find((b) => b.figure.name === REFERENCE.name)?.figure.import_median_ms ?? 0;
    for (const { figure } of built) figure.over_budget = figure.import_median_ms > IMPORT_BUDGET_RATIO * reference;
    return { reference_ms: reference, functions: figures };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;

async function main() {
  const { reference_ms, functions: figures } = await benchLambdas();
  const result = {
    measured_at: new Date().toISOString(),
    machine: `this machine (2 cores, shared), Node ${process.version}, ${SERVER_NODE_OPTIONS}; import of the bundle in a fresh process, median of ${RUNS}`,
    budget_ratio: IMPORT_BUDGET_RATIO,
    budget_ms: +(IMPORT_BUDGET_RATIO * reference_ms).toFixed(1),
    reference: { name: REFERENCE.name, import_median_ms: reference_ms },
    functions: figures.map((f) => ({ ...f, ratio_to_reference: reference_ms ? +(f.import_median_ms / reference_ms).toFixed(2) : null })),
  };
  const dir = join(import.meta.dirname, 'results');
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'lambdas.json'), `${JSON.stringify(result, null, 2)}\n`);
  console.log(`\n| function | bundle | gzip | import median ms | × reference | heaviest parts | loaded on first use |\n|---|---|---|---|---|---|---|`);
  console.log(`| ${REFERENCE.name} | | | ${reference_ms} | 1 | | |`);
  for (const f of result.functions) {
    if (f.error) {
      console.log(`| ${f.name} | – | – | not measured: ${f.error} | | | |`);
      continue;
    }
    const flag = f.over_budget ? ` ⚠ over ${IMPORT_BUDGET_RATIO}×` : '';
    const chunks = f.lazy_chunks.map((c) => `${c.file} ${kb(c.bytes)}`).join(', ');
    console.log(`| ${f.name} | ${kb(f.bundle_bytes)} | ${kb(f.bundle_gzip_bytes)} | ${f.import_median_ms} | ${f.ratio_to_reference}${flag} | ${f.heaviest.map((h) => `${h.from} ${kb(h.bytes)}`).join(', ')} | ${chunks} |`);
  }
  const over = figures.filter((f) => f.over_budget && !f.error);
  const broken = figures.filter((f) => f.error);
  if (broken.length) console.log(`\n${broken.length} function(s) not measured: ${broken.map((f) => `${f.name} (${f.error})`).join(', ')}`);
  console.log(
    over.length
      ? `\n${over.length} function(s) over ${IMPORT_BUDGET_RATIO}× the reference (${result.budget_ms} ms): ${over.map((f) => f.name).join(', ')}`
      : `\nevery function imports in ${IMPORT_BUDGET_RATIO}× the reference's time or less (${result.budget_ms} ms)`,
  );
  console.log('written to bench/results/lambdas.json');
}

if (process.argv[1] && resolve(process.argv[1]) === import.meta.filename) await main();
