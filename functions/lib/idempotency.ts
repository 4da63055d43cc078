/**
 * Idempotent creation: a POST carrying an `Idempotency-Key` header from the same agent within 24 h
 * answers the first result and creates nothing new. The key is claimed with a conditional write
 * before the route runs, so two identical requests racing each other run the route once.
 *
 * The record keeps a SHA-256 of the request's canonical body: the same key with another body is a
 * client bug (two different texts under one key) and answers 422 `idempotency_key_mismatch`
 * instead of replaying an answer that belongs to the other body.
 *
 * A route that fails leaves the record `failed` (not deleted): the key stays bound to its body and
 * the retry it exists for runs the route again at once. When even that write fails (the store went
 * away mid-request) the record stays `running`, and a retry must still learn the truth as soon as
 * the store is back, not when the claim's lease ends: a route that can find its own earlier work
 * by the key (`recover`: sending a text finds the message written under it) answers that work,
 * which is the truth whatever the first attempt's reply said, and the record is settled with it.
 * Without such work the key answers 409 `request_in_progress` until the lease ends (a few seconds
 * past the longest a request can run, so the first attempt is certainly over), then the next
 * retry takes the key over with a conditional write (one claim wins) and runs the route again.
 * Only a route that is idempotent itself makes that re-run safe: sending a text is
 * (functions/messages/send.ts finishes the message of an earlier attempt instead of writing a
 * second one), and that is where at-most-once is guaranteed; this layer saves the work and replays.
 *
 * Why not `@aws-lambda-powertools/idempotency` (weighed, not adopted): its DynamoDBPersistenceLayer
 * on a pk/sk table writes every record under one static partition key per function (a hot
 * partition for the whole messages area), and it keys records on a hash of the payload (or a
 * JMESPath into it) rather than on the client's Idempotency-Key scoped to the agent, so "same key,
 * different body → 422" and "another agent's key never collides" would need our own code around it
 * anyway. It would also add a dependency to every area's cold start. This module is ~150 lines,
 * keyed `IDEMPOTENCY#{agent}#{key}` (spread over partitions), with the same states (in progress
 * with a lease, completed with the stored reply, payload hash validation) as Powertools'.
 */
import { createHash, randomUUID } from 'node:crypto';
import { PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { config, secondsFromEnv } from './config.js';
import { HttpError, conflict } from './errors.js';
import { keys } from './keys.js';
import { logger } from './log.js';
import { db, getItem, isConditionFailure, nowEpoch } from './table.js';

/** Keys of the records this store owns (docs/data-model.md). */
export const idempotencyKeys = {
  idempotency: (agentId: string, key: string) => ({ pk: `IDEMPOTENCY#${agentId}#${key}`, sk: 'IDEMPOTENCY' }),
} as const;

export const IDEMPOTENCY_SECONDS = 24 * 3600;
/**
 * A claim whose request died mid-way (a crashed container, a store that went away) frees the key
 * after this long: the API's Lambda timeout (25 s, infra/api.ts) and a margin, so no request can
 * still be running the route when another takes the key over.
 */
export const RUNNING_LEASE_SECONDS = secondsFromEnv('IDEMPOTENCY_LEASE_SECONDS', 30);

/** The part of a route's reply that is replayed: status, JSON body or text. */
export interface StoredReply {
  status?: number;
  body?: unknown;
  text?: string;
}

interface IdempotencyRecord {
  state: 'running' | 'done' | 'failed';
  route: string;
  /** SHA-256 of the canonical request body (absent on records written before it was kept). */
  body_hash?: string;
  /** Which claim runs the route: only it may finish the record. */
  run_id?: string;
  reply?: StoredReply;
}

/** JSON with object keys sorted at every level, so `{a,b}` and `{b,a}` are the same request. */
export function canonicalJson(value: unknown): string {
  if (value === undefined) return '';
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map((v) => (v === undefined ? 'null' : canonicalJson(v))).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
}

/** The fingerprint of a request body kept with its key. */
export function bodyHash(body: unknown): string {
  return createHash('sha256').update(canonicalJson(body)).digest('hex');
}

export const KEY_MISMATCH = 'This Idempotency-Key was already used with a different request body.';

export async function withIdempotency(
  agentId: string,
  key: string,
  route: string,
  body: unknown,
  run: () => Promise<StoredReply>,
  /** The reply of the work an earlier attempt under this key did, if the route can find it (see the top of this file). */
  recover?: () => Promise<StoredReply | undefined>,
): Promise<StoredReply> {
  const itemKey = idempotencyKeys.idempotency(agentId, key);
  const hash = bodyHash(body);
  const runId = randomUUID();
  try {
    await db().send(
      new PutCommand({
        TableName: config.tableName,
        Item: { ...itemKey, state: 'running', route, body_hash: hash, run_id: runId, expires_at: nowEpoch() + RUNNING_LEASE_SECONDS },
        // An expired record may still be there (TTL deletes late): it no longer counts. A failed
        // attempt of the same request may be run again at once.
        ConditionExpression: 'attribute_not_exists(pk) OR expires_at < :now OR (#state = :failed AND #route = :route AND body_hash = :hash)',
        ExpressionAttributeNames: { '#state': 'state', '#route': 'route' },
        ExpressionAttributeValues: { ':now': nowEpoch(), ':failed': 'failed', ':route': route, ':hash': hash },
      }),
    );
  } catch (err) {
    if (!isConditionFailure(err)) throw err;
    const existing = await getItem<IdempotencyRecord>(itemKey, true);
    if (!existing) throw conflict('request_in_progress', 'The same request is still being processed. Try again in a moment.');
    if (existing.route !== route) throw conflict('idempotency_key_reused', 'This Idempotency-Key was already used for another request.');
    if (existing.body_hash !== undefined && existing.body_hash !== hash) throw new HttpError(422, 'idempotency_key_mismatch', KEY_MISMATCH);
    if (existing.state === 'done' && existing.reply) return existing.reply;
    if (existing.state === 'running' && existing.run_id && recover) {
      const found = await recover();
      if (found) {
        const reply = { status: found.status, body: found.body, text: found.text };
        // Settled for the replays after this one; a first attempt still alive may finish it later with its own.
        await finish(itemKey, existing.run_id, { '#state': 'done', reply }, IDEMPOTENCY_SECONDS).catch((failure: unknown) =>
          logger.warn('idempotency reply not kept', { error: (failure as Error).message }),
        );
        return reply;
      }
    }
    throw conflict('request_in_progress', 'The same request is still being processed. Try again in a moment.');
  }
  let reply: StoredReply;
  try {
    const { status, body: replyBody, text } = await run();
    reply = { status, body: replyBody, text };
  } catch (err) {
    // Kept, marked failed: the retry the key exists for runs the route again, and a different
    // body under this key is still refused. If the store is down this write fails too and the
    // record stays `running` until its lease ends (see the top of this file).
    await finish(itemKey, runId, { '#state': 'failed' }, IDEMPOTENCY_SECONDS).catch((failure: unknown) =>
      logger.warn('idempotency record left running until its lease ends', { error: (failure as Error).message }),
    );
    throw err;
  }
  // The route's work is done; an answer that cannot be kept for replays is still the truth.
  await finish(itemKey, runId, { '#state': 'done', reply }, IDEMPOTENCY_SECONDS).catch((failure: unknown) =>
    logger.warn('idempotency reply not kept', { error: (failure as Error).message }),
  );
  return reply;
}

/** Ends this claim's record (only if it is still this claim's). */
async function finish(itemKey: { pk: string; sk: string }, runId: string, change: { '#state': 'done' | 'failed'; reply?: StoredReply }, seconds: number): Promise<void> {
  try {
    await db().send(
      new UpdateCommand({
        TableName: config.tableName,
        Key: itemKey,
        UpdateExpression: `SET #state = :state, expires_at = :until${change.reply ? ', reply = :reply' : ''}`,
        ConditionExpression: 'run_id = :run',
        ExpressionAttributeNames: { '#state': 'state' },
        ExpressionAttributeValues: {
          ':state': change['#state'],
          ':until': nowEpoch() + seconds,
          ':run': runId,
          ...(change.reply ? { ':reply': change.reply } : {}),
        },
      }),
    );
  } catch (err) {
    // Our lease ended and another attempt took the key over: its record is the one that counts.
    if (!isConditionFailure(err)) throw err;
  }
}
