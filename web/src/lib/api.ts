/** The console's API client, its SWR fetcher, and `send()` for changes that report their own failures. */
import { createApiClient, ApiError, type RequestOptions } from './request.js';
import { deviceId } from './device.js';
import { reportFailure } from './failures.js';
import { accessToken, refreshToken, storeTokens } from './tokens.js';

export const api = createApiClient({
  fetch: (input, init) => fetch(input, init),
  tokens: {
    access: accessToken,
    refresh: refreshToken,
    save(tokens) {
      storeTokens(tokens);
      // The partner rotated its refresh token: the cookie keeps the current one for the next seamless start.
      // Imported when needed, not at the top: partner.ts itself is built on this client.
      const partnerToken = tokens.partner_refresh_token;
      if (partnerToken) void import('./partner.js').then((partner) => partner.keepPartnerRefreshToken(partnerToken));
    },
  },
  deviceId,
});

/** SWR keys are paths (GET). */
export function fetcher<T>(path: string): Promise<T> {
  return api.request<T>(path);
}

/** A request whose failure is shown the standard way; the caller still gets the error to stop its spinner. */
export async function send<T>(path: string, options: RequestOptions = {}): Promise<T> {
  try {
    return await api.request<T>(path, options);
  } catch (error) {
    reportFailure(error);
    throw error;
  }
}

/** SWR asks again only when asking again can help: a server hiccup, not a refusal. */
export function worthRetrying(error: unknown): boolean {
  return error instanceof ApiError && error.status >= 500 && (error.action.kind === 'toast' || error.action.kind === 'unexpected');
}
