/**
 * A local stack of a fault test's own: its data in a temporary directory (so DynamoDB Local can be
 * killed and come back with the data kept), in a child process (isolated.ts), seeded with the demo
 * dealership, quiet hours lifted. The test kills the store with `stack.faults.crashStore()`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startIsolatedStack } from '../../infra/local/isolated.js';
import type { LocalStack } from '../../infra/local/stack.js';
import type { SupervisorStatus } from '../../infra/local/supervisor.js';
import { liftQuietHours } from './stack-setup.js';

/**
 * The outbox sweep's grace, the idempotency lease and the receipts' grace in the fault stacks:
 * short, so an outage plays out in seconds (production keeps 120 s, 30 s and 5 minutes; here no
 * request runs anywhere near 15 s).
 */
export const FAULT_GRACE_SECONDS = 15;

export interface FaultStack {
  stack: LocalStack;
  dataDir: string;
  stop(): Promise<void>;
}

export async function startFaultStack(): Promise<FaultStack> {
  const dataDir = mkdtempSync(join(tmpdir(), 'dealer-console-faults-'));
  let stack: LocalStack;
  try {
    // The handlers warn of every call the outage refuses: expected here, and hundreds of lines.
    stack = await startIsolatedStack({ port: 0, dataDir, web: 'none', seed: true, scheduler: false, quiet: true, autoReceipts: false }, { LOG_LEVEL: 'ERROR', OUTBOX_GRACE_SECONDS: String(FAULT_GRACE_SECONDS), IDEMPOTENCY_LEASE_SECONDS: String(FAULT_GRACE_SECONDS), RECEIPT_GRACE_SECONDS: String(FAULT_GRACE_SECONDS) });
  } catch (err) {
    rmSync(dataDir, { recursive: true, force: true });
    throw err;
  }
  const stop = async () => {
    await stack.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await liftQuietHours(stack.url);
  } catch (err) {
    await stop();
    throw err;
  }
  return { stack, dataDir, stop };
}

/** Waits until the supervisor has brought DynamoDB Local back after `restartsBefore` restarts. */
export async function storeBackUp(stack: LocalStack, restartsBefore: number, timeoutMs = 120_000): Promise<SupervisorStatus> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const status = await stack.faults.storeStatus();
    if (status.state === 'up' && status.restarts > restartsBefore) return status;
    if (Date.now() > deadline) throw new Error(`DynamoDB Local did not come back within ${timeoutMs / 1000} s: ${JSON.stringify(status)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
