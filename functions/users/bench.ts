/**
 * The activity list at size (`npm run bench`, functions/lib/boardModule.ts `local.bench`): 10,000
 * activities of the north store, and its manager's first page (`GET /api/activities/locations`,
 * 20, newest first): p95 and read capacity, which must follow the page, not the history kept.
 */
import { recordActivities, type NewActivity } from '../lib/activities.js';

const COMPANY = 'cmp_demo';
const LOCATION = 'loc_demo_north';
const ACTIVITIES = Number(process.env.BENCH_ACTIVITIES ?? 10_000);
const ROUNDS = 40;

export interface ActivityFigures {
  activities: number;
  seed_seconds: number;
  first_page: { rounds: number; median_ms: number; p95_ms: number; read_capacity_units: number; total: number };
}

function benchActivity(n: number, start: number): NewActivity & { at: string } {
  return {
    kind: 'settings_changed',
    at: new Date(start + n * 1000).toISOString(),
    locationId: LOCATION,
    agentId: 'agt_manager',
    group: 'service_settings',
    changes: [{ field: 'quiet_hours_start', before: '21:00', after: n % 2 ? '20:00' : '21:00' }],
  };
}

export async function benchBoard(url: string, signIn: (email: string) => Promise<string>): Promise<ActivityFigures> {
  const started = performance.now();
  // Two years back at most, so none has expired.
  const start = Date.now() - ACTIVITIES * 1000 - 60_000;
  for (let i = 0; i < ACTIVITIES; i += 500) {
    await recordActivities(COMPANY, Array.from({ length: Math.min(500, ACTIVITIES - i) }, (_, k) => benchActivity(i + k, start)));
  }
  const seedSeconds = +((performance.now() - started) / 1000).toFixed(1);

  const headers = { authorization: `Bearer ${await signIn('manager@demo.example')}` };
  const durations: number[] = [];
  let read = Number.NaN;
  let total = 0;
  for (let round = -5; round < ROUNDS; round++) {
    const begin = performance.now();
    const res = await fetch(`${url}/api/activities/locations?offset=0&limit=20`, { headers });
    if (!res.ok) throw new Error(`activities bench: ${res.status}`);
    total = ((await res.json()) as { meta: { paging: { total: number } } }).meta.paging.total;
    if (round >= 0) durations.push(performance.now() - begin);
    read = Number(/read=([\d.]+)/.exec(res.headers.get('x-consumed-capacity') ?? '')?.[1] ?? Number.NaN);
  }
  durations.sort((a, b) => a - b);
  const rank = (p: number) => +durations[Math.min(durations.length - 1, Math.ceil((p / 100) * durations.length) - 1)]!.toFixed(2);
  return { activities: ACTIVITIES, seed_seconds: seedSeconds, first_page: { rounds: ROUNDS, median_ms: rank(50), p95_ms: rank(95), read_capacity_units: read, total } };
}
