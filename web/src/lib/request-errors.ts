/**
 * What the console does about a failed request (SPEC §8 "Request helper"). Pure: it only decides;
 * lib/failures.ts carries the decision out. Kept apart so the rules can be tested without a browser.
 */
import type { ErrorBody } from '../../../shared/api.js';

export type FailureAction =
  /** The caller cancelled: nothing to show. */
  | { kind: 'aborted' }
  /** The network is gone: show the offline banner until the browser is back online. */
  | { kind: 'offline' }
  /** The session's token is dead: sign out and reload. */
  | { kind: 'session_expired' }
  /** Any other 401 on a signed-in request: sign out with the inactivity flash. */
  | { kind: 'inactive' }
  /** The caller said it handles this status or error id itself. */
  | { kind: 'expected' }
  /** The server explained the failure: show its words. */
  | { kind: 'toast'; message: string }
  /** Nothing usable came back: the generic 'Error' / 'An unexpected error occurred'. */
  | { kind: 'unexpected' };

/** Statuses or error ids a caller handles itself (no toast). */
export interface Expected {
  statuses?: readonly number[];
  ids?: readonly string[];
}

const DEAD_TOKEN_MESSAGES = new Set(['Invalid agent ID.', 'Access token has expired.']);

/** Browsers word a failed fetch differently; these three mean "no network" (SPEC §8). */
const OFFLINE_MESSAGES = ['Failed to fetch', 'NetworkError when attempting to fetch resource', 'Internet connection appears to be offline'];

export function asErrorBody(body: unknown): ErrorBody {
  return body && typeof body === 'object' ? (body as ErrorBody) : {};
}

/** errors[].message joined, else error.message, else a top-level message; '' when none. */
export function serverMessage(body: unknown): string {
  const parsed = asErrorBody(body);
  const listed = Array.isArray(parsed.errors)
    ? parsed.errors.map((e) => (typeof e?.message === 'string' ? e.message : '')).filter(Boolean)
    : [];
  if (listed.length) return listed.join('\n');
  if (typeof parsed.error?.message === 'string' && parsed.error.message) return parsed.error.message;
  if (typeof parsed.message === 'string' && parsed.message) return parsed.message;
  return '';
}

export function errorId(body: unknown): string | null {
  const id = asErrorBody(body).error?.id;
  return typeof id === 'string' ? id : null;
}

/**
 * The action for an HTTP answer that was not 2xx. `signedIn` says whether the request carried the
 * agent's token: a 401 on a public request (a wrong password, say) says nothing about the session.
 */
export function failureAction(status: number, body: unknown, options: { signedIn: boolean; expected?: Expected }): FailureAction {
  const id = errorId(body);
  if (options.signedIn) {
    const parsed = asErrorBody(body);
    const messages = [parsed.error?.message, parsed.message];
    if (id === 'token_expired' || messages.some((m) => typeof m === 'string' && DEAD_TOKEN_MESSAGES.has(m))) {
      return { kind: 'session_expired' };
    }
    if (status === 401) return { kind: 'inactive' };
  }
  const expected = options.expected;
  if (expected?.statuses?.includes(status) || (id !== null && expected?.ids?.includes(id))) return { kind: 'expected' };
  const message = serverMessage(body);
  return message ? { kind: 'toast', message } : { kind: 'unexpected' };
}

/** The action for a request that never got an answer (thrown by fetch). */
export function thrownAction(error: unknown): FailureAction {
  if (error instanceof Error || (error && typeof error === 'object' && 'name' in error)) {
    const { name, message } = error as { name?: unknown; message?: unknown };
    if (name === 'AbortError') return { kind: 'aborted' };
    if (typeof message === 'string' && OFFLINE_MESSAGES.some((m) => message.includes(m))) return { kind: 'offline' };
  }
  return { kind: 'unexpected' };
}
