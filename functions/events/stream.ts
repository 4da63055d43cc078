/**
 * The event stream loop: deliver new channel events as SSE, keep the line warm, close with the
 * session. A wake-up signal carries its event and the id of the one written before it on the
 * channel: when that one has been delivered, the carried event is delivered as it is, without a
 * read; otherwise (a signal lost before it, an event too large to carry, anything doubtful) the
 * channel is read from the log, the truth. While signals flow, the stream also checks the
 * channels' heads now and then (a lost signal delays an event, never loses it); while they do
 * not, it reads every channel every second. Resuming (Last-Event-ID) always reads the log.
 */
import { decodeTime, isValid } from 'ulid';
import { cursorAt, type ChannelEvent } from '../lib/realtime.js';

/** How often every channel is read while no signals arrive (the broker is away or not configured). */
export const POLL_MS = 1000;
/** How often the channels' heads are checked while signals arrive: the safety net for a lost signal. */
export const SAFETY_CHECK_MS = 15_000;
export const HEARTBEAT_MS = 10_000;
/** Function URLs stream for at most 15 minutes; close first so the browser reconnects cleanly. */
export const MAX_STREAM_MS = 14 * 60_000;

/** How often an open stream asks whether its session still exists (one small read), while polling. */
export const SESSION_CHECK_MS = 5_000;
/** The same while signals arrive: the end of a session is itself signalled, this only backs it up. */
export const SESSION_CHECK_SIGNALLED_MS = 30_000;
/**
 * How far back a reconnecting browser may resume (Last-Event-ID). Longer gaps are not replayed:
 * the stream starts now and says `gap`, and the browser refetches its lists instead.
 */
export const RESUME_WINDOW_MS = 5 * 60_000;
/** A resume point this far ahead of the server's clock is still believed (clock skew). */
const FUTURE_SKEW_MS = 60_000;
/**
 * Each read of a channel goes back this far before the newest event it delivered, and delivers
 * what it has not: an event id is made before its write lands, so a slow write can become
 * readable after a later one that was already delivered.
 */
export const READ_OVERLAP_MS = 5_000;
/**
 * A resumed stream starts this far before the browser's Last-Event-ID: the browser's last event
 * may have come from one channel while another channel's earlier event waited for the safety-net
 * check. Longer than that check's interval; the browser merges repeats by id.
 */
export const RESUME_OVERLAP_MS = SAFETY_CHECK_MS + 5_000;
/** How often a stream forgets the delivered ids that no read can return again (keeping one longer only drops more repeats). */
const FORGET_EVERY_MS = 1_000;

export interface StreamSource {
  /** The channels the ticket allows. */
  readonly channels: readonly string[];
  /** A channel's events with ids after `after`, oldest first; `consistent` right after a signal. */
  read(channel: string, after: string, consistent: boolean): Promise<ChannelEvent[]>;
  /** The last event id written on each channel (those with none are left out). */
  heads(): Promise<Map<string, string>>;
  /** False once the session behind the stream has ended: the stream closes. */
  stillOpen?(): Promise<boolean>;
}

/** What wakes the loop before its next timer. */
export type Wake =
  /** A channel's signal: its event's id, the head before it, and the event when the signal carried it. */
  | { kind: 'channel'; channel: string; id?: string; prev?: string; event?: ChannelEvent }
  | { kind: 'session' }
  | { kind: 'signals'; up: boolean }
  | { kind: 'closed' };

/** Wake-ups from the signal listener and the response stream, taken by the loop in order. */
export class Wakeups {
  private pending: Wake[] = [];
  private notify: (() => void) | undefined;

  push(wake: Wake): void {
    this.pending.push(wake);
    this.notify?.();
  }

  take(): Wake[] {
    return this.pending.splice(0);
  }

  /** Resolves after `ms`, or at once when a wake-up arrives (or is already waiting). */
  wait(ms: number): Promise<void> {
    if (this.pending.length > 0) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.notify = undefined;
        resolve();
      };
      const timer = setTimeout(done, Math.max(0, ms));
      this.notify = done;
    });
  }
}

/**
 * Where a stream starts reading: the browser's Last-Event-ID when it is a ULID from the last few
 * minutes, else now. `gap` tells the browser that what it asked for was not replayed.
 */
export function startingPoint(lastEventId: string | undefined, now = Date.now()): { cursor: string; gap: boolean; resumed: boolean } {
  if (lastEventId === undefined || lastEventId === '') return { cursor: cursorAt(now), gap: false, resumed: false };
  const id = lastEventId.trim().toUpperCase();
  if (isValid(id)) {
    const at = decodeTime(id);
    if (at >= now - RESUME_WINDOW_MS && at <= now + FUTURE_SKEW_MS) return { cursor: id, gap: false, resumed: true };
  }
  return { cursor: cursorAt(now), gap: true, resumed: false };
}

export function sseFrame(event: { id?: string; type: string; data: unknown }): string {
  const lines = [`event: ${event.type}`];
  if (event.id) lines.push(`id: ${event.id}`);
  lines.push(`data: ${JSON.stringify(event.data)}`);
  return `${lines.join('\n')}\n\n`;
}

const timeOf = (id: string) => decodeTime(id);
/**
 * An interval give or take a fifth: streams that connected together (a broker back, a deploy) would
 * otherwise check the same heads items at the same moments, all of them at once.
 */
const spread = (ms: number) => ms * (0.8 + Math.random() * 0.4);

export interface StreamOptions {
  pollMs?: number;
  safetyCheckMs?: number;
  heartbeatMs?: number;
  maxMs?: number;
  sessionCheckMs?: number;
  sessionCheckSignalledMs?: number;
  /** Signals and the response stream's close; without it the stream polls as before signals existed. */
  wakeups?: Wakeups;
  /** The start is a browser's resume point (read a little before it). */
  resumed?: boolean;
  /** Extra heartbeat fields (the local stack adds the capacity the stream consumed). */
  heartbeatExtra?: () => Record<string, unknown>;
}

export async function runStream(
  out: { write(chunk: string): boolean; readonly writableEnded: boolean; readonly destroyed: boolean },
  source: StreamSource,
  start: string,
  options: StreamOptions = {},
): Promise<void> {
  const pollMs = options.pollMs ?? POLL_MS;
  const safetyMs = options.safetyCheckMs ?? SAFETY_CHECK_MS;
  const heartbeatMs = options.heartbeatMs ?? HEARTBEAT_MS;
  const sessionMs = options.sessionCheckMs ?? SESSION_CHECK_MS;
  const sessionSignalledMs = options.sessionCheckSignalledMs ?? SESSION_CHECK_SIGNALLED_MS;
  const deadline = Date.now() + (options.maxMs ?? MAX_STREAM_MS);
  const wakeups = options.wakeups ?? new Wakeups();
  const open = () => !out.writableEnded && !out.destroyed;

  // Nothing at or before the floor is delivered; a resume reaches back a little (RESUME_OVERLAP_MS).
  const floor = options.resumed ? cursorAt(timeOf(start) - RESUME_OVERLAP_MS) : start;
  const floorMs = timeOf(floor);
  /** Per channel: the newest id delivered (the floor until then), and its time. */
  const newest = new Map(source.channels.map((channel) => [channel, floor]));
  const newestAt = new Map(source.channels.map((channel) => [channel, floorMs]));
  /**
   * Ids delivered that a read of their channel may still return (within READ_OVERLAP_MS of that
   * channel's newest). An id belongs to one channel, so each is kept for its own channel's window
   * only: a channel that has heard nothing since the stream opened holds no other channel's ids.
   */
  const delivered = new Map<string, { at: number; channel: string }>();
  const readFrom = (channel: string) => Math.max(floorMs, (newestAt.get(channel) ?? floorMs) - READ_OVERLAP_MS);
  /** Forgetting what no read can return again is done now and then, not at every delivery. */
  let nextForget = 0;

  let signalled = false;
  /**
   * Channels to read, each from where: `null` reads back over READ_OVERLAP_MS (a poll, a catch-up,
   * a head not delivered); an id reads only what is new since the last delivery or that event,
   * whichever is older: a signal is sent after its event's write, so nothing older is pending.
   */
  let dirty = new Map<string, string | null>(source.channels.map((channel) => [channel, null]));
  const readWhole = (channel: string) => dirty.set(channel, null);
  const readFromSignal = (channel: string, id: string) => {
    const pending = dirty.get(channel);
    if (pending === null) return;
    dirty.set(channel, pending === undefined || id < pending ? id : pending);
  };
  /**
   * After the newest event delivered on the channel (an earlier event whose signal was lost is read
   * with this one), or from the signalled event's millisecond when it is older than that (a write
   * that landed late): the query's `sk >` then includes it.
   */
  const signalledReadStart = (channel: string, id: string) => {
    const fromSignal = cursorAt(Math.max(floorMs, timeOf(id)));
    const afterNewest = newest.get(channel) ?? floor;
    return fromSignal < afterNewest ? fromSignal : afterNewest;
  };
  const readEverything = () => {
    dirty = new Map(source.channels.map((channel) => [channel, null]));
  };
  let sessionNow = false;
  let lastBeat = 0;
  let beatNow = false;
  // The session was checked when the stream opened.
  let lastCheck = Date.now();
  let nextSweep = Date.now() + pollMs;

  /**
   * Carried events waiting for this turn's delivery. One is delivered as it came when the event
   * before it on its channel (`prev`) is accounted for: delivered, carried in the same turn, at or
   * before the floor, or older than the channel's read window (no read would return it either).
   * Otherwise a signal may have been lost in between, and the channel is read from the older of the
   * two; so is one older than the read window, whose repeat `delivered` may no longer know.
   */
  let carried: Wake[] = [];
  const settleCarried = (): ChannelEvent[] => {
    const ready = new Map<string, ChannelEvent>();
    let waiting = carried;
    carried = [];
    const accountedFor = (channel: string, prev: string | undefined) =>
      prev === undefined || (isValid(prev) && (prev <= floor || delivered.has(prev) || ready.has(prev) || timeOf(prev) < readFrom(channel)));
    for (let progress = true; progress; ) {
      progress = false;
      waiting = waiting.filter((wake) => {
        if (wake.kind !== 'channel' || !wake.event || !accountedFor(wake.channel, wake.prev)) return true;
        ready.set(wake.event.id, wake.event);
        progress = true;
        return false;
      });
    }
    for (const wake of waiting) {
      if (wake.kind !== 'channel' || !wake.id) continue;
      readFromSignal(wake.channel, wake.prev !== undefined && isValid(wake.prev) && wake.prev < wake.id && wake.prev > floor ? wake.prev : wake.id);
    }
    return [...ready.values()];
  };

  const deliver = (events: ChannelEvent[]) => {
    events.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    // One write per turn: a change heard on several channels arrives as several signals at once.
    let frames = '';
    for (const event of events) {
      if (delivered.has(event.id) || event.id <= floor) continue;
      frames += sseFrame({ id: event.id, type: event.type, data: { channel: event.channel, ...((event.data as object) ?? {}) } });
      const at = timeOf(event.id);
      delivered.set(event.id, { at, channel: event.channel });
      if (event.id > (newest.get(event.channel) ?? floor)) {
        newest.set(event.channel, event.id);
        newestAt.set(event.channel, at);
      }
    }
    if (frames !== '' && open()) out.write(frames);
    if (Date.now() >= nextForget) {
      for (const [id, { at, channel }] of delivered) if (at < readFrom(channel)) delivered.delete(id);
      nextForget = Date.now() + FORGET_EVERY_MS;
    }
  };

  while (open() && Date.now() < deadline) {
    for (const wake of wakeups.take()) {
      if (wake.kind === 'closed') return;
      if (wake.kind === 'session') sessionNow = true;
      else if (wake.kind === 'channel') {
        if (!newest.has(wake.channel) || (wake.id && delivered.has(wake.id))) continue;
        const event = wake.event;
        if (wake.id && isValid(wake.id) && event?.id === wake.id && event.channel === wake.channel && timeOf(wake.id) >= readFrom(wake.channel)) carried.push(wake);
        else if (wake.id && isValid(wake.id)) readFromSignal(wake.channel, wake.id);
        else readWhole(wake.channel);
      } else if (wake.kind === 'signals' && wake.up !== signalled) {
        signalled = wake.up;
        beatNow = true;
        // Back to signals: whatever was signalled while the connection was down was missed.
        if (signalled) readEverything();
        nextSweep = Date.now() + (signalled ? spread(safetyMs) : 0);
      }
    }
    if (!open()) return;

    const sessionEvery = signalled ? sessionSignalledMs : sessionMs;
    if (source.stillOpen && (sessionNow || Date.now() - lastCheck >= sessionEvery)) {
      if (!(await source.stillOpen())) return;
      lastCheck = Date.now();
      sessionNow = false;
    }
    if (beatNow || Date.now() - lastBeat >= heartbeatMs) {
      out.write(sseFrame({ type: 'heartbeat', data: { at: new Date().toISOString(), wake: signalled ? 'signal' : 'poll', ...options.heartbeatExtra?.() } }));
      lastBeat = Date.now();
      beatNow = false;
    }
    if (Date.now() >= nextSweep) {
      if (signalled) {
        const heads = await source.heads();
        for (const channel of source.channels) {
          const head = heads.get(channel);
          if (head && isValid(head) && timeOf(head) >= readFrom(channel) && head > floor && !delivered.has(head)) readWhole(channel);
        }
      } else {
        readEverything();
      }
      nextSweep = Date.now() + (signalled ? spread(safetyMs) : pollMs);
    }
    // Settled after the sweep, so a carried event whose predecessor is doubtful joins this turn's reads.
    const ready = carried.length > 0 ? settleCarried() : [];
    if (dirty.size > 0) {
      const reading = [...dirty];
      dirty = new Map();
      const lists = await Promise.all(
        reading.map(([channel, fromId]) =>
          fromId === null
            ? source.read(channel, cursorAt(readFrom(channel)), false)
            : source.read(channel, signalledReadStart(channel, fromId), true),
        ),
      );
      deliver([...lists.flat(), ...ready]);
    } else if (ready.length > 0) {
      deliver(ready);
    }
    const nextTimer = Math.min(nextSweep, lastBeat + heartbeatMs, lastCheck + sessionEvery, deadline);
    await wakeups.wait(nextTimer - Date.now());
  }
}
