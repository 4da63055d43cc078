/**
 * `npm run bench`: figures measured in one run on this machine, written to bench/results/.
 * Timings are noisy here, so each is also given as a ratio to a baseline measured in the same run
 * (the public release endpoint: HTTP + Lambda-event plumbing with no auth and no table read).
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { startLocalStack } from '../infra/local/stack.js';
import { boards } from '../functions/lib/boardList.js';
import { benchAppointments } from './appointments.js';
import { benchInspections } from './inspections.js';
import { benchRealtime } from './realtime.js';
import { capacityOf, seedLargeStore, MESSAGES, REPAIR_ORDERS, type Capacity } from './service.js';

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

async function measure(rounds: number, call: () => Promise<Response>): Promise<{ median: number; p95: number; capacity: Capacity }> {
  for (let i = 0; i < 5; i += 1) await (await call()).arrayBuffer(); // warm the handler modules
  const times: number[] = [];
  let capacity: Capacity = { read: 0, write: 0, calls: 0 };
  for (let i = 0; i < rounds; i += 1) {
    const start = performance.now();
    const res = await call();
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`bench call failed: ${res.status}`);
    times.push(performance.now() - start);
    capacity = capacityOf(res);
  }
  times.sort((a, b) => a - b);
  return { median: percentile(times, 50), p95: percentile(times, 95), capacity };
}

const round = (n: number) => +n.toFixed(2);

/** Board and conversation reads on the large store. */
async function serviceBoard(url: string, signIn: (email: string) => Promise<string>) {
  const store = await seedLargeStore();
  console.log(`seeded ${REPAIR_ORDERS} repair orders and ${MESSAGES} messages in ${store.seconds.toFixed(0)} s`);
  const manager = { authorization: `Bearer ${await signIn('manager@demo.example')}` };
  const advisor = { authorization: `Bearer ${await signIn('advisor@demo.example')}` };
  const reads: [string, (h: Record<string, string>) => string, Record<string, string>][] = [
    ['board first page (manager): GET /api/locations/{id}/repair_orders?limit=20', () => '/api/locations/loc_demo_north/repair_orders?offset=0&limit=20', manager],
    ['advisor inbox first page: GET /api/locations/{id}/repair_orders/inbox?limit=20', () => '/api/locations/loc_demo_north/repair_orders/inbox?offset=0&limit=20', advisor],
    ['board last page (offset 980)', () => '/api/locations/loc_demo_north/repair_orders?offset=980&limit=20', manager],
    ['conversation first page, 1,000-message thread: GET /api/repair_orders/{id}/messages?limit=10', () => `/api/repair_orders/${store.longThreadRo}/messages?offset=0&limit=10`, manager],
    ['conversation first page, typical thread', () => `/api/repair_orders/${store.typicalRo}/messages?offset=0&limit=10`, manager],
  ];
  const rounds = Math.max(50, Math.floor(ROUNDS / 2));
  const figures = [];
  for (const [name, path, headers] of reads) {
    const m = await measure(rounds, () => fetch(`${url}${path(headers)}`, { headers }));
    figures.push({ name, median_ms: round(m.median), p95_ms: round(m.p95), read_capacity_units: round(m.capacity.read), dynamodb_calls: m.capacity.calls });
  }

  return {
    repair_orders: REPAIR_ORDERS,
    messages: MESSAGES,
    seed_seconds: round(store.seconds),
    reads: figures,
    /** Orders of the advisor's whose customers are opted in: the realtime bench texts them. */
    sendable: store.sendableRos,
  };
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
    const signIn = async (email: string) => {
      const res = await fetch(`${url}/agent_sessions/login_jwt`, { method: 'POST', headers: json, body: JSON.stringify({ agent: { email, password: 'demo-dealer' } }) });
      return ((await res.json()) as { agent: { access_token: string } }).agent.access_token;
    };
    // Inspections first: the service board's large store would only lengthen the pool the claims walk.
    const inspections = process.env.BENCH_MPI === 'off' ? null : await benchInspections(url, signIn);
    const service = process.env.BENCH_SERVICE === 'off' ? null : await serviceBoard(url, signIn);
    // Texts the large store's orders, so it runs after the service board (BENCH_SERVICE=off skips it too).
    const realtime = process.env.BENCH_REALTIME === 'off' || !service ? null : await benchRealtime(url, signIn, service.sendable, stack.faults);
    const appointments = process.env.BENCH_APPOINTMENTS_BOARD === 'off' ? null : await benchAppointments(url, signIn);
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
    if (service) {
      const { sendable: _sendable, ...figures } = service;
      const out = { measured_at: result.measured_at, machine: result.machine, ...figures };
      writeFileSync('bench/results/service-board.json', `${JSON.stringify(out, null, 2)}\n`);
      console.log('\n| service board call | median ms | p95 ms | read capacity units | DynamoDB calls |\n|---|---|---|---|---|');
      for (const f of service.reads) console.log(`| ${f.name} | ${f.median_ms} | ${f.p95_ms} | ${f.read_capacity_units} | ${f.dynamodb_calls} |`);
      console.log('written to bench/results/service-board.json');
    }
    if (realtime) {
      writeFileSync('bench/results/realtime.json', `${JSON.stringify({ measured_at: result.measured_at, machine: result.machine, ...realtime }, null, 2)}\n`);
      const { send_to_screen: s, written_to_received: w, idle_reads_per_minute: idle, many_streams: m } = realtime;
      console.log(`\n${s.name}: median ${s.median_ms} ms, p95 ${s.p95_ms} ms over ${s.texts} texts (goal p95 ≤ ${s.goal_p95_ms} ms; the POST itself: median ${s.post.median_ms} ms)`);
      console.log(`${w.name}: median ${w.median_ms} ms, p95 ${w.p95_ms} ms (goal p95 ≤ ${w.goal_p95_ms} ms)`);
      for (const [who, figures] of [['manager (5 channels)', idle.manager_5_channels], ['advisor (3 channels)', idle.advisor_3_channels]] as const) {
        console.log(`idle console, ${who}, per minute: push ${figures.push?.read_capacity_units} RCU in ${figures.push?.dynamodb_calls} calls; polling (before) ${figures.polling?.read_capacity_units} RCU in ${figures.polling?.dynamodb_calls} calls (goal ≤ 6)`);
      }
      console.log(`${m.name}: median ${m.median_ms} ms, p95 ${m.p95_ms} ms over ${m.deliveries} deliveries (goal p95 ≤ ${m.goal_p95_ms} ms)`);
      for (const crowd of realtime.shared_channel.crowds) {
        for (const run of [crowd.before, crowd.after]) {
          console.log(
            `${crowd.consoles} consoles, one channel, signals carrying ${run.signals_carry}: median ${run.median_ms} ms, p95 ${run.p95_ms} ms; ${run.dynamodb_calls_per_copy} DynamoDB calls and ${run.read_capacity_units_per_copy} RCU per delivered copy`,
          );
        }
      }
      console.log('written to bench/results/realtime.json');
    }
    if (appointments) {
      const out = { measured_at: result.measured_at, machine: result.machine, ...appointments };
      writeFileSync('bench/results/appointments.json', `${JSON.stringify(out, null, 2)}\n`);
      const { first_page: page, reminders: r, mass_text: m } = appointments;
      console.log(`\nappointments first page: median ${page.median_ms} ms, p95 ${page.p95_ms} ms, ${page.read_capacity_units} read capacity units`);
      console.log(
        `reminders job, ${r.small.due} due: among ${r.small.appointments} ${r.small.ms} ms / ${r.small.read_capacity_units} RCU; among ${r.large.appointments} ${r.large.ms} ms / ${r.large.read_capacity_units} RCU (time ×${r.time_ratio}, reads ×${r.read_capacity_ratio}; goal ≤ 1.5)`,
      );
      console.log(`mass text to ${m.recipients}: ${m.sent} sent of ${m.allowed} allowed, skipped ${JSON.stringify(m.skipped)}, ${m.duplicates} texted twice, ${m.seconds} s to finish`);
      console.log('written to bench/results/appointments.json');
    }
    // Every other board that brings a bench of its own (functions/lib/boardModule.ts `local.bench`):
    // its first page at size and whatever else it measures, in bench/results/<board>.json.
    // BENCH_BOARDS=off skips them; a list of names (BENCH_BOARDS=chat,guests) runs only those.
    const boardsWanted = process.env.BENCH_BOARDS?.split(',').map((name) => name.trim()).filter(Boolean) ?? [];
    if (process.env.BENCH_BOARDS !== 'off') {
      for (const board of boards()) {
        if (!board.local?.bench) continue;
        if (boardsWanted.length > 0 && !boardsWanted.includes(board.name)) continue;
        const { benchBoard } = (await import(new URL(`../${board.local.bench}`, import.meta.url).href)) as { benchBoard: (url: string, signIn: (email: string) => Promise<string>) => Promise<object> };
        const out = { measured_at: result.measured_at, machine: result.machine, ...(await benchBoard(url, signIn)) };
        writeFileSync(`bench/results/${board.name}.json`, `${JSON.stringify(out, null, 2)}\n`);
        console.log(`\n${board.name}: ${JSON.stringify(out)}\nwritten to bench/results/${board.name}.json`);
      }
    }
    if (inspections) {
      const out = { ...inspections, machine: result.machine };
      writeFileSync('bench/results/inspections.json', `${JSON.stringify(out, null, 2)}\n`);
      console.log('\n| inspection call | median ms | p95 ms | write capacity units | DynamoDB calls |\n|---|---|---|---|---|');
      for (const f of [inspections.claim, inspections.save]) console.log(`| ${f.name} | ${f.median_ms} | ${f.p95_ms} | ${f.write_capacity_units} | ${f.dynamodb_calls} |`);
      console.log('written to bench/results/inspections.json');
    }
  } finally {
    await stack.stop();
  }
  // The customer's page needs the built SPA served, so it measures on a stack of its own; in a
  // process of its own too, since the AWS clients here still point at the stack that just stopped.
  // The store killed under a burst of sends, and the consent property at 10,000 sequences: each
  // starts a stack of its own, so each runs in a process of its own for the same reason. Each
  // Lambda's bundle and cold import time needs no stack; its own process keeps this one's loaded
  // modules out of the way.
  const parts: [string, string][] = [
    ['BENCH_PAGE', 'bench/customerPage.ts'],
    ['BENCH_FAULTS', 'bench/faults.ts'],
    ['BENCH_CONSENT', 'bench/consent.ts'],
    ['BENCH_LAMBDAS', 'bench/lambdas.ts'],
  ];
  for (const [flag, script] of parts) {
    if (process.env[flag] === 'off') continue;
    const run = spawnSync(process.execPath, ['--openssl-legacy-provider', '--import', 'tsx', script], { stdio: 'inherit' });
    if (run.status !== 0) throw new Error(`${script} failed (exit ${run.status})`);
  }
}

await main();
