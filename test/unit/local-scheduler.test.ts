import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { JobName } from '../../functions/areas.js';
import { startScheduler } from '../../infra/local/scheduler.js';

describe('startScheduler (EventBridge Scheduler, locally)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('runs each job of the manifest at its rate', async () => {
    const runs: JobName[] = [];
    const scheduler = startScheduler(() => undefined, { presence_sweep: { rateMinutes: 5 } }, async (name) => {
      runs.push(name);
    });
    await vi.advanceTimersByTimeAsync(4 * 60_000);
    expect(runs).toEqual([]);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(runs).toEqual(['presence_sweep']);
    await vi.advanceTimersByTimeAsync(5 * 60_000);
    expect(runs).toEqual(['presence_sweep', 'presence_sweep']);
    scheduler.stop();
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(runs).toHaveLength(2);
  });

  it('logs a failing job and runs it again at the next tick', async () => {
    const lines: string[] = [];
    let attempts = 0;
    const scheduler = startScheduler((line) => lines.push(line), { presence_sweep: { rateMinutes: 1 } }, async () => {
      attempts += 1;
      throw new Error('table unreachable');
    });
    await vi.advanceTimersByTimeAsync(2 * 60_000);
    scheduler.stop();
    expect(attempts).toBe(2);
    expect(lines[0]).toContain('job presence_sweep failed');
    expect(lines[0]).toContain('table unreachable');
  });

  it('does not start a run while the previous one is still going', async () => {
    let running = 0;
    let overlapped = false;
    const scheduler = startScheduler(() => undefined, { presence_sweep: { rateMinutes: 1 } }, async () => {
      running += 1;
      if (running > 1) overlapped = true;
      await new Promise((r) => setTimeout(r, 150_000));
      running -= 1;
    });
    await vi.advanceTimersByTimeAsync(5 * 60_000);
    scheduler.stop();
    expect(overlapped).toBe(false);
  });
});
