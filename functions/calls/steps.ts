/**
 * The hand-over of a call's steps from the SIP media application's handler to the background work
 * (functions/calls/progress.ts). Being written (issue 25).
 */
import type { BoardJob } from '../lib/boardModule.js';
import type { CallStep } from './progress.js';

/** Keeps the step durably and starts its application in the background; fast (the handler's 5 s budget). */
export async function handOver(_step: CallStep): Promise<void> {
  throw new Error('call steps are not handed over yet');
}

/** The calls' job: applies the steps of one call when started for it, else every step left behind. */
export const callStepsJob: BoardJob = {
  rateMinutes: 1,
  run: async () => 0,
};
