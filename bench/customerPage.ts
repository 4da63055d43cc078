/**
 * The customer's visit page with its inspection part (issue 21 part 5, which replaced the
 * inspection page of issue 4 and must stay as small and fast: 17.7 KB, 1.8 s): how much JS and CSS
 * a phone downloads for it (gzip, from web/dist: what visit.html loads, following its imports, the
 * inspection part's view but no other part's, plus the page's and the inspection's words of one
 * language), and how long it takes in Chromium until the inspection is on screen (the part's
 * `inspection-ready` User Timing mark), median of N cold loads on a fast profile and on a throttled
 * phone profile (1.6 Mbps down / 750 kbps up / 150 ms RTT, CPU 4x slower), against a local stack
 * with a real link: the demo's sheet completed by the technician, claimed and completed by the
 * advisor and sent to the customer through the API (its text carries the order's visit link).
 *
 * Run `npm run build` first. `node --openssl-legacy-provider --import tsx bench/customerPage.ts`
 * runs it alone and writes bench/results/customer-page.json; bench/run.ts can call
 * measureCustomerPage() with its own figures.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import type { Browser } from 'playwright-core';
import { launchChromium } from '../test/support/chromium.js';
import { DEMO_PASSWORD } from '../infra/local/demo.js';
import { startLocalStack } from '../infra/local/stack.js';
import { WEB_DIST } from '../infra/local/web.js';
import { READY_MARK } from '../web/src/features/inspections/visit/marks.js';

/** The part whose view the measured visit shows; other parts' views are chunks this visit never loads. */
const MEASURED_PART = 'InspectionPart';

const LOCATION = 'loc_demo_north';

export interface BundleFile {
  file: string;
  bytes: number;
  gzip_bytes: number;
}

export interface CustomerPageBundle {
  html_gzip_bytes: number;
  /** JS visit.html loads before the inspection can render: its entry and every chunk it imports, transitively (but the locales and other parts' views). */
  js_gzip_bytes: number;
  css_gzip_bytes: number;
  /** The words of one language (en-us), the page's and the inspection part's, loaded on demand as their own chunks. */
  locale_js_gzip_bytes: number;
  /** Everything a first visit downloads from web/dist: HTML + JS + CSS + one locale. */
  total_gzip_bytes: number;
  files: BundleFile[];
}

export interface LoadFigures {
  profile: string;
  runs: number;
  /** From navigation start until the inspection is on screen. */
  ready_median_ms: number;
  ready_p95_ms: number;
  first_contentful_paint_median_ms: number;
  dom_content_loaded_median_ms: number;
  /** GET /api/public/visits/{token} as the page saw it (request start to response end). */
  api_median_ms: number;
}

export interface CustomerPageFigures {
  measured_at: string;
  machine: string;
  bundle: CustomerPageBundle;
  load: LoadFigures[];
}

const gzip = (bytes: Buffer) => gzipSync(bytes, { level: 9 }).length;
const round = (n: number) => +n.toFixed(1);

/** Over the samples that have the figure (a cold load may end before Chromium reports a paint). */
function percentile(values: number[], p: number): number {
  const sorted = values.filter(Number.isFinite).sort((a, b) => a - b);
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index] ?? NaN;
}

const LOCALE_CHUNK = /^(?:de|el|en-us|en-ca|en-gb|en-uk|es|fr|it|pt|sv)-[\w-]+\.js$/;

const PART_VIEW = /^(\w+Part)-[\w-]+\.js$/;

/** Chunks a part's view loads only on a customer's later action (the dialog that confirms a changed decision): not part of showing the page. */
const ON_ACTION_CHUNK = /^ChangeDecision-[\w-]+\.js$/;

/**
 * The chunks a built (minified) ES module brings in: its static imports (`import … from"./x.js"`,
 * `import"./x.js"`) and its dynamic ones (`import("./x.js")`: the entry loads the page's code
 * that way, at once), except the locale chunks, of which the page loads one (counted apart), and
 * the views of parts other than the measured one, and what a view loads only when the customer
 * acts (ON_ACTION_CHUNK).
 */
function importsOf(code: string): string[] {
  const found = [...code.matchAll(/\b(?:from\s*|import\s*\(?\s*)["'`]\.\/([^"'`]+\.js)["'`]/g)].map((m) => m[1]!);
  return found.filter((name) => !LOCALE_CHUNK.test(name) && !ON_ACTION_CHUNK.test(name) && (PART_VIEW.exec(name)?.[1] ?? MEASURED_PART) === MEASURED_PART);
}

/** What the built visit page downloads to show an inspection, by file, gzip-compressed as CloudFront serves it. */
export function customerPageBundle(dist = WEB_DIST): CustomerPageBundle {
  const htmlPath = join(dist, 'visit.html');
  if (!existsSync(htmlPath)) throw new Error(`${htmlPath} is missing: run \`npm run build\` first.`);
  const html = readFileSync(htmlPath);
  const referenced = [...html.toString('utf8').matchAll(/(?:src|href)="\/app\/(assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]!);
  const seen = new Set<string>();
  const queue = [...referenced];
  while (queue.length > 0) {
    const file = queue.shift()!;
    if (seen.has(file)) continue;
    seen.add(file);
    if (file.endsWith('.js')) {
      const code = readFileSync(join(dist, file), 'utf8');
      for (const name of importsOf(code)) queue.push(`assets/${name}`);
      // The measured part's stylesheet, which the entry loads beside its view.
      for (const css of code.matchAll(new RegExp(`["'\`](assets/${MEASURED_PART}-[\\w-]+\\.css)["'\`]`, 'g'))) queue.push(css[1]!);
    }
  }
  const entries = [...seen].map((file) => {
    const bytes = readFileSync(join(dist, file));
    return { file, bytes: bytes.length, gzip_bytes: gzip(bytes) };
  });
  // The locale chunks are dynamic imports of the entry (the page's words) and of the part's view (its own): find en-us's by their text.
  const sum = (ext: string) => entries.filter((e) => e.file.endsWith(ext)).reduce((n, e) => n + e.gzip_bytes, 0);
  const js = sum('.js');
  const css = sum('.css');
  const loadedCode = [...seen].filter((f) => f.endsWith('.js')).map((f) => readFileSync(join(dist, f), 'utf8')).join('\n');
  const localeNames = [...new Set([...loadedCode.matchAll(/["'`]\.\/(en-us-[\w-]+\.js)["'`]/g)].map((m) => m[1]!))];
  let localeGzip = 0;
  for (const name of localeNames) {
    const locale = readFileSync(join(dist, 'assets', name));
    localeGzip += gzip(locale);
    entries.push({ file: `assets/${name}`, bytes: locale.length, gzip_bytes: gzip(locale) });
  }
  const htmlGzip = gzip(html);
  return {
    html_gzip_bytes: htmlGzip,
    js_gzip_bytes: js,
    css_gzip_bytes: css,
    locale_js_gzip_bytes: localeGzip,
    total_gzip_bytes: htmlGzip + js + css + localeGzip,
    files: entries,
  };
}

async function json<T>(res: Response): Promise<T> {
  const body = (await res.json().catch(() => null)) as T | null;
  if (!res.ok || body === null) throw new Error(`${res.url} answered ${res.status}: ${JSON.stringify(body)}`);
  return body;
}

/**
 * A real customer link on the demo: the order whose sheet the technician completed, claimed and
 * completed by the advisor, then sent to the customer; the link is read from the text.
 */
export async function inspectionLinkOnDemo(url: string): Promise<string> {
  const signIn = await json<{ agent: { access_token: string } }>(
    await fetch(`${url}/agent_sessions/login_jwt`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ agent: { email: 'advisor@demo.example', password: DEMO_PASSWORD } }),
    }),
  );
  const auth = { authorization: `Bearer ${signIn.agent.access_token}` };
  const headers = { ...auth, 'content-type': 'application/json' };
  const inbox = await json<{ repair_orders: { state: string; repair_order: { id: string } }[] }>(
    await fetch(`${url}/api/locations/${LOCATION}/tech/mpi/repair_orders/inbox`, { headers: auth }),
  );
  const completed = inbox.repair_orders.find((entry) => entry.state === 'completed_by_technician');
  if (!completed) throw new Error('The demo has no sheet completed by the technician (seed the stack afresh).');
  const ro = `${url}/api/tech/mpi/repair_orders/${completed.repair_order.id}`;
  await json(await fetch(`${ro}/advisor/claim`, { method: 'PUT', headers, body: '{}' }));
  await json(await fetch(`${ro}/advisor/complete`, { method: 'PUT', headers, body: '{}' }));
  // Sent anyway inside the store's quiet hours: the bench measures the page, whatever the hour.
  const sent = await json<unknown>(await fetch(`${ro}/send_to_customer`, { method: 'POST', headers, body: JSON.stringify({ confirm_quiet_hours: true }) }));
  const link = /https?:\/\/[^\s"]+\/app\/public\/visits\/[\w-]+#inspection/.exec(JSON.stringify(sent))?.[0];
  if (!link) throw new Error(`send_to_customer answered no link: ${JSON.stringify(sent).slice(0, 300)}`);
  return link;
}

interface Profile {
  name: string;
  phone: boolean;
}

const PROFILES: Profile[] = [
  { name: 'unthrottled desktop', phone: false },
  { name: 'phone: 1.6 Mbps down, 750 kbps up, 150 ms RTT, CPU 4x slower', phone: true },
];

async function loadOnce(browser: Browser, link: string, profile: Profile) {
  const context = await browser.newContext(
    profile.phone ? { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true } : { viewport: { width: 1280, height: 900 } },
  );
  try {
    const page = await context.newPage();
    if (profile.phone) {
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 150,
        downloadThroughput: (1.6 * 1024 * 1024) / 8,
        uploadThroughput: (750 * 1024) / 8,
      });
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    }
    await page.goto(link, { waitUntil: 'commit' });
    await page.waitForFunction((mark) => performance.getEntriesByName(mark).length > 0, READY_MARK, { timeout: 60_000, polling: 100 }).catch(async () => {
      const state = await page.locator('[data-testid="visit-page"]').getAttribute('data-state').catch(() => null);
      throw new Error(`the visit page's inspection did not come on screen (page data-state=${state})`);
    });
    return await page.evaluate((mark) => {
      const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
      const paint = performance.getEntriesByName('first-contentful-paint')[0];
      const api = performance.getEntriesByType('resource').find((r) => /\/api\/public\/visits\/[^/]+$/.test(new URL(r.name).pathname)) as PerformanceResourceTiming | undefined;
      return {
        ready: performance.getEntriesByName(mark)[0]!.startTime,
        fcp: paint?.startTime ?? NaN,
        dcl: navigation?.domContentLoadedEventEnd ?? NaN,
        api: api ? api.responseEnd - api.requestStart : NaN,
      };
    }, READY_MARK);
  } finally {
    await context.close();
  }
}

/** Measures the page on a running stack (`url`) or on one started for the purpose (web 'built', demo seeded). */
export async function measureCustomerPage(options: { url?: string; runs?: number } = {}): Promise<CustomerPageFigures> {
  const runs = options.runs ?? Number(process.env.BENCH_PAGE_RUNS ?? 10);
  const bundle = customerPageBundle();
  const stack = options.url ? null : await startLocalStack({ port: 0, dataDir: null, web: 'built', seed: true, scheduler: false, quiet: true });
  const url = options.url ?? stack!.url;
  const { browser } = await launchChromium();
  try {
    const link = await inspectionLinkOnDemo(url);
    const load: LoadFigures[] = [];
    for (const profile of PROFILES) {
      await loadOnce(browser, link, profile); // warms the handlers and the stack's file cache, not the browser's (each load is a fresh context)
      const samples = [];
      for (let i = 0; i < runs; i += 1) samples.push(await loadOnce(browser, link, profile));
      load.push({
        profile: profile.name,
        runs,
        ready_median_ms: round(percentile(samples.map((s) => s.ready), 50)),
        ready_p95_ms: round(percentile(samples.map((s) => s.ready), 95)),
        first_contentful_paint_median_ms: round(percentile(samples.map((s) => s.fcp), 50)),
        dom_content_loaded_median_ms: round(percentile(samples.map((s) => s.dcl), 50)),
        api_median_ms: round(percentile(samples.map((s) => s.api), 50)),
      });
    }
    return { measured_at: new Date().toISOString(), machine: 'local stack (DynamoDB Local + s3rver), one process, 2 cores; headless Chromium', bundle, load };
  } finally {
    await browser.close();
    await stack?.stop();
  }
}

/** Writes the figures to bench/results/customer-page.json and prints them as a table. */
export function reportCustomerPage(figures: CustomerPageFigures): void {
  mkdirSync('bench/results', { recursive: true });
  writeFileSync('bench/results/customer-page.json', `${JSON.stringify(figures, null, 2)}\n`);
  const b = figures.bundle;
  console.log(`visit page (inspection): JS ${b.js_gzip_bytes} B gz (+ locale ${b.locale_js_gzip_bytes} B gz), CSS ${b.css_gzip_bytes} B gz, HTML ${b.html_gzip_bytes} B gz; total ${b.total_gzip_bytes} B gz`);
  console.log('| profile | ready median ms | ready p95 ms | FCP median ms | DCL median ms | API median ms |\n|---|---|---|---|---|---|');
  for (const l of figures.load) console.log(`| ${l.profile} | ${l.ready_median_ms} | ${l.ready_p95_ms} | ${l.first_contentful_paint_median_ms} | ${l.dom_content_loaded_median_ms} | ${l.api_median_ms} |`);
  console.log('written to bench/results/customer-page.json');
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  reportCustomerPage(await measureCustomerPage());
}
