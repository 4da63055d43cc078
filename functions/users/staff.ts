/**
 * Writes of the Users screen on agent records (functions/lib/agents.ts owns their shape and keys;
 * presence writes beside these): a new agent with their sign-in record, a change of name or flags,
 * active or not. Each write is conditional on what the caller read, so two managers editing the
 * same person cannot undo each other unseen.
 */
import { randomBytes } from 'node:crypto';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { AccessFlags } from '../../shared/access.js';
import { agentItem, type AgentRecord } from '../lib/agents.js';
import { config } from '../lib/config.js';
import { ValidationError, conflict } from '../lib/errors.js';
import { keys } from '../lib/keys.js';
import { hashPassword } from '../lib/passwords.js';
import { db, isConditionFailure, transactWrite } from '../lib/table.js';
import { signInItem } from '../sessions/signIn.js';
import { USER_REFUSALS } from '../../shared/users/users.js';

/** A new agent and their sign-in record, in one transaction: an e-mail already used refuses both. */
export async function createAgent(agent: AgentRecord): Promise<void> {
  // Nobody knows this password: the invitation's link signs them in, and they choose their own.
  const unusable = await hashPassword(randomBytes(32).toString('base64url'));
  try {
    await transactWrite([
      { Put: { Item: agentItem(agent), ConditionExpression: 'attribute_not_exists(pk)' } },
      { Put: { Item: signInItem(agent, unusable), ConditionExpression: 'attribute_not_exists(pk)' } },
    ]);
  } catch (err) {
    if (isConditionFailure(err)) throw new ValidationError([{ message: USER_REFUSALS.email_taken, path: 'user.email' }]);
    throw err;
  }
}

const changedMeanwhile = () => conflict('changed_meanwhile', 'Someone else changed this user meanwhile. Reload and try again.');

/** Name and flags, on the condition that the flags are still those the caller saw. */
export async function changeAgent(before: AgentRecord, next: { first_name: string; last_name: string; access_level: AccessFlags }): Promise<AgentRecord> {
  try {
    await db().send(
      new UpdateCommand({
        TableName: config.tableName,
        Key: keys.agent(before.company_id, before.id),
        UpdateExpression: 'SET first_name = :first, last_name = :last, access_level = :flags, gsi1sk = :byName',
        ConditionExpression: 'access_level = :before AND active = :active',
        ExpressionAttributeValues: {
          ':first': next.first_name,
          ':last': next.last_name,
          ':flags': next.access_level,
          ':byName': keys.agentByName(next.last_name, next.first_name, before.id),
          ':before': before.access_level,
          ':active': before.active,
        },
      }),
    );
  } catch (err) {
    if (isConditionFailure(err)) throw changedMeanwhile();
    throw err;
  }
  return { ...before, ...next };
}

/** Active or not; the condition keeps a second click from recording a second change. */
export async function setActive(agent: AgentRecord, active: boolean): Promise<AgentRecord> {
  try {
    await db().send(
      new UpdateCommand({
        TableName: config.tableName,
        Key: keys.agent(agent.company_id, agent.id),
        UpdateExpression: 'SET active = :active',
        ConditionExpression: 'active = :was',
        ExpressionAttributeValues: { ':active': active, ':was': !active },
      }),
    );
  } catch (err) {
    if (isConditionFailure(err)) throw changedMeanwhile();
    throw err;
  }
  return { ...agent, active };
}
