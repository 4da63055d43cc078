/**
 * Partner single sign-on in the browser (SPEC §4, §7, §8): the deployment's partner settings
 * (GET /agent_sessions/sso_config), the calls to the partner's identity provider (password grant,
 * revocation), and the pure decisions of the seamless start, kept apart so they are tested as tables.
 */
import type { SsoConfig } from '../../../shared/partnerSignIn/contract.js';
import { api } from './api.js';
import {
  clearPartnerCookies,
  pageScope,
  readPartnerCookies,
  writePartnerEmail,
  writePartnerRefreshToken,
  type CookieScope,
} from './partnerCookies.js';
import { ApiError } from './request.js';

export type { SsoConfig };

let cached: Promise<SsoConfig | null> | null = null;

/**
 * The partner settings, asked once per page; null when the deployment has no partner
 * (404 sso_not_configured). A failed request is not cached, so the next caller asks again.
 */
export function ssoConfig(): Promise<SsoConfig | null> {
  cached ??= api
    .request<SsoConfig>('/agent_sessions/sso_config', { auth: false, expected: { statuses: [404] } })
    .catch((error: unknown) => {
      if (error instanceof ApiError && error.status === 404) return null;
      cached = null;
      throw error;
    });
  return cached;
}

/** The partner's token answer, as login_sso takes it. */
export interface PartnerTokens {
  access_token: string;
  id_token: string;
  refresh_token: string;
  token_type: string;
  expires_in: number | string;
  scope?: string;
}

/** The partner's identity provider refused or failed; `error` is its OAuth error code when it sent one. */
export class PartnerError extends Error {
  constructor(
    readonly status: number,
    readonly error: string | null,
    readonly description: string | null,
  ) {
    super(description ?? error ?? (status ? `Partner answered HTTP ${status}` : 'Partner unreachable'));
    this.name = 'PartnerError';
  }
}

type Fetch = typeof fetch;

function form(values: Record<string, string>): URLSearchParams {
  return new URLSearchParams(values);
}

/**
 * The password grant at the partner's token endpoint. A plain form POST with no custom headers: the
 * partner is another origin in production, and such a request needs no CORS preflight.
 */
export async function passwordGrant(config: SsoConfig, username: string, password: string, fetchFn: Fetch = fetch): Promise<PartnerTokens> {
  let response: Response;
  try {
    response = await fetchFn(config.token_endpoint, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
      body: form({ username, password, grant_type: 'password', client_id: config.client_id, scope: config.scope }),
    });
  } catch (error) {
    throw new PartnerError(0, null, error instanceof Error ? error.message : null);
  }
  let body: unknown = null;
  try {
    body = await response.json();
  } catch {
    // Not JSON: judged by the status alone below.
  }
  const fields = body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
  if (!response.ok) {
    throw new PartnerError(
      response.status,
      typeof fields.error === 'string' ? fields.error : null,
      typeof fields.error_description === 'string' ? fields.error_description : null,
    );
  }
  if (typeof fields.id_token !== 'string' || typeof fields.access_token !== 'string' || typeof fields.refresh_token !== 'string') {
    throw new PartnerError(response.status, 'invalid_response', null);
  }
  return fields as unknown as PartnerTokens;
}

/** The partner's answer as the form body login_sso takes. */
export function partnerTokensForm(tokens: PartnerTokens): URLSearchParams {
  const values: Record<string, string> = {
    access_token: tokens.access_token,
    id_token: tokens.id_token,
    refresh_token: tokens.refresh_token,
    token_type: tokens.token_type,
    expires_in: String(tokens.expires_in),
  };
  if (tokens.scope) values.scope = tokens.scope;
  return form(values);
}

/**
 * Revokes the partner refresh token at sign-out (SPEC §7). Best effort: a partner that cannot be
 * reached must not keep the agent signed in here.
 */
export async function revokePartnerToken(config: SsoConfig, token: string, fetchFn: Fetch = fetch): Promise<boolean> {
  try {
    const response = await fetchFn(config.revocation_endpoint, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: form({ token, token_type_hint: 'refresh_token', client_id: config.client_id }),
    });
    return response.ok;
  } catch {
    return false;
  }
}

/** What the sign-in page says when the partner's token endpoint refuses (SPEC §8 Login). */
export type PartnerProblem =
  | { kind: 'wrong_credentials' }
  | { kind: 'text'; key: string; values?: Record<string, string> }
  | { kind: 'raw'; message: string };

export function partnerProblem(error: PartnerError, partner: string): PartnerProblem {
  if (error.error === 'invalid_grant') return { kind: 'wrong_credentials' };
  if (error.status === 0) return { kind: 'text', key: 'sign_in.partner_unreachable', values: { partner } };
  // SPEC §8: on 400 the identity provider's error_description is shown.
  if (error.status === 400 && error.description) return { kind: 'raw', message: error.description };
  return { kind: 'text', key: 'sign_in.partner_failed', values: { partner } };
}

/** The connect site to send an agent without the partner role to (the error body's, else the configured one). */
export function connectUrlOf(body: unknown, config: SsoConfig | null): string | null {
  const error = (body as { error?: { connect_url?: unknown } } | null)?.error;
  if (typeof error?.connect_url === 'string' && error.connect_url) return error.connect_url;
  return config?.connect_url ?? null;
}

/** SPEC §4: seamless sign-in runs when the e-mail cookie exists and the stored token's agent differs or is absent. */
export function wantsSeamless(cookieEmail: string | null, tokenEmail: string | null): boolean {
  if (!cookieEmail) return false;
  return !tokenEmail || tokenEmail.toLowerCase() !== cookieEmail.toLowerCase();
}

export type SeamlessFailure =
  /** The partner no longer takes the refresh token: forget the partner cookies and start over at '/'. */
  | { kind: 'forget_partner' }
  /** /login/seamless_error?status= */
  | { kind: 'error_page'; status: 403 | 404 | 500 }
  /** Anything else: start over at '/'. */
  | { kind: 'home' };

/** SPEC §8 "Seamless sign-in": where a failed seamless start leads. */
export function seamlessFailure(error: unknown): SeamlessFailure {
  if (!(error instanceof ApiError)) return { kind: 'home' };
  if (error.status === 403 && openidError(error.body) === 'invalid_grant') return { kind: 'forget_partner' };
  if (error.status === 403 || error.status === 404 || error.status === 500) return { kind: 'error_page', status: error.status };
  return { kind: 'home' };
}

function openidError(body: unknown): string | null {
  const openid = (body as { error?: { openid?: { error?: unknown } } } | null)?.error?.openid;
  return typeof openid?.error === 'string' ? openid.error : null;
}

/** The seamless error page's address for a status. */
export function seamlessErrorPath(status: number): string {
  return `/login/seamless_error?status=${status}`;
}

/** The cookie scope of this deployment's partner (host-only when the settings cannot be read). */
async function partnerScope(): Promise<CookieScope> {
  const config = await ssoConfig().catch(() => null);
  return pageScope(config?.cookies.domain ?? null);
}

/** After a partner sign-in: the cookies the next app start signs in with seamlessly. */
export function rememberPartnerSignIn(config: SsoConfig, email: string, refreshToken: string): void {
  const scope = pageScope(config.cookies.domain);
  writePartnerEmail(email, scope);
  writePartnerRefreshToken(refreshToken, scope);
}

/** The partner rotated its refresh token (seamless or refresh answer): keep the current one. */
export async function keepPartnerRefreshToken(token: string): Promise<void> {
  writePartnerRefreshToken(token, await partnerScope());
}

/** The partner no longer takes the refresh token: both cookies go, host-only and domain-wide. */
export async function forgetPartner(): Promise<void> {
  clearPartnerCookies(await partnerScope());
}

/** Sign-out of a partner session: revoke the partner refresh token, then forget the cookies. */
export async function endPartnerSession(): Promise<void> {
  const config = await ssoConfig().catch(() => null);
  const { refreshToken } = readPartnerCookies();
  if (config && refreshToken) await revokePartnerToken(config, refreshToken);
  clearPartnerCookies(pageScope(config?.cookies.domain ?? null));
}
