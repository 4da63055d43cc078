import { describe, expect, inject, it } from 'vitest';
import { api, signIn } from '../support/api.js';

const baseUrl = inject('baseUrl');

describe('DynamoDB capacity per request', () => {
  it('names the capacity and the table calls each answer consumed (the local stack sets CAPACITY_HEADER)', async () => {
    const advisor = api(baseUrl, await signIn(baseUrl, 'advisor@demo.example'));
    const res = await advisor.get('/api/locations/loc_demo_north/repair_orders/inbox?limit=20');
    expect(res.status).toBe(200);
    const header = res.headers.get('x-consumed-capacity') ?? '';
    const [, read, write, calls] = /^read=([\d.]+);write=([\d.]+);calls=(\d+)$/.exec(header) ?? [];
    // The session and the agent, the location, the list, its counter, customers and read marks.
    expect(Number(calls)).toBeGreaterThanOrEqual(5);
    expect(Number(read)).toBeGreaterThan(0);
    expect(Number(write)).toBe(0);
  });

  it('counts a write as write capacity, also where DynamoDB Local answers only a total', async () => {
    const manager = api(baseUrl, await signIn(baseUrl, 'manager@demo.example'));
    const res = await manager.post('/api/locations/loc_demo_north/csi_settings', { csi_settings: { enabled: true } });
    expect(res.status).toBe(200);
    const [, read, write] = /^read=([\d.]+);write=([\d.]+);calls=(\d+)$/.exec(res.headers.get('x-consumed-capacity') ?? '') ?? [];
    // The settings item, its event and the event's channel head are written.
    expect(Number(write)).toBeGreaterThanOrEqual(3);
    expect(Number(read)).toBeGreaterThan(0);
  });
});
