/**
 * EventBridge Scheduler, locally: every job of the manifest runs at its rate by invoking the jobs
 * Lambda with the schedule's input, `{ job: name }`. A failing job is logged and retried at its
 * next tick; a run that is still going when the next tick comes is not doubled.
 */
import { randomUUID } from 'node:crypto';
import { JOBS, JOBS_ENTRY, type JobName } from '../../functions/areas.js';
import { functionName, loadHandler } from './handlers.js';
import { lambdaContext } from './lambda-event.js';

export function isJobName(name: string): name is JobName {
  return Object.hasOwn(JOBS, name);
}

/** One run of a job, now, with what it is started with beyond its name; answers the handler's result. */
export async function runJob(name: JobName, input: Record<string, string> = {}): Promise<unknown> {
  const handler = (await loadHandler(JOBS_ENTRY)) as (event: { job: JobName }, context: unknown) => unknown;
  // A scheduled job may run up to the jobs Lambda's 15 minutes.
  return await handler({ ...input, job: name }, lambdaContext(functionName(JOBS_ENTRY), randomUUID(), 15 * 60_000));
}

export interface Scheduler {
  stop(): void;
}

export function startScheduler(log: (line: string) => void, jobs: Record<string, { rateMinutes: number }> = JOBS, run = runJob): Scheduler {
  const running = new Set<string>();
  const timers = Object.entries(jobs).map(([name, { rateMinutes }]) =>
    setInterval(() => {
      if (running.has(name) || !isJobName(name)) return;
      running.add(name);
      run(name)
        .catch((err: unknown) => log(`[scheduler] job ${name} failed: ${(err as Error).stack ?? String(err)}`))
        .finally(() => running.delete(name));
    }, rateMinutes * 60_000),
  );
  return {
    stop: () => timers.forEach((timer) => clearInterval(timer)),
  };
}
