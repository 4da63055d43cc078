/**
 * The hand-over of a call's steps from the SIP media application's handler to the background work
 * (functions/calls/progress.ts). The handler must answer the provider within 5 s, so it only keeps
 * each step (one PutItem) and starts the calls' job for the call; the job applies the call's steps
 * in the provider's sequence order, each once, through `applyCallStep` (functions/calls/apply.ts).
 *
 * Exactly once, in order, with runs at the same time: a run claims a step with a conditional
 * write before applying it and claims the next one only after it has seen every earlier one done,
 * so a second run for the same call finds the step claimed and stops. A claim is a lease: a run
 * that died mid-step leaves it to the next run once the lease is over. A step whose application
 * throws is tried again by the sweep, a bounded number of times, then set aside with a log; the
 * call's later steps go on.
 *
 * A start that was lost (the background invocation failed) is found by the sweep: every step not
 * yet applied is on a sparse due index a little after it was handed over.
 */
import { logger } from '../lib/log.js';
import { startInBackground } from '../lib/background.js';
import { isConditionFailure, putItemIf, queryAll, updateItem } from '../lib/table.js';
import type { CallStep } from './progress.js';

/**
 * The console's application of a step, given by the job (functions/calls/stepsJob.ts): the SIP media
 * application's handler hands steps over through this module and must not carry the conversation
 * core into its cold start (Chime's 5 s).
 */
export type Apply = (step: CallStep) => Promise<void>;

/** Keys of the records this store owns (docs/data-model.md). */
const stepKeys = {
  /** One step of one call, in the provider's order. */
  step: (transactionId: string, sequence: number) => ({ pk: `CALLSTEPS#${transactionId}`, sk: String(sequence).padStart(8, '0') }),
  ofCall: (transactionId: string) => ({ pk: `CALLSTEPS#${transactionId}` }),
  /** gsi2 (sparse, while a step is not applied): the sweep's list. */
  due: () => ({ gsi2pk: 'CALL_STEPS#DUE' }),
} as const;

export const CALL_STEPS_JOB = 'call_steps';

/** How long after its hand-over the sweep takes a step whose start was lost (the start itself comes within a second). */
const SWEEP_AFTER_MS = 30_000;
/** How long a run may take to apply one step before another run may take it over. */
export const STEP_LEASE_MS = 60_000;
/** Applications tried before a step is set aside. */
export const MAX_TRIES = 5;
/** Kept a while after the call for tracing, then expired by the table's TTL. */
const KEEP_DAYS = 14;

type StepState = 'pending' | 'applying' | 'applied' | 'set_aside';

interface StepRecord {
  transaction_id: string;
  sequence: number;
  step: CallStep;
  state: StepState;
  tries: number;
  lease_until?: number;
  handed_over_at: string;
  error?: string;
}

const dueKey = (at: number, transactionId: string, sequence: number) => `${new Date(at).toISOString()}#${transactionId}#${String(sequence).padStart(8, '0')}`;

/** Keeps the step durably and starts its application in the background; fast (the handler's 5 s budget). */
export async function handOver(step: CallStep): Promise<void> {
  if (await keepStep(step)) await startInBackground({ job: CALL_STEPS_JOB, transaction_id: step.transaction_id });
}

/** Keeps the step (one PutItem); false when it was kept already (the provider retried the invocation). The sweep takes it if no run does. */
export async function keepStep(step: CallStep): Promise<boolean> {
  const now = Date.now();
  const record: StepRecord = { transaction_id: step.transaction_id, sequence: step.sequence, step, state: 'pending', tries: 0, handed_over_at: new Date(now).toISOString() };
  try {
    await putItemIf(
      {
        ...stepKeys.step(step.transaction_id, step.sequence),
        ...record,
        ...stepKeys.due(),
        gsi2sk: dueKey(now + SWEEP_AFTER_MS, step.transaction_id, step.sequence),
        expires_at: Math.floor(now / 1000) + KEEP_DAYS * 86_400,
      },
      'attribute_not_exists(pk)',
    );
  } catch (err) {
    // The provider retried an invocation whose step is kept already: nothing new to start.
    if (isConditionFailure(err)) return false;
    throw err;
  }
  return true;
}

/** Every step of a call as kept, in sequence order (consistent: a run must see what another just wrote). */
export async function stepsOfCall(transactionId: string): Promise<StepRecord[]> {
  const items = await queryAll<StepRecord>({
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': stepKeys.ofCall(transactionId).pk },
    ConsistentRead: true,
  });
  return items.map((item) => ({
    transaction_id: item.transaction_id,
    sequence: item.sequence,
    step: item.step,
    state: item.state,
    tries: item.tries,
    lease_until: item.lease_until,
    handed_over_at: item.handed_over_at,
    error: item.error,
  }));
}

/** Takes the step for this run: it is pending, or its last run's lease is over. False: another run has it (or had it done). */
async function claim(record: StepRecord, now: number): Promise<boolean> {
  try {
    await updateItem({
      Key: stepKeys.step(record.transaction_id, record.sequence),
      UpdateExpression: 'SET #state = :applying, lease_until = :lease, tries = tries + :one, gsi2sk = :due',
      ConditionExpression: '#state = :pending OR (#state = :applying AND lease_until < :now)',
      ExpressionAttributeNames: { '#state': 'state' },
      ExpressionAttributeValues: {
        ':applying': 'applying',
        ':pending': 'pending',
        ':lease': now + STEP_LEASE_MS,
        ':now': now,
        ':one': 1,
        // Should this run die, the sweep finds the step when the lease is over.
        ':due': dueKey(now + STEP_LEASE_MS, record.transaction_id, record.sequence),
      },
    });
    return true;
  } catch (err) {
    if (isConditionFailure(err)) return false;
    throw err;
  }
}

async function settle(record: StepRecord, state: Exclude<StepState, 'applying'>, extra: { error?: string; retryAt?: number } = {}): Promise<void> {
  const stillDue = state === 'pending';
  await updateItem({
    Key: stepKeys.step(record.transaction_id, record.sequence),
    UpdateExpression: stillDue
      ? 'SET #state = :state, gsi2sk = :due, #error = :error REMOVE lease_until'
      : `SET #state = :state${extra.error ? ', #error = :error' : ''} REMOVE lease_until, gsi2pk, gsi2sk`,
    ExpressionAttributeNames: { '#state': 'state', ...(stillDue || extra.error ? { '#error': 'error' } : {}) },
    ExpressionAttributeValues: {
      ':state': state,
      ...(stillDue ? { ':due': dueKey(extra.retryAt ?? Date.now(), record.transaction_id, record.sequence), ':error': extra.error ?? '' } : {}),
      ...(!stillDue && extra.error ? { ':error': extra.error } : {}),
    },
  });
}

/**
 * Applies the call's steps not yet applied, in order, each once; stops at a step another run holds
 * or one that failed (it waits for the sweep, so no later step overtakes it). Answers how many this
 * run applied.
 *
 * A run that stops at a step another run holds leaves the call's later steps to that run: so each
 * run reads the call's steps again after a pass that got somewhere, and a step kept while it was
 * applying the earlier ones is not left behind.
 */
export async function applyStepsOfCall(transactionId: string, apply: Apply): Promise<number> {
  let applied = 0;
  for (;;) {
    const pass = await applyPass(transactionId, apply);
    applied += pass.applied;
    if (pass.stopped || !pass.progressed) return applied;
  }
}

async function applyPass(transactionId: string, apply: Apply): Promise<{ applied: number; progressed: boolean; stopped: boolean }> {
  let applied = 0;
  let progressed = false;
  for (const record of await stepsOfCall(transactionId)) {
    if (record.state === 'applied' || record.state === 'set_aside') continue;
    const now = Date.now();
    const stop = { applied, progressed, stopped: true };
    if (record.state === 'applying' && (record.lease_until ?? 0) >= now) return stop;
    if (!(await claim(record, now))) return stop;
    progressed = true;
    const tries = record.tries + 1;
    try {
      await apply(record.step);
    } catch (err) {
      const error = (err as Error).message;
      if (tries >= MAX_TRIES) {
        logger.error('call step set aside after its last try', { transaction_id: transactionId, sequence: record.sequence, step: record.step.step, tries, error });
        await settle(record, 'set_aside', { error });
        continue;
      }
      logger.warn('call step not applied; the sweep tries again', { transaction_id: transactionId, sequence: record.sequence, step: record.step.step, tries, error });
      // Tries spread out: a minute, then two, four…
      await settle(record, 'pending', { error, retryAt: Date.now() + 60_000 * 2 ** (tries - 1) });
      return { applied, progressed, stopped: true };
    }
    await settle(record, 'applied');
    applied++;
  }
  return { applied, progressed, stopped: false };
}

/** The calls whose steps are due: handed over a while ago and not applied (a lost start, a failure to retry, a run that died). */
async function callsWithStepsDue(now: number): Promise<string[]> {
  const items = await queryAll<{ transaction_id: string }>({
    IndexName: 'gsi2',
    KeyConditionExpression: 'gsi2pk = :pk AND gsi2sk <= :now',
    ExpressionAttributeValues: { ':pk': stepKeys.due().gsi2pk, ':now': `${new Date(now).toISOString()}#~` },
  });
  return [...new Set(items.map((item) => item.transaction_id))];
}

/** The sweep: applies the steps of every call that has steps due at `now`; answers how many it applied. */
export async function sweepCallSteps(now: number, apply: Apply): Promise<number> {
  let applied = 0;
  for (const transactionId of await callsWithStepsDue(now)) {
    try {
      applied += await applyStepsOfCall(transactionId, apply);
    } catch (err) {
      logger.error('call steps sweep: a call failed', { transaction_id: transactionId, error: (err as Error).message });
    }
  }
  return applied;
}
