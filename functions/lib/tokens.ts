/** Signed access tokens (JWT, HS256) with jose; the key comes from Secrets Manager in AWS. */
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
  exp: number;
}

async function signingKey(): Promise<Uint8Array> {
  const value = secret('JWT_SECRET');
  if (!value) throw new Error('Missing environment variable JWT_SECRET_ARN');
  return new TextEncoder().encode(await value);
}

export async function signAccessToken(claims: Omit<AccessClaims, 'exp'>, seconds = ACCESS_TOKEN_SECONDS): Promise<{ token: string; exp: number }> {
  const exp = Math.floor(Date.now() / 1000) + seconds;
  const token = await new SignJWT({ cid: claims.cid, sid: claims.sid, agent_email: claims.agent_email, login_provider: claims.login_provider })
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
    const { sub, cid, sid, agent_email, login_provider, exp } = payload as Partial<AccessClaims>;
    if (!sub || !cid || !sid || !agent_email || !login_provider || !exp) throw unauthorized('invalid_token', 'Invalid agent ID.');
    return { sub, cid, sid, agent_email, login_provider, exp };
  } catch (err) {
    if (err instanceof joseErrors.JWTExpired) throw unauthorized('token_expired', 'Access token has expired.');
    if (err instanceof joseErrors.JOSEError) throw unauthorized('invalid_token', 'Invalid agent ID.');
    throw err;
  }
}
