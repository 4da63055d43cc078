/**
 * The calls' steps job (functions/calls/steps.ts) on the shared stack: a call's steps are applied in
 * the provider's order and each once, also with two runs at the same time; the sweep finds steps
 * whose start was lost; a step that fails is retried by the sweep and, after its last try, set
 * aside while the call's later steps go on. The steps are kept without their background start
 * (`keepStep`): the stack's own job must not apply them meanwhile, with the console's application.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { useStackEnv } from '../../../test/support/service.js';
import type { CallStep } from '../progress.js';
import { applyStepsOfCall, keepStep, MAX_TRIES, stepsOfCall, sweepCallSteps } from '../steps.js';

useStackEnv();

function steps(transactionId: string, names: CallStep['step'][]): CallStep[] {
  const base = {
    transaction_id: transactionId,
    at: new Date().toISOString(),
    direction: 'inbound' as const,
    store_number: '+16175550123',
    customer_number: '+16175551001',
    board: 'service' as const,
    company_id: 'cmp_steps_test',
    location_id: 'loc_steps_test',
  };
  return names.map((name, i): CallStep => {
    const sequence = i + 1;
    switch (name) {
      case 'answered':
        return { ...base, sequence, step: name, answered_by: '+16175550777' };
      case 'voicemail':
        return { ...base, sequence, step: name, dial_status: 'no-answer' };
      case 'recorded':
        return { ...base, sequence, step: name, recording: { bucket: 'recordings', key: 'k.wav' }, duration_seconds: 3 };
      case 'ended':
        return { ...base, sequence, step: name, dial_status: 'answered', talk_seconds: 12, voicemail: false };
      default:
        return { ...base, sequence, step: name };
    }
  });
}

/** An application that notes what it applied for these calls only (other tests' calls share the sweep), taking `ms` each. */
function recorder(transactionIds: string[], ms = 0) {
  const applied: string[] = [];
  const apply = async (step: CallStep) => {
    if (!transactionIds.includes(step.transaction_id)) return;
    await new Promise((r) => setTimeout(r, ms));
    applied.push(`${step.transaction_id.slice(0, 4)}:${step.sequence}:${step.step}`);
  };
  return { applied, apply };
}

describe('the calls’ steps job', () => {
  it('keeps a step once however often the provider repeats it, and applies a call’s steps in sequence order, each once, however they were kept', async () => {
    // Arrange: handed over out of order (the provider's invocations may overlap).
    const tx = randomUUID();
    const all = steps(tx, ['ringing', 'answered', 'ended']);
    for (const step of [all[2]!, all[0]!, all[1]!]) await keepStep(step);
    const repeated = await keepStep(all[0]!);
    const { applied, apply } = recorder([tx]);

    // Act
    const first = await applyStepsOfCall(tx, apply);
    const again = await applyStepsOfCall(tx, apply);

    // Assert
    const id = tx.slice(0, 4);
    expect(applied).toEqual([`${id}:1:ringing`, `${id}:2:answered`, `${id}:3:ended`]);
    expect(repeated).toBe(false);
    expect([first, again]).toEqual([3, 0]);
    expect((await stepsOfCall(tx)).map((r) => r.state)).toEqual(['applied', 'applied', 'applied']);
  });

  it('applies each step once and in order with two runs for the same call at the same time', async () => {
    // Arrange
    const tx = randomUUID();
    for (const step of steps(tx, ['ringing', 'voicemail', 'recorded', 'ended'])) await keepStep(step);
    const { applied, apply } = recorder([tx], 30);

    // Act
    const counts = await Promise.all([applyStepsOfCall(tx, apply), applyStepsOfCall(tx, apply), applyStepsOfCall(tx, apply)]);
    // A run that stopped at a claimed step leaves the rest to the one that holds it; whatever is left, a later run takes.
    const rest = await applyStepsOfCall(tx, apply);

    // Assert
    const id = tx.slice(0, 4);
    expect(applied).toEqual([`${id}:1:ringing`, `${id}:2:voicemail`, `${id}:3:recorded`, `${id}:4:ended`]);
    expect(counts.reduce((a, b) => a + b, 0) + rest).toBe(4);
  });

  it('leaves no step behind that was kept while another run was applying the earlier ones', async () => {
    // Arrange: run A holds step 1 (slow); step 2 is kept meanwhile and its own run B finds step 1 held.
    const tx = randomUUID();
    const [first, second] = steps(tx, ['ringing', 'ended']);
    await keepStep(first!);
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const applied: number[] = [];
    const apply = async (step: CallStep) => {
      if (step.sequence === 1) await gate;
      applied.push(step.sequence);
    };
    const runA = applyStepsOfCall(tx, apply);
    while ((await stepsOfCall(tx))[0]!.state !== 'applying') await new Promise((r) => setTimeout(r, 10));
    await keepStep(second!);

    // Act
    const runB = await applyStepsOfCall(tx, apply);
    release();
    const byA = await runA;

    // Assert
    expect(runB).toBe(0);
    expect(byA).toBe(2);
    expect(applied).toEqual([1, 2]);
  });

  it('sweeps the steps whose start was lost, once they are due', async () => {
    // Arrange: handed over; the background start is lost (nothing runs them).
    const tx = randomUUID();
    for (const step of steps(tx, ['ringing', 'ended'])) await keepStep(step);
    const { applied, apply } = recorder([tx]);

    // Act
    await sweepCallSteps(Date.now(), apply);
    const beforeDue = [...applied];
    await sweepCallSteps(Date.now() + 60_000, apply);

    // Assert: not while the start may still come, then each once.
    expect(beforeDue).toEqual([]);
    const id = tx.slice(0, 4);
    expect(applied).toEqual([`${id}:1:ringing`, `${id}:2:ended`]);
  });

  it('keeps a failing step for the sweep, later steps waiting; after its last try sets it aside and goes on', async () => {
    // Arrange
    const tx = randomUUID();
    for (const step of steps(tx, ['ringing', 'answered', 'ended'])) await keepStep(step);
    const applied: number[] = [];
    let answeredTries = 0;
    const apply = async (step: CallStep) => {
      if (step.transaction_id !== tx) return;
      if (step.step === 'answered') {
        answeredTries++;
        throw new Error('the conversation is not there yet');
      }
      applied.push(step.sequence);
    };

    // Act: the first run, then sweeps far enough ahead for each retry.
    await applyStepsOfCall(tx, apply);
    const afterFirst = { applied: [...applied], states: (await stepsOfCall(tx)).map((r) => r.state) };
    for (let i = 1; i < MAX_TRIES; i++) await sweepCallSteps(Date.now() + 2 ** i * 60_000 + 60_000, apply);

    // Assert
    expect(afterFirst.applied).toEqual([1]);
    expect(afterFirst.states).toEqual(['applied', 'pending', 'pending']);
    expect(answeredTries).toBe(MAX_TRIES);
    expect(applied).toEqual([1, 3]);
    const records = await stepsOfCall(tx);
    expect(records.map((r) => r.state)).toEqual(['applied', 'set_aside', 'applied']);
    expect(records[1]!.error).toBe('the conversation is not there yet');
  });
});
