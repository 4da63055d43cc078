/**
 * A request that carries an Idempotency-Key header (DESIGN "API": the same key from the same agent
 * returns the first result and creates nothing new), through the console's one client.
 */
import { api } from './api.js';
import type { RequestOptions } from './request.js';

export function requestWithKey<T>(path: string, key: string, options: RequestOptions = {}): Promise<T> {
  return api.request<T>(path, { ...options, headers: { ...options.headers, 'Idempotency-Key': key } });
}
