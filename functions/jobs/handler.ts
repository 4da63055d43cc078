/** Scheduled jobs: EventBridge Scheduler (or the local scheduler) invokes with `{ job: name }`. */
import type { JobEvent } from '../areas.js';
import { boards } from '../lib/boardList.js';
import { logger } from '../lib/log.js';
import '../messages/boards.js';
import { runMassTexts } from '../messages/massTexts.js';
import { sendDueMessages } from '../messages/scheduled.js';
import { sweepOutbox } from '../messages/sweep.js';
import { presenceSweep } from './presenceSweep.js';

export type { JobEvent };

type Job = (event: JobEvent) => Promise<unknown>;

/** The core's jobs, then every board's (functions/lib/boardModule.ts `jobs`). */
const jobs: Record<string, Job> = {
  presence_sweep: () => presenceSweep(),
  scheduled_messages: () => sendDueMessages(),
  message_sweep: () => sweepOutbox(),
  mass_messages: (event: JobEvent) => runMassTexts(event),
  ...Object.fromEntries(boards().flatMap((board) => Object.entries(board.jobs ?? {}).map(([name, job]) => [name, job.run]))),
};

export async function handler(event: JobEvent): Promise<{ job: string; result: unknown }> {
  const name = event.job;
  if (!name || !Object.hasOwn(jobs, name)) throw new Error(`Unknown job: ${String(name)}`);
  const result = await jobs[name]!(event);
  logger.info('job finished', { job: name, result: result as Record<string, unknown> });
  return { job: name, result };
}
