import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../web/src/lib/request.js';

const request = vi.fn();
vi.mock('../../web/src/lib/api.js', () => ({ api: { request: (...args: unknown[]) => request(...args) } }));
const { requestWithKey, worthAskingAgain, mayHaveGone, KEYED_RETRY_DELAYS_MS } = await import('../../web/src/lib/keyedRequest.js');

const failure = (status: number, id: string) => new ApiError({ kind: 'toast', message: id }, status, { error: { id, message: id } }, id);
const offline = () => new ApiError({ kind: 'offline' }, 0, null, 'Failed to fetch');
const fast = [1, 1, 1];

describe('requestWithKey', () => {
  afterEach(() => {
    request.mockReset();
    vi.useRealTimers();
  });

  it('asks again with the same Idempotency-Key while the store is unavailable or the answer was lost, and answers the first success', async () => {
    request
      .mockRejectedValueOnce(failure(503, 'service_unavailable'))
      .mockRejectedValueOnce(failure(409, 'request_in_progress'))
      .mockRejectedValueOnce(offline())
      .mockResolvedValueOnce({ message: { id: 'msg_1' } });
    const waiting = vi.fn();

    const answer = await requestWithKey('/api/repair_orders/ro_1/messages', 'key-1', { method: 'POST', body: { message: { text: 'Hi' } }, onWaiting: waiting }, fast);

    expect(answer).toEqual({ message: { id: 'msg_1' } });
    expect(request).toHaveBeenCalledTimes(4);
    const keys = request.mock.calls.map(([, options]) => (options as { headers: Record<string, string> }).headers['Idempotency-Key']);
    expect(keys).toEqual(['key-1', 'key-1', 'key-1', 'key-1']);
    expect(waiting).toHaveBeenCalledTimes(3);
  });

  it('keeps asking for about 30 s, the pauses growing, before it hands the failure on', async () => {
    vi.useFakeTimers();
    request.mockRejectedValue(failure(409, 'request_in_progress'));
    const started = Date.now();
    let settled = false;

    const asking = requestWithKey('/x', 'key-2', { method: 'POST' }).finally(() => (settled = true));
    asking.catch(() => undefined);
    await vi.advanceTimersByTimeAsync(20_000);
    const askedBy20s = request.mock.calls.length;
    const settledBy20s = settled;
    await vi.advanceTimersByTimeAsync(15_000);

    await expect(asking).rejects.toMatchObject({ status: 409 });
    // Still asking 20 s in (the old policy gave up after 4 tries 1.5 s apart).
    expect(settledBy20s).toBe(false);
    expect(askedBy20s).toBeGreaterThan(4);
    expect(request).toHaveBeenCalledTimes(KEYED_RETRY_DELAYS_MS.length + 1);
    const total = KEYED_RETRY_DELAYS_MS.reduce((a, b) => a + b, 0);
    expect(total).toBeGreaterThanOrEqual(25_000);
    expect(total).toBeLessThanOrEqual(35_000);
    expect(KEYED_RETRY_DELAYS_MS[0]).toBeLessThanOrEqual(1000);
    expect([...KEYED_RETRY_DELAYS_MS]).toEqual([...KEYED_RETRY_DELAYS_MS].sort((a, b) => a - b));
    expect(Date.now() - started).toBeLessThanOrEqual(35_000);
  });

  it('never asks again after a refusal: a refused text stays refused', async () => {
    request.mockRejectedValue(failure(422, 'opted_out'));

    await expect(requestWithKey('/x', 'key-3', { method: 'POST' }, fast)).rejects.toMatchObject({ status: 422 });
    expect(request).toHaveBeenCalledTimes(1);
    expect(worthAskingAgain(failure(409, 'idempotency_key_reused'))).toBe(false);
    expect(worthAskingAgain(failure(500, 'internal_error'))).toBe(false);
  });

  it('calls a failure after which the work may have been done "may have gone", never a refusal', () => {
    expect(mayHaveGone(failure(503, 'service_unavailable'))).toBe(true);
    expect(mayHaveGone(failure(409, 'request_in_progress'))).toBe(true);
    expect(mayHaveGone(failure(504, 'gateway_timeout'))).toBe(true);
    expect(mayHaveGone(offline())).toBe(true);
    expect(mayHaveGone(failure(422, 'opted_out'))).toBe(false);
    expect(mayHaveGone(failure(409, 'idempotency_key_reused'))).toBe(false);
    expect(mayHaveGone(new Error('boom'))).toBe(false);
  });
});
