/**
 * Agent sessions: a server-side record per sign-in (so sign-out and impersonation take effect at
 * once), a short-lived signed access token, and a refresh token that extends the session.
 */
import { randomUUID } from 'node:crypto';
import ipaddr from 'ipaddr.js';
import { DeleteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { actsAsImpersonated } from '../../shared/access.js';
import type { SessionTokens } from '../../shared/api.js';
import { getAgent, type AgentRecord } from './agents.js';
import { config } from './config.js';
import { HttpError, unauthorized } from './errors.js';
import { keys } from './keys.js';
import { getLocation, type LocationRecord } from './locations.js';
import { newSecret, secretHash } from './passwords.js';
import { db, getItem, nowEpoch, putItem, queryAll } from './table.js';
import { signAccessToken, verifyAccessToken, type AccessClaims } from './tokens.js';

/** Kept signed in: 30 days, extended on each refresh; otherwise one working day. */
export const REMEMBERED_SESSION_SECONDS = 30 * 24 * 3600;
export const SESSION_SECONDS = 12 * 3600;

export interface SessionRecord {
  id: string;
  agent_id: string;
  company_id: string;
  agent_email: string;
  refresh_hash: string;
  remember: boolean;
  login_provider: AccessClaims['login_provider'];
  impersonated_agent_id: string | null;
  created_at: string;
  expires_at: number;
}

export interface Auth {
  companyId: string;
  session: SessionRecord;
  /** The agent who signed in. */
  agent: AgentRecord;
  /** The agent being viewed as, when impersonation is on. */
  impersonated: AgentRecord | null;
  /** Whose permissions and inbox apply (SPEC §6 impersonation rule). */
  actingAs: AgentRecord;
}

export async function startSession(
  agent: AgentRecord,
  provider: AccessClaims['login_provider'],
  remember: boolean,
): Promise<SessionTokens> {
  const id = randomUUID();
  const secret = newSecret();
  const seconds = remember ? REMEMBERED_SESSION_SECONDS : SESSION_SECONDS;
  const session: SessionRecord = {
    id,
    agent_id: agent.id,
    company_id: agent.company_id,
    agent_email: agent.email,
    refresh_hash: secretHash(secret),
    remember,
    login_provider: provider,
    impersonated_agent_id: null,
    created_at: new Date().toISOString(),
    expires_at: nowEpoch() + seconds,
  };
  await putItem({ ...keys.session(id), ...keys.sessionsOfAgent(agent.company_id, agent.id), gsi1sk: session.created_at, ...session });
  return issueTokens(session, `${id}.${secret}`);
}

async function issueTokens(session: SessionRecord, refreshToken: string): Promise<SessionTokens> {
  const { token } = await signAccessToken({
    sub: session.agent_id,
    cid: session.company_id,
    sid: session.id,
    agent_email: session.agent_email,
    login_provider: session.login_provider,
  });
  return { access_token: token, refresh_token: refreshToken, expires_at: new Date(session.expires_at * 1000).toISOString() };
}

export async function getSession(sessionId: string): Promise<SessionRecord | undefined> {
  return getItem<SessionRecord>(keys.session(sessionId), true);
}

/** A refresh token buys a new access token and, for remembered sessions, a longer session. */
export async function refreshSession(refreshToken: string, sourceIp: string): Promise<SessionTokens> {
  const [id, secret] = refreshToken.split('.');
  const session = id && secret ? await getSession(id) : undefined;
  if (!session || session.refresh_hash !== secretHash(secret ?? '')) throw unauthorized('invalid_refresh_token', 'Your session has ended. Please sign in again.');
  const agent = await getAgent(session.company_id, session.agent_id);
  if (!agent) throw unauthorized('invalid_token', 'Invalid agent ID.');
  await assertMaySignIn(agent, sourceIp);
  if (session.remember) {
    session.expires_at = nowEpoch() + REMEMBERED_SESSION_SECONDS;
    await db().send(
      new UpdateCommand({
        TableName: config.tableName,
        Key: keys.session(session.id),
        UpdateExpression: 'SET expires_at = :e',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':e': session.expires_at },
      }),
    );
  }
  return issueTokens(session, refreshToken);
}

export async function endSession(sessionId: string): Promise<void> {
  await db().send(new DeleteCommand({ TableName: config.tableName, Key: keys.session(sessionId) }));
}

/** Ends every session of an agent (after a password change: whoever knew the old one is out). */
export async function endAllSessions(companyId: string, agentId: string): Promise<number> {
  const sessions = await queryAll<SessionRecord>({
    IndexName: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :pk',
    ExpressionAttributeValues: { ':pk': keys.sessionsOfAgent(companyId, agentId).gsi1pk },
    ProjectionExpression: 'id',
  });
  await Promise.all(sessions.map((s) => endSession(s.id)));
  return sessions.length;
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

export async function authenticate(bearer: string): Promise<Auth> {
  const claims = await verifyAccessToken(bearer);
  // Both keys come from the token: read them together.
  const [session, agent] = await Promise.all([getSession(claims.sid), getAgent(claims.cid, claims.sub)]);
  if (!session || session.agent_id !== claims.sub) throw unauthorized('token_expired', 'Access token has expired.');
  if (!agent) throw unauthorized('invalid_token', 'Invalid agent ID.');
  if (!agent.active) throw inactiveAccount();
  const impersonated = session.impersonated_agent_id ? ((await getAgent(claims.cid, session.impersonated_agent_id)) ?? null) : null;
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
