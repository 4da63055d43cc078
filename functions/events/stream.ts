/** The event stream loop: read new channel events, write them as SSE, keep the line warm. */
import { decodeTime, isValid } from 'ulid';
import { cursorAt, type ChannelEvent } from '../lib/realtime.js';

export const POLL_MS = 1000;
export const HEARTBEAT_MS = 10_000;
/** Function URLs stream for at most 15 minutes; close first so the browser reconnects cleanly. */
export const MAX_STREAM_MS = 14 * 60_000;

/** How often an open stream asks whether its session still exists (one small read). */
export const SESSION_CHECK_MS = 5_000;
/**
 * How far back a reconnecting browser may resume (Last-Event-ID). Longer gaps are not replayed:
 * the stream starts now and says `gap`, and the browser refetches its lists instead.
 */
export const RESUME_WINDOW_MS = 5 * 60_000;
/** A resume point this far ahead of the server's clock is still believed (clock skew). */
const FUTURE_SKEW_MS = 60_000;

export interface StreamSource {
  read(cursor: string): Promise<ChannelEvent[]>;
  /** False once the session behind the stream has ended: the stream closes. */
  stillOpen?(): Promise<boolean>;
}

/**
 * Where a stream starts reading: the browser's Last-Event-ID when it is a ULID from the last few
 * minutes, else now. `gap` tells the browser that what it asked for was not replayed.
 */
export function startingPoint(lastEventId: string | undefined, now = Date.now()): { cursor: string; gap: boolean } {
  if (lastEventId === undefined || lastEventId === '') return { cursor: cursorAt(now), gap: false };
  const id = lastEventId.trim().toUpperCase();
  if (isValid(id)) {
    const at = decodeTime(id);
    if (at >= now - RESUME_WINDOW_MS && at <= now + FUTURE_SKEW_MS) return { cursor: id, gap: false };
  }
  return { cursor: cursorAt(now), gap: true };
}

export function sseFrame(event: { id?: string; type: string; data: unknown }): string {
  const lines = [`event: ${event.type}`];
  if (event.id) lines.push(`id: ${event.id}`);
  lines.push(`data: ${JSON.stringify(event.data)}`);
  return `${lines.join('\n')}\n\n`;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function runStream(
  out: { write(chunk: string): boolean; readonly writableEnded: boolean; readonly destroyed: boolean },
  source: StreamSource,
  start: string,
  options: { pollMs?: number; heartbeatMs?: number; maxMs?: number; sessionCheckMs?: number } = {},
): Promise<void> {
  const pollMs = options.pollMs ?? POLL_MS;
  const heartbeatMs = options.heartbeatMs ?? HEARTBEAT_MS;
  const sessionCheckMs = options.sessionCheckMs ?? SESSION_CHECK_MS;
  const deadline = Date.now() + (options.maxMs ?? MAX_STREAM_MS);
  const open = () => !out.writableEnded && !out.destroyed;
  let cursor = start;
  let lastBeat = 0;
  // The session was checked when the stream opened.
  let lastCheck = Date.now();
  while (open() && Date.now() < deadline) {
    if (source.stillOpen && Date.now() - lastCheck >= sessionCheckMs) {
      if (!(await source.stillOpen())) return;
      lastCheck = Date.now();
    }
    if (Date.now() - lastBeat >= heartbeatMs) {
      out.write(sseFrame({ type: 'heartbeat', data: { at: new Date().toISOString() } }));
      lastBeat = Date.now();
    }
    const events = await source.read(cursor);
    for (const event of events) {
      if (!open()) return;
      out.write(sseFrame({ id: event.id, type: event.type, data: { channel: event.channel, ...((event.data as object) ?? {}) } }));
      cursor = event.id > cursor ? event.id : cursor;
    }
    await sleep(pollMs);
  }
}
