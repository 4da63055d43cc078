/**
 * Shared body of the integration and e2e global setups: one local stack, in memory, on free
 * ports, in a child process of its own (see infra/local/isolated.ts for why), seeded with the
 * demo dealership. TRUST_PROXY=1 lets the IP allow-list tests speak for a client address with
 * X-Forwarded-For.
 */
import type { TestProject } from 'vitest/node';
import { api, signIn } from './api.js';
import { startIsolatedStack } from '../../infra/local/isolated.js';
import type { WebMode } from '../../infra/local/web.js';
import './provided.js';

export async function setupStack(project: TestProject, web: WebMode): Promise<() => Promise<void>> {
  const stack = await startIsolatedStack({ port: 0, dataDir: null, web, seed: true, scheduler: false, quiet: true, autoReceipts: web !== 'none' }, { TRUST_PROXY: '1' });
  await liftQuietHours(stack.url);
  project.provide('baseUrl', stack.url);
  project.provide('carrierUrl', stack.carrierUrl);
  project.provide('stackEnv', stack.env);
  return () => stack.stop();
}

/**
 * Tests run at any hour: the demo stores' quiet hours (21:00–08:00 by default) would hold every
 * text sent at night. Tests of quiet hours set them around the current time themselves.
 */
export async function liftQuietHours(baseUrl: string): Promise<void> {
  const admin = api(baseUrl, await signIn(baseUrl, 'admin@demo.example'));
  for (const location of ['loc_demo_north', 'loc_demo_south']) {
    const res = await admin.post(`/api/locations/${location}/service_settings`, { service_settings: { quiet_hours_start: '00:00', quiet_hours_end: '00:00' } });
    if (res.status !== 200) throw new Error(`Could not lift the quiet hours of ${location}: ${res.status} ${res.text}`);
  }
}
