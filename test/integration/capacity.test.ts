import { randomUUID } from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';
import { api, signIn } from '../support/api.js';
import { useStackEnv } from '../support/service.js';

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

describe('reads of single items asked for together', () => {
  it('go to the table as one call, each answered its own item, a missing or expired one as nothing', async () => {
    useStackEnv();
    const { getItem, metered, nowEpoch, putItem } = await import('../../functions/lib/table.js');
    const pk = `TEST#TOGETHER#${randomUUID()}`;
    await Promise.all([
      putItem({ pk, sk: 'A', word: 'alpha' }),
      putItem({ pk, sk: 'B', word: 'beta' }),
      putItem({ pk, sk: 'OLD', word: 'gone', expires_at: nowEpoch() - 10 }),
    ]);

    const { meter, result } = metered(() =>
      Promise.all([
        getItem<{ word: string }>({ pk, sk: 'B' }),
        getItem({ pk, sk: 'MISSING' }),
        getItem<{ word: string }>({ pk, sk: 'A' }),
        getItem({ pk, sk: 'OLD' }),
        getItem<{ word: string }>({ pk, sk: 'A' }),
      ]),
    );
    const [b, missing, a, old, again] = await result;

    expect([b?.word, missing, a?.word, old, again?.word]).toEqual(['beta', undefined, 'alpha', undefined, 'alpha']);
    expect(meter.calls).toBe(1);
    // One after another, each is its own call, as it was alone.
    const alone = metered(async () => [await getItem<{ word: string }>({ pk, sk: 'A' }), await getItem({ pk, sk: 'MISSING' })]);
    expect((await alone.result).map((item) => (item as { word?: string } | undefined)?.word)).toEqual(['alpha', undefined]);
    expect(alone.meter.calls).toBe(2);
  });
});
