/**
 * Live updates (issues 12 and 20): how fast a text reaches a second agent's open console, what the
 * event stream adds after the event is written, what an idle console reads, and, with 50 and 200
 * consoles on one shared channel, the latency at every console and the DynamoDB reads per delivered
 * copy. The "before" figures are measured in the same run: the idle reads with the broker stopped
 * (the streams then poll every second, as before push wake-ups), the shared channel with signals
 * that carry ids only (SIGNALS_CARRY_MAX_BYTES=0: every stream reads the log on each wake-up, as
 * before the signal carried its event). The stack runs in this process, so the switch reaches
 * `publish`.
 */
import { decodeTime } from 'ulid';
import type { StackFaults } from '../infra/local/stack.js';
import { openEventStream } from './service.js';

const TEXTS = Number(process.env.BENCH_REALTIME_TEXTS ?? 40);
const STREAMS = Number(process.env.BENCH_REALTIME_STREAMS ?? 200);
/** The crowds on one shared channel: every open console hears every text. */
const CROWDS = (process.env.BENCH_REALTIME_CROWDS ?? `50,${STREAMS}`).split(',').map(Number).filter((n) => n > 0);
const IDLE_MS = Number(process.env.BENCH_REALTIME_IDLE_MS ?? 60_000);
const POLLING_MS = Number(process.env.BENCH_REALTIME_POLLING_MS ?? 30_000);

function percentile(sorted: number[], p: number): number {
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)] ?? Number.NaN;
}
const round = (n: number) => +n.toFixed(2);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const stats = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return { median_ms: round(percentile(sorted, 50)), p95_ms: round(percentile(sorted, 95)), max_ms: round(sorted.at(-1) ?? Number.NaN) };
};

interface Heartbeat {
  wake?: string;
  read_capacity_units?: number;
  dynamodb_calls?: number;
}

/** One open console: its stream's frames as they arrive (wall-clock ms), and its latest heartbeat. */
export interface Console {
  arrivals: Map<string, { at: number; eventId: string | undefined }>;
  beat: Heartbeat | undefined;
  beats: number;
  /** Event frames delivered so far (every type), and as of the latest heartbeat. */
  frames: number;
  framesAtBeat: number;
}

export async function openConsole(url: string, auth: Record<string, string>, signal: AbortSignal, onArrival?: () => void): Promise<Console> {
  const res = await fetch(`${url}/api/notifications/tickets`, { method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body: '{}' });
  if (res.status !== 201) throw new Error(`ticket: ${res.status}`);
  const { ticket } = (await res.json()) as { ticket: string };
  const console_: Console = { arrivals: new Map(), beat: undefined, beats: 0, frames: 0, framesAtBeat: 0 };
  await openEventStream(
    url,
    ticket,
    (type, data, eventId) => {
      if (type === 'heartbeat') {
        console_.beat = data as Heartbeat;
        console_.beats += 1;
        console_.framesAtBeat = console_.frames;
        return;
      }
      if (type === 'ready') return;
      console_.frames += 1;
      if (type !== 'message.created') return;
      const id = (data as { message?: { id?: string } }).message?.id;
      if (!id) return;
      console_.arrivals.set(id, { at: Date.now(), eventId });
      onArrival?.();
    },
    signal,
  );
  return console_;
}

async function until(check: () => boolean, ms: number, what: string): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`bench: ${what} within ${ms / 1000} s`);
    await sleep(5);
  }
}

/**
 * The advisor texts `TEXTS` orders at random gaps; answers, per text, when the POST started and
 * the message id, once every console has it.
 */
async function sendTexts(url: string, advisor: Record<string, string>, orders: string[], consoles: Console[], label: string) {
  const sends: { id: string; startedAt: number; postMs: number }[] = [];
  for (let i = 0; i < TEXTS; i++) {
    const startedAt = Date.now();
    const res = await fetch(`${url}/api/repair_orders/${orders[i % orders.length]}/messages`, {
      method: 'POST',
      headers: { ...advisor, 'content-type': 'application/json', 'idempotency-key': `bench-rt-${label}-${Date.now()}-${i}` },
      body: JSON.stringify({ message: { text: `Bench ${label} ${i}: your car is almost ready.`, confirm_quiet_hours: true } }),
    });
    const body = (await res.json()) as { message?: { id: string } };
    if (res.status !== 201 || !body.message) throw new Error(`send failed: ${res.status} ${JSON.stringify(body)}`);
    const id = body.message.id;
    sends.push({ id, startedAt, postMs: Date.now() - startedAt });
    await until(() => consoles.every((c) => c.arrivals.has(id)), 20_000, `every console to get text ${i}`);
    // Random gaps, so the texts fall on every phase of the streams' timers.
    await sleep(50 + Math.random() * 450);
  }
  return sends;
}

function latencies(sends: { id: string; startedAt: number }[], consoles: Console[]) {
  const toScreen: number[] = [];
  const afterWrite: number[] = [];
  for (const send of sends) {
    for (const c of consoles) {
      const arrival = c.arrivals.get(send.id)!;
      toScreen.push(arrival.at - send.startedAt);
      // The event id is a ULID made as the event is written: its time is the write's (same clock here).
      if (arrival.eventId) afterWrite.push(arrival.at - decodeTime(arrival.eventId));
    }
  }
  return { toScreen, afterWrite };
}

/** Reads a console's stream made per minute between two of its heartbeats `ms` apart. */
async function readsPerMinute(consoles: Console[], ms: number): Promise<{ read_capacity_units: number; dynamodb_calls: number }[]> {
  // Start on a fresh heartbeat so the window holds whole heartbeat periods.
  const startBeats = consoles.map((c) => c.beats);
  await until(() => consoles.every((c, i) => c.beats > startBeats[i]!), 15_000, 'a heartbeat');
  const first = consoles.map((c) => ({ ...c.beat!, at: Date.now() }));
  await sleep(ms);
  const beatsNow = consoles.map((c) => c.beats);
  await until(() => consoles.every((c, i) => c.beats > beatsNow[i]!), 15_000, 'a heartbeat');
  return consoles.map((c, i) => {
    const minutes = (Date.now() - first[i]!.at) / 60_000;
    return {
      read_capacity_units: round(((c.beat!.read_capacity_units ?? 0) - (first[i]!.read_capacity_units ?? 0)) / minutes),
      dynamodb_calls: round(((c.beat!.dynamodb_calls ?? 0) - (first[i]!.dynamodb_calls ?? 0)) / minutes),
    };
  });
}

/** What every console's stream had read and delivered as of its latest heartbeat. */
function tally(consoles: Console[]): { read: number; calls: number; frames: number } {
  return consoles.reduce(
    (sum, c) => ({ read: sum.read + (c.beat?.read_capacity_units ?? 0), calls: sum.calls + (c.beat?.dynamodb_calls ?? 0), frames: sum.frames + c.framesAtBeat }),
    { read: 0, calls: 0, frames: 0 },
  );
}

async function freshHeartbeats(consoles: Console[]): Promise<void> {
  const beats = consoles.map((c) => c.beats);
  await until(() => consoles.every((c, i) => c.beats > beats[i]!), 15_000, 'a heartbeat at every console');
}

/**
 * A run of texts heard by every console (managers: the location's manager channel is shared), with
 * the signals carrying ids only or the events: latency at every console, and what the streams read
 * per event frame they delivered (between two heartbeats of each, which name its reads so far; the
 * safety-net and session checks in that window count too).
 */
async function sharedChannelRun(url: string, advisor: Record<string, string>, orders: string[], consoles: Console[], carry: 'ids' | 'events') {
  const saved = process.env.SIGNALS_CARRY_MAX_BYTES;
  if (carry === 'ids') process.env.SIGNALS_CARRY_MAX_BYTES = '0';
  else delete process.env.SIGNALS_CARRY_MAX_BYTES;
  try {
    await freshHeartbeats(consoles);
    const before = tally(consoles);
    const sends = await sendTexts(url, advisor, orders, consoles, `${consoles.length}-${carry}`);
    await freshHeartbeats(consoles);
    const after = tally(consoles);
    const { toScreen, afterWrite } = latencies(sends, consoles);
    const copies = after.frames - before.frames;
    return {
      signals_carry: carry,
      texts: sends.length,
      deliveries: toScreen.length,
      ...stats(toScreen),
      written_to_received: stats(afterWrite),
      post: stats(sends.map((s) => s.postMs)),
      event_frames_delivered: copies,
      dynamodb_calls_per_copy: round((after.calls - before.calls) / copies),
      read_capacity_units_per_copy: +((after.read - before.read) / copies).toFixed(3),
    };
  } finally {
    if (saved === undefined) delete process.env.SIGNALS_CARRY_MAX_BYTES;
    else process.env.SIGNALS_CARRY_MAX_BYTES = saved;
  }
}

/** `n` manager consoles open on the shared channel: before (ids only) and after (events carried). */
async function sharedChannel(url: string, manager: Record<string, string>, advisor: Record<string, string>, orders: string[], n: number) {
  const abort = new AbortController();
  try {
    const consoles: Console[] = [];
    for (let i = 0; i < n; i++) consoles.push(await openConsole(url, manager, abort.signal));
    await until(() => consoles.every((c) => c.beat?.wake === 'signal'), 60_000, `all ${n} streams to hear signals`);
    await sleep(1_000);
    const before = await sharedChannelRun(url, advisor, orders, consoles, 'ids');
    const after = await sharedChannelRun(url, advisor, orders, consoles, 'events');
    return { consoles: n, before, after };
  } finally {
    abort.abort();
  }
}

export async function benchRealtime(url: string, signIn: (email: string) => Promise<string>, orders: string[], faults: StackFaults) {
  const manager = { authorization: `Bearer ${await signIn('manager@demo.example')}` };
  const advisor = { authorization: `Bearer ${await signIn('advisor@demo.example')}` };
  const abort = new AbortController();
  try {
    // 1. One second agent's console: the manager's, on the location's manager channel.
    const one = await openConsole(url, manager, abort.signal);
    await until(() => one.beat?.wake === 'signal', 15_000, 'the stream to hear signals');
    const single = await sendTexts(url, advisor, orders, [one], 'one');
    const singleLatency = latencies(single, [one]);

    // 2. Idle consoles: what a manager's (5 channels) and an advisor's (3) stream read per minute.
    const idleAbort = new AbortController();
    const idle = [await openConsole(url, manager, idleAbort.signal), await openConsole(url, advisor, idleAbort.signal)];
    await until(() => idle.every((c) => c.beat?.wake === 'signal'), 15_000, 'the idle streams to hear signals');
    // The first minute holds the catch-up read of the switch to signals; start after it.
    await sleep(2_000);
    const pushed = await readsPerMinute(idle, IDLE_MS);
    await faults.stopBroker();
    await until(() => idle.every((c) => c.beat?.wake === 'poll'), 15_000, 'the idle streams to fall back to polling');
    const polled = await readsPerMinute(idle, POLLING_MS);
    await faults.startBroker();
    await until(() => idle.every((c) => c.beat?.wake === 'signal') && one.beat?.wake === 'signal', 30_000, 'the streams to hear signals again');
    idleAbort.abort();

    // 3. Crowds on one shared channel (the last one's "after" is the many-consoles figure).
    const crowds = [];
    for (const n of CROWDS) crowds.push(await sharedChannel(url, manager, advisor, orders, n));
    const largest = crowds.at(-1)!;

    const seconds = (values: number[]) => stats(values);
    return {
      send_to_screen: {
        name: 'send-to-screen: POST /api/repair_orders/{id}/messages → message.created at a second agent (SSE)',
        texts: single.length,
        ...seconds(singleLatency.toScreen),
        goal_p95_ms: 300,
        post: seconds(single.map((s) => s.postMs)),
      },
      written_to_received: {
        name: 'event written (its ULID time) → received by the open stream',
        ...seconds(singleLatency.afterWrite),
        goal_p95_ms: 50,
      },
      idle_reads_per_minute: {
        name: 'what an idle console reads per minute (DynamoDB read units and calls), after and before push wake-ups',
        goal: '≤ 6',
        manager_5_channels: { push: pushed[0], polling: polled[0] },
        advisor_3_channels: { push: pushed[1], polling: polled[1] },
      },
      many_streams: {
        name: `send-to-screen with ${largest.consoles} consoles open (each text measured at every console), signals carrying the event`,
        streams: largest.consoles,
        texts: largest.after.texts,
        deliveries: largest.after.deliveries,
        median_ms: largest.after.median_ms,
        p95_ms: largest.after.p95_ms,
        max_ms: largest.after.max_ms,
        goal_p95_ms: 250,
        written_to_received: largest.after.written_to_received,
      },
      shared_channel: {
        name: 'consoles on one shared channel, a run of texts: send-to-screen at every console, and the event streams\' DynamoDB reads per event frame delivered; before: signals carry ids only (each stream reads the log per wake-up), after: signals carry the event',
        goal: 'well under one read per delivered copy; p95 ≤ 250 ms with 200 consoles',
        crowds,
      },
    };
  } finally {
    abort.abort();
  }
}
