/**
 * The calls' job (functions/calls/steps.ts): applies the steps of one call when started for it, else
 * every step left behind. Apart from steps.ts so the SIP media application's handler, which only
 * hands steps over, never bundles the console's application of them (apply.ts and the conversation
 * core behind it).
 */
import type { BoardJob, JobEvent } from '../lib/boardModule.js';
import { applyCallStep } from './apply.js';
import { applyStepsOfCall, sweepCallSteps } from './steps.js';

export const callStepsJob: BoardJob = {
  rateMinutes: 1,
  run: async (event: JobEvent) => (event.transaction_id ? applyStepsOfCall(event.transaction_id, applyCallStep) : sweepCallSteps(Date.now(), applyCallStep)),
};
