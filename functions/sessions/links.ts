/**
 * Single-use links sent by e-mail: password reset (1 hour) and magic sign-in (15 minutes).
 * Only a hash of each token is stored; redeeming deletes it in the same transaction.
 */
import { DeleteCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { SessionTokens } from '../../shared/api.js';
import { getAgent, type AgentRecord } from '../lib/agents.js';
import { config } from '../lib/config.js';
import { HttpError } from '../lib/errors.js';
import { mail } from '../lib/mail.js';
import { mailText, type MailText } from '../lib/mailTexts.js';
import { hashPassword, newSecret, secretHash } from '../lib/passwords.js';
import { assertMaySignIn, endAllSessions } from '../lib/session.js';
import { db, getItem, nowEpoch, putItem } from '../lib/table.js';
import { clearedAttempts, findSignIn, openSession, signsInWithPartner, ssoRequired } from './signIn.js';
import { signInKeys } from './signIn.js';

/** Keys of the records this store owns (docs/data-model.md). */
const linkKeys = {
  passwordReset: (tokenHash: string) => ({ pk: `RESET#${tokenHash}`, sk: 'RESET' }),
  magicLink: (tokenHash: string) => ({ pk: `MAGIC#${tokenHash}`, sk: 'MAGIC' }),

  /** Fixed-window counter (TTL'd) of reset requests, per e-mail address or per client address; window = its start in epoch seconds. */
  resetRequestsOf: (scope: 'email' | 'client', who: string, window: number) => ({ pk: `THROTTLE#RESET#${scope}#${who}#${window}`, sk: 'THROTTLE' }),
} as const;

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

/**
 * Reset e-mails are throttled with fixed-window counters in the table (one atomic ADD each, TTL'd):
 * per e-mail address, so nobody can flood an agent's inbox, and per client address, so one machine
 * cannot walk through many addresses.
 */
export const RESET_WINDOW_SECONDS = 15 * 60;
export const RESET_MAILS_PER_ADDRESS = 3;
export const RESET_REQUESTS_PER_CLIENT = 10;

export const tooManyResetRequests = (seconds: number) =>
  new HttpError(429, 'too_many_requests', 'Too many password reset requests. Please try again later.', { retry_after_seconds: seconds });

/** Counts one request in the current window; answers the count so far, this one included. */
async function countResetRequest(scope: 'email' | 'client', who: string, now = nowEpoch()): Promise<{ count: number; retryAfter: number }> {
  const window = now - (now % RESET_WINDOW_SECONDS);
  const out = await db().send(
    new UpdateCommand({
      TableName: config.tableName,
      Key: linkKeys.resetRequestsOf(scope, who, window),
      UpdateExpression: 'ADD requests :one SET expires_at = if_not_exists(expires_at, :expires)',
      ExpressionAttributeValues: { ':one': 1, ':expires': window + RESET_WINDOW_SECONDS },
      ReturnValues: 'UPDATED_NEW',
    }),
  );
  return { count: Number(out.Attributes?.requests ?? 0), retryAfter: window + RESET_WINDOW_SECONDS - now };
}

/**
 * Answers the same whether or not the address belongs to an agent, so it reveals nothing; over the
 * per-address limit it answers the same too but sends nothing. Over the per-client limit it answers
 * 429: that says nothing about any address, and tells a script (or a stuck form) to stop.
 */
export async function requestPasswordReset(email: string, clientAddress: string): Promise<void> {
  const client = await countResetRequest('client', clientAddress);
  if (client.count > RESET_REQUESTS_PER_CLIENT) throw tooManyResetRequests(client.retryAfter);
  const address = await countResetRequest('email', email);
  if (address.count > RESET_MAILS_PER_ADDRESS) return;
  const record = await findSignIn(email);
  if (!record) return;
  // No password to reset: the partner keeps it.
  if (await signsInWithPartner(record)) throw ssoRequired();
  const agent = await getAgent(record.company_id, record.agent_id);
  if (!agent) return;
  const { token } = await storeLink(linkKeys.passwordReset, record.email, record.company_id, record.agent_id, RESET_SECONDS);
  const link = `${config.publicUrl}/app/password_reset?token=${encodeURIComponent(token)}`;
  await mail().send({ to: email, ...mailText('password_reset', agent.locale, { link }) });
}

export async function resetPassword(token: string, password: string, sourceIp: string): Promise<SessionTokens> {
  const tokenKey = linkKeys.passwordReset(secretHash(token));
  const link = await getItem<LinkRecord>(tokenKey, true);
  if (!link) throw invalidResetLink();
  // An agent who may not sign in (inactive, or outside their location's allow-list) keeps the
  // link and the old password: refused before anything changes.
  const agent = await getAgent(link.company_id, link.agent_id);
  if (!agent) throw invalidResetLink();
  if (await signsInWithPartner(link)) throw ssoRequired();
  await assertMaySignIn(agent, sourceIp);
  const passwordHash = await hashPassword(password);
  const cleared = clearedAttempts();
  try {
    await db().send(
      new TransactWriteCommand({
        TransactItems: [
          { Delete: { TableName: config.tableName, Key: tokenKey, ConditionExpression: 'attribute_exists(pk)' } },
          {
            Update: {
              TableName: config.tableName,
              Key: signInKeys.signIn(link.email),
              UpdateExpression: `SET password_hash = :hash, ${cleared.set} REMOVE ${cleared.remove}`,
              ConditionExpression: 'attribute_exists(pk)',
              ExpressionAttributeValues: { ':hash': passwordHash, ...cleared.values },
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
  return openSession(agent, 'reset', false);
}

/**
 * An admin or manager sends an agent a one-time sign-in link (e.g. a new hire's first sign-in).
 * An invitation writes its own e-mail around the link (it names the dealership) and lasts longer:
 * a new hire may not read it within the quarter hour.
 */
export async function sendMagicLink(
  agent: AgentRecord,
  invitation?: { words: (link: string) => MailText; seconds: number },
): Promise<{ sent_to: string; expires_at: string }> {
  // A link would sign in around the partner, which alone decides who may. (An invitation still
  // goes: it tells the new agent they have an account; its link is refused when redeemed.)
  if (!invitation && (await signsInWithPartner(agent))) throw ssoRequired();
  const { token, expiresAt } = await storeLink(linkKeys.magicLink, agent.email, agent.company_id, agent.id, invitation?.seconds ?? MAGIC_SECONDS);
  const link = `${config.publicUrl}/app/magicLogin?email=${encodeURIComponent(agent.email)}&token=${encodeURIComponent(token)}`;
  await mail().send({ to: agent.email, ...(invitation ? invitation.words(link) : mailText('magic_link', agent.locale, { link })) });
  return { sent_to: agent.email, expires_at: new Date(expiresAt * 1000).toISOString() };
}

export async function redeemMagicLink(email: string, token: string, sourceIp: string): Promise<SessionTokens> {
  const tokenKey = linkKeys.magicLink(secretHash(token));
  const link = await getItem<LinkRecord>(tokenKey, true);
  if (!link || link.email !== email) throw invalidMagicLink();
  if (await signsInWithPartner(link)) throw ssoRequired();
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
