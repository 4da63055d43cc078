/** A step of a call applied to the console (issue 25; functions/calls/progress.ts). Being written. */
import type { CallStep } from './progress.js';

export async function applyCallStep(_step: CallStep): Promise<void> {
  throw new Error('call steps are not applied yet');
}
