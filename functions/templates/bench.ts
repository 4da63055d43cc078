/**
 * Templates at size (`npm run bench`, functions/lib/boardModule.ts `local.bench`): 10,000 templates
 * of the north store, and the advisor's first page of `GET /api/templates/me` (their company's,
 * location's and own, merged by name): p95 and read capacity, which must follow the page (50), not
 * the templates kept.
 */
import pLimit from 'p-limit';
import { newId } from '../lib/ids.js';
import { putTemplates, type TemplateRecord } from './records.js';

const COMPANY = 'cmp_demo';
const LOCATION = 'loc_demo_north';
const TEMPLATES = Number(process.env.BENCH_TEMPLATES ?? 10_000);
const ROUNDS = 40;

export interface TemplateFigures {
  templates: number;
  seed_seconds: number;
  first_page: { rounds: number; median_ms: number; p95_ms: number; read_capacity_units: number; total: number };
}

function benchTemplate(n: number, at: string): TemplateRecord {
  return {
    id: newId('tpl'),
    company_id: COMPANY,
    level: 'location',
    owner_id: LOCATION,
    name: `Bench template ${String(n).padStart(5, '0')}`,
    text: `Hi {{customer_first_name}}, this is {{dealership}} with update ${n} about your {{vehicle}}.`,
    board: n % 3 === 0 ? 'service' : 'all',
    created_by: 'bench',
    created_at: at,
    updated_by: 'bench',
    updated_at: at,
  };
}

export async function benchBoard(url: string, signIn: (email: string) => Promise<string>): Promise<TemplateFigures> {
  const at = new Date().toISOString();
  const started = performance.now();
  const records = Array.from({ length: TEMPLATES }, (_, n) => benchTemplate(n, at));
  const limit = pLimit(8);
  const chunks: TemplateRecord[][] = [];
  for (let i = 0; i < records.length; i += 500) chunks.push(records.slice(i, i + 500));
  // The batches in parallel; the list's counts once, at the end, from what it holds.
  await Promise.all(chunks.slice(0, -1).map((chunk) => limit(() => putTemplates(chunk))));
  await putTemplates(chunks.at(-1) ?? []);
  const seedSeconds = +((performance.now() - started) / 1000).toFixed(1);

  const headers = { authorization: `Bearer ${await signIn('advisor@demo.example')}` };
  const durations: number[] = [];
  let read = Number.NaN;
  let total = 0;
  for (let round = -5; round < ROUNDS; round++) {
    const begin = performance.now();
    const res = await fetch(`${url}/api/templates/me`, { headers });
    if (!res.ok) throw new Error(`templates bench: ${res.status}`);
    total = ((await res.json()) as { meta: { paging: { total: number } } }).meta.paging.total;
    if (round >= 0) durations.push(performance.now() - begin);
    read = Number(/read=([\d.]+)/.exec(res.headers.get('x-consumed-capacity') ?? '')?.[1] ?? Number.NaN);
  }
  durations.sort((a, b) => a - b);
  const rank = (p: number) => +durations[Math.min(durations.length - 1, Math.ceil((p / 100) * durations.length) - 1)]!.toFixed(2);
  return { templates: TEMPLATES, seed_seconds: seedSeconds, first_page: { rounds: ROUNDS, median_ms: rank(50), p95_ms: rank(95), read_capacity_units: read, total } };
}
