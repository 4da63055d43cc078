/**
 * Reports at size (`npm run bench`, functions/lib/boardModule.ts `local.bench`; issue 24's check:
 * a company's YTD texting report costs the same at 10,000 and 100,000 messages, ratio ≤ 1.5).
 * Messages of the demo company (North and South) spread over this year to date across 20
 * advisors, each exchange a customer's text and an advisor's text: most answered within 15
 * minutes, some after hours (a long tail), a few not answered at all. Counted by the reports'
 * engine itself, but without the messages: each fact a message makes (received, waits, sent,
 * answered) goes through `countFact`, as the listener's would. The report is then read as the
 * console does (admin, company scope), at the first volume and again after the rest is added.
 */
import pLimit from 'p-limit';
import { dayStart, storeDay } from '../../shared/reports/periods.js';
import { responseBucket } from '../../shared/reports/responseTimes.js';
import type { Fact } from '../lib/boardModule.js';
import { countFact } from './facts.js';
import { storeFacts } from './stores.js';

const COMPANY = 'cmp_demo';
const LOCATIONS = ['loc_demo_north', 'loc_demo_south'] as const;
const ADVISORS = Array.from({ length: 20 }, (_, i) => `agt_bench_tly_${String(i + 1).padStart(2, '0')}`);
/** Messages counted before the first measurement, and in all before the second. */
const FIRST = Number(process.env.BENCH_REPORT_MESSAGES ?? 10_000);
const TOTAL = Number(process.env.BENCH_REPORT_MESSAGES_TOTAL ?? FIRST * 10);
const ROUNDS = Number(process.env.BENCH_REPORT_ROUNDS ?? 20);
const CONCURRENCY = 6;
const PATH = `/api/locations/${LOCATIONS[0]}/reports/figures?type=texting&period=ytd&scope=company`;

/** A reproducible draw in [0, 1) from a number (the same exchange makes the same facts on a rerun). */
function draw(n: number, salt: number): number {
  let x = (n * 2654435761 + salt * 40503) >>> 0;
  x ^= x >>> 16;
  x = Math.imul(x, 2246822507) >>> 0;
  x ^= x >>> 13;
  x = Math.imul(x, 3266489909) >>> 0;
  x ^= x >>> 16;
  return (x >>> 0) / 4294967296;
}

/** A first response within opening hours, long-tailed: 60% within 10 minutes, 85% within 30, a few after hours or days. */
function minutesOf(n: number): number {
  const p = draw(n, 3);
  const q = draw(n, 4);
  if (p < 0.6) return Math.floor(q * 11);
  if (p < 0.85) return 11 + Math.floor(q * 20);
  if (p < 0.95) return 31 + Math.floor(q * 210);
  return 241 + Math.floor(q * 3000);
}

/** The four facts of exchange n (two messages): a customer's text and its wait, an advisor's text and, if it answered, the answer. */
function exchangeFacts(n: number, since: number, until: number): Fact[] {
  const location = LOCATIONS[draw(n, 1) < 0.6 ? 0 : 1];
  const agentId = ADVISORS[Math.floor(draw(n, 2) * ADVISORS.length)]!;
  const at = since + Math.floor(draw(n, 5) * (until - since));
  const minutes = minutesOf(n);
  const answered = draw(n, 6) >= 0.05;
  const replyAt = new Date(Math.min(until, at + (answered ? minutes : 5) * 60_000)).toISOString();
  const asked = new Date(at).toISOString();
  const base = { type: 'texting' as const, company_id: COMPANY, location_id: location, record: { kind: 'repair_order', id: `ro_bench_tly_${n}`, label: 'Is my car ready?' }, dims: { agent_id: agentId } };
  return [
    { ...base, id: `bench_tly_${n}_in:received`, figure: 'received', at: asked },
    { ...base, id: `bench_tly_${n}_in:wait`, figure: 'waits', at: asked },
    { ...base, id: `bench_tly_${n}_out:sent`, figure: 'sent', at: replyAt },
    ...(answered ? [{ ...base, id: `bench_tly_${n}_in:answered`, figure: 'answered', at: asked, value: minutes }] : []),
  ];
}

/** Counts exchanges [from, to) (two messages each); answers the seconds it took and the facts counted. */
async function countExchanges(from: number, to: number, since: number, until: number): Promise<{ seconds: number; facts: number }> {
  const zones = new Map(await Promise.all(LOCATIONS.map(async (id) => [id, (await storeFacts(COMPANY, id)).timezone] as const)));
  const started = performance.now();
  const limit = pLimit(CONCURRENCY);
  let facts = 0;
  const work: Promise<void>[] = [];
  for (let n = from; n < to; n++) {
    work.push(
      limit(async () => {
        for (const fact of exchangeFacts(n, since, until)) {
          const bucket = fact.figure === 'answered' ? { bucket: responseBucket(fact.value!) } : {};
          if (await countFact(fact, zones.get(fact.location_id as (typeof LOCATIONS)[number])!, bucket)) facts++;
        }
      }),
    );
  }
  await Promise.all(work);
  return { seconds: +((performance.now() - started) / 1000).toFixed(1), facts };
}

interface Measured {
  messages: number;
  median_ms: number;
  p95_ms: number;
  read_capacity_units: number;
  dynamodb_calls: number;
  advisors_in_report: number;
}

async function measure(url: string, headers: Record<string, string>, messages: number): Promise<Measured> {
  const durations: number[] = [];
  let read = Number.NaN;
  let calls = Number.NaN;
  let advisors = 0;
  for (let round = -3; round < ROUNDS; round++) {
    const begin = performance.now();
    const res = await fetch(`${url}${PATH}`, { headers });
    if (!res.ok) throw new Error(`tallies bench: the YTD report answered ${res.status}: ${await res.text()}`);
    const body = (await res.json()) as { figures: { sheets: { id: string; rows: unknown[] }[] } };
    if (round >= 0) durations.push(performance.now() - begin);
    const capacity = res.headers.get('x-consumed-capacity') ?? '';
    read = Number(/read=([\d.]+)/.exec(capacity)?.[1] ?? Number.NaN);
    calls = Number(/calls=(\d+)/.exec(capacity)?.[1] ?? Number.NaN);
    advisors = body.figures.sheets.find((s) => s.id === 'by_advisor')?.rows.length ?? 0;
  }
  durations.sort((a, b) => a - b);
  const rank = (p: number) => +durations[Math.min(durations.length - 1, Math.ceil((p / 100) * durations.length) - 1)]!.toFixed(2);
  return { messages, median_ms: rank(50), p95_ms: rank(95), read_capacity_units: read, dynamodb_calls: calls, advisors_in_report: advisors };
}

export async function benchBoard(url: string, signIn: (email: string) => Promise<string>) {
  // This year to date in North's calendar (the report's): from its first instant to now.
  const zone = (await storeFacts(COMPANY, LOCATIONS[0])).timezone;
  const until = Date.now();
  const since = Date.parse(dayStart(`${storeDay(new Date(until), zone).slice(0, 4)}-01-01`, zone));
  const headers = { authorization: `Bearer ${await signIn('admin@demo.example')}` };

  const first = await countExchanges(0, Math.floor(FIRST / 2), since, until);
  const small = await measure(url, headers, FIRST);
  const rest = await countExchanges(Math.floor(FIRST / 2), Math.floor(TOTAL / 2), since, until);
  const large = await measure(url, headers, TOTAL);
  const ratio = (a: number, b: number) => +(b / a).toFixed(2);
  return {
    report: `GET ${PATH}`,
    counted_by: 'countFact on each fact the messages would make (received, waits, sent, answered), not by writing messages and waiting for the stream',
    rounds: ROUNDS,
    counting: {
      first: { messages: FIRST, facts: first.facts, seconds: first.seconds, facts_per_second: +(first.facts / first.seconds).toFixed(0) },
      rest: { messages: TOTAL - FIRST, facts: rest.facts, seconds: rest.seconds, facts_per_second: +(rest.facts / rest.seconds).toFixed(0) },
    },
    at_first: small,
    at_total: large,
    ratios: { median_time: ratio(small.median_ms, large.median_ms), p95_time: ratio(small.p95_ms, large.p95_ms), read_capacity_units: ratio(small.read_capacity_units, large.read_capacity_units), goal: 1.5 },
  };
}
