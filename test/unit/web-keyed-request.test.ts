import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../web/src/lib/request.js';

const request = vi.fn();
vi.mock('../../web/src/lib/api.js', () => ({ api: { request: (...args: unknown[]) => request(...args) } }));
const { requestWithKey, worthAskingAgain, KEYED_TRIES } = await import('../../web/src/lib/keyedRequest.js');

const failure = (status: number, id: string) => new ApiError({ kind: 'toast', message: id }, status, { error: { id, message: id } }, id);

describe('requestWithKey', () => {
  afterEach(() => request.mockReset());

  it('asks again with the same Idempotency-Key while the store is unavailable, and answers the first success', async () => {
    request.mockRejectedValueOnce(failure(503, 'service_unavailable')).mockRejectedValueOnce(failure(409, 'request_in_progress')).mockResolvedValueOnce({ message: { id: 'msg_1' } });

    const answer = await requestWithKey('/api/repair_orders/ro_1/messages', 'key-1', { method: 'POST', body: { message: { text: 'Hi' } } }, 1);

    expect(answer).toEqual({ message: { id: 'msg_1' } });
    expect(request).toHaveBeenCalledTimes(3);
    const keys = request.mock.calls.map(([, options]) => (options as { headers: Record<string, string> }).headers['Idempotency-Key']);
    expect(keys).toEqual(['key-1', 'key-1', 'key-1']);
  });

  it('gives up after a few tries and hands the last failure to the caller', async () => {
    request.mockRejectedValue(failure(503, 'service_unavailable'));

    await expect(requestWithKey('/x', 'key-2', { method: 'POST' }, 1)).rejects.toMatchObject({ status: 503 });
    expect(request).toHaveBeenCalledTimes(KEYED_TRIES);
  });

  it('never asks again after a refusal: a refused text stays refused', async () => {
    request.mockRejectedValue(failure(422, 'opted_out'));

    await expect(requestWithKey('/x', 'key-3', { method: 'POST' }, 1)).rejects.toMatchObject({ status: 422 });
    expect(request).toHaveBeenCalledTimes(1);
    expect(worthAskingAgain(failure(409, 'idempotency_key_reused'))).toBe(false);
    expect(worthAskingAgain(failure(500, 'internal_error'))).toBe(false);
  });
});
