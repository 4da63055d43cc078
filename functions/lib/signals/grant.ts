/**
 * Locally, what STS does in AWS: a stream may subscribe only to the topics its ticket allows. In
 * AWS the stream assumes the listener role with a session policy naming exactly those topics
 * (awsAccess.ts) and IoT Core enforces it; locally the stream signs a short-lived grant naming the
 * topics with the stack's secret (SIGNALS_LOCAL_SECRET), and the local broker (infra/local/broker.ts)
 * admits the connection and each subscription only as the grant says.
 */
import { SignJWT, jwtVerify } from 'jose';

const AUDIENCE = 'dealer-console-signals';
/** A stream lasts at most 15 minutes; a reconnect signs a new grant. */
export const GRANT_SECONDS = 20 * 60;

export interface SignalGrant {
  /** The MQTT client id the grant is for. */
  clientId: string;
  /** Exactly the topics it may subscribe to (no wildcards). */
  topics: string[];
}

const key = (secret: string) => new TextEncoder().encode(secret);

export async function signGrant(grant: SignalGrant, secret: string): Promise<string> {
  return new SignJWT({ topics: grant.topics })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(grant.clientId)
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(`${GRANT_SECONDS}s`)
    .sign(key(secret));
}

/** The grant a token carries, or undefined when it is forged, expired or malformed. */
export async function verifyGrant(token: string, secret: string): Promise<SignalGrant | undefined> {
  try {
    const { payload } = await jwtVerify(token, key(secret), { audience: AUDIENCE, algorithms: ['HS256'] });
    const topics = payload.topics;
    if (typeof payload.sub !== 'string' || !Array.isArray(topics) || !topics.every((t): t is string => typeof t === 'string')) return undefined;
    return { clientId: payload.sub, topics };
  } catch {
    return undefined;
  }
}
