/** The one DynamoDB table: the only module that builds the document client. */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import {
  DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  QueryCommand,
  type QueryCommandInput,
} from '@aws-sdk/lib-dynamodb';
import { config } from './config.js';

export interface Keys {
  pk: string;
  sk: string;
}

/** Stored items carry their keys and, for short-lived ones, `expires_at` in epoch seconds (TTL). */
export type Item<T> = T & Keys & { expires_at?: number; gsi1pk?: string; gsi1sk?: string; gsi2pk?: string; gsi2sk?: string };

let client: DynamoDBDocumentClient | undefined;

/** Created once per container: module scope, first use. */
export function db(): DynamoDBDocumentClient {
  client ??= DynamoDBDocumentClient.from(
    new DynamoDBClient({ region: config.region, endpoint: config.dynamodbEndpoint }),
    { marshallOptions: { removeUndefinedValues: true } },
  );
  return client;
}

export const nowEpoch = (): number => Math.floor(Date.now() / 1000);

/** Reads ignore items whose TTL has passed: AWS deletes them late, DynamoDB Local never. */
function alive<T extends { expires_at?: number }>(item: T | undefined): T | undefined {
  if (!item) return undefined;
  if (typeof item.expires_at === 'number' && item.expires_at <= nowEpoch()) return undefined;
  return item;
}

export async function getItem<T>(keys: Keys, consistent = false): Promise<Item<T> | undefined> {
  const out = await db().send(new GetCommand({ TableName: config.tableName, Key: keys, ConsistentRead: consistent }));
  return alive(out.Item as Item<T> | undefined);
}

export async function putItem<T extends object>(item: Item<T>): Promise<void> {
  await db().send(new PutCommand({ TableName: config.tableName, Item: item }));
}

type QueryInput = Omit<QueryCommandInput, 'TableName' | 'ExclusiveStartKey' | 'Limit'>;

/** Every item of a query, following LastEvaluatedKey. For lists known to be small. */
export async function queryAll<T>(input: QueryInput): Promise<Item<T>[]> {
  const items: Item<T>[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const out = await db().send(new QueryCommand({ ...input, TableName: config.tableName, ExclusiveStartKey: start }));
    for (const raw of out.Items ?? []) {
      const item = alive(raw as Item<T>);
      if (item) items.push(item);
    }
    start = out.LastEvaluatedKey;
  } while (start);
  return items;
}

export interface Page<T> {
  items: T[];
  total: number;
  offset: number;
  limit: number;
}

/**
 * One page by the spec's offset/limit contract. The total is counted with a keys-only COUNT query
 * (no items read into memory); the page itself reads only up to offset + limit items.
 */
export async function queryPage<T>(input: QueryInput, offset: number, limit: number): Promise<Page<Item<T>>> {
  const [total, items] = await Promise.all([countQuery(input), readUpTo<T>(input, offset + limit)]);
  return { items: items.slice(offset, offset + limit), total, offset, limit };
}

async function readUpTo<T>(input: QueryInput, wanted: number): Promise<Item<T>[]> {
  const items: Item<T>[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const out = await db().send(
      new QueryCommand({ ...input, TableName: config.tableName, ExclusiveStartKey: start, Limit: Math.max(wanted - items.length, 1) }),
    );
    for (const raw of out.Items ?? []) {
      const item = alive(raw as Item<T>);
      if (item) items.push(item);
    }
    start = out.LastEvaluatedKey;
  } while (start && items.length < wanted);
  return items;
}

async function countQuery(input: QueryInput): Promise<number> {
  let total = 0;
  let start: Record<string, unknown> | undefined;
  const { ProjectionExpression: _ignored, ...rest } = input;
  do {
    const out = await db().send(new QueryCommand({ ...rest, TableName: config.tableName, Select: 'COUNT', ExclusiveStartKey: start }));
    total += out.Count ?? 0;
    start = out.LastEvaluatedKey;
  } while (start);
  return total;
}

export const TABLE_INDEXES = ['gsi1', 'gsi2'] as const;

/** An item without its key attributes: what an API answer may show. */
export function fields<T>(item: Item<T>): T {
  const { pk: _pk, sk: _sk, gsi1pk: _a, gsi1sk: _b, gsi2pk: _c, gsi2sk: _d, expires_at: _e, ...rest } = item;
  return rest as T;
}
