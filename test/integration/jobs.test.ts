import { beforeAll, describe, expect, inject, it } from 'vitest';
import { api, signIn } from '../support/api.js';

const baseUrl = inject('baseUrl');

beforeAll(() => {
  // The handlers' own modules run here against the test stack's table.
  Object.assign(process.env, inject('stackEnv'), { LOG_LEVEL: 'silent' });
});

async function statusOf(email: string): Promise<string> {
  const admin = api(baseUrl, await signIn(baseUrl, 'admin@demo.example'));
  const list = await admin.get('/api/agents');
  return list.body.agents.find((a: { email: string }) => a.email === email).online_status;
}

describe('presence sweep job', () => {
  it('leaves recently active agents online when run on schedule', async () => {
    await signIn(baseUrl, 'chat@demo.example');
    const res = await fetch(`${baseUrl}/dev/jobs/presence_sweep`, { method: 'POST' });
    expect(res.status).toBe(200);
    expect(await statusOf('chat@demo.example')).toBe('online');
  });

  it('marks agents offline after 15 quiet minutes', async () => {
    const { presenceSweep } = await import('../../functions/jobs/presenceSweep.js');
    await signIn(baseUrl, 'chat@demo.example');
    const result = await presenceSweep(Date.now() + 16 * 60_000);
    expect(result.marked_offline).toBeGreaterThanOrEqual(1);
    expect(await statusOf('chat@demo.example')).toBe('offline');
  });

  it('refuses an unknown job by name', async () => {
    const { handler } = await import('../../functions/jobs/handler.js');
    await expect(handler({ job: 'make_coffee' })).rejects.toThrow('Unknown job: make_coffee');
  });
});

describe('message sweep job', () => {
  it('runs by name from the manifest and reports what it found and did', async () => {
    // Act
    const res = await fetch(`${baseUrl}/dev/jobs/message_sweep`, { method: 'POST' });
    // Assess
    expect(res.status).toBe(200);
    // The dev route answers the jobs Lambda's own answer, `{ job, result }`, as its result.
    const body = (await res.json()) as { job: string; result: { job: string; result: Record<string, number> } };
    expect(body.job).toBe('message_sweep');
    expect(Object.keys(body.result.result).sort()).toEqual(['due', 'failed', 'receipts_caught_up', 'receipts_due', 'reconciled', 'refused', 'sent', 'waiting']);
    expect(body.result.result.failed).toBe(0);
  });

  it('is scheduled every minute, beside the scheduled texts', async () => {
    const { JOBS } = await import('../../functions/areas.js');
    expect(JOBS.message_sweep.rateMinutes).toBe(1);
  });
});
