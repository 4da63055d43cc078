/**
 * Whether the event stream is still alive (SPEC §4 "a heartbeat gap over 1 step or a wake-up gap
 * over 20 s triggers reconnect or refetch"). A half-dead connection (a laptop moved to another
 * network, a proxy that dropped the socket) never errors; only the missing heartbeats tell. And a
 * page that slept (lid closed, tab frozen) missed events while its timers stood still: the wall
 * clock jumps between two ticks of a timer.
 */

/** The server sends a heartbeat frame this often (functions/events/stream.ts). */
export const HEARTBEAT_STEP_MS = 10_000;
/** Slack for a heartbeat that is merely late (a slow poll of the table, a busy network). */
export const HEARTBEAT_MARGIN_MS = 5_000;
/** More wall time than this between two ticks means the page was asleep. */
export const WAKE_GAP_MS = 20_000;
export const TICK_MS = 1_000;

export type StaleReason = 'heartbeat' | 'wake';

export interface LivenessOptions {
  onStale: (reason: StaleReason) => void;
  now?: () => number;
  heartbeatMs?: number;
  marginMs?: number;
  wakeGapMs?: number;
  tickMs?: number;
}

export interface Liveness {
  /** Anything arrived on the stream (a frame, a heartbeat, a comment). */
  heard(): void;
  stop(): void;
}

/** Watches one connection; calls onStale once, then stops (the caller reconnects and starts a new watch). */
export function watchLiveness(options: LivenessOptions): Liveness {
  const now = options.now ?? Date.now;
  const silenceLimit = (options.heartbeatMs ?? HEARTBEAT_STEP_MS) + (options.marginMs ?? HEARTBEAT_MARGIN_MS);
  const wakeGap = options.wakeGapMs ?? WAKE_GAP_MS;
  let lastHeard = now();
  let lastTick = now();
  let timer: ReturnType<typeof setInterval> | undefined = setInterval(tick, options.tickMs ?? TICK_MS);

  function stop(): void {
    if (timer !== undefined) clearInterval(timer);
    timer = undefined;
  }

  function tick(): void {
    const at = now();
    const slept = at - lastTick > wakeGap;
    lastTick = at;
    if (slept) {
      stop();
      options.onStale('wake');
    } else if (at - lastHeard > silenceLimit) {
      stop();
      options.onStale('heartbeat');
    }
  }

  return {
    heard() {
      lastHeard = now();
    },
    stop,
  };
}
