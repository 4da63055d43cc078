/**
 * The event stream loop against an in-memory log: polling while no signals arrive, reading only the
 * signalled channel while they do, the safety-net check of the heads, the switch back and forth, and
 * the session closing the stream.
 */
import { decodeTime, monotonicFactory } from 'ulid';
import { describe, expect, it } from 'vitest';
import { READ_OVERLAP_MS, RESUME_OVERLAP_MS, runStream, startingPoint, Wakeups, type StreamOptions, type Wake } from '../../functions/events/stream.js';
import { cursorAt, type ChannelEvent } from '../../functions/lib/realtime.js';

const CHANNELS = ['location:l', 'location:l:team:a', 'agent:me'];
const nextId = monotonicFactory();

/** A log of channel events, counting how the stream reads it. */
function fakeLog() {
  const events: ChannelEvent[] = [];
  const reads: string[] = [];
  const readDetails: { channel: string; after: string; consistent: boolean }[] = [];
  let headReads = 0;
  let sessionOpen = true;
  const heads = new Map<string, string>();
  return {
    events,
    reads,
    readDetails,
    get headReads() {
      return headReads;
    },
    endSession: () => {
      sessionOpen = false;
    },
    /** Writes an event (and its head) the way publish does; answers it. */
    write(channel: string, id = nextId()): ChannelEvent {
      const event = { id, channel, type: 'settings_updated', data: { n: events.length }, created_at: '' };
      events.push(event);
      heads.set(channel, id);
      return event;
    },
    /** Writes an event the way publish does and answers its signal: the event and the head it replaced. */
    publish(channel: string, id = nextId()): Extract<Wake, { kind: 'channel' }> & { id: string; event: ChannelEvent } {
      const prev = heads.get(channel);
      const event = { id, channel, type: 'settings_updated', data: { n: events.length }, created_at: new Date().toISOString() };
      events.push(event);
      heads.set(channel, id);
      return { kind: 'channel', channel, id, prev, event };
    },
    source: {
      channels: CHANNELS,
      read: async (channel: string, after: string, consistent: boolean) => {
        reads.push(channel);
        readDetails.push({ channel, after, consistent });
        return events.filter((e) => e.channel === channel && e.id > after).sort((a, b) => (a.id < b.id ? -1 : 1));
      },
      heads: async () => {
        headReads += 1;
        return new Map(heads);
      },
      stillOpen: async () => sessionOpen,
    },
  };
}

/** A response stream that records frames; `end()` is the browser going away. */
function recorder() {
  const frames: { type: string; id?: string; data: Record<string, unknown> }[] = [];
  const out = {
    writableEnded: false,
    destroyed: false,
    chunks: 0,
    write(chunk: string) {
      out.chunks += 1;
      // A write may hold several frames (the stream writes a turn's events at once).
      for (const frame of chunk.split('\n\n').filter((f) => f !== '')) {
        const type = /^event: (.*)$/m.exec(frame)?.[1] ?? '';
        const id = /^id: (.*)$/m.exec(frame)?.[1];
        frames.push({ type, id, data: JSON.parse(/^data: (.*)$/m.exec(frame)?.[1] ?? 'null') as Record<string, unknown> });
      }
      return true;
    },
  };
  return { out, frames, events: () => frames.filter((f) => f.type !== 'heartbeat'), beats: () => frames.filter((f) => f.type === 'heartbeat') };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const until = async (check: () => boolean, ms = 2000) => {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await sleep(5);
  }
};

const FAST: StreamOptions = { pollMs: 30, safetyCheckMs: 250, heartbeatMs: 10_000, sessionCheckMs: 10_000, sessionCheckSignalledMs: 10_000, maxMs: 10_000 };

function start(log: ReturnType<typeof fakeLog>, options: StreamOptions = {}) {
  const rec = recorder();
  const wakeups = options.wakeups ?? new Wakeups();
  const running = runStream(rec.out, log.source, cursorAt(Date.now() - 1), { ...FAST, ...options, wakeups });
  const stop = async () => {
    rec.out.destroyed = true;
    wakeups.push({ kind: 'closed' });
    await running;
  };
  return { ...rec, wakeups, running, stop };
}

describe('the event stream without signals', () => {
  it('reads every channel at each poll and delivers new events in id order, with its channel', async () => {
    const log = fakeLog();
    const s = start(log);
    await until(() => log.reads.length >= 6);
    const a = log.write('location:l:team:a');
    const b = log.write('agent:me');
    await until(() => s.events().length === 2);
    await s.stop();
    expect(s.events().map((f) => f.id)).toEqual([a.id, b.id]);
    expect(s.events()[0]!.data).toMatchObject({ channel: 'location:l:team:a' });
    for (const channel of CHANNELS) expect(log.reads.filter((c) => c === channel).length).toBeGreaterThanOrEqual(2);
    expect(s.beats()[0]!.data.wake).toBe('poll');
    expect(log.headReads).toBe(0);
  });
});

describe('the event stream with signals', () => {
  it('reads nothing while idle but the heads now and then', async () => {
    const log = fakeLog();
    const s = start(log, { safetyCheckMs: 150 });
    s.wakeups.push({ kind: 'signals', up: true });
    // The switch to signals reads every channel once (what was signalled before the subscription).
    await until(() => log.reads.length >= 3);
    await sleep(40);
    const readsWhenIdle = log.reads.length;
    await sleep(400);
    expect(log.reads.length).toBe(readsWhenIdle);
    expect(log.headReads).toBeGreaterThanOrEqual(2);
    expect(log.headReads).toBeLessThanOrEqual(4);
    await s.stop();
  });

  it('reads only the signalled channel on a signal, consistently, and once', async () => {
    const log = fakeLog();
    // No safety check during the test: a check that came between the write and its signal would
    // rightly read the channel whole (not consistently), and a loaded machine makes that happen.
    const s = start(log, { safetyCheckMs: 60_000 });
    s.wakeups.push({ kind: 'signals', up: true });
    await until(() => log.reads.length >= 3);
    await sleep(40);
    const readsWhenIdle = log.reads.length;

    const event = log.write('location:l:team:a');
    s.wakeups.push({ kind: 'channel', channel: 'location:l:team:a', id: event.id });
    await until(() => s.events().length === 1);
    expect(log.reads.slice(readsWhenIdle)).toEqual(['location:l:team:a']);
    // Read consistently (the event was written a moment ago), from no later than the event.
    expect(log.readDetails.at(-1)).toMatchObject({ channel: 'location:l:team:a', consistent: true });
    expect(log.readDetails.at(-1)!.after < event.id).toBe(true);
    // A repeated signal for an event already delivered reads nothing.
    s.wakeups.push({ kind: 'channel', channel: 'location:l:team:a', id: event.id });
    // A signal for a channel the ticket does not allow is ignored.
    s.wakeups.push({ kind: 'channel', channel: 'location:other:team:b' });
    await sleep(60);
    expect(log.reads.slice(readsWhenIdle)).toEqual(['location:l:team:a']);
    expect(log.headReads).toBe(0);
    await s.stop();
    expect(s.beats().at(-1)!.data.wake).toBe('signal');
  });

  it('sends an event whose signal was lost with the next one signalled on its channel', async () => {
    const log = fakeLog();
    const s = start(log, { safetyCheckMs: 60_000 });
    s.wakeups.push({ kind: 'signals', up: true });
    await until(() => log.reads.length >= 3);
    const first = log.write('agent:me');
    s.wakeups.push({ kind: 'channel', channel: 'agent:me', id: first.id });
    await until(() => s.events().length === 1);
    const lost = log.write('agent:me');
    await sleep(5);
    const next = log.write('agent:me');
    s.wakeups.push({ kind: 'channel', channel: 'agent:me', id: next.id });
    await until(() => s.events().length === 3);
    await s.stop();
    expect(s.events().map((f) => f.id)).toEqual([first.id, lost.id, next.id]);
    // Read after the last event delivered, not over the whole overlap.
    expect(log.readDetails.at(-1)).toEqual({ channel: 'agent:me', after: first.id, consistent: true });
  });

  it('finds an event whose signal was lost at the next check of the heads', async () => {
    const log = fakeLog();
    const s = start(log, { safetyCheckMs: 200 });
    s.wakeups.push({ kind: 'signals', up: true });
    await until(() => log.reads.length >= 3);
    const lost = log.write('agent:me');
    const writtenAt = Date.now();
    await until(() => s.events().length === 1, 1000);
    expect(s.events()[0]!.id).toBe(lost.id);
    expect(Date.now() - writtenAt).toBeLessThan(400);
    // The safety net reads back over the overlap, not from an id it never heard of.
    const read = log.readDetails.at(-1)!;
    expect(read.consistent).toBe(false);
    expect(decodeTime(lost.id) - decodeTime(read.after)).toBeGreaterThanOrEqual(0);
    // Once delivered, the same head does not make the stream read again.
    const reads = log.reads.length;
    await sleep(450);
    expect(log.reads.length).toBe(reads);
    await s.stop();
  });

  it('polls when signals go away, says so at once, and goes back to signals with a catch-up read', async () => {
    const log = fakeLog();
    const s = start(log, { safetyCheckMs: 5_000 });
    s.wakeups.push({ kind: 'signals', up: true });
    await until(() => s.beats().at(-1)?.data.wake === 'signal');
    s.wakeups.push({ kind: 'signals', up: false });
    await until(() => s.beats().at(-1)?.data.wake === 'poll');
    const duringOutage = log.write('location:l');
    await until(() => s.events().length === 1, 500);
    // While the signals are away, an event written unsignalled just before they come back is read at once.
    const readsBefore = log.reads.length;
    const meanwhile = log.write('location:l:team:a');
    s.wakeups.push({ kind: 'signals', up: true });
    await until(() => s.events().length === 2, 500);
    expect(s.events().map((f) => f.id)).toEqual([duringOutage.id, meanwhile.id]);
    expect(s.beats().at(-1)!.data.wake).toBe('signal');
    await sleep(150);
    // Back on signals: no more polling (the catch-up read only).
    const after = log.reads.length;
    await sleep(200);
    expect(log.reads.length).toBe(after);
    expect(after - readsBefore).toBeLessThanOrEqual(CHANNELS.length * 2);
    await s.stop();
  });

  it('delivers an event whose write landed after a later one, once', async () => {
    const log = fakeLog();
    const s = start(log);
    s.wakeups.push({ kind: 'signals', up: true });
    await until(() => log.reads.length >= 3);
    const earlyId = nextId();
    const later = log.write('location:l');
    s.wakeups.push({ kind: 'channel', channel: 'location:l', id: later.id });
    await until(() => s.events().length === 1);
    // The slower write becomes readable now, with the lower id.
    const early = log.write('location:l', earlyId);
    s.wakeups.push({ kind: 'channel', channel: 'location:l', id: early.id });
    await until(() => s.events().length === 2);
    s.wakeups.push({ kind: 'channel', channel: 'location:l' });
    await sleep(60);
    await s.stop();
    expect(s.events().map((f) => f.id)).toEqual([later.id, early.id]);
    expect(decodeTime(later.id) - decodeTime(early.id)).toBeLessThan(READ_OVERLAP_MS);
  });

  it('checks the session at once when its signal comes, and closes when it has ended', async () => {
    const log = fakeLog();
    const s = start(log, { sessionCheckSignalledMs: 60_000 });
    s.wakeups.push({ kind: 'signals', up: true });
    await until(() => s.beats().length > 0);
    log.endSession();
    const endedAt = Date.now();
    s.wakeups.push({ kind: 'session' });
    await s.running;
    expect(Date.now() - endedAt).toBeLessThan(200);
  });

  it('ends at once when the browser goes away', async () => {
    const log = fakeLog();
    const s = start(log, { pollMs: 60_000 });
    await until(() => s.beats().length > 0);
    const at = Date.now();
    s.wakeups.push({ kind: 'closed' });
    await s.running;
    expect(Date.now() - at).toBeLessThan(100);
  });
});

describe('the event stream with signals that carry the event', () => {
  /** A stream on signals, past its catch-up read; answers it and the reads made so far. */
  async function onSignals(log: ReturnType<typeof fakeLog>, options: StreamOptions = {}) {
    const s = start(log, { safetyCheckMs: 60_000, ...options });
    s.wakeups.push({ kind: 'signals', up: true });
    await until(() => log.reads.length >= CHANNELS.length);
    await sleep(20);
    return s;
  }

  it('delivers a carried event without reading the log, as a read would, and a repeat not at all', async () => {
    const log = fakeLog();
    const s = await onSignals(log);
    const readsBefore = log.reads.length;
    const first = log.publish('location:l');
    expect(first.prev).toBeUndefined();
    s.wakeups.push(first);
    const second = log.publish('location:l');
    expect(second.prev).toBe(first.id);
    s.wakeups.push(second);
    await until(() => s.events().length === 2);
    s.wakeups.push(second);
    s.wakeups.push(first);
    await sleep(60);
    await s.stop();
    expect(log.reads.length).toBe(readsBefore);
    expect(s.events().map((f) => f.id)).toEqual([first.id, second.id]);
    expect(s.events()[1]!.data).toEqual({ channel: 'location:l', n: 1 });
    expect(s.events()[1]!.type).toBe('settings_updated');
  });

  it('delivers a carried event whose id sorts below one already delivered (a slower writer), once, without a read', async () => {
    const log = fakeLog();
    const s = await onSignals(log);
    const readsBefore = log.reads.length;
    const slowId = nextId();
    const fast = log.publish('location:l');
    s.wakeups.push(fast);
    await until(() => s.events().length === 1);
    // The slower writer's head lands after the faster one's: its signal names the faster one as before it.
    const slow = log.publish('location:l', slowId);
    expect(slow.prev).toBe(fast.id);
    s.wakeups.push(slow);
    await until(() => s.events().length === 2);
    s.wakeups.push(slow);
    await sleep(60);
    await s.stop();
    expect(s.events().map((f) => f.id)).toEqual([fast.id, slow.id]);
    expect(slow.id < fast.id).toBe(true);
    expect(log.reads.length).toBe(readsBefore);
  });

  it('reads the log when the signal before a carried one was lost, and delivers both, in order, once', async () => {
    const log = fakeLog();
    const s = await onSignals(log);
    const a = log.publish('agent:me');
    s.wakeups.push(a);
    await until(() => s.events().length === 1);
    const readsBefore = log.reads.length;
    const lost = log.publish('agent:me');
    await sleep(5);
    const c = log.publish('agent:me');
    expect(c.prev).toBe(lost.id);
    s.wakeups.push(c);
    await until(() => s.events().length === 3);
    // The lost signal turns up late after all: nothing twice.
    s.wakeups.push(lost);
    await sleep(60);
    await s.stop();
    expect(s.events().map((f) => f.id)).toEqual([a.id, lost.id, c.id]);
    expect(log.readDetails.slice(readsBefore)).toEqual([{ channel: 'agent:me', after: a.id, consistent: true }]);
  });

  it('delivers carried events that arrive out of head order in one turn without a read', async () => {
    const log = fakeLog();
    const s = await onSignals(log);
    const readsBefore = log.reads.length;
    const b = log.publish('location:l:team:a');
    const c = log.publish('location:l:team:a');
    const chunksBefore = s.out.chunks;
    // Both wait in the queue before the stream takes them, the later one first.
    s.wakeups.push(c);
    s.wakeups.push(b);
    await until(() => s.events().length === 2);
    await s.stop();
    expect(s.events().map((f) => f.id)).toEqual([b.id, c.id]);
    // Written at once: one write per turn, however many events it delivers.
    expect(s.out.chunks - chunksBefore).toBe(1);
    expect(log.reads.length).toBe(readsBefore);
  });

  it('finds an event whose signal was lost and that nothing followed, with the heads, then carries on without reads', async () => {
    const log = fakeLog();
    const s = await onSignals(log, { safetyCheckMs: 200 });
    const lost = log.publish('location:l');
    await until(() => s.events().length === 1, 1000);
    const readsBefore = log.reads.length;
    const next = log.publish('location:l');
    s.wakeups.push(next);
    await until(() => s.events().length === 2);
    await sleep(450);
    await s.stop();
    expect(s.events().map((f) => f.id)).toEqual([lost.id, next.id]);
    // Its head is delivered, so the checks read no channel again.
    expect(log.reads.length).toBe(readsBefore);
  });

  it('over a broker restart: polls meanwhile, catches up once, then carries again; nothing lost or twice', async () => {
    const log = fakeLog();
    const s = await onSignals(log, { safetyCheckMs: 5_000 });
    const before = log.publish('location:l');
    s.wakeups.push(before);
    await until(() => s.events().length === 1);
    s.wakeups.push({ kind: 'signals', up: false });
    // Published while the broker is away: no signal reaches the stream, the poll finds it.
    const during = log.publish('location:l');
    await until(() => s.events().length === 2, 500);
    // Published as the broker comes back, its signal arriving before the stream hears it is back.
    const racing = log.publish('location:l');
    s.wakeups.push(racing);
    s.wakeups.push({ kind: 'signals', up: true });
    await until(() => s.events().length === 3, 500);
    await sleep(50);
    const readsBefore = log.reads.length;
    const after = log.publish('location:l');
    s.wakeups.push(after);
    await until(() => s.events().length === 4);
    await sleep(40);
    await s.stop();
    expect(s.events().map((f) => f.id)).toEqual([before.id, during.id, racing.id, after.id]);
    expect(log.reads.length).toBe(readsBefore);
  });

  it('reads the log for a carried event it cannot trust: another channel, older than the read window, or its predecessor unknown', async () => {
    const log = fakeLog();
    const s = await onSignals(log);
    const first = log.publish('location:l');
    s.wakeups.push(first);
    await until(() => s.events().length === 1);

    let readsBefore = log.reads.length;
    const mislabelled = log.publish('location:l');
    s.wakeups.push({ ...mislabelled, event: { ...mislabelled.event, channel: 'agent:me' } });
    await until(() => s.events().length === 2);
    expect(log.reads.slice(readsBefore)).toEqual(['location:l']);
    expect(s.events()[1]!.data.channel).toBe('location:l');

    // An event more than READ_OVERLAP_MS older than the newest delivered: `delivered` may have
    // forgotten it, so only the log (read from it) decides; the stream delivers it once.
    readsBefore = log.reads.length;
    const old = log.publish('location:l', monotonicFactory()(Date.now() - READ_OVERLAP_MS - 1_000));
    s.wakeups.push(old);
    await until(() => log.reads.length > readsBefore);
    await sleep(30);
    expect(log.reads.slice(readsBefore)).toEqual(['location:l']);

    // A predecessor that is not an event id is not trusted either (decodeSignal already drops the
    // event of such a signal; the stream does not rely on that).
    readsBefore = log.reads.length;
    const orphan = log.publish('location:l');
    s.wakeups.push({ ...orphan, prev: 'not-an-id' });
    await until(() => s.events().some((f) => f.id === orphan.id));
    expect(log.reads.slice(readsBefore)).toEqual(['location:l']);
    await s.stop();
    const ids = s.events().map((f) => f.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('resumes from a Last-Event-ID by reading the log, then delivers carried events', async () => {
    const log = fakeLog();
    const now = Date.now();
    const last = log.write('location:l', monotonicFactory()(now - 2_000));
    const missed = log.write('location:l', monotonicFactory()(now - 1_000));
    const rec = recorder();
    const wakeups = new Wakeups();
    const running = runStream(rec.out, log.source, last.id, { ...FAST, safetyCheckMs: 60_000, wakeups, resumed: true });
    wakeups.push({ kind: 'signals', up: true });
    await until(() => rec.events().some((f) => f.id === missed.id));
    await sleep(20);
    const readsBefore = log.reads.length;
    expect(readsBefore).toBeGreaterThanOrEqual(CHANNELS.length);
    const next = log.publish('location:l');
    expect(next.prev).toBe(missed.id);
    wakeups.push(next);
    await until(() => rec.events().some((f) => f.id === next.id));
    rec.out.destroyed = true;
    wakeups.push({ kind: 'closed' });
    await running;
    expect(log.reads.length).toBe(readsBefore);
    const ids = rec.events().map((f) => f.id);
    expect(ids.filter((id) => id === missed.id)).toHaveLength(1);
  });
});

describe('where a stream starts', () => {
  it('resumes a little before the Last-Event-ID and never before it when starting fresh', async () => {
    const now = Date.now();
    expect(startingPoint(undefined, now)).toEqual({ cursor: cursorAt(now), gap: false, resumed: false });
    const recent = monotonicFactory()(now - 60_000);
    expect(startingPoint(recent.toLowerCase(), now)).toEqual({ cursor: recent, gap: false, resumed: true });
    expect(startingPoint(monotonicFactory()(now - 10 * 60_000), now).gap).toBe(true);
    expect(startingPoint('not-an-id', now).gap).toBe(true);

    // A resumed stream delivers what another channel wrote shortly before the browser's last event, not older.
    const log = fakeLog();
    const tooOld = log.write('location:l', monotonicFactory()(now - RESUME_OVERLAP_MS - 2_000));
    const missed = log.write('agent:me', monotonicFactory()(now - RESUME_OVERLAP_MS + 5_000));
    const last = log.write('location:l', monotonicFactory()(now - 1_000));
    const rec = recorder();
    const wakeups = new Wakeups();
    const running = runStream(rec.out, log.source, last.id, { ...FAST, wakeups, resumed: true });
    await until(() => rec.events().length >= 2);
    rec.out.destroyed = true;
    wakeups.push({ kind: 'closed' });
    await running;
    const ids = rec.events().map((f) => f.id);
    expect(ids).toContain(missed.id);
    expect(ids).not.toContain(tooOld.id);
  });
});
