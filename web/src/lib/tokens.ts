/** The agent's session tokens as the browser keeps them, and what the console reads from the access token. */
import { decodeJwt } from 'jose';
import type { SessionTokens } from '../../../shared/api.js';
import type { PartnerRefreshResponse } from '../../../shared/partnerSignIn/contract.js';
import { STORED, readStored, writeStored } from './storage.js';

/** Refresh this long before the access token runs out, so a busy agent is never signed out mid-shift. */
export const REFRESH_MARGIN_MS = 5 * 60 * 1000;

export function accessToken(): string | null {
  return readStored(STORED.token);
}

export function refreshToken(): string | null {
  return readStored(STORED.refreshToken);
}

/** The Web Lock under which this browser's tabs refresh the session one at a time. */
export const REFRESH_LOCK_NAME = 'dealer-console-session-refresh';

/**
 * Runs a refresh while holding the browser-wide refresh lock, so two tabs never spend the same
 * refresh token (the server takes a token only once; see request.ts). Browsers without Web Locks
 * run it directly: the server refuses the loser without ending the session, and the loser then
 * finds the token the winner stored.
 */
export function withRefreshLock<T>(task: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  if (!locks || typeof locks.request !== 'function') return task();
  return new Promise<T>((resolve, reject) => {
    // The lock is held until the task settles.
    locks.request(REFRESH_LOCK_NAME, { mode: 'exclusive' }, () => task().then(resolve, reject)).catch(reject);
  });
}

/** Refresh tokens rotate on every use: each answer's token replaces the stored one. */
export function storeTokens(tokens: SessionTokens): void {
  writeStored(STORED.token, tokens.access_token);
  writeStored(STORED.refreshToken, tokens.refresh_token);
}

export function clearAccessToken(): void {
  writeStored(STORED.token, null);
}

interface Claims {
  agent_email: string | null;
  /** 'cao' for a session opened through the partner (SPEC §3), null for the console's own sign-in. */
  login_provider: string | null;
  /** Expiry in epoch milliseconds. */
  expiresAt: number | null;
}

/** Claims read without verifying: the server verifies; the browser only needs the e-mail and expiry. */
export function tokenClaims(token: string | null): Claims | null {
  if (!token) return null;
  try {
    const payload = decodeJwt(token);
    return {
      agent_email: typeof payload.agent_email === 'string' ? payload.agent_email : null,
      login_provider: typeof payload.login_provider === 'string' ? payload.login_provider : null,
      expiresAt: typeof payload.exp === 'number' ? payload.exp * 1000 : null,
    };
  } catch {
    return null;
  }
}

/** True when the token is unreadable, has no expiry, or has less than the margin left. */
export function needsRefresh(token: string, nowMs: number, marginMs = REFRESH_MARGIN_MS): boolean {
  const expiresAt = tokenClaims(token)?.expiresAt;
  return expiresAt == null || expiresAt - nowMs < marginMs;
}

/** A session answer; a partner session's seamless and refresh answers also carry the partner's current refresh token. */
export type ReceivedTokens = PartnerRefreshResponse['agent'];

/** Sign-in, reset, magic and refresh answers carry the tokens under `agent` (SPEC §7). */
export function tokensFrom(body: unknown): ReceivedTokens | null {
  const agent = (body as { agent?: Partial<ReceivedTokens> } | null)?.agent;
  if (!agent || typeof agent.access_token !== 'string' || typeof agent.refresh_token !== 'string') return null;
  const tokens: ReceivedTokens = { access_token: agent.access_token, refresh_token: agent.refresh_token, expires_at: agent.expires_at ?? '' };
  if (typeof agent.partner_refresh_token === 'string' && agent.partner_refresh_token) tokens.partner_refresh_token = agent.partner_refresh_token;
  return tokens;
}
