/**
 * The internal chat at size (functions/lib/boardModule.ts `local.bench`): the chat list's first page
 * for an agent in 1,000 rooms (p95 and the read capacity one page costs), seeded through the board's
 * store; a message in a group reaching 50 members' open consoles (median and p95 from the POST to
 * every stream, and the DynamoDB reads the streams made per delivered copy, from their heartbeats
 * as bench/realtime.ts counts them: the window with the messages, less an idle window as long);
 * and the unread and mention counts' property (tests/countsProperty.ts) over many more sequences
 * than `npm test` runs.
 */
import pLimit from 'p-limit';
import { decodeTime } from 'ulid';
import { agentRef, type AgentRecord } from '../lib/agents.js';
import { capacityOf } from '../../bench/service.js';
import { openConsole, type Console } from '../../bench/realtime.js';
import { accessFlags, createAgent } from '../../test/support/ownStore.js';
import { createRoom, newGroupId, type ChatroomRecord } from './records.js';
import { checkCounts } from './tests/countsProperty.js';

const COMPANY = 'cmp_demo';
const LOCATION = 'loc_demo_north';
const ROOMS = Number(process.env.BENCH_CHAT_ROOMS ?? 1_000);
const LISTENERS = Number(process.env.BENCH_CHAT_LISTENERS ?? 50);
const MESSAGES = Number(process.env.BENCH_CHAT_MESSAGES ?? 30);
const ROUNDS = Number(process.env.BENCH_CHAT_ROUNDS ?? 100);
const PROPERTY_RUNS = Number(process.env.BENCH_CHAT_PROPERTY_RUNS ?? 500);

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
const round = (n: number) => +n.toFixed(2);
function stats(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.max(0, Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1))] ?? Number.NaN;
  return { median_ms: round(at(50)), p95_ms: round(at(95)), max_ms: round(sorted.at(-1) ?? Number.NaN) };
}
async function until(check: () => boolean, ms: number, what: string): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`chat bench: ${what} within ${ms / 1000} s`);
    await sleep(5);
  }
}

/** Agents of the bench at North who use the chat (test/support/ownStore.ts writes them as the demo's). */
async function benchAgents(count: number): Promise<AgentRecord[]> {
  const tag = Date.now().toString(36);
  const north = { companyId: COMPANY, locationId: LOCATION, otherLocationId: LOCATION, name: 'Demo Motors North', number: '' };
  const limit = pLimit(4);
  return Promise.all(Array.from({ length: count }, (_, i) => limit(() => createAgent(north, `agt_chatbench_${tag}_${i}`, `Chatter${i}`, 'Bench', { access_level: accessFlags('chat') }))));
}

function room(owner: AgentRecord, members: AgentRecord[], at: string, name: string): ChatroomRecord {
  return {
    id: newGroupId(),
    company_id: COMPANY,
    location_id: LOCATION,
    direct: false,
    name,
    description: 'Bench',
    owner_id: owner.id,
    participants: [owner, ...members].map(agentRef),
    bumped_at: null,
    message_count: 0,
    created_at: at,
    updated_at: at,
    version: 1,
  };
}

/** What the consoles' streams read between two fresh heartbeats around `work` (the heartbeats carry each stream's running total). */
async function streamReads(consoles: Console[], work: () => Promise<void>): Promise<{ read_capacity_units: number; dynamodb_calls: number; seconds: number }> {
  const fresh = async () => {
    const seen = consoles.map((c) => c.beats);
    await until(() => consoles.every((c, i) => c.beats > seen[i]!), 30_000, 'a heartbeat');
  };
  await fresh();
  const before = consoles.map((c) => ({ ...c.beat }));
  const started = Date.now();
  await work();
  await fresh();
  const sum = (field: 'read_capacity_units' | 'dynamodb_calls') => consoles.reduce((total, c, i) => total + (Number(c.beat?.[field] ?? 0) - Number(before[i]?.[field] ?? 0)), 0);
  return { read_capacity_units: round(sum('read_capacity_units')), dynamodb_calls: sum('dynamodb_calls'), seconds: round((Date.now() - started) / 1000) };
}

export async function benchBoard(url: string, signIn: (email: string) => Promise<string>) {
  const agents = await benchAgents(LISTENERS + 1);
  const [sender, ...listeners] = agents as [AgentRecord, ...AgentRecord[]];
  const senderAuth = { authorization: `Bearer ${await signIn(sender.email)}`, 'content-type': 'application/json' };

  // 1. The list's first page among 1,000 rooms (the sender with one listener each, activity spread over a month).
  const seedStarted = performance.now();
  const limit = pLimit(16);
  const now = Date.now();
  await Promise.all(
    Array.from({ length: ROOMS }, (_, i) => limit(() => createRoom(room(sender, [listeners[i % listeners.length]!], new Date(now - i * 2_600_000).toISOString(), `Bench room ${i}`)))),
  );
  const seedSeconds = round((performance.now() - seedStarted) / 1000);
  const pageTimes: number[] = [];
  let capacity = { read: Number.NaN, calls: Number.NaN };
  let rows = 0;
  let total = 0;
  for (let i = 0; i < ROUNDS; i++) {
    const started = performance.now();
    const res = await fetch(`${url}/api/chatrooms?offset=0&limit=50`, { headers: senderAuth });
    const body = (await res.json()) as { chatrooms: unknown[]; meta: { paging: { total: number } } };
    pageTimes.push(performance.now() - started);
    capacity = capacityOf(res);
    rows = body.chatrooms.length;
    total = body.meta.paging.total;
  }

  // 2. A group of the sender and 50 listeners, each listener's console open.
  const group = room(sender, listeners, new Date().toISOString(), 'Bench group');
  await createRoom(group);
  const abort = new AbortController();
  try {
    const tokens = await Promise.all(listeners.map((a) => limit(() => signIn(a.email))));
    const consoles: Console[] = [];
    for (const token of tokens) consoles.push(await openConsole(url, { authorization: `Bearer ${token}` }, abort.signal));
    await until(() => consoles.every((c) => c.beat !== undefined), 30_000, 'every stream to beat');
    await sleep(1_000);
    const idle = await streamReads(consoles, () => sleep(MESSAGES * 400));
    const sends: { id: string; startedAt: number }[] = [];
    const busy = await streamReads(consoles, async () => {
      for (let i = 0; i < MESSAGES; i++) {
        const startedAt = Date.now();
        const res = await fetch(`${url}/api/chatrooms/${group.id}/messages`, { method: 'POST', headers: senderAuth, body: JSON.stringify({ message: { text: `Loaner ${i} is back` } }) });
        const body = (await res.json()) as { message?: { id: string } };
        if (res.status !== 201 || !body.message) throw new Error(`chat send: ${res.status}`);
        const id = body.message.id;
        sends.push({ id, startedAt });
        await until(() => consoles.every((c) => c.arrivals.has(id)), 20_000, `every member's stream to get message ${i}`);
        await sleep(100 + Math.random() * 300);
      }
    });
    const toStreams = sends.flatMap((s) => consoles.map((c) => c.arrivals.get(s.id)!.at - s.startedAt));
    const toEveryStream = sends.map((s) => Math.max(...consoles.map((c) => c.arrivals.get(s.id)!.at)) - s.startedAt);
    const afterWrite = sends.flatMap((s) => consoles.flatMap((c) => {
      const arrival = c.arrivals.get(s.id)!;
      return arrival.eventId ? [arrival.at - decodeTime(arrival.eventId)] : [];
    }));
    const copies = sends.length * consoles.length;
    const idleShare = idle.seconds > 0 ? busy.seconds / idle.seconds : 0;

    // 3. The counts' property, at length.
    const propertyStarted = performance.now();
    await checkCounts(`cmp_chatbench_${Date.now().toString(36)}`, PROPERTY_RUNS);
    const propertySeconds = round((performance.now() - propertyStarted) / 1000);

    return {
      chat_list_first_page: {
        name: `GET /api/chatrooms first page (50) of an agent in ${ROOMS} rooms`,
        rooms: ROOMS,
        seed_seconds: seedSeconds,
        rounds: ROUNDS,
        ...stats(pageTimes),
        read_capacity_units: capacity.read,
        dynamodb_calls: capacity.calls,
        rows,
        total,
      },
      group_message_to_streams: {
        name: `POST /api/chatrooms/{id}/messages → message.created on each of ${consoles.length} members' open streams`,
        members_listening: consoles.length,
        messages: sends.length,
        per_stream: stats(toStreams),
        to_every_stream: stats(toEveryStream),
        written_to_received: stats(afterWrite),
        goal_p95_ms: 300,
      },
      reads_per_delivered_copy: {
        name: 'DynamoDB reads the members\' streams made per delivered copy (heartbeat totals, as bench/realtime.ts)',
        copies,
        window_seconds: busy.seconds,
        stream_read_capacity_units: busy.read_capacity_units,
        stream_dynamodb_calls: busy.dynamodb_calls,
        idle_window: idle,
        read_capacity_units_per_copy: round(busy.read_capacity_units / copies),
        dynamodb_calls_per_copy: round(busy.dynamodb_calls / copies),
        net_dynamodb_calls_per_copy: round((busy.dynamodb_calls - idle.dynamodb_calls * idleShare) / copies),
        goal: 'well under one read per copy',
      },
      counts_property: { runs: PROPERTY_RUNS, seconds: propertySeconds, result: 'every count equalled its recount' },
    };
  } finally {
    abort.abort();
  }
}
