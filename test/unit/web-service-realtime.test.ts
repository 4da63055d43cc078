import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HEARTBEAT_MARGIN_MS, HEARTBEAT_STEP_MS, WAKE_GAP_MS, watchLiveness, type StaleReason } from '../../web/src/lib/liveness.js';
import { reconnectDelay } from '../../web/src/lib/realtime.js';
import { ApiError } from '../../web/src/lib/request.js';
import { readStreamFrame } from '../../web/src/lib/streamEvents.js';
import { createSseParser } from '../../web/src/lib/sse.js';
import { TICKET_RETRY_MS, isReusable, obtainTicket, storeTicket, storedTicket, ticketFrom } from '../../web/src/lib/tickets.js';
import { aMessage } from './web-service-fixtures.js';

describe('the SSE frame parser', () => {
  it('reads the frames the event handler writes: retry advice, ready, events with ids, heartbeats', () => {
    const parser = createSseParser();
    const frames = parser.push(
      'retry: 3000\n\n' +
        'event: ready\ndata: {"channels":["agent:a"]}\n\n' +
        'event: message.created\nid: 01HZX\ndata: {"repair_order_id":"ro_1"}\n\n' +
        'event: heartbeat\ndata: {"at":"2025-03-01T10:00:00Z"}\n\n',
    );
    expect(frames).toEqual([
      { type: 'ready', data: '{"channels":["agent:a"]}', id: null },
      { type: 'message.created', data: '{"repair_order_id":"ro_1"}', id: '01HZX' },
      { type: 'heartbeat', data: '{"at":"2025-03-01T10:00:00Z"}', id: null },
    ]);
    expect(parser.retryMs).toBe(3000);
  });

  it('completes a frame split across chunks anywhere, a CRLF split between its two bytes included', () => {
    const parser = createSseParser();
    expect(parser.push('event: read.chan')).toEqual([]);
    expect(parser.push('ged\r')).toEqual([]);
    expect(parser.push('\ndata: {"is_unread":')).toEqual([]);
    expect(parser.push('false}\r\n\r')).toEqual([{ type: 'read.changed', data: '{"is_unread":false}', id: null }]);
    // The '\n' completing the last '\r\n' must not end another (empty) frame or line.
    expect(parser.push('\ndata: next\n\n')).toEqual([{ type: 'message', data: 'next', id: null }]);
  });

  it('joins multi-line data, skips comments and unknown fields, and ignores a frame without data', () => {
    const parser = createSseParser();
    expect(parser.push(': keep-alive\nevent: note\nfoo: bar\ndata: line one\ndata: line two\n\nevent: empty\n\n')).toEqual([
      { type: 'note', data: 'line one\nline two', id: null },
    ]);
  });

  it('keeps a value that has no space after the colon, and a bad retry leaves the advice alone', () => {
    const parser = createSseParser();
    expect(parser.push('data:tight\nretry: soon\n\n')).toEqual([{ type: 'message', data: 'tight', id: null }]);
    expect(parser.retryMs).toBeNull();
  });
});

describe('liveness of the event stream', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('stays quiet while heartbeats keep coming every 10 s', () => {
    const stale: StaleReason[] = [];
    const watch = watchLiveness({ onStale: (reason) => stale.push(reason) });
    for (let i = 0; i < 6; i++) {
      vi.advanceTimersByTime(HEARTBEAT_STEP_MS);
      watch.heard();
    }
    expect(stale).toEqual([]);
    watch.stop();
  });

  it('calls the connection dead after more than one heartbeat step (plus margin) of silence, once', () => {
    const stale: StaleReason[] = [];
    const watch = watchLiveness({ onStale: (reason) => stale.push(reason) });
    vi.advanceTimersByTime(HEARTBEAT_STEP_MS + HEARTBEAT_MARGIN_MS);
    expect(stale).toEqual([]);
    vi.advanceTimersByTime(1000);
    expect(stale).toEqual(['heartbeat']);
    vi.advanceTimersByTime(60_000);
    expect(stale).toEqual(['heartbeat']);
    watch.stop();
  });

  it('notices the page slept: the wall clock jumped more than 20 s between two ticks', () => {
    const stale: StaleReason[] = [];
    const watch = watchLiveness({ onStale: (reason) => stale.push(reason) });
    vi.advanceTimersByTime(1000);
    // Timers stood still while the laptop lid was closed; the clock did not.
    vi.setSystemTime(Date.now() + WAKE_GAP_MS + 5000);
    watch.heard();
    vi.advanceTimersByTime(1000);
    expect(stale).toEqual(['wake']);
    watch.stop();
  });

  it('does not count a short stall of the timers as sleep', () => {
    const stale: StaleReason[] = [];
    const watch = watchLiveness({ onStale: (reason) => stale.push(reason) });
    vi.setSystemTime(Date.now() + WAKE_GAP_MS - 5000);
    watch.heard();
    vi.advanceTimersByTime(1000);
    expect(stale).toEqual([]);
    watch.stop();
  });
});

describe('reconnect backoff', () => {
  it('reconnects at once after a clean end, then backs off from the server advice up to 30 s', () => {
    expect(reconnectDelay(0, 3000)).toBe(0);
    expect([1, 2, 3, 4, 5, 6].map((failures) => reconnectDelay(failures, 3000))).toEqual([3000, 6000, 12000, 24000, 30000, 30000]);
  });
});

describe('tickets', () => {
  const holder = { locationId: 'loc_north', agentId: 'agt_advisor' };
  const now = Date.parse('2025-03-01T10:00:00.000Z');
  const ticket = { id: 't1', expiresAt: now + 60_000, locationId: 'loc_north', agentId: 'agt_advisor' };

  it('reuses a ticket while more than 10 s remain, for the same location and agent only', () => {
    expect(isReusable(ticket, holder, now)).toBe(true);
    expect(isReusable({ ...ticket, expiresAt: now + 10_000 }, holder, now)).toBe(false);
    expect(isReusable(ticket, { ...holder, locationId: 'loc_south' }, now)).toBe(false);
    expect(isReusable(ticket, { ...holder, agentId: 'agt_other' }, now)).toBe(false);
    expect(isReusable(null, holder, now)).toBe(false);
  });

  it('reads the ticket from the contract shape and from the flat shape of the first server', () => {
    const expected = { id: 'abc', expiresAt: Date.parse('2025-03-01T10:05:00.000Z'), locationId: 'loc_north', agentId: 'agt_advisor' };
    expect(ticketFrom({ ticket: { id: 'abc', expires_at: '2025-03-01T10:05:00.000Z', channels: [], location_id: 'loc_north' } }, holder)).toEqual(expected);
    expect(ticketFrom({ ticket: 'abc', expires_at: '2025-03-01T10:05:00.000Z', channels: [], location_id: 'loc_north' }, holder)).toEqual(expected);
    expect(ticketFrom({ ticket: { id: 'abc' } }, holder)).toBeNull();
    expect(ticketFrom('nonsense', holder)).toBeNull();
  });

  describe('obtainTicket', () => {
    const store = new Map<string, string>();
    beforeEach(() => {
      vi.useFakeTimers();
      vi.setSystemTime(now);
      store.clear();
      vi.stubGlobal('localStorage', {
        getItem: (key: string) => store.get(key) ?? null,
        setItem: (key: string, value: string) => void store.set(key, value),
        removeItem: (key: string) => void store.delete(key),
      });
    });
    afterEach(() => {
      vi.useRealTimers();
      vi.unstubAllGlobals();
    });

    it('asks again every 5 s until a ticket comes, then keeps it in the browser', async () => {
      const asked: number[] = [];
      let calls = 0;
      const result = obtainTicket({
        holder,
        namesLocation: false,
        signal: new AbortController().signal,
        request: async (body) => {
          asked.push(Date.now());
          expect(body).toEqual({});
          if (++calls < 3) throw new ApiError({ kind: 'unexpected' }, 503, null, 'down');
          return { ticket: { id: 'fresh', expires_at: new Date(now + 300_000).toISOString(), location_id: 'loc_north', channels: [] } };
        },
      });
      await vi.advanceTimersByTimeAsync(2 * TICKET_RETRY_MS);
      expect((await result).id).toBe('fresh');
      expect(asked.map((t) => t - now)).toEqual([0, 5000, 10000]);
      expect(storedTicket()?.id).toBe('fresh');
    });

    it('does not ask while the stored ticket is still good here', async () => {
      storeTicket(ticket);
      const request = vi.fn();
      expect((await obtainTicket({ holder, namesLocation: false, signal: new AbortController().signal, request })).id).toBe('t1');
      expect(request).not.toHaveBeenCalled();
    });

    it('names the location only for an admin, and gives up when the session has ended', async () => {
      const request = vi.fn(async () => {
        throw new ApiError({ kind: 'inactive' }, 401, null, 'ended');
      });
      await expect(obtainTicket({ holder, namesLocation: true, signal: new AbortController().signal, request })).rejects.toBeInstanceOf(ApiError);
      expect(request).toHaveBeenCalledTimes(1);
      expect(request).toHaveBeenCalledWith({ location_id: 'loc_north' });
    });
  });
});

describe('readStreamFrame', () => {
  it('reads the events the board acts on, ignoring the channel the stream adds', () => {
    expect(readStreamFrame('read.changed', '{"channel":"agent:a","repair_order_id":"ro_1","is_unread":false}')).toEqual({
      type: 'read.changed',
      data: { repair_order_id: 'ro_1', is_unread: false },
    });
    const message = aMessage('m1');
    expect(readStreamFrame('message.created', JSON.stringify({ repair_order_id: 'ro_1', location_id: 'loc_1', message }))).toEqual({
      type: 'message.created',
      data: { repair_order_id: 'ro_1', location_id: 'loc_1', message },
    });
  });

  it('drops frames that are not service events or are malformed', () => {
    expect(readStreamFrame('heartbeat', '{}')).toBeNull();
    expect(readStreamFrame('repair_order.changed', 'not json')).toBeNull();
    expect(readStreamFrame('repair_order.changed', '{"location_id":"loc_1"}')).toBeNull();
    expect(readStreamFrame('message.created', '{"repair_order_id":"ro_1","location_id":"loc_1","message":{"id":"m"}}')).toBeNull();
  });
});

describe('the first connection of a screen', () => {
  it('reads from a little before the screen loaded, with the cursor the server uses for a moment', async () => {
    const { cursorAt, FIRST_CONNECT_LOOKBACK_MS } = await import('../../web/src/lib/realtime.js');
    const { cursorAt: serverCursorAt } = await import('../../functions/lib/realtime.js');
    const now = Date.parse('2026-11-22T01:00:00.000Z');
    expect(cursorAt(now)).toBe(serverCursorAt(now));
    expect(cursorAt(now - FIRST_CONNECT_LOOKBACK_MS) < serverCursorAt(now)).toBe(true);
    expect(FIRST_CONNECT_LOOKBACK_MS).toBeGreaterThanOrEqual(10_000);
  });
});

describe('the ready frame of a stream that did not resume', () => {
  it('reports a gap (so lists refetch) only when the server says gap: true', async () => {
    const { readyReportsGap } = await import('../../web/src/lib/realtime.js');
    expect(readyReportsGap('{"channels":["agent:a"],"location_id":"loc_1","gap":true}')).toBe(true);
    expect(readyReportsGap('{"channels":["agent:a"],"location_id":"loc_1","gap":false}')).toBe(false);
    expect(readyReportsGap('{"channels":["agent:a"]}')).toBe(false);
    expect(readyReportsGap('not json')).toBe(false);
  });
});
