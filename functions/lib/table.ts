/** The one DynamoDB table: the only module that builds the document client. */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { AsyncLocalStorage } from 'node:async_hooks';
import type { ConsumedCapacity } from '@aws-sdk/client-dynamodb';
import {
  BatchGetCommand,
  BatchWriteCommand,
  DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  QueryCommand,
  TransactWriteCommand,
  UpdateCommand,
  type QueryCommandInput,
  type TransactWriteCommandInput,
  type UpdateCommandInput,
} from '@aws-sdk/lib-dynamodb';
import DataLoader from 'dataloader';
import { config } from './config.js';

export interface Keys {
  pk: string;
  sk: string;
}

/** Stored items carry their keys and, for short-lived ones, `expires_at` in epoch seconds (TTL). */
export type Item<T> = T & Keys & { expires_at?: number; gsi1pk?: string; gsi1sk?: string; gsi2pk?: string; gsi2sk?: string; gsi3pk?: string; gsi3sk?: string };

let client: DynamoDBDocumentClient | undefined;

/** Capacity a request consumed, summed over its DynamoDB calls (logged, and answered in a header). */
export interface CapacityMeter {
  read: number;
  write: number;
  calls: number;
}
const meters = new AsyncLocalStorage<CapacityMeter>();

/** Runs `work` with a fresh capacity meter; every table call inside it adds what it consumed. */
export function metered<T>(work: () => Promise<T>): { meter: CapacityMeter; result: Promise<T> } {
  const meter: CapacityMeter = { read: 0, write: 0, calls: 0 };
  return { meter, result: meters.run(meter, work) };
}

/** Calls whose capacity is write capacity when DynamoDB answers only a total. */
const WRITE_COMMANDS = new Set([
  'PutItemCommand',
  'UpdateItemCommand',
  'DeleteItemCommand',
  'BatchWriteItemCommand',
  'TransactWriteItemsCommand',
  // The document client's names, should the context carry those.
  'PutCommand',
  'UpdateCommand',
  'DeleteCommand',
  'BatchWriteCommand',
  'TransactWriteCommand',
]);

/** Whether a call (by its command's name) writes to the table. */
export const isWrite = (commandName: string | undefined): boolean => commandName !== undefined && WRITE_COMMANDS.has(commandName);

function recordCapacity(consumed: ConsumedCapacity | ConsumedCapacity[] | undefined, commandName: string | undefined): void {
  const meter = meters.getStore();
  if (!meter) return;
  meter.calls += 1;
  for (const c of [consumed ?? []].flat()) {
    meter.read += c.ReadCapacityUnits ?? 0;
    meter.write += c.WriteCapacityUnits ?? 0;
    // DynamoDB Local and on-demand tables may answer only the total: a write's is write capacity.
    if (c.ReadCapacityUnits === undefined && c.WriteCapacityUnits === undefined) {
      if (isWrite(commandName)) meter.write += c.CapacityUnits ?? 0;
      else meter.read += c.CapacityUnits ?? 0;
    }
  }
}

/** Connecting to the table's endpoint; a refused connection fails at once anyway. */
const STORE_CONNECT_TIMEOUT_MS = 2_000;
/**
 * One DynamoDB call: the SDK tries 3 times, so a table that hangs costs ~20 s at most, inside the
 * API's 25 s Lambda timeout.
 */
const STORE_REQUEST_TIMEOUT_MS = 6_000;

/** Created once per container: module scope, first use. Every call reports its consumed capacity. */
export function db(): DynamoDBDocumentClient {
  if (!client) {
    client = DynamoDBDocumentClient.from(
      new DynamoDBClient({
        region: config.region,
        endpoint: config.dynamodbEndpoint,
        // A table that does not answer (a stopped or overloaded endpoint) fails the call in seconds
        // with a TimeoutError, which the SDK retries and the API answers 503, instead of holding
        // the request until the Lambda times out. DynamoDB answers in milliseconds when it is up.
        requestHandler: { connectionTimeout: STORE_CONNECT_TIMEOUT_MS, requestTimeout: STORE_REQUEST_TIMEOUT_MS, throwOnRequestTimeout: true },
      }),
      {
        marshallOptions: { removeUndefinedValues: true },
      },
    );
    // The SDK's logger step walks every item in and out to mask sensitive fields even though no
    // logger is set (its no-op logger still takes the masked copies): a few percent of each call's
    // CPU for nothing. The table's calls are logged by our own code where they matter.
    client.middlewareStack.remove('loggerMiddleware');
    client.middlewareStack.add(
      (next, context) => async (args) => {
        const input = args.input as { ReturnConsumedCapacity?: string };
        if (meters.getStore()) input.ReturnConsumedCapacity ??= 'INDEXES';
        const out = await next(args);
        recordCapacity((out.output as { ConsumedCapacity?: ConsumedCapacity | ConsumedCapacity[] }).ConsumedCapacity, context.commandName);
        return out;
      },
      { step: 'initialize', name: 'capacityMeter' },
    );
  }
  return client;
}

export const nowEpoch = (): number => Math.floor(Date.now() / 1000);

/** Reads ignore items whose TTL has passed: AWS deletes them late, DynamoDB Local never. */
function alive<T extends { expires_at?: number }>(item: T | undefined): T | undefined {
  if (!item) return undefined;
  if (typeof item.expires_at === 'number' && item.expires_at <= nowEpoch()) return undefined;
  return item;
}

async function getOne(keys: Keys, consistent: boolean): Promise<Item<unknown> | undefined> {
  const out = await db().send(new GetCommand({ TableName: config.tableName, Key: keys, ConsistentRead: consistent }));
  return alive(out.Item as Item<unknown> | undefined);
}

const keyOf = (keys: Keys) => `${keys.pk}\u0000${keys.sk}`;

/**
 * Reads of single items asked for in the same tick go to the table as one BatchGetItem: a request
 * reads its session, agent and location together, a send its customer, store and four settings
 * groups, each store asking for its own items (Promise.all) without knowing of the others. No
 * cache: each read reaches the table, as it did alone.
 */
function itemLoader(consistent: boolean) {
  return new DataLoader<Keys, Item<unknown> | undefined, string>(
    async (keyList) => {
      if (keyList.length === 1) return [await getOne(keyList[0]!, consistent)];
      const found = new Map((await batchGet<unknown>([...keyList], consistent)).map((item) => [keyOf(item), item]));
      return keyList.map((keys) => found.get(keyOf(keys)));
    },
    { cache: false, maxBatchSize: 100 },
  );
}

interface Loaders {
  eventual: ReturnType<typeof itemLoader>;
  consistent: ReturnType<typeof itemLoader>;
}
const newLoaders = (): Loaders => ({ eventual: itemLoader(false), consistent: itemLoader(true) });
/** Each metered request batches only its own reads, so its capacity is its own; work outside a request shares one. */
const requestLoaders = new WeakMap<CapacityMeter, Loaders>();
let sharedLoaders: Loaders | undefined;

function loaders(): Loaders {
  const meter = meters.getStore();
  if (!meter) return (sharedLoaders ??= newLoaders());
  let own = requestLoaders.get(meter);
  if (!own) requestLoaders.set(meter, (own = newLoaders()));
  return own;
}

export async function getItem<T>(keys: Keys, consistent = false): Promise<Item<T> | undefined> {
  const loader = consistent ? loaders().consistent : loaders().eventual;
  return (await loader.load({ pk: keys.pk, sk: keys.sk })) as Item<T> | undefined;
}

export async function putItem<T extends object>(item: Item<T>): Promise<void> {
  await db().send(new PutCommand({ TableName: config.tableName, Item: item }));
}

/** A conditional put; a failed condition throws ConditionalCheckFailedException (see isConditionFailure). */
export async function putItemIf<T extends object>(item: Item<T>, condition: string, values?: Record<string, unknown>): Promise<void> {
  await db().send(
    new PutCommand({ TableName: config.tableName, Item: item, ConditionExpression: condition, ExpressionAttributeValues: values }),
  );
}

/** The version condition of an optimistic write: new items must not exist, others must be unchanged. */
export function versionCondition(version: number): { condition: string; values?: Record<string, unknown> } {
  return version === 1 ? { condition: 'attribute_not_exists(pk)' } : { condition: 'version = :previous', values: { ':previous': version - 1 } };
}

export type Update = Omit<UpdateCommandInput, 'TableName'>;

/** An update expression; answers the item's new values. */
export async function updateItem<T>(update: Update): Promise<Item<T> | undefined> {
  const out = await db().send(new UpdateCommand({ ReturnValues: 'ALL_NEW', ...update, TableName: config.tableName }));
  return out.Attributes as Item<T> | undefined;
}

type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];
/** One write of a transaction, without the table name (every write goes to the one table). */
export type TransactWrite =
  | { Put: Omit<NonNullable<TransactItem['Put']>, 'TableName'> }
  | { Update: Omit<NonNullable<TransactItem['Update']>, 'TableName'> }
  | { Delete: Omit<NonNullable<TransactItem['Delete']>, 'TableName'> }
  | { ConditionCheck: Omit<NonNullable<TransactItem['ConditionCheck']>, 'TableName'> };

/** All or nothing (up to 100 writes); a failed condition throws TransactionCanceledException. */
export async function transactWrite(writes: TransactWrite[]): Promise<void> {
  const TableName = config.tableName;
  const TransactItems = writes.map((w): TransactItem => {
    if ('Put' in w) return { Put: { ...w.Put, TableName } };
    if ('Update' in w) return { Update: { ...w.Update, TableName } };
    if ('Delete' in w) return { Delete: { ...w.Delete, TableName } };
    return { ConditionCheck: { ...w.ConditionCheck, TableName } };
  });
  await db().send(new TransactWriteCommand({ TransactItems }));
}

/** Puts many items (any number; 25 per call, unprocessed ones retried with a short back-off). No conditions: for items only their writer knows. */
export async function batchWrite<T extends object>(items: Item<T>[]): Promise<void> {
  const TableName = config.tableName;
  for (let i = 0; i < items.length; i += 25) {
    let pending = items.slice(i, i + 25).map((Item) => ({ PutRequest: { Item } }));
    for (let attempt = 0; pending.length > 0; attempt++) {
      if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, Math.min(1000, 50 * 2 ** attempt)));
      const out = await db().send(new BatchWriteCommand({ RequestItems: { [TableName]: pending } }));
      pending = (out.UnprocessedItems?.[TableName] ?? []) as typeof pending;
      if (attempt > 8 && pending.length > 0) throw new Error(`${pending.length} items not written after retries`);
    }
  }
}

/** True for a failed condition, alone or inside a cancelled transaction. */
export function isConditionFailure(err: unknown): boolean {
  const name = (err as { name?: string }).name;
  if (name === 'ConditionalCheckFailedException') return true;
  if (name !== 'TransactionCanceledException') return false;
  const reasons = (err as { CancellationReasons?: { Code?: string }[] }).CancellationReasons ?? [];
  return reasons.some((r) => r.Code === 'ConditionalCheckFailed') || reasons.length === 0;
}

/** Many items by key (any number; 100 per call, unprocessed keys retried); missing ones are left out. */
export async function batchGet<T>(keyList: Keys[], consistent = false): Promise<Item<T>[]> {
  const unique = [...new Map(keyList.map((k) => [`${k.pk}\u0000${k.sk}`, k])).values()];
  const found: Item<T>[] = [];
  for (let i = 0; i < unique.length; i += 100) {
    let pending: Keys[] = unique.slice(i, i + 100);
    for (let attempt = 0; pending.length > 0 && attempt < 8; attempt++) {
      if (attempt > 0) await new Promise((r) => setTimeout(r, 25 * 2 ** attempt));
      const out = await db().send(
        new BatchGetCommand({ RequestItems: { [config.tableName]: { Keys: pending, ConsistentRead: consistent } } }),
      );
      for (const raw of out.Responses?.[config.tableName] ?? []) {
        const item = alive(raw as Item<T>);
        if (item) found.push(item);
      }
      pending = (out.UnprocessedKeys?.[config.tableName]?.Keys ?? []) as Keys[];
    }
    if (pending.length > 0) throw new Error(`DynamoDB left ${pending.length} keys unprocessed`);
  }
  return found;
}

type QueryInput = Omit<QueryCommandInput, 'TableName' | 'ExclusiveStartKey' | 'Limit'>;

/** Every item of a query, following LastEvaluatedKey. For lists known to be small. */
export type { QueryInput };

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

/** One page when the total is kept elsewhere (a counter item): reads only up to offset + limit items. */
export async function readPage<T>(input: QueryInput, offset: number, limit: number): Promise<Item<T>[]> {
  return (await readUpTo<T>(input, offset + limit)).slice(offset, offset + limit);
}

/**
 * One page deep in a long list: the offset is skipped on a keys-only index (a few bytes an item
 * instead of the whole item), then the page's items are read by key. Same order as the index.
 */
export async function readPageByKeys<T>(input: QueryInput & { IndexName: IndexName }, offset: number, limit: number): Promise<Item<T>[]> {
  const keyed = await readUpTo<Keys>({ ...input, ProjectionExpression: 'pk, sk' }, offset + limit);
  const page = keyed.slice(offset, offset + limit);
  if (page.length === 0) return [];
  const items = await batchGet<T>(page.map(({ pk, sk }) => ({ pk, sk })));
  const byKey = new Map(items.map((item) => [`${item.pk}\u0000${item.sk}`, item]));
  return page.flatMap(({ pk, sk }) => byKey.get(`${pk}\u0000${sk}`) ?? []);
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

/**
 * The table's generic indexes and what each projects. gsi3 mirrors the keys of the lists that are
 * paged deep (a store's board): skipping to an offset there reads keys only (see readPageByKeys).
 */
export const TABLE_INDEXES = { gsi1: 'ALL', gsi2: 'ALL', gsi3: 'KEYS_ONLY' } as const;
export type IndexName = keyof typeof TABLE_INDEXES;
export const INDEX_NAMES = Object.keys(TABLE_INDEXES) as IndexName[];

/** An item without its key attributes: what an API answer may show. */
export function fields<T>(item: Item<T>): T {
  const { pk: _pk, sk: _sk, gsi1pk: _a, gsi1sk: _b, gsi2pk: _c, gsi2sk: _d, gsi3pk: _f, gsi3sk: _g, expires_at: _e, ...rest } = item;
  return rest as T;
}
