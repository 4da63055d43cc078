/**
 * Agent presence: sign-in and activity mark an agent online; the presence sweep job marks agents
 * offline once they have been quiet for a while. Online agents sit in a sparse index (gsi2) by
 * last-seen time so the sweep is a Query, not a Scan.
 */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { config } from './config.js';
import { keys } from './keys.js';
import { db, queryAll } from './table.js';
import type { AgentRecord } from './agents.js';

const ONLINE_INDEX_PK = 'PRESENCE#ONLINE';
/** Activity is recorded at most this often per agent, so reads don't each become writes. */
export const SEEN_THROTTLE_MS = 60_000;
export const AWAY_AFTER_MS = 15 * 60_000;

export async function markSeen(agent: AgentRecord & { last_seen_at?: string }): Promise<void> {
  const last = agent.last_seen_at ? Date.parse(agent.last_seen_at) : 0;
  if (agent.online_status === 'online' && Date.now() - last < SEEN_THROTTLE_MS) return;
  const now = new Date().toISOString();
  await db().send(
    new UpdateCommand({
      TableName: config.tableName,
      Key: keys.agent(agent.company_id, agent.id),
      UpdateExpression: 'SET online_status = :online, last_seen_at = :now, gsi2pk = :idx, gsi2sk = :now',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':online': 'online', ':now': now, ':idx': ONLINE_INDEX_PK },
    }),
  );
}

export async function markOffline(agent: Pick<AgentRecord, 'company_id' | 'id'>, onlyIfSeenAt?: string): Promise<boolean> {
  try {
    await db().send(
      new UpdateCommand({
        TableName: config.tableName,
        Key: keys.agent(agent.company_id, agent.id),
        UpdateExpression: 'SET online_status = :offline REMOVE gsi2pk, gsi2sk',
        ConditionExpression: onlyIfSeenAt ? 'attribute_exists(pk) AND last_seen_at = :seen' : 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':offline': 'offline', ...(onlyIfSeenAt ? { ':seen': onlyIfSeenAt } : {}) },
      }),
    );
    return true;
  } catch (err) {
    if ((err as Error).name === 'ConditionalCheckFailedException') return false;
    throw err;
  }
}

/** An agent on the online index: who, and when last seen. */
export interface OnlineAgent {
  id: string;
  company_id: string;
  last_seen_at: string;
}

/** Online agents last seen before `cutoff` (a Query on the sparse online index, not a Scan). */
export async function agentsQuietSince(cutoff: string): Promise<OnlineAgent[]> {
  return queryAll<OnlineAgent>({
    IndexName: 'gsi2',
    KeyConditionExpression: 'gsi2pk = :pk AND gsi2sk < :cutoff',
    ExpressionAttributeValues: { ':pk': ONLINE_INDEX_PK, ':cutoff': cutoff },
  });
}
