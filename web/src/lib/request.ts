/**
 * The one way the console talks to its API (SPEC §7 "Calls", §8 "Request helper"): JSON in and out,
 * the agent's bearer token, the browser's X-OID id, at most ten requests in flight, cancellable,
 * and every failure classified (request-errors.ts) so callers and SWR act on it the same way.
 */
import pLimit from 'p-limit';
import { failureAction, serverMessage, errorId, thrownAction, type Expected, type FailureAction } from './request-errors.js';
import { needsRefresh, tokensFrom, withRefreshLock, type ReceivedTokens } from './tokens.js';

export const MAX_CONCURRENT_REQUESTS = 10;
/** After a refused refresh, how long to wait for another tab's rotated token before giving up. */
export const REFUSED_REFRESH_RECHECK_MS = 500;

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface RequestOptions {
  method?: Method;
  /** Sent as JSON; a URLSearchParams is sent as a form (application/x-www-form-urlencoded), as some endpoints take it (login_sso). */
  body?: unknown;
  signal?: AbortSignal;
  /** Statuses or error ids this caller shows itself; they raise no toast. */
  expected?: Expected;
  /** false: never send the agent's token (sign-in, password reset, magic link). */
  auth?: boolean;
  /** Extra headers, e.g. the Idempotency-Key of a send attempt. */
  headers?: Record<string, string>;
}

export class ApiError extends Error {
  constructor(
    readonly action: FailureAction,
    readonly status: number,
    readonly body: unknown,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  get id(): string | null {
    return errorId(this.body);
  }
}

/** Where the client finds and keeps the session's tokens (localStorage in the browser, memory in tests). */
export interface TokenStore {
  access(): string | null;
  refresh(): string | null;
  /** A partner session's refresh answer also carries the partner's refresh token (ReceivedTokens). */
  save(tokens: ReceivedTokens): void;
  /** Runs a refresh alone among the browser's tabs (default: the Web Lock of tokens.ts). */
  exclusive?<T>(task: () => Promise<T>): Promise<T>;
}

export interface ApiClientDeps {
  fetch: typeof fetch;
  tokens: TokenStore;
  deviceId: () => string;
  now?: () => number;
  concurrency?: number;
}

export interface ApiClient {
  request<T>(path: string, options?: RequestOptions): Promise<T>;
  /** Trade the refresh token for new tokens now; resolves false when the session is over. */
  refreshSession(): Promise<boolean>;
}

export function createApiClient(deps: ApiClientDeps): ApiClient {
  const limit = pLimit(deps.concurrency ?? MAX_CONCURRENT_REQUESTS);
  const now = deps.now ?? Date.now;
  let refreshing: Promise<boolean> | null = null;

  async function send<T>(path: string, options: RequestOptions, token: string | null): Promise<T> {
    const headers: Record<string, string> = { ...options.headers, Accept: 'application/json', 'X-OID': deps.deviceId() };
    if (token) headers.Authorization = `Bearer ${token}`;
    const init: RequestInit = { method: options.method ?? 'GET', headers };
    if (options.body instanceof URLSearchParams) {
      headers['Content-Type'] = 'application/x-www-form-urlencoded';
      init.body = options.body.toString();
    } else if (options.body !== undefined) {
      headers['Content-Type'] = 'application/json';
      init.body = JSON.stringify(options.body);
    }
    if (options.signal) init.signal = options.signal;

    let response: Response;
    try {
      // Aborted while waiting for a slot: don't start it at all.
      options.signal?.throwIfAborted();
      response = await deps.fetch(path, init);
    } catch (error) {
      const action = thrownAction(error);
      throw new ApiError(action, 0, null, error instanceof Error ? error.message : String(error));
    }
    const body = await readBody(response);
    if (response.ok) return body as T;
    const action = failureAction(response.status, body, { signedIn: token !== null, expected: options.expected });
    throw new ApiError(action, response.status, body, serverMessage(body) || `HTTP ${response.status}`);
  }

  function refreshSession(): Promise<boolean> {
    // One refresh at a time: ten requests finding the token old must not spend it ten times.
    // Refresh tokens work once (the server rotates them), and the tabs of a browser share one:
    // refresh under a browser-wide lock, and re-read the stored token inside it.
    const seen = deps.tokens.refresh();
    const exclusive = deps.tokens.exclusive?.bind(deps.tokens) ?? withRefreshLock;
    refreshing ??= exclusive(async () => {
      const refresh = deps.tokens.refresh();
      if (!refresh) return false;
      // Another tab refreshed while this one waited for the lock: its tokens are already stored.
      if (refresh !== seen) return true;
      try {
        // Through the limiter like any request; never called from inside a limited task, so no deadlock.
        const body = await limit(() => send<unknown>('/agent_sessions/refresh', { method: 'POST', body: { refresh_token: refresh } }, null));
        const tokens = tokensFrom(body);
        if (!tokens) return false;
        deps.tokens.save(tokens);
        return true;
      } catch (error) {
        // Offline: keep the current token, it may still be good, and try again on the next request.
        if (error instanceof ApiError && (error.action.kind === 'offline' || error.status >= 500)) throw error;
        // Refused. Another tab without the lock may have spent the same token first: the winner's
        // tokens are good, and its answer may be stored a moment after our refusal arrives.
        for (const pause of [0, REFUSED_REFRESH_RECHECK_MS]) {
          if (pause) await new Promise((resolve) => setTimeout(resolve, pause));
          const stored = deps.tokens.refresh();
          if (stored !== null && stored !== refresh) return true;
        }
        return false;
      }
    }).finally(() => {
      refreshing = null;
    });
    return refreshing;
  }

  async function bearer(): Promise<string | null> {
    const token = deps.tokens.access();
    if (!token || !needsRefresh(token, now())) return token;
    let refreshed: boolean;
    try {
      refreshed = await refreshSession();
    } catch {
      // Offline or a server hiccup: the current token may still be good for this request.
      return token;
    }
    if (refreshed) return deps.tokens.access();
    // The refresh token was refused: the session has ended (timed out, or signed out elsewhere).
    throw new ApiError({ kind: 'inactive' }, 401, null, 'The session has ended');
  }

  return {
    async request<T>(path: string, options: RequestOptions = {}): Promise<T> {
      const token = options.auth === false ? null : await bearer();
      return limit(() => send<T>(path, options, token));
    },
    refreshSession,
  };
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  const type = response.headers.get('content-type') ?? '';
  if (type.includes('json')) {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text;
    }
  }
  return text;
}
