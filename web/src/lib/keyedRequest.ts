/**
 * A request that carries an Idempotency-Key header (DESIGN "API": the same key from the same agent
 * returns the first result and creates nothing new), through the console's one client.
 */
import { api } from './api.js';
import { ApiError, type RequestOptions } from './request.js';
import { retry } from './retry.js';

/**
 * The pauses between asks, growing: the first answers come within a second of the store's return,
 * and the whole wait (about 30 s) outlasts a store's restart and the server's own lease on a
 * request it lost (30 s, functions/lib/idempotency.ts), so an agent is told what happened instead
 * of a failure that was none. Each ask is one cheap request.
 */
export const KEYED_RETRY_DELAYS_MS: readonly number[] = [1000, 1500, 2000, 3000, 4000, 5000, 6000, 8000];

/**
 * Only a keyed request may be asked again on its own: the key makes the second ask finish the first
 * one's work (a text goes at most once) instead of doing it twice. A 503 says the store could not
 * be reached; a 409 `request_in_progress` says the first attempt is still being settled; a 502 or
 * 504, or no answer at all, says the answer was lost on the way.
 */
export function worthAskingAgain(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  if (error.status === 409) return error.id === 'request_in_progress';
  return error.status === 502 || error.status === 503 || error.status === 504 || error.action.kind === 'offline';
}

/**
 * After such a failure the request may still have done its work (a text reached the customer and
 * the store went away before it could say so): never report it as failed, and never offer to do it
 * again under a new key; ask again with the same one.
 */
export const mayHaveGone = worthAskingAgain;

export interface KeyedOptions extends RequestOptions {
  /** Told each time the answer is not known yet and the request is asked again. */
  onWaiting?: () => void;
}

export function requestWithKey<T>(path: string, key: string, options: KeyedOptions = {}, delaysMs: readonly number[] = KEYED_RETRY_DELAYS_MS): Promise<T> {
  const { onWaiting, ...request } = options;
  const ask = () => api.request<T>(path, { ...request, headers: { ...request.headers, 'Idempotency-Key': key } });
  return retry(ask, {
    tries: delaysMs.length + 1,
    delayMs: (attempt) => delaysMs[attempt - 1] ?? 0,
    shouldRetry: worthAskingAgain,
    onRetry: () => onWaiting?.(),
    signal: request.signal,
  });
}
