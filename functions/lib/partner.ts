/**
 * The console's side of the partner's OpenID Connect provider (issue 23): its discovery document,
 * verifying the id_tokens it issues, and its refresh grant. With jose alone (already in every
 * Lambda): the console only verifies tokens and runs one form POST, which needs no OIDC client.
 */
import { createRemoteJWKSet, errors as joseErrors, jwtVerify, type JWTPayload } from 'jose';
import { SSO_ERRORS } from '../../shared/partnerSignIn/contract.js';
import { config, type PartnerConfig } from './config.js';
import { HttpError } from './errors.js';

/** Only asymmetric signatures: HS256 would let the public key (or a client secret) forge tokens. */
export const ID_TOKEN_ALGORITHMS = ['RS256', 'ES256'];
/** Clocks of two parties never agree exactly. */
export const CLOCK_SKEW_SECONDS = 60;
/** An id_token older than this (by its iat) is refused: the partner issues them for an hour. */
const MAX_ID_TOKEN_AGE_SECONDS = 2 * 3600;
const PARTNER_TIMEOUT_MS = 10_000;

export const ssoNotConfigured = () => new HttpError(404, 'sso_not_configured', SSO_ERRORS.sso_not_configured);
export const ssoInvalidToken = () => new HttpError(401, 'sso_invalid_token', SSO_ERRORS.sso_invalid_token);
export const ssoInsufficientRoles = (partner: PartnerConfig) =>
  new HttpError(403, 'sso_insufficient_roles', SSO_ERRORS.sso_insufficient_roles, { connect_url: partner.connectUrl });
/** The partner cannot be reached or answers what no provider would: our problem to report, not the user's. */
export const partnerUnavailable = (why: string) => new Error(`Partner identity provider: ${why}`);

export function partnerConfig(): PartnerConfig {
  const partner = config.partner;
  if (!partner) throw ssoNotConfigured();
  return partner;
}

/**
 * Plain http only for a provider on this machine (the local stack's): anywhere else tokens and
 * passwords would cross the network in clear.
 */
export function assertSecureIssuer(issuer: string): void {
  const url = new URL(issuer);
  const loopback = ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && loopback)) throw partnerUnavailable(`the issuer ${issuer} is not https`);
}

export interface PartnerEndpoints {
  issuer: string;
  token_endpoint: string;
  revocation_endpoint: string;
  jwks_uri: string;
}

interface Discovered {
  endpoints: PartnerEndpoints;
  jwks: ReturnType<typeof createRemoteJWKSet>;
}

/** Per issuer, for the life of the Lambda's process (a failed discovery is tried again next time). */
const discovered = new Map<string, Promise<Discovered>>();

async function fetchJson(url: string, init?: RequestInit): Promise<{ status: number; body: unknown }> {
  let res: Response;
  try {
    res = await fetch(url, { ...init, signal: AbortSignal.timeout(PARTNER_TIMEOUT_MS) });
  } catch (err) {
    throw partnerUnavailable(`${url} cannot be reached (${(err as Error).message})`);
  }
  const text = await res.text();
  try {
    return { status: res.status, body: JSON.parse(text) as unknown };
  } catch {
    throw partnerUnavailable(`${url} answered ${res.status} with no JSON`);
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

async function discover(partner: PartnerConfig): Promise<Discovered> {
  assertSecureIssuer(partner.issuer);
  const { status, body } = await fetchJson(`${partner.issuer}/.well-known/openid-configuration`);
  if (status !== 200 || !isRecord(body)) throw partnerUnavailable(`discovery answered ${status}`);
  const endpoint = (name: string): string => {
    const value = body[name];
    if (typeof value !== 'string' || !URL.canParse(value)) throw partnerUnavailable(`discovery has no ${name}`);
    return value;
  };
  // A document for another issuer would make us trust that issuer's keys for this one.
  if (body.issuer !== partner.issuer) throw partnerUnavailable(`discovery names the issuer ${String(body.issuer)}`);
  const endpoints = {
    issuer: partner.issuer,
    token_endpoint: endpoint('token_endpoint'),
    revocation_endpoint: endpoint('revocation_endpoint'),
    jwks_uri: endpoint('jwks_uri'),
  };
  const jwks = createRemoteJWKSet(new URL(endpoints.jwks_uri), {
    cacheMaxAge: partner.jwksCacheSeconds * 1000,
    timeoutDuration: PARTNER_TIMEOUT_MS,
  });
  return { endpoints, jwks };
}

async function discovery(partner: PartnerConfig): Promise<Discovered> {
  let found = discovered.get(partner.issuer);
  if (!found) {
    found = discover(partner);
    discovered.set(partner.issuer, found);
    found.catch(() => discovered.delete(partner.issuer));
  }
  return found;
}

export async function partnerEndpoints(partner: PartnerConfig): Promise<PartnerEndpoints> {
  return (await discovery(partner)).endpoints;
}

/** What the console takes from a verified id_token. */
export interface PartnerIdentity {
  sub: string;
  email: string;
  roles: string[];
}

/**
 * A partner id_token, verified: signed (RS256/ES256 only) by a key the partner publishes, for this
 * issuer and our client, in its lifetime (with CLOCK_SKEW_SECONDS of tolerance), not issued in the
 * future, with a verified e-mail and a subject. Anything else is 401 sso_invalid_token; a partner
 * that cannot be reached is a 500.
 */
export async function verifyIdToken(partner: PartnerConfig, idToken: string): Promise<PartnerIdentity> {
  const { jwks } = await discovery(partner);
  let payload: JWTPayload;
  try {
    const verified = await jwtVerify(idToken, jwks, {
      algorithms: ID_TOKEN_ALGORITHMS,
      issuer: partner.issuer,
      audience: partner.clientId,
      clockTolerance: CLOCK_SKEW_SECONDS,
      maxTokenAge: MAX_ID_TOKEN_AGE_SECONDS,
      requiredClaims: ['exp', 'iat', 'sub', 'email'],
    });
    // An access token in JWT form (typ at+jwt) or a logout token is not an identity.
    const typ = verified.protectedHeader.typ;
    if (typ !== undefined && typ.toUpperCase() !== 'JWT') throw ssoInvalidToken();
    payload = verified.payload;
  } catch (err) {
    if (err instanceof HttpError) throw err;
    if (err instanceof joseErrors.JWKSTimeout) throw partnerUnavailable('its keys did not arrive in time');
    if (err instanceof joseErrors.JOSEError) throw ssoInvalidToken();
    throw err;
  }
  const { sub, email, email_verified: emailVerified, roles } = payload as Record<string, unknown>;
  if (typeof sub !== 'string' || sub === '' || typeof email !== 'string' || email === '' || emailVerified !== true) throw ssoInvalidToken();
  if (roles !== undefined && !(Array.isArray(roles) && roles.every((r) => typeof r === 'string'))) throw ssoInvalidToken();
  return { sub, email: email.trim().toLowerCase(), roles: (roles as string[] | undefined) ?? [] };
}

export const hasRequiredRole = (partner: PartnerConfig, identity: PartnerIdentity): boolean => identity.roles.includes(partner.requiredRole);

/** The partner refused the refresh token (revoked, expired, user disabled): the OAuth error it gave. */
export class PartnerRefused extends Error {
  constructor(
    readonly error: string,
    readonly description: string,
  ) {
    super(`${error}: ${description}`);
  }
}

export interface PartnerTokens {
  id_token: string;
  /** The partner's refresh token after the grant: rotated, or the one presented. */
  refresh_token: string;
}

/** The refresh grant at the partner's token endpoint, as the public client. */
export async function partnerRefresh(partner: PartnerConfig, refreshToken: string): Promise<PartnerTokens> {
  const { endpoints } = await discovery(partner);
  const form = new URLSearchParams({ grant_type: 'refresh_token', refresh_token: refreshToken, client_id: partner.clientId });
  const { status, body } = await fetchJson(endpoints.token_endpoint, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    body: form.toString(),
  });
  if (status === 400 && isRecord(body) && body.error === 'invalid_grant') {
    throw new PartnerRefused('invalid_grant', typeof body.error_description === 'string' ? body.error_description : 'grant request is invalid');
  }
  if (status !== 200 || !isRecord(body) || typeof body.id_token !== 'string') throw partnerUnavailable(`its token endpoint answered ${status}`);
  return { id_token: body.id_token, refresh_token: typeof body.refresh_token === 'string' ? body.refresh_token : refreshToken };
}

/**
 * Revokes a refresh token of our client at the partner (RFC 7009: 200 whether or not the partner
 * still knew it). A refusal or an unreachable partner throws: the caller decides what it costs.
 */
export async function partnerRevoke(partner: PartnerConfig, refreshToken: string): Promise<void> {
  const { endpoints } = await discovery(partner);
  const form = new URLSearchParams({ token: refreshToken, token_type_hint: 'refresh_token', client_id: partner.clientId });
  let res: Response;
  try {
    res = await fetch(endpoints.revocation_endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: form.toString(),
      signal: AbortSignal.timeout(PARTNER_TIMEOUT_MS),
    });
  } catch (err) {
    throw partnerUnavailable(`${endpoints.revocation_endpoint} cannot be reached (${(err as Error).message})`);
  }
  await res.body?.cancel();
  if (res.status !== 200) throw partnerUnavailable(`its revocation endpoint answered ${res.status}`);
}
