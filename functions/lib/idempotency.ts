/**
 * Idempotent creation: a POST carrying an `Idempotency-Key` header from the same agent within 24 h
 * answers the first result and creates nothing new. The key is claimed with a conditional write
 * before the route runs, so two identical requests racing each other run the route once.
 */
import { DeleteCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { config } from './config.js';
import { conflict } from './errors.js';
import { keys } from './keys.js';
import { db, getItem, nowEpoch } from './table.js';

export const IDEMPOTENCY_SECONDS = 24 * 3600;
/** A claim whose request died mid-way (a crashed container) frees the key after this long. */
export const RUNNING_LEASE_SECONDS = 120;

/** The part of a route's reply that is replayed: status, JSON body or text. */
export interface StoredReply {
  status?: number;
  body?: unknown;
  text?: string;
}

interface IdempotencyRecord {
  state: 'running' | 'done';
  route: string;
  reply?: StoredReply;
}

export async function withIdempotency(
  agentId: string,
  key: string,
  route: string,
  run: () => Promise<StoredReply>,
): Promise<StoredReply> {
  const itemKey = keys.idempotency(agentId, key);
  try {
    await db().send(
      new PutCommand({
        TableName: config.tableName,
        Item: { ...itemKey, state: 'running', route, expires_at: nowEpoch() + RUNNING_LEASE_SECONDS },
        // An expired record may still be there (TTL deletes late): it no longer counts.
        ConditionExpression: 'attribute_not_exists(pk) OR expires_at < :now',
        ExpressionAttributeValues: { ':now': nowEpoch() },
      }),
    );
  } catch (err) {
    if ((err as Error).name !== 'ConditionalCheckFailedException') throw err;
    const existing = await getItem<IdempotencyRecord>(itemKey, true);
    if (existing?.route !== route) throw conflict('idempotency_key_reused', 'This Idempotency-Key was already used for another request.');
    if (existing.state === 'done' && existing.reply) return existing.reply;
    throw conflict('request_in_progress', 'The same request is still being processed. Try again in a moment.');
  }
  let reply: StoredReply;
  try {
    const { status, body, text } = await run();
    reply = { status, body, text };
  } catch (err) {
    // A failed attempt must not block the retry that the key exists for.
    await db().send(new DeleteCommand({ TableName: config.tableName, Key: itemKey }));
    throw err;
  }
  await db().send(
    new UpdateCommand({
      TableName: config.tableName,
      Key: itemKey,
      UpdateExpression: 'SET #state = :done, reply = :reply, expires_at = :until',
      ExpressionAttributeNames: { '#state': 'state' },
      ExpressionAttributeValues: { ':done': 'done', ':reply': reply, ':until': nowEpoch() + IDEMPOTENCY_SECONDS },
    }),
  );
  return reply;
}
