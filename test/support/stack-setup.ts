/**
 * Shared body of the integration and e2e global setups: one local stack, in memory, on free
 * ports, in a child process of its own (see infra/local/isolated.ts for why), seeded with the
 * demo dealership. TRUST_PROXY=1 lets the IP allow-list tests speak for a client address with
 * X-Forwarded-For.
 */
import type { TestProject } from 'vitest/node';
import { startIsolatedStack } from '../../infra/local/isolated.js';
import type { WebMode } from '../../infra/local/web.js';
import './provided.js';

export async function setupStack(project: TestProject, web: WebMode): Promise<() => Promise<void>> {
  const stack = await startIsolatedStack({ port: 0, dataDir: null, web, seed: true, scheduler: false, quiet: true, autoReceipts: web !== 'none' }, { TRUST_PROXY: '1' });
  project.provide('baseUrl', stack.url);
  project.provide('carrierUrl', stack.carrierUrl);
  project.provide('stackEnv', stack.env);
  return () => stack.stop();
}
