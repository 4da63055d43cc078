/** Sign-in by password: the sign-in record, failed-attempt counting and lockout. */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { SessionTokens } from '../../shared/api.js';
import { getAgent, type AgentRecord } from '../lib/agents.js';
import { config } from '../lib/config.js';
import { HttpError } from '../lib/errors.js';
import { keys } from '../lib/keys.js';
import { hashPassword, verifyPassword } from '../lib/passwords.js';
import { markSeen } from '../lib/presence.js';
import { assertMaySignIn, startSession } from '../lib/session.js';
import { db, fields, getItem, type Item } from '../lib/table.js';

export const MAX_FAILED_ATTEMPTS = 5;
export const LOCKOUT_MINUTES = 15;

export interface SignInRecord {
  email: string;
  company_id: string;
  agent_id: string;
  password_hash: string;
  failed_attempts: number;
  locked_until: string | null;
}

/** The stored sign-in record of a new agent (no failures, not locked). */
export function signInItem(agent: Pick<AgentRecord, 'email' | 'company_id' | 'id'>, passwordHash: string): Item<SignInRecord> {
  return {
    ...keys.signIn(agent.email),
    email: agent.email,
    company_id: agent.company_id,
    agent_id: agent.id,
    password_hash: passwordHash,
    failed_attempts: 0,
    locked_until: null,
  };
}

export const badCredentials = () =>
  new HttpError(401, 'bad_credentials', 'Wrong username or password. Click here if you forgot your password.');
export const userNotFound = () => new HttpError(404, 'user_not_found', 'User Not Found');

// Compared against when the e-mail is unknown, so both paths cost one scrypt.
const decoyHash = hashPassword('decoy-password-never-matches');

export async function findSignIn(email: string): Promise<SignInRecord | undefined> {
  const item = await getItem<SignInRecord>(keys.signIn(email), true);
  return item && fields(item);
}

function lockedFor(record: SignInRecord): number {
  if (!record.locked_until) return 0;
  return Math.max(0, Math.ceil((Date.parse(record.locked_until) - Date.now()) / 1000));
}

export async function signInWithPassword(email: string, password: string, remember: boolean, sourceIp: string): Promise<SessionTokens> {
  const record = await findSignIn(email);
  if (!record) {
    await verifyPassword(password, await decoyHash);
    throw badCredentials();
  }
  const locked = lockedFor(record);
  if (locked > 0) throw accountLocked(locked);
  if (!(await verifyPassword(password, record.password_hash))) {
    await recordFailure(record);
    throw badCredentials();
  }
  const agent = await getAgent(record.company_id, record.agent_id);
  if (!agent) throw badCredentials();
  await assertMaySignIn(agent, sourceIp);
  if (record.failed_attempts > 0 || record.locked_until) await resetFailures(email);
  return openSession(agent, 'password', remember);
}

export async function openSession(agent: AgentRecord, provider: 'password' | 'magic' | 'reset', remember: boolean): Promise<SessionTokens> {
  const tokens = await startSession(agent, provider, remember);
  await markSeen(agent);
  return tokens;
}

export function accountLocked(seconds: number): HttpError {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return new HttpError(429, 'account_locked', `Too many failed sign-in attempts. Try again in ${minutes} minutes.`, {
    retry_after_seconds: seconds,
  });
}

/** Counts a failure atomically; the fifth in a row locks the account for LOCKOUT_MINUTES. */
async function recordFailure(record: SignInRecord): Promise<void> {
  const out = await db().send(
    new UpdateCommand({
      TableName: config.tableName,
      Key: keys.signIn(record.email),
      UpdateExpression: 'ADD failed_attempts :one',
      ExpressionAttributeValues: { ':one': 1 },
      ReturnValues: 'UPDATED_NEW',
    }),
  );
  const attempts = Number(out.Attributes?.failed_attempts ?? 0);
  if (attempts >= MAX_FAILED_ATTEMPTS) {
    await db().send(
      new UpdateCommand({
        TableName: config.tableName,
        Key: keys.signIn(record.email),
        UpdateExpression: 'SET locked_until = :until, failed_attempts = :zero',
        ExpressionAttributeValues: { ':until': new Date(Date.now() + LOCKOUT_MINUTES * 60_000).toISOString(), ':zero': 0 },
      }),
    );
  }
}

export async function resetFailures(email: string): Promise<void> {
  await db().send(
    new UpdateCommand({
      TableName: config.tableName,
      Key: keys.signIn(email),
      UpdateExpression: 'SET failed_attempts = :zero, locked_until = :none',
      ExpressionAttributeValues: { ':zero': 0, ':none': null },
    }),
  );
}
