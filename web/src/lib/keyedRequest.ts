/**
 * A request that carries an Idempotency-Key header (DESIGN "API": the same key from the same agent
 * returns the first result and creates nothing new), through the console's one client.
 */
import { api } from './api.js';
import { ApiError, type RequestOptions } from './request.js';
import { retry } from './retry.js';

/** A store outage is usually over in seconds; the agent sees the failure after about this long. */
export const KEYED_TRIES = 4;
export const KEYED_RETRY_MS = 1500;

/**
 * Only a keyed request may be asked again on its own: the key makes the second ask finish the first
 * one's work (a text goes at most once) instead of doing it twice. A 503 says the store could not
 * be reached; a 409 `request_in_progress` says the first attempt is still being settled.
 */
export function worthAskingAgain(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  return error.status === 503 || (error.status === 409 && error.id === 'request_in_progress');
}

export function requestWithKey<T>(path: string, key: string, options: RequestOptions = {}, delayMs = KEYED_RETRY_MS): Promise<T> {
  const ask = () => api.request<T>(path, { ...options, headers: { ...options.headers, 'Idempotency-Key': key } });
  return retry(ask, { tries: KEYED_TRIES, delayMs, shouldRetry: worthAskingAgain });
}
