/**
 * Reading a server-sent event stream by hand (the WHATWG "event stream interpretation" rules).
 * The console reads /events with fetch rather than EventSource so the ticket travels in the
 * Authorization header and the reconnect is its own; this is the part of EventSource it still needs.
 */

export interface SseFrame {
  /** The event name; 'message' when the frame names none. */
  type: string;
  data: string;
  /** The frame's id, or null when it carried none (the last seen id stays in force). */
  id: string | null;
}

export interface SseParser {
  /** Feed the next piece of text; answers the frames it completed. */
  push(chunk: string): SseFrame[];
  /** The server's `retry:` advice in milliseconds, if it gave one. */
  readonly retryMs: number | null;
}

export function createSseParser(): SseParser {
  let buffer = '';
  let type = '';
  let data: string[] = [];
  let id: string | null = null;
  let retryMs: number | null = null;
  // A chunk may end between '\r' and '\n': the '\n' that follows must not count as a second line end.
  let skipLeadingLf = false;

  function line(text: string, out: SseFrame[]): void {
    if (text === '') {
      if (data.length) out.push({ type: type || 'message', data: data.join('\n'), id });
      type = '';
      data = [];
      id = null;
      return;
    }
    if (text.startsWith(':')) return;
    const colon = text.indexOf(':');
    const field = colon === -1 ? text : text.slice(0, colon);
    let value = colon === -1 ? '' : text.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    switch (field) {
      case 'event':
        type = value;
        return;
      case 'data':
        data.push(value);
        return;
      case 'id':
        if (!value.includes('\0')) id = value;
        return;
      case 'retry':
        if (/^\d+$/.test(value)) retryMs = Number(value);
        return;
      default:
        return;
    }
  }

  return {
    push(chunk) {
      const out: SseFrame[] = [];
      buffer += skipLeadingLf && chunk.startsWith('\n') ? chunk.slice(1) : chunk;
      skipLeadingLf = false;
      for (;;) {
        const end = buffer.search(/\r\n|\r|\n/);
        if (end === -1) break;
        // A lone '\r' at the very end may be the first half of '\r\n'.
        const crlf = buffer.startsWith('\r\n', end);
        if (buffer[end] === '\r' && !crlf && end === buffer.length - 1) skipLeadingLf = true;
        line(buffer.slice(0, end), out);
        buffer = buffer.slice(end + (crlf ? 2 : 1));
      }
      return out;
    },
    get retryMs() {
      return retryMs;
    },
  };
}
