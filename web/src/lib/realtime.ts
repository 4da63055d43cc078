/**
 * The console's one live connection per tab (SPEC §4, §6, §7): a ticket, then the event stream at
 * /events?iam=main&v=2, read with fetch and a ReadableStream rather than EventSource, because
 * - the ticket goes in the Authorization header, so it never lands in URLs, access logs or history;
 * - a new connection can resume with Last-Event-ID (EventSource sends it only on its own retries);
 * - the console decides when to give up on a silent connection (heartbeat and wake-up gaps).
 * It reconnects when the stream ends or fails, when it goes silent or the page slept, when the
 * browser comes back online, and when the location or the acting agent changes. After a
 * reconnect, resync listeners refetch what events may have been missed; otherwise nothing polls.
 */
import { useEffect, useRef } from 'react';
import { decodeTime, encodeTime } from 'ulid';
import { STREAM_EVENT_TYPES, type EventData, type EventSchemas, type StreamEvent, type StreamEventType } from '../../../shared/events.js';
import { api } from './api.js';
import { deviceId } from './device.js';
import { reportFailure } from './failures.js';
import { watchLiveness } from './liveness.js';
import { readStreamFrame } from './streamEvents.js';
import { session } from './session.js';
import { createSseParser } from './sse.js';
import { createStore } from './store.js';
import { ApiError } from './request.js';
import { obtainTicket, storeTicket, type TicketHolder } from './tickets.js';

export const EVENTS_PATH = '/events?iam=main&v=2';
/** What the stream advises (functions/events/handler.ts writes `retry: 3000`) until it says otherwise. */
const DEFAULT_RETRY_MS = 3_000;
const MAX_RETRY_MS = 30_000;

export type RealtimeStatus = 'off' | 'connecting' | 'live' | 'reconnecting';
export const realtimeStatus = createStore<RealtimeStatus>('off');

type Handler = (data: unknown) => void;
const handlers = new Map<StreamEventType, Set<Handler>>();
/** The boards' event schemas, from the screens that listen (the core's are known to the reader already). */
const boardSchemas: EventSchemas = {};

/** Tells the stream reader a board's events (its shared/<board>/events.ts), so their frames reach `subscribe`rs. */
export function knowEvents(schemas: EventSchemas): void {
  Object.assign(boardSchemas, schemas);
}
const resyncListeners = new Set<() => void>();

/** Listen to one event type; answers the function that stops listening. */
export function subscribe<T extends StreamEventType>(type: T, fn: (data: EventData<T>) => void): () => void {
  const set = handlers.get(type) ?? new Set<Handler>();
  handlers.set(type, set);
  const handler = fn as Handler;
  set.add(handler);
  return () => set.delete(handler);
}

/** Called after a lost connection is back: events may have been missed, so lists ask again. */
export function onResync(fn: () => void): () => void {
  resyncListeners.add(fn);
  return () => resyncListeners.delete(fn);
}

/**
 * Whether the event being handed to listeners right now happened before this tab's stream first
 * connected (the look-back below). Such an event still updates lists, but a screen announces
 * nothing for it: the agent did not just sign in to a toast for every assignment of the last 30 s.
 */
let dispatchingCatchUp = false;
export function isCatchUpEvent(): boolean {
  return dispatchingCatchUp;
}

function dispatch(event: StreamEvent): void {
  for (const handler of handlers.get(event.type) ?? []) {
    try {
      handler(event.data);
    } catch (error) {
      // One broken listener must not starve the others of the event.
      console.error(error);
    }
  }
}

function resync(): void {
  for (const listener of resyncListeners) listener();
}

/**
 * The `ready` frame says `gap: true` when the server did not resume from the Last-Event-ID sent
 * (older than it replays, or not an event id): events may have been missed.
 */
export function readyReportsGap(data: string): boolean {
  try {
    const parsed: unknown = JSON.parse(data);
    return typeof parsed === 'object' && parsed !== null && (parsed as { gap?: unknown }).gap === true;
  } catch {
    return false;
  }
}

/** Backoff after failures: the server's advice, doubled per failure in a row, at most 30 s. */
export function reconnectDelay(failures: number, adviceMs: number): number {
  if (failures <= 0) return 0;
  return Math.min(MAX_RETRY_MS, adviceMs * 2 ** (failures - 1));
}

type Outcome = 'ended' | 'failed' | 'unauthorised' | 'stale' | 'signed_out' | 'cancelled';

interface Runner {
  stop(): void;
  /** Drop the current connection and try again now (back online). */
  kick(): void;
}

/**
 * How far back the first connection reads. The screen loaded its lists before the stream was up;
 * starting the stream a little before that (events are merged by id, so a repeat is harmless)
 * means nothing that happened in between is missed. The margin also covers a browser clock a
 * little behind the server's.
 */
export const FIRST_CONNECT_LOOKBACK_MS = 30_000;

/** When an event id (ULID) was made; never "before" for an id that is not one. */
function eventTime(id: string): number {
  try {
    return decodeTime(id);
  } catch {
    return Number.POSITIVE_INFINITY;
  }
}

/** The stream's cursor for a moment: the lowest event id (ULID) at or after it. */
export function cursorAt(ms: number): string {
  return `${encodeTime(Math.max(0, ms), 10)}${'0'.repeat(16)}`;
}

function createRunner(holder: TicketHolder & { namesLocation: boolean }): Runner {
  let stopped = false;
  const startedAt = Date.now();
  let lastEventId: string | null = cursorAt(startedAt - FIRST_CONNECT_LOOKBACK_MS);
  let everLive = false;
  let failures = 0;
  let adviceMs = DEFAULT_RETRY_MS;
  let connection: AbortController | null = null;
  let wakeNap: (() => void) | null = null;

  async function connectOnce(control: AbortController): Promise<Outcome> {
    let stale = false;
    let liveness: ReturnType<typeof watchLiveness> | null = null;
    try {
      const ticket = await obtainTicket({
        request: (body) => api.request('/api/notifications/tickets', { method: 'POST', body, signal: control.signal }),
        namesLocation: holder.namesLocation,
        holder,
        signal: control.signal,
      });
      // From here on silence counts: a connect that hangs is as dead as a stream that stops.
      liveness = watchLiveness({
        onStale: () => {
          stale = true;
          control.abort();
        },
      });
      const headers: Record<string, string> = { Accept: 'text/event-stream', Authorization: `Bearer ${ticket.id}`, 'X-OID': deviceId() };
      if (lastEventId) headers['Last-Event-ID'] = lastEventId;
      const response = await fetch(EVENTS_PATH, { headers, signal: control.signal, cache: 'no-store' });
      if (response.status === 401 || response.status === 403) return 'unauthorised';
      if (!response.ok || !response.body) return 'failed';
      const parser = createSseParser();
      const decoder = new TextDecoder();
      const reader = response.body.getReader();
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return 'ended';
        liveness.heard();
        for (const frame of parser.push(decoder.decode(value, { stream: true }))) {
          if (frame.id) lastEventId = frame.id;
          if (frame.type === 'ready') {
            realtimeStatus.set('live');
            failures = 0;
            // After a reconnect, or when the server would not replay from our resume point (too old).
            if (everLive || readyReportsGap(frame.data)) resync();
            everLive = true;
            continue;
          }
          const event = readStreamFrame(frame.type, frame.data, boardSchemas);
          if (!event) continue;
          dispatchingCatchUp = Boolean(frame.id) && eventTime(frame.id!) < startedAt;
          try {
            dispatch(event);
          } finally {
            dispatchingCatchUp = false;
          }
        }
        if (parser.retryMs !== null) adviceMs = parser.retryMs;
      }
    } catch (error) {
      if (error instanceof ApiError && (error.action.kind === 'session_expired' || error.action.kind === 'inactive')) {
        reportFailure(error);
        return 'signed_out';
      }
      if (stale) return 'stale';
      if (stopped || control.signal.aborted) return 'cancelled';
      return 'failed';
    } finally {
      liveness?.stop();
    }
  }

  function nap(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        wakeNap = null;
        resolve();
      }
      wakeNap = done;
    });
  }

  async function loop(): Promise<void> {
    while (!stopped) {
      realtimeStatus.set(everLive ? 'reconnecting' : 'connecting');
      const control = new AbortController();
      connection = control;
      const outcome = await connectOnce(control);
      connection = null;
      if (stopped || outcome === 'signed_out') return;
      realtimeStatus.set('reconnecting');
      switch (outcome) {
        case 'unauthorised':
          // The ticket ran out or was refused: a new one, once, without waiting.
          storeTicket(null);
          failures += 1;
          if (failures === 1) continue;
          break;
        case 'failed':
          failures += 1;
          break;
        case 'ended':
          // The server closes long streams on purpose (function URL time limit): come straight back.
          failures = 0;
          continue;
        case 'stale':
        case 'cancelled':
          continue;
      }
      await nap(reconnectDelay(failures, adviceMs));
    }
  }

  void loop();
  return {
    stop() {
      stopped = true;
      connection?.abort();
      wakeNap?.();
      realtimeStatus.set('off');
    },
    kick() {
      failures = 0;
      connection?.abort();
      wakeNap?.();
    },
  };
}

let users = 0;
let runner: Runner | null = null;
let runnerKey = '';
let unwatch: (() => void) | null = null;

function holderNow(): (TicketHolder & { namesLocation: boolean }) | null {
  const current = session.get();
  if (current.status !== 'ready') return null;
  return { locationId: current.location.id, agentId: current.acting.id, namesLocation: current.acting.access_level.admin };
}

/** Starts, restarts or stops the connection to match who is signed in and where. */
function follow(): void {
  const holder = users > 0 ? holderNow() : null;
  const key = holder ? `${holder.locationId}|${holder.agentId}` : '';
  if (key === runnerKey) return;
  runner?.stop();
  runner = holder ? createRunner(holder) : null;
  runnerKey = key;
}

const backOnline = () => runner?.kick();

/** Keep the connection open while at least one screen uses it. */
export function retainConnection(): () => void {
  users += 1;
  if (users === 1) {
    unwatch = session.subscribe(follow);
    window.addEventListener('online', backOnline);
  }
  follow();
  let released = false;
  return () => {
    if (released) return;
    released = true;
    users -= 1;
    if (users === 0) {
      unwatch?.();
      unwatch = null;
      window.removeEventListener('online', backOnline);
    }
    follow();
  };
}

/**
 * A board's hook: keeps the connection open while mounted and hands every event of the stream to
 * `onEvent` (the latest one given, so callers need not memoise it); `onResynced` runs after a reconnect.
 * A board names the events it reacts to as `E` and tells them apart by `type`; `schemas` are the
 * board's own events (its shared/<board>/events.ts), which the stream reader then knows too.
 */
export function useStreamEvents<E extends StreamEvent = StreamEvent>(onEvent: (event: E) => void, onResynced?: () => void, schemas: EventSchemas = {}): void {
  const latest = useRef({ onEvent, onResynced });
  latest.current = { onEvent, onResynced };
  const types = [...STREAM_EVENT_TYPES, ...Object.keys(schemas)] as StreamEventType[];
  knowEvents(schemas);
  const typesKey = types.join(' ');
  useEffect(() => {
    const release = retainConnection();
    const stops = typesKey.split(' ').map((type) => subscribe(type as StreamEventType, (data) => latest.current.onEvent({ type, data } as E)));
    const stopResync = onResync(() => latest.current.onResynced?.());
    return () => {
      for (const stop of stops) stop();
      stopResync();
      release();
    };
  }, [typesKey]);
}
