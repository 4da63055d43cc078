import { describe, expect, it } from 'vitest';
import { Supervisor, describeExit, type Clock, type ExitStatus, type SupervisedRun } from '../../infra/local/supervisor.js';

/** Time that moves only when the test says so. */
class ManualClock implements Clock {
  private time = 0;
  private timers: { at: number; run: () => void; id: number }[] = [];
  private nextId = 0;
  now = () => this.time;
  setTimeout = (run: () => void, ms: number) => {
    const id = (this.nextId += 1);
    this.timers.push({ at: this.time + ms, run, id });
    return id;
  };
  clearTimeout = (id: unknown) => {
    this.timers = this.timers.filter((t) => t.id !== id);
  };
  /** The waits asked for so far that have not fired, in ms from now. */
  pending(): number[] {
    return this.timers.map((t) => t.at - this.time);
  }
  async advance(ms: number): Promise<void> {
    const until = this.time + ms;
    for (;;) {
      const due = this.timers.filter((t) => t.at <= until).sort((a, b) => a.at - b.at)[0];
      if (!due) break;
      this.timers = this.timers.filter((t) => t !== due);
      this.time = due.at;
      due.run();
      await settle();
    }
    this.time = until;
    await settle();
  }
}

/** Lets promise callbacks run. */
async function settle(): Promise<void> {
  for (let i = 0; i < 20; i += 1) await Promise.resolve();
}

/** A fake process: the test decides when it dies. */
class FakeProcess {
  static nextPid = 100;
  readonly pid = (FakeProcess.nextPid += 1);
  stopped = false;
  private die!: (status: ExitStatus) => void;
  readonly exited = new Promise<ExitStatus>((resolve) => (this.die = resolve));
  crash(status: ExitStatus = { code: 137, signal: null }): void {
    this.die(status);
  }
  run(): SupervisedRun {
    return {
      pid: this.pid,
      exited: this.exited,
      stop: async () => {
        this.stopped = true;
        this.die({ code: 0, signal: null });
      },
    };
  }
}

function supervised(options: { failLaunches?: number[]; afterRestart?: () => Promise<void> } = {}) {
  const clock = new ManualClock();
  const processes: FakeProcess[] = [];
  const lines: string[] = [];
  const errors: string[] = [];
  let launches = 0;
  const supervisor = new Supervisor({
    name: 'store',
    clock,
    log: (line) => lines.push(line),
    logError: (line) => errors.push(line),
    afterRestart: options.afterRestart,
    launch: async () => {
      launches += 1;
      if (options.failLaunches?.includes(launches)) throw new Error(`port taken (launch ${launches})`);
      const p = new FakeProcess();
      processes.push(p);
      return p.run();
    },
  });
  return { clock, processes, lines, errors, supervisor, launches: () => launches };
}

describe('Supervisor of a local child process', () => {
  it('starts the process again after it dies, half a second later, and names the death and the restart', async () => {
    const { clock, processes, lines, supervisor } = supervised();
    await supervisor.start();
    const first = processes[0]!;

    first.crash();
    await settle();
    const down = supervisor.status();
    await clock.advance(499);
    const launchedEarly = processes.length;
    await clock.advance(1);

    expect(down).toMatchObject({ state: 'down', pid: null, restarts: 0 });
    expect(launchedEarly).toBe(1);
    expect(processes).toHaveLength(2);
    expect(supervisor.status()).toEqual({ state: 'up', pid: processes[1]!.pid, restarts: 1, lastOutageMs: 500 });
    expect(lines[0]).toBe('[store] exited (exit code 137, killed by signal 9) after 0.0 s; restarting in 0.5 s');
    expect(lines[1]).toBe(`[store] restarted (pid ${processes[1]!.pid}), 0.5 s after it went down`);
  });

  it('doubles the wait while the process keeps dying, up to 30 s', async () => {
    const { clock, processes, supervisor } = supervised();
    await supervisor.start();
    const waits: number[] = [];

    for (let death = 0; death < 9; death += 1) {
      processes.at(-1)!.crash();
      await settle();
      waits.push(clock.pending()[0]!);
      await clock.advance(clock.pending()[0]!);
    }

    expect(waits).toEqual([500, 1000, 2000, 4000, 8000, 16_000, 30_000, 30_000, 30_000]);
    expect(processes).toHaveLength(10);
  });

  it('waits half a second again once a run has lasted a minute', async () => {
    const { clock, processes, supervisor } = supervised();
    await supervisor.start();
    for (let death = 0; death < 3; death += 1) {
      processes.at(-1)!.crash();
      await settle();
      await clock.advance(clock.pending()[0]!);
    }

    await clock.advance(60_000);
    processes.at(-1)!.crash();
    await settle();

    expect(clock.pending()).toEqual([500]);
  });

  it('keeps trying, with growing waits, when a restart fails, and says so as an error', async () => {
    const { clock, processes, errors, supervisor, launches } = supervised({ failLaunches: [2, 3] });
    await supervisor.start();

    processes[0]!.crash();
    await settle();
    await clock.advance(500); // launch 2 fails
    const afterFirstFailure = clock.pending();
    await clock.advance(1000); // launch 3 fails
    await clock.advance(2000); // launch 4 starts

    expect(afterFirstFailure).toEqual([1000]);
    expect(launches()).toBe(4);
    expect(errors).toEqual(['[store] restart failed: port taken (launch 2); next attempt in 1.0 s', '[store] restart failed: port taken (launch 3); next attempt in 2.0 s']);
    expect(supervisor.status()).toMatchObject({ state: 'up', restarts: 1, lastOutageMs: 3500 });
  });

  it('counts the process as up only once its preparation after a restart is done', async () => {
    let prepared!: () => void;
    const { clock, processes, supervisor } = supervised({ afterRestart: () => new Promise<void>((resolve) => (prepared = resolve)) });
    await supervisor.start();
    processes[0]!.crash();
    await settle();
    await clock.advance(500);
    const whilePreparing = supervisor.status().state;
    let up = false;
    void supervisor.whenUp().then(() => (up = true));
    await settle();
    const upBefore = up;

    prepared();
    await settle();

    expect(whilePreparing).toBe('down');
    expect(upBefore).toBe(false);
    expect(up).toBe(true);
  });

  it('stops the process and restarts nothing after stop(), even with a restart pending', async () => {
    const { clock, processes, supervisor, launches } = supervised();
    await supervisor.start();
    processes[0]!.crash();
    await settle();

    await supervisor.stop();
    await clock.advance(120_000);

    expect(launches()).toBe(1);
    expect(clock.pending()).toEqual([]);
    expect(supervisor.status().state).toBe('stopped');
  });

  it('does not take its own stop() for a death', async () => {
    const { clock, processes, lines, supervisor, launches } = supervised();
    await supervisor.start();

    await supervisor.stop();
    await clock.advance(60_000);

    expect(processes[0]!.stopped).toBe(true);
    expect(launches()).toBe(1);
    expect(lines).toEqual([]);
  });

  it('lets a first start that fails throw, without retrying', async () => {
    const { clock, supervisor, launches } = supervised({ failLaunches: [1] });

    await expect(supervisor.start()).rejects.toThrow('port taken (launch 1)');
    await clock.advance(60_000);

    expect(launches()).toBe(1);
  });
});

describe('describeExit', () => {
  it('names a signal, a shell-reported signal and a plain exit code', () => {
    expect(describeExit({ code: null, signal: 'SIGKILL' })).toBe('signal SIGKILL');
    expect(describeExit({ code: 143, signal: null })).toBe('exit code 143, killed by signal 15');
    expect(describeExit({ code: 1, signal: null })).toBe('exit code 1');
  });
});
