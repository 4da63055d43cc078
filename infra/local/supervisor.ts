/**
 * Keeps a child process of the local stack running (DynamoDB Local's java, s3rver): when it dies
 * it is started again, on the same port and data path so the handlers' clients keep working, after
 * a back-off that doubles from 0.5 s to 30 s while it keeps dying and starts over once a run has
 * lasted a minute. In AWS the managed services do this; locally, without it, one crash of java
 * left every call answering errors until `npm start` was restarted.
 */

/** How a supervised process ended. */
export interface ExitStatus {
  code: number | null;
  signal: NodeJS.Signals | null;
}

/** One run of the process, started and answering. */
export interface SupervisedRun {
  /** The pid of the process that does the work (java itself, not its guard shell). */
  pid: number | undefined;
  /** Settles when the process has exited, whatever the reason. */
  exited: Promise<ExitStatus>;
  /** Ends the run on purpose. */
  stop(): Promise<void>;
}

export interface Backoff {
  /** Wait before the first restart. */
  initialMs: number;
  /** The wait doubles on each further death up to this. */
  maxMs: number;
  /** A run that lasted this long was a healthy one: the next death waits `initialMs` again. */
  stableMs: number;
}

export const DEFAULT_BACKOFF: Backoff = { initialMs: 500, maxMs: 30_000, stableMs: 60_000 };

/** Timers, injectable so the unit test drives time. */
export interface Clock {
  now(): number;
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(timer: unknown): void;
}

const realClock: Clock = {
  now: () => Date.now(),
  setTimeout: (run, ms) => setTimeout(run, ms),
  clearTimeout: (timer) => clearTimeout(timer as NodeJS.Timeout),
};

export interface SupervisorOptions {
  /** As people know it, for the console: "DynamoDB Local". */
  name: string;
  /** Starts one run and resolves once it answers; rejects when it cannot start. */
  launch: () => Promise<SupervisedRun>;
  /**
   * Runs after each restart before the process counts as up again (DynamoDB Local in memory
   * comes back empty: the table is made again there).
   */
  afterRestart?: () => Promise<void>;
  /** Deaths and restarts (the stack passes a no-op in quiet mode). */
  log: (line: string) => void;
  /** Failed restarts: always shown. */
  logError: (line: string) => void;
  backoff?: Partial<Backoff>;
  clock?: Clock;
}

export type SupervisedState = 'starting' | 'up' | 'down' | 'stopped';

export interface SupervisorStatus {
  state: SupervisedState;
  pid: number | null;
  /** Successful restarts since the first start. */
  restarts: number;
  /** How long the last outage lasted, from the death to answering again. */
  lastOutageMs: number | null;
}

export class Supervisor {
  private readonly backoff: Backoff;
  private readonly clock: Clock;
  private run: SupervisedRun | undefined;
  private state: SupervisedState = 'starting';
  private nextDelayMs: number;
  private timer: unknown;
  private launching: Promise<SupervisedRun> | undefined;
  private restarts = 0;
  private lastOutageMs: number | null = null;
  private upWaiters: (() => void)[] = [];

  constructor(private readonly options: SupervisorOptions) {
    this.backoff = { ...DEFAULT_BACKOFF, ...options.backoff };
    this.clock = options.clock ?? realClock;
    this.nextDelayMs = this.backoff.initialMs;
  }

  /**
   * The first start is not retried: a missing Java or a taken port is something to tell the
   * person starting the stack, not to loop on.
   */
  async start(): Promise<void> {
    const run = await this.options.launch();
    this.watch(run);
    this.state = 'up';
  }

  status(): SupervisorStatus {
    return { state: this.state, pid: this.state === 'up' ? (this.run?.pid ?? null) : null, restarts: this.restarts, lastOutageMs: this.lastOutageMs };
  }

  /** Resolves when the process answers (at once when it does now). */
  whenUp(): Promise<void> {
    if (this.state === 'up') return Promise.resolve();
    return new Promise((resolve) => this.upWaiters.push(resolve));
  }

  /** Stops the process and any restart to come; restarts nothing after this. */
  async stop(): Promise<void> {
    if (this.state === 'stopped') return;
    this.state = 'stopped';
    if (this.timer !== undefined) this.clock.clearTimeout(this.timer);
    this.timer = undefined;
    const launching = this.launching;
    const run = this.run;
    this.run = undefined;
    await run?.stop();
    // A restart under way finishes starting; it is stopped as soon as it has.
    if (launching) await launching.then((late) => late.stop()).catch(() => undefined);
    for (const waiter of this.upWaiters.splice(0)) waiter();
  }

  /** A method, not a field test: the state changes across the awaits of a restart. */
  private isStopped(): boolean {
    return this.state === 'stopped';
  }

  private watch(run: SupervisedRun): void {
    this.run = run;
    const startedAt = this.clock.now();
    void run.exited.then((status) => {
      if (this.state === 'stopped' || this.run !== run) return;
      this.run = undefined;
      this.state = 'down';
      const ranMs = this.clock.now() - startedAt;
      if (ranMs >= this.backoff.stableMs) this.nextDelayMs = this.backoff.initialMs;
      this.options.log(`[${this.options.name}] exited (${describeExit(status)}) after ${seconds(ranMs)}; restarting in ${seconds(this.nextDelayMs)}`);
      this.scheduleRestart(this.clock.now());
    });
  }

  private scheduleRestart(downSince: number): void {
    const delay = this.nextDelayMs;
    this.nextDelayMs = Math.min(this.nextDelayMs * 2, this.backoff.maxMs);
    this.timer = this.clock.setTimeout(() => {
      this.timer = undefined;
      void this.restart(downSince);
    }, delay);
  }

  private async restart(downSince: number): Promise<void> {
    if (this.isStopped()) return;
    this.launching = this.options.launch();
    let run: SupervisedRun;
    try {
      run = await this.launching;
    } catch (err) {
      this.launching = undefined;
      if (this.isStopped()) return;
      this.options.logError(`[${this.options.name}] restart failed: ${firstLine(err)}; next attempt in ${seconds(this.nextDelayMs)}`);
      this.scheduleRestart(downSince);
      return;
    }
    this.launching = undefined;
    if (this.isStopped()) return;
    this.watch(run);
    try {
      await this.options.afterRestart?.();
    } catch (err) {
      this.options.logError(`[${this.options.name}] restarted, but preparing it failed: ${firstLine(err)}`);
    }
    if (this.isStopped() || this.run !== run) return;
    this.state = 'up';
    this.restarts += 1;
    this.lastOutageMs = this.clock.now() - downSince;
    this.options.log(`[${this.options.name}] restarted${run.pid ? ` (pid ${run.pid})` : ''}, ${seconds(this.lastOutageMs)} after it went down`);
    for (const waiter of this.upWaiters.splice(0)) waiter();
  }
}

export function describeExit(status: ExitStatus): string {
  if (status.signal) return `signal ${status.signal}`;
  // A shell reports a child killed by signal N as exit code 128 + N.
  if (status.code !== null && status.code > 128) return `exit code ${status.code}, killed by signal ${status.code - 128}`;
  return `exit code ${status.code ?? 'unknown'}`;
}

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`;
}

function firstLine(err: unknown): string {
  return (err instanceof Error ? err.message : String(err)).split('\n')[0] ?? '';
}
