/** The event stream loop: read new channel events, write them as SSE, keep the line warm. */
import type { ChannelEvent } from '../lib/realtime.js';

export const POLL_MS = 1000;
export const HEARTBEAT_MS = 10_000;
/** Function URLs stream for at most 15 minutes; close first so the browser reconnects cleanly. */
export const MAX_STREAM_MS = 14 * 60_000;

export interface StreamSource {
  read(cursor: string): Promise<ChannelEvent[]>;
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
  options: { pollMs?: number; heartbeatMs?: number; maxMs?: number } = {},
): Promise<void> {
  const pollMs = options.pollMs ?? POLL_MS;
  const heartbeatMs = options.heartbeatMs ?? HEARTBEAT_MS;
  const deadline = Date.now() + (options.maxMs ?? MAX_STREAM_MS);
  const open = () => !out.writableEnded && !out.destroyed;
  let cursor = start;
  let lastBeat = 0;
  while (open() && Date.now() < deadline) {
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
