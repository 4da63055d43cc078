/** Reading an event stream's body the way the console does: frames split on blank lines. */
import type { JsonBody } from './api.js';

export interface SseFrame {
  event: string;
  id: string | undefined;
  /** The parsed `data:` line (null when there is none). */
  data: JsonBody;
  /** When the frame arrived (ms). */
  at: number;
}

/**
 * Hands each frame to `onFrame` as it arrives, until the body ends (`'ended'`) or `onFrame`
 * answers true (`'stopped'`, the body cancelled). An abort of the fetch rejects, as fetch does.
 */
export async function readFrames(body: ReadableStream<BufferSource>, onFrame: (frame: SseFrame) => boolean | void): Promise<'ended' | 'stopped'> {
  const reader = body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return 'ended';
    buffer += value;
    let cut: number;
    while ((cut = buffer.indexOf('\n\n')) >= 0) {
      const raw = buffer.slice(0, cut);
      buffer = buffer.slice(cut + 2);
      const event = /^event: (.*)$/m.exec(raw)?.[1];
      if (!event) continue;
      const data = /^data: (.*)$/m.exec(raw)?.[1];
      if (onFrame({ event, id: /^id: (.*)$/m.exec(raw)?.[1], data: data ? JSON.parse(data) : null, at: Date.now() })) {
        await reader.cancel().catch(() => undefined);
        return 'stopped';
      }
    }
  }
}
