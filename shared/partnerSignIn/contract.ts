/**
 * Partner single sign-on (issue 23): what the console's server and web agree on. A partner (provider
 * id `cao`) runs an OpenID Connect identity provider; the agents of a partner-managed company sign in
 * only through it (SPEC §3, §4, §7, §8).
 */
import * as z from 'zod/mini';
import type { SessionTokens } from '../api.js';
import { MAX_TOKEN_LENGTH, signInEmail } from '../schemas/auth.js';

/** The one partner a deployment knows: its provider id, also the `login_provider` of its sessions. */
export const PARTNER_PROVIDER = 'cao';
export type PartnerProvider = typeof PARTNER_PROVIDER;

/** The cookies the console keeps for seamless sign-in (path /, the configured domain if any). */
export const PARTNER_COOKIES = { email: 'partner_email', refresh_token: 'partner_refresh_token' } as const;

/** GET /agent_sessions/sso_config (public); 404 `sso_not_configured` when the deployment has no partner. */
export interface SsoConfig {
  provider: PartnerProvider;
  /** The partner's name as people know it ("Sign in with your <name> account"). */
  name: string;
  issuer: string;
  token_endpoint: string;
  revocation_endpoint: string;
  client_id: string;
  /** What the browser asks for in the password grant. */
  scope: string;
  /** The partner's own site, where its users start: "Return to Connect", and where a 403 for missing roles sends them. */
  connect_url: string;
  cookies: { email: typeof PARTNER_COOKIES.email; refresh_token: typeof PARTNER_COOKIES.refresh_token; domain: string | null };
}

/** POST /agent_sessions/login_sso: our session, as login_jwt answers it. */
export interface LoginSsoResponse {
  agent: SessionTokens;
}

/** POST /agent_sessions/seamless: our session and the partner refresh token to keep in its cookie (rotated or the same). */
export interface SeamlessResponse {
  agent: SessionTokens & { partner_refresh_token: string };
}

/** POST /agent_sessions/refresh of a partner session carries the partner's refresh token, rotated or the same. */
export interface PartnerRefreshResponse {
  agent: SessionTokens & { partner_refresh_token?: string };
}

/** The refusal ids of partner sign-in, with the words the server answers (the console words them per language). */
export const SSO_ERRORS = {
  sso_not_configured: 'Partner sign-in is not set up for this console.',
  sso_required: 'Sign in through your partner account.',
  sso_invalid_token: 'Your partner sign-in could not be verified. Please sign in again.',
  sso_insufficient_roles: 'Your partner account has no access to the console.',
  invalid_grant: 'Your partner sign-in has ended. Please sign in again.',
  session_ended: 'Your session has ended. Please sign in again.',
} as const;
export type SsoErrorId = keyof typeof SSO_ERRORS;

/** 403 `sso_insufficient_roles` carries where to send the person: `error.connect_url`. */
export interface SsoInsufficientRolesError {
  error: { id: 'sso_insufficient_roles'; message: string; connect_url: string };
}

/** 403 of seamless sign-in when the partner refuses the refresh token (revoked, expired, user disabled) or the e-mail differs. */
export interface SeamlessInvalidGrantError {
  error: { id: 'invalid_grant'; message: string; openid: { error: 'invalid_grant'; error_description: string } };
}

/** Tokens are a few kilobytes at most; anything longer is not one. */
export const MAX_PARTNER_TOKEN_LENGTH = 16_384;
const partnerToken = z.string().check(z.maxLength(MAX_PARTNER_TOKEN_LENGTH, 'Token is too long'));

/**
 * The identity provider's token response, posted as it came (form or JSON): the id_token says who
 * it is; the refresh token is kept on the session so our refresh can ask the partner too (the
 * browser asks for `offline_access`). The rest is accepted and not used.
 */
export const loginSsoBody = z.object({
  // An empty one is a token that does not verify (401), not a missing field.
  id_token: z.string({ error: 'Missing id_token' }).check(z.maxLength(MAX_PARTNER_TOKEN_LENGTH, 'Token is too long')),
  // Our refresh asks the partner with it (a session without one could not be kept in step with the partner).
  refresh_token: z.string({ error: 'Missing refresh_token' }).check(z.minLength(1, 'Missing refresh_token'), z.maxLength(MAX_PARTNER_TOKEN_LENGTH, 'Token is too long')),
  access_token: z.optional(partnerToken),
  token_type: z.optional(z.string().check(z.maxLength(64))),
  expires_in: z.optional(z.union([z.number(), z.string().check(z.maxLength(32))])),
  scope: z.optional(z.string().check(z.maxLength(1024))),
});
export type LoginSsoBody = z.infer<typeof loginSsoBody>;

export const seamlessBody = z.object({
  email: signInEmail,
  refresh_token: z.string({ error: 'Missing refresh_token' }).check(z.trim(), z.minLength(1, 'Missing refresh_token'), z.maxLength(MAX_TOKEN_LENGTH, 'Token is too long')),
});
export type SeamlessBody = z.infer<typeof seamlessBody>;
