/**
 * The telephony adapter's choice (functions/lib/telephony.ts): the simulator's on the local stack
 * (TELEPHONY=local, at LOCAL_TELEPHONY_URL), Chime's otherwise, made once per container; the local
 * one asks the simulator as the console's calls need (place: POST /outbound; hang up: POST
 * /calls/{id}/update).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';

const env = { ...process.env };
afterEach(() => {
  process.env = { ...env };
  vi.unstubAllGlobals();
  vi.resetModules();
});

describe('telephony()', () => {
  it('is the simulator on the local stack, made once', async () => {
    process.env.TELEPHONY = 'local';
    process.env.LOCAL_TELEPHONY_URL = 'http://local.test/dev/telephony';
    const { telephony, LocalTelephony } = await import('../../functions/lib/telephony.js');
    expect(telephony()).toBeInstanceOf(LocalTelephony);
    expect(telephony()).toBe(telephony());
  });

  it('is Chime anywhere else', async () => {
    delete process.env.TELEPHONY;
    const { telephony } = await import('../../functions/lib/telephony.js');
    const { ChimeTelephony } = await import('../../functions/lib/chimeTelephony.js');
    expect(telephony()).toBeInstanceOf(ChimeTelephony);
  });

  it('refuses TELEPHONY=local without the simulator’s address', async () => {
    process.env.TELEPHONY = 'local';
    delete process.env.LOCAL_TELEPHONY_URL;
    const { telephony } = await import('../../functions/lib/telephony.js');
    expect(() => telephony()).toThrow(/LOCAL_TELEPHONY_URL/);
  });

  it('places and hangs up calls through the simulator’s API', async () => {
    const asked: { url: string; body: unknown }[] = [];
    vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
      asked.push({ url, body: JSON.parse(String(init.body)) });
      return new Response(JSON.stringify({ transaction_id: 'txn-1' }), { status: 202 });
    });
    const { LocalTelephony } = await import('../../functions/lib/telephony.js');
    const local = new LocalTelephony('http://local.test/dev/telephony');
    expect(await local.placeCall({ from: '+16175550123', to: '+16175554210', arguments: { call_id: 'cal_1' } })).toEqual({ transactionId: 'txn-1' });
    await local.hangup('txn-1', { call_id: 'cal_1' });
    expect(asked).toEqual([
      { url: 'http://local.test/dev/telephony/outbound', body: { from: '+16175550123', to: '+16175554210', arguments: { call_id: 'cal_1' } } },
      { url: 'http://local.test/dev/telephony/calls/txn-1/update', body: { arguments: { call_id: 'cal_1' } } },
    ]);
  });
});
