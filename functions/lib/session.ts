/**
 * Agent sessions: a server-side record per sign-in (so sign-out and impersonation take effect at
 * once), a short-lived signed access token, and a refresh token that rotates on every use.
 */
import { randomUUID } from 'node:crypto';
import ipaddr from 'ipaddr.js';
import { DeleteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { actsAsImpersonated } from '../../shared/access.js';
import type { SessionTokens } from '../../shared/api.js';
import { getAgent, type AgentRecord } from './agents.js';
import { config } from './config.js';
import { sendSignal } from './signals/send.js';
import { sessionTopic } from './signals/topics.js';
import { HttpError, unauthorized } from './errors.js';
import { keys } from './keys.js';
import { getLocation, type LocationRecord } from './locations.js';
import { logger } from './log.js';
import { hasRequiredRole, partnerRefresh, PartnerRefused, partnerRevoke, verifyIdToken } from './partner.js';
import { newSecret } from './passwords.js';
import { db, getItem, nowEpoch, putItem, queryAll } from './table.js';
import { refreshTokenMac, sameMac, signAccessToken, verifyAccessToken, type AccessClaims } from './tokens.js';

/**
 * A session's whole life, fixed at sign-in and never extended by refreshing: 30 days when the agent
 * chose to stay signed in, one working day otherwise. Whoever holds a refresh token cannot keep a
 * session alive for ever.
 */
export const REMEMBERED_SESSION_SECONDS = 30 * 24 * 3600;
export const SESSION_SECONDS = 12 * 3600;
/**
 * The refresh token replaced this long ago is refused without ending the session: two tabs (or two
 * requests) of one browser that refresh at the same moment. Older tokens presented again are reuse.
 */
export const REFRESH_GRACE_SECONDS = 20;

export interface SessionRecord {
  id: string;
  agent_id: string;
  company_id: string;
  agent_email: string;
  /** Refresh tokens rotate on use: only the token of this generation is good (see refreshTokenMac). */
  refresh_generation: number;
  refresh_salt: string;
  /** Epoch ms of the last rotation. */
  rotated_at: number | null;
  remember: boolean;
  login_provider: AccessClaims['login_provider'];
  impersonated_agent_id: string | null;
  created_at: string;
  expires_at: number;
  /**
   * A partner session's (login_provider 'cao') refresh token at the partner: each refresh of ours
   * asks the partner too, so a user the partner disabled or signed out loses the console as well.
   */
  partner_refresh_token?: string;
}

export interface Auth {
  companyId: string;
  session: SessionRecord;
  /** The agent who signed in. */
  agent: AgentRecord;
  /** The agent being viewed as, when impersonation is on (and that agent is still active). */
  impersonated: AgentRecord | null;
  /** Whose permissions and inbox apply (SPEC §6 impersonation rule). */
  actingAs: AgentRecord;
}

export async function startSession(
  agent: AgentRecord,
  provider: AccessClaims['login_provider'],
  remember: boolean,
  partnerRefreshToken?: string,
): Promise<SessionTokens> {
  const seconds = remember ? REMEMBERED_SESSION_SECONDS : SESSION_SECONDS;
  const session: SessionRecord = {
    id: randomUUID(),
    agent_id: agent.id,
    company_id: agent.company_id,
    agent_email: agent.email,
    refresh_generation: 0,
    refresh_salt: newSecret(),
    rotated_at: null,
    remember,
    login_provider: provider,
    impersonated_agent_id: null,
    created_at: new Date().toISOString(),
    expires_at: nowEpoch() + seconds,
    ...(partnerRefreshToken ? { partner_refresh_token: partnerRefreshToken } : {}),
  };
  await putItem({ ...keys.session(session.id), ...keys.sessionsOfAgent(agent.company_id, agent.id), gsi1sk: session.created_at, ...session });
  return issueTokens(session, agent.location_id);
}

async function issueTokens(session: SessionRecord, locationId: string): Promise<SessionTokens> {
  const [{ token }, refreshToken] = await Promise.all([
    signAccessToken({
      sub: session.agent_id,
      cid: session.company_id,
      sid: session.id,
      agent_email: session.agent_email,
      login_provider: session.login_provider,
      lid: locationId,
    }),
    refreshTokenOf(session, session.refresh_generation),
  ]);
  return { access_token: token, refresh_token: refreshToken, expires_at: new Date(session.expires_at * 1000).toISOString() };
}

async function refreshTokenOf(session: Pick<SessionRecord, 'id' | 'refresh_salt'>, generation: number): Promise<string> {
  return `${session.id}.${generation}.${await refreshTokenMac(session.id, generation, session.refresh_salt)}`;
}

export async function getSession(sessionId: string): Promise<SessionRecord | undefined> {
  return getItem<SessionRecord>(keys.session(sessionId), true);
}

const sessionEnded = () => unauthorized('invalid_refresh_token', 'Your session has ended. Please sign in again.');

/** `{session id}.{generation}.{mac}`; anything else is refused before the table is read. */
const REFRESH_TOKEN = /^([A-Za-z0-9-]{1,64})\.(\d{1,9})\.([A-Za-z0-9_-]{43})$/;

/**
 * A refresh token buys new tokens once: the answer carries the next refresh token and the one
 * presented stops working (one conditional write, so of many parallel refreshes with one token
 * exactly one wins). An already replaced token presented again means it was copied: the session
 * ends (its every token, access and refresh, and its event streams). The session's end stays where
 * sign-in put it.
 */
export async function refreshSession(refreshToken: string, sourceIp: string): Promise<SessionTokens & { partner_refresh_token?: string }> {
  const parsed = REFRESH_TOKEN.exec(refreshToken);
  if (!parsed) throw sessionEnded();
  const [, id = '', generationText = '', mac = ''] = parsed;
  const generation = Number(generationText);
  const session = await getSession(id);
  if (!session || typeof session.refresh_generation !== 'number' || !session.refresh_salt) throw sessionEnded();
  if (!sameMac(mac, await refreshTokenMac(id, generation, session.refresh_salt))) throw sessionEnded();
  if (generation !== session.refresh_generation) throw await refusedOldToken(session, generation);
  const agent = await getAgent(session.company_id, session.agent_id);
  if (!agent) throw unauthorized('invalid_token', 'Invalid agent ID.');
  await assertMaySignIn(agent, sourceIp);
  const partnerToken = session.login_provider === 'cao' ? await partnerStillSignedIn(session, agent) : undefined;
  const rotatedAt = Date.now();
  try {
    await db().send(
      new UpdateCommand({
        TableName: config.tableName,
        Key: keys.session(id),
        UpdateExpression: `SET refresh_generation = :next, rotated_at = :at${partnerToken ? ', partner_refresh_token = :partner' : ''}`,
        ConditionExpression: 'refresh_generation = :presented',
        ExpressionAttributeValues: { ':next': generation + 1, ':at': rotatedAt, ':presented': generation, ...(partnerToken ? { ':partner': partnerToken } : {}) },
      }),
    );
  } catch (err) {
    // A parallel refresh with the same token won (or the session just ended). Refused, and the
    // session kept: the two requests are as likely one browser's as a thief's, and the winner's
    // tokens must stay good (see REFRESH_GRACE_SECONDS).
    if ((err as Error).name === 'ConditionalCheckFailedException') throw sessionEnded();
    throw err;
  }
  const tokens = await issueTokens({ ...session, refresh_generation: generation + 1, rotated_at: rotatedAt }, agent.location_id);
  return partnerToken ? { ...tokens, partner_refresh_token: partnerToken } : tokens;
}

export const partnerSessionEnded = () => unauthorized('session_ended', 'Your session has ended. Please sign in again.');

/**
 * A partner session lives only while the partner agrees: its refresh grant with the token kept on
 * the session, and the identity it answers still this agent's with the required role. Otherwise the
 * session ends (401 session_ended). Answers the partner's refresh token to keep (rotated or the same).
 */
async function partnerStillSignedIn(session: SessionRecord, agent: AgentRecord): Promise<string> {
  const partner = config.partner;
  const ended = async () => {
    await endSession(session.id);
    return partnerSessionEnded();
  };
  if (!partner || !session.partner_refresh_token) throw await ended();
  let tokens: Awaited<ReturnType<typeof partnerRefresh>>;
  try {
    tokens = await partnerRefresh(partner, session.partner_refresh_token);
  } catch (err) {
    if (err instanceof PartnerRefused) throw await ended();
    throw err;
  }
  let identity: Awaited<ReturnType<typeof verifyIdToken>>;
  try {
    identity = await verifyIdToken(partner, tokens.id_token);
  } catch (err) {
    if (err instanceof HttpError) throw await ended();
    throw err;
  }
  if (identity.email !== agent.email || !hasRequiredRole(partner, identity)) throw await ended();
  return tokens.refresh_token;
}

/** A genuine but replaced refresh token: a race within the grace, or reuse (the session ends). */
async function refusedOldToken(session: SessionRecord, generation: number): Promise<HttpError> {
  const justReplaced =
    generation === session.refresh_generation - 1 &&
    session.rotated_at !== null &&
    Date.now() - session.rotated_at <= REFRESH_GRACE_SECONDS * 1000;
  if (!justReplaced && generation < session.refresh_generation) {
    logger.warn('refresh token reused: session ended', { session_id: session.id, agent_id: session.agent_id, company_id: session.company_id });
    await endSession(session.id);
  }
  return sessionEnded();
}

/** Ends a session; its open event streams hear it on the session's topic and close at once. */
export async function endSession(sessionId: string): Promise<void> {
  const ended = await db().send(new DeleteCommand({ TableName: config.tableName, Key: keys.session(sessionId), ReturnValues: 'ALL_OLD' }));
  await sendSignal(sessionTopic(sessionId), {});
  const session = ended.Attributes as SessionRecord | undefined;
  // The partner's refresh token of a partner session dies with it, at the partner too: the
  // browser revokes its cookie's copy at sign-out, but a browser that lost its cookies (or a
  // session ended by a manager or a password change) would leave a live token behind.
  if (session?.login_provider === 'cao' && session.partner_refresh_token && config.partner) {
    await partnerRevoke(config.partner, session.partner_refresh_token).catch((error: unknown) =>
      logger.warn('partner refresh token not revoked at session end', { session_id: sessionId, error: (error as Error).message }),
    );
  }
}

/**
 * Ends every session of an agent (after a password change: whoever knew the old one is out), but
 * `keep`: the agent's own session in which they changed it.
 */
export async function endAllSessions(companyId: string, agentId: string, keep?: string): Promise<number> {
  const sessions = await queryAll<SessionRecord>({
    IndexName: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :pk',
    ExpressionAttributeValues: { ':pk': keys.sessionsOfAgent(companyId, agentId).gsi1pk },
    ProjectionExpression: 'id',
  });
  const ending = sessions.filter((s) => s.id !== keep);
  await Promise.all(ending.map((s) => endSession(s.id)));
  return ending.length;
}

export async function setImpersonation(sessionId: string, agentId: string | null): Promise<void> {
  await db().send(
    new UpdateCommand({
      TableName: config.tableName,
      Key: keys.session(sessionId),
      UpdateExpression: 'SET impersonated_agent_id = :a',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':a': agentId },
    }),
  );
}

/**
 * Every authenticated request: the token, the session (sign-out and reuse take effect at once),
 * the agent (still active), and the IP allow-list of the agent's location (admins exempt), whose
 * location is read in parallel with the session and the agent. `clientAddress` is asked only when
 * the location has an allow-list.
 */
export async function authenticate(bearer: string, clientAddress: () => Promise<string>): Promise<Auth> {
  const claims = await verifyAccessToken(bearer);
  // All three keys come from the token: read them together.
  const [session, agent, tokenLocation] = await Promise.all([
    getSession(claims.sid),
    getAgent(claims.cid, claims.sub),
    claims.lid ? getLocation(claims.cid, claims.lid) : Promise.resolve(undefined),
  ]);
  if (!session || session.agent_id !== claims.sub) throw unauthorized('token_expired', 'Access token has expired.');
  if (!agent) throw unauthorized('invalid_token', 'Invalid agent ID.');
  if (!agent.active) throw inactiveAccount();
  if (!agent.access_level.admin) {
    // The agent moved since the token was issued (or an older token names no location): read theirs.
    const location = claims.lid === agent.location_id ? tokenLocation : await getLocation(agent.company_id, agent.location_id);
    if (location && location.ip_allowlist.length > 0 && !ipAllowed(location, await clientAddress(), false)) throw ipNotAllowed();
  }
  const target = session.impersonated_agent_id ? await getAgent(claims.cid, session.impersonated_agent_id) : undefined;
  // An agent made inactive while being viewed as: back to the agent's own identity.
  const impersonated = target && target.active ? target : null;
  const actingAs = impersonated && actsAsImpersonated(agent.access_level, impersonated.access_level) ? impersonated : agent;
  return { companyId: claims.cid, session, agent, impersonated, actingAs };
}

export const inactiveAccount = () =>
  new HttpError(403, 'inactive', 'Your account is inactive. Please contact your administrator for details.');

export const ipNotAllowed = () =>
  new HttpError(403, 'ip_not_allowed', 'Logging in from your location is not permitted. Please contact your Service Manager for details.');

/** A location's allow-list (addresses or CIDR ranges); company admins are never locked out by it. */
export function ipAllowed(location: Pick<LocationRecord, 'ip_allowlist'>, sourceIp: string, isAdmin: boolean): boolean {
  if (isAdmin || location.ip_allowlist.length === 0) return true;
  let address: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    address = ipaddr.process(sourceIp);
  } catch {
    return false;
  }
  return location.ip_allowlist.some((entry) => {
    try {
      const [range, bits] = entry.includes('/') ? ipaddr.parseCIDR(entry) : [ipaddr.process(entry), -1];
      if (range.kind() !== address.kind()) return false;
      return bits === -1 ? range.toString() === address.toString() : address.match([range, bits] as [typeof range, number]);
    } catch {
      return false;
    }
  });
}

export async function assertMaySignIn(agent: AgentRecord, sourceIp: string): Promise<void> {
  if (!agent.active) throw inactiveAccount();
  const location = await getLocation(agent.company_id, agent.location_id);
  if (location && !ipAllowed(location, sourceIp, agent.access_level.admin)) throw ipNotAllowed();
}
