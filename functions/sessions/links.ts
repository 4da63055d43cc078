/**
 * Single-use links sent by e-mail: password reset (1 hour) and magic sign-in (15 minutes).
 * Only a hash of each token is stored; redeeming deletes it in the same transaction.
 */
import { DeleteCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { SessionTokens } from '../../shared/api.js';
import { getAgent, type AgentRecord } from '../lib/agents.js';
import { config } from '../lib/config.js';
import { HttpError } from '../lib/errors.js';
import { keys } from '../lib/keys.js';
import { mail } from '../lib/mail.js';
import { mailText } from '../lib/mailTexts.js';
import { hashPassword, newSecret, secretHash } from '../lib/passwords.js';
import { assertMaySignIn, endAllSessions } from '../lib/session.js';
import { db, getItem, nowEpoch, putItem } from '../lib/table.js';
import { findSignIn, openSession } from './signIn.js';

export const RESET_SECONDS = 3600;
export const MAGIC_SECONDS = 15 * 60;

interface LinkRecord {
  email: string;
  company_id: string;
  agent_id: string;
  created_at: string;
  expires_at: number;
}

/** Stores a new link under the hash of its token; only the e-mail ever carries the token itself. */
async function storeLink(
  keyOf: (tokenHash: string) => { pk: string; sk: string },
  email: string,
  companyId: string,
  agentId: string,
  seconds: number,
): Promise<{ token: string; expiresAt: number }> {
  const token = newSecret();
  const expiresAt = nowEpoch() + seconds;
  await putItem<LinkRecord>({
    ...keyOf(secretHash(token)),
    email,
    company_id: companyId,
    agent_id: agentId,
    created_at: new Date().toISOString(),
    expires_at: expiresAt,
  });
  return { token, expiresAt };
}

export const invalidResetLink = () =>
  new HttpError(422, 'invalid_token', 'This password reset link is invalid or has expired.');
export const invalidMagicLink = () => new HttpError(401, 'invalid_magic_link', 'This sign-in link is invalid or has expired.');

/** Answers the same whether or not the address belongs to an agent, so it reveals nothing. */
export async function requestPasswordReset(email: string): Promise<void> {
  const record = await findSignIn(email);
  if (!record) return;
  const agent = await getAgent(record.company_id, record.agent_id);
  if (!agent) return;
  const { token } = await storeLink(keys.passwordReset, record.email, record.company_id, record.agent_id, RESET_SECONDS);
  const link = `${config.publicUrl}/app/password_reset?token=${encodeURIComponent(token)}`;
  await mail().send({ to: email, ...mailText('password_reset', agent.locale, { link }) });
}

export async function resetPassword(token: string, password: string, sourceIp: string): Promise<SessionTokens> {
  const tokenKey = keys.passwordReset(secretHash(token));
  const link = await getItem<LinkRecord>(tokenKey, true);
  if (!link) throw invalidResetLink();
  const passwordHash = await hashPassword(password);
  try {
    await db().send(
      new TransactWriteCommand({
        TransactItems: [
          { Delete: { TableName: config.tableName, Key: tokenKey, ConditionExpression: 'attribute_exists(pk)' } },
          {
            Update: {
              TableName: config.tableName,
              Key: keys.signIn(link.email),
              UpdateExpression: 'SET password_hash = :hash, failed_attempts = :zero, locked_until = :none',
              ConditionExpression: 'attribute_exists(pk)',
              ExpressionAttributeValues: { ':hash': passwordHash, ':zero': 0, ':none': null },
            },
          },
        ],
      }),
    );
  } catch (err) {
    if ((err as Error).name === 'TransactionCanceledException') throw invalidResetLink();
    throw err;
  }
  await endAllSessions(link.company_id, link.agent_id);
  const agent = await getAgent(link.company_id, link.agent_id);
  if (!agent) throw invalidResetLink();
  await assertMaySignIn(agent, sourceIp);
  return openSession(agent, 'reset', false);
}

/** An admin or manager sends an agent a one-time sign-in link (e.g. a new hire's first sign-in). */
export async function sendMagicLink(agent: AgentRecord): Promise<{ sent_to: string; expires_at: string }> {
  const { token, expiresAt } = await storeLink(keys.magicLink, agent.email, agent.company_id, agent.id, MAGIC_SECONDS);
  const link = `${config.publicUrl}/app/magicLogin?email=${encodeURIComponent(agent.email)}&token=${encodeURIComponent(token)}`;
  await mail().send({ to: agent.email, ...mailText('magic_link', agent.locale, { link }) });
  return { sent_to: agent.email, expires_at: new Date(expiresAt * 1000).toISOString() };
}

export async function redeemMagicLink(email: string, token: string, sourceIp: string): Promise<SessionTokens> {
  const tokenKey = keys.magicLink(secretHash(token));
  const link = await getItem<LinkRecord>(tokenKey, true);
  if (!link || link.email !== email) throw invalidMagicLink();
  try {
    await db().send(
      new DeleteCommand({ TableName: config.tableName, Key: tokenKey, ConditionExpression: 'attribute_exists(pk)' }),
    );
  } catch (err) {
    if ((err as Error).name === 'ConditionalCheckFailedException') throw invalidMagicLink();
    throw err;
  }
  const agent = await getAgent(link.company_id, link.agent_id);
  if (!agent) throw invalidMagicLink();
  await assertMaySignIn(agent, sourceIp);
  return openSession(agent, 'magic', false);
}
