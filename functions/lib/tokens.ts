/** Signed access tokens (JWT, HS256) with jose; the key comes from Secrets Manager in AWS. */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';
import { unauthorized } from './errors.js';
import { secret } from './secrets.js';

export const ACCESS_TOKEN_SECONDS = 60 * 60;

export interface AccessClaims {
  sub: string;
  cid: string;
  sid: string;
  agent_email: string;
  login_provider: 'password' | 'magic' | 'reset' | 'cao';
  /**
   * The agent's location when the token was issued: lets `authenticate` read the location's IP
   * allow-list in parallel with the session and the agent (checked against the agent's record).
   */
  lid?: string;
  exp: number;
}

async function signingKey(): Promise<Uint8Array> {
  const value = secret('JWT_SECRET');
  if (!value) throw new Error('Missing environment variable JWT_SECRET_ARN');
  return new TextEncoder().encode(await value);
}

export async function signAccessToken(claims: Omit<AccessClaims, 'exp'>, seconds = ACCESS_TOKEN_SECONDS): Promise<{ token: string; exp: number }> {
  const exp = Math.floor(Date.now() / 1000) + seconds;
  const token = await new SignJWT({
    cid: claims.cid,
    sid: claims.sid,
    agent_email: claims.agent_email,
    login_provider: claims.login_provider,
    ...(claims.lid ? { lid: claims.lid } : {}),
  })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(claims.sub)
    .setIssuedAt()
    .setExpirationTime(exp)
    .sign(await signingKey());
  return { token, exp };
}

export async function verifyAccessToken(token: string): Promise<AccessClaims> {
  try {
    const { payload } = await jwtVerify(token, await signingKey(), { algorithms: ['HS256'] });
    const { sub, cid, sid, agent_email, login_provider, lid, exp } = payload as Partial<AccessClaims>;
    if (!sub || !cid || !sid || !agent_email || !login_provider || !exp) throw unauthorized('invalid_token', 'Invalid agent ID.');
    return { sub, cid, sid, agent_email, login_provider, exp, ...(typeof lid === 'string' ? { lid } : {}) };
  } catch (err) {
    if (err instanceof joseErrors.JWTExpired) throw unauthorized('token_expired', 'Access token has expired.');
    if (err instanceof joseErrors.JOSEError) throw unauthorized('invalid_token', 'Invalid agent ID.');
    throw err;
  }
}

/**
 * The secret part of a refresh token: an HMAC, under the signing key, of the session, the token's
 * generation and a per-session salt kept in the table. So every token a session ever had can be
 * recognised (an old one presented again is reuse, not a forgery), while neither the table nor the
 * key alone is enough to make one.
 */
export async function refreshTokenMac(sessionId: string, generation: number, salt: string): Promise<string> {
  return createHmac('sha256', await signingKey()).update(`refresh|${sessionId}|${generation}|${salt}`).digest('base64url');
}

export function sameMac(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
