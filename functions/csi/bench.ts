/**
 * CSI at size (`npm run bench`, functions/lib/boardModule.ts `local.bench`): 10,000 surveys at the
 * north store, 100 of them with their reminder due. Figures: an order's survey as the detail reads
 * it (p95, read capacity), and the reminders' due query, whose cost must follow the reminders due
 * (100), not the surveys kept (10,000).
 */
import pLimit from 'p-limit';
import { newId } from '../lib/ids.js';
import { metered } from '../lib/table.js';
import { dueSurveyReminders, putSurveys, type SurveyRecord } from './records.js';

const COMPANY = 'cmp_demo';
const LOCATION = 'loc_demo_north';
const SURVEYS = Number(process.env.BENCH_SURVEYS ?? 10_000);
const DUE = 100;
const ROUNDS = 40;
const HOUR = 3_600_000;

export interface CsiFigures {
  surveys: number;
  seed_seconds: number;
  survey_read: { rounds: number; median_ms: number; p95_ms: number; read_capacity_units: number };
  reminders_due_query: { due: number; found: number; ms: number; read_capacity_units: number };
}

function benchSurvey(n: number, now: number, due: boolean): SurveyRecord {
  const sent = new Date(now - (due ? 30 : 2) * HOUR - n * 1000);
  return {
    company_id: COMPANY,
    ro_id: newId('ro'),
    location_id: LOCATION,
    customer_id: newId('cus'),
    state: 'open',
    sent_at: sent.toISOString(),
    reminded_at: null,
    closes_at: new Date(sent.getTime() + 14 * 24 * HOUR).toISOString(),
    rating: null,
    comment: '',
    answered_at: null,
    via: null,
    // Due ones in the past; the others a day after their (recent) survey.
    remind_at: new Date(sent.getTime() + 24 * HOUR).toISOString(),
    message_id: null,
  };
}

export async function benchBoard(url: string, signIn: (email: string) => Promise<string>): Promise<CsiFigures> {
  const now = Date.now();
  const started = performance.now();
  const records = Array.from({ length: SURVEYS }, (_, n) => benchSurvey(n, now, n < DUE));
  const limit = pLimit(8);
  const chunks: SurveyRecord[][] = [];
  for (let i = 0; i < records.length; i += 500) chunks.push(records.slice(i, i + 500));
  await Promise.all(chunks.map((chunk) => limit(() => putSurveys(chunk))));
  const seedSeconds = +((performance.now() - started) / 1000).toFixed(1);

  // An order the demo has (the survey route checks the order first): its survey may be absent; the read is the same.
  const headers = { authorization: `Bearer ${await signIn('manager@demo.example')}` };
  const list = (await (await fetch(`${url}/api/locations/${LOCATION}/repair_orders?limit=1`, { headers })).json()) as { repair_orders: { id: string }[] };
  const roId = list.repair_orders[0]?.id;
  if (!roId) throw new Error('csi bench: the demo store has no repair order');
  const durations: number[] = [];
  let read = Number.NaN;
  for (let round = -5; round < ROUNDS; round++) {
    const begin = performance.now();
    const res = await fetch(`${url}/api/repair_orders/${roId}/survey`, { headers });
    if (!res.ok) throw new Error(`csi survey read: ${res.status}`);
    await res.json();
    if (round >= 0) durations.push(performance.now() - begin);
    read = Number(/read=([\d.]+)/.exec(res.headers.get('x-consumed-capacity') ?? '')?.[1] ?? Number.NaN);
  }
  durations.sort((a, b) => a - b);
  const rank = (p: number) => +durations[Math.min(durations.length - 1, Math.ceil((p / 100) * durations.length) - 1)]!.toFixed(2);

  const begin = performance.now();
  const { meter, result } = metered(() => dueSurveyReminders(new Date(now).toISOString(), 1000));
  const found = (await result).length;
  return {
    surveys: SURVEYS,
    seed_seconds: seedSeconds,
    survey_read: { rounds: ROUNDS, median_ms: rank(50), p95_ms: rank(95), read_capacity_units: read },
    reminders_due_query: { due: DUE, found, ms: +(performance.now() - begin).toFixed(2), read_capacity_units: +meter.read.toFixed(2) },
  };
}
