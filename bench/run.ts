/**
 * `npm run bench`: figures measured in one run on this machine, written to bench/results/.
 * Timings are noisy here, so each is also given as a ratio to a baseline measured in the same run
 * (the public release endpoint: HTTP + Lambda-event plumbing with no auth and no table read).
 */
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { startLocalStack } from '../infra/local/stack.js';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 200);

interface Figure {
  name: string;
  median_ms: number;
  p95_ms: number;
  ratio_to_baseline: number;
}

function percentile(sorted: number[], p: number): number {
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)]!;
}

async function measure(rounds: number, call: () => Promise<Response>): Promise<{ median: number; p95: number }> {
  for (let i = 0; i < 5; i += 1) await (await call()).arrayBuffer(); // warm the handler modules
  const times: number[] = [];
  for (let i = 0; i < rounds; i += 1) {
    const start = performance.now();
    const res = await call();
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`bench call failed: ${res.status}`);
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return { median: percentile(times, 50), p95: percentile(times, 95) };
}

function webSizes(): { js_gzip_bytes: number; css_gzip_bytes: number; entry_js_gzip_bytes: number } | null {
  const dist = 'web/dist';
  try {
    statSync(dist);
  } catch {
    return null;
  }
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else files.push(path);
    }
  };
  walk(dist);
  const gz = (path: string) => gzipSync(readFileSync(path)).length;
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const entries = [...html.matchAll(/(?:src|href)="\/app\/(assets\/[^"]+\.(?:js|css))"/g)].map((m) => join(dist, m[1]!));
  return {
    js_gzip_bytes: files.filter((f) => f.endsWith('.js')).reduce((sum, f) => sum + gz(f), 0),
    css_gzip_bytes: files.filter((f) => f.endsWith('.css')).reduce((sum, f) => sum + gz(f), 0),
    entry_js_gzip_bytes: entries.filter((f) => f.endsWith('.js')).reduce((sum, f) => sum + gz(f), 0),
  };
}

async function main() {
  const stack = await startLocalStack({ port: 0, dataDir: null, web: 'none', seed: true, scheduler: false, quiet: true });
  try {
    const url = stack.url;
    const json = { 'content-type': 'application/json' };
    const login = () =>
      fetch(`${url}/agent_sessions/login_jwt`, {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ agent: { email: 'advisor@demo.example', password: 'demo-dealer' } }),
      });
    const token = ((await (await login()).json()) as { agent: { access_token: string } }).agent.access_token;
    const auth = { authorization: `Bearer ${token}` };

    const baseline = await measure(ROUNDS, () => fetch(`${url}/api/releases/app`));
    const cases: [string, number, () => Promise<Response>][] = [
      ['GET /api/agents/me', ROUNDS, () => fetch(`${url}/api/agents/me`, { headers: auth })],
      ['GET /api/locations/{id}/service_settings', ROUNDS, () => fetch(`${url}/api/locations/loc_demo_north/service_settings`, { headers: auth })],
      ['GET /api/agents/colleagues', ROUNDS, () => fetch(`${url}/api/agents/colleagues`, { headers: auth })],
      ['POST /agent_sessions/login_jwt (scrypt)', Math.max(20, Math.floor(ROUNDS / 10)), login],
    ];
    const figures: Figure[] = [{ name: 'GET /api/releases/app (baseline)', median_ms: baseline.median, p95_ms: baseline.p95, ratio_to_baseline: 1 }];
    for (const [name, rounds, call] of cases) {
      const m = await measure(rounds, call);
      figures.push({ name, median_ms: m.median, p95_ms: m.p95, ratio_to_baseline: m.median / baseline.median });
    }
    const result = {
      measured_at: new Date().toISOString(),
      machine: 'local stack (DynamoDB Local + s3rver), one process, 2 cores',
      rounds: ROUNDS,
      api: figures.map((f) => ({ ...f, median_ms: +f.median_ms.toFixed(2), p95_ms: +f.p95_ms.toFixed(2), ratio_to_baseline: +f.ratio_to_baseline.toFixed(2) })),
      web: webSizes(),
    };
    mkdirSync('bench/results', { recursive: true });
    writeFileSync('bench/results/platform.json', `${JSON.stringify(result, null, 2)}\n`);
    console.log('| call | median ms | p95 ms | × baseline |\n|---|---|---|---|');
    for (const f of result.api) console.log(`| ${f.name} | ${f.median_ms} | ${f.p95_ms} | ${f.ratio_to_baseline} |`);
    if (result.web) console.log(`\nSPA: entry JS ${result.web.entry_js_gzip_bytes} B gz, all JS ${result.web.js_gzip_bytes} B gz, CSS ${result.web.css_gzip_bytes} B gz`);
    console.log('\nwritten to bench/results/platform.json');
  } finally {
    await stack.stop();
  }
}

await main();
