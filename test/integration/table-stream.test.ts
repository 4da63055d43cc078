/**
 * The local reader of the table's stream (infra/local/tableStream.ts) does what Lambda's DynamoDB
 * event source does in AWS: every change reaches the stream function, in order per item, in
 * batches of at most 100; a batch the function refuses is handed again until taken; a restart with
 * kept data goes on where it stopped. And the function turns records into changes and runs each
 * listener on the ones it wants (functions/tableStream/handler.ts).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DynamoDBStreamEvent } from 'aws-lambda';
import { DeleteItemCommand, DynamoDBClient, PutItemCommand, UpdateItemCommand } from '@aws-sdk/client-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureTable, startDynamoDb, type LocalDynamoDb } from '../../infra/local/dynamodb.js';
import { startTableStreamReader, STREAM_BATCH_SIZE } from '../../infra/local/tableStream.js';
import type { TableChange, TableListener } from '../../functions/lib/boardModule.js';
import { changeOf } from '../../functions/tableStream/changes.js';
import { applyChanges } from '../../functions/tableStream/handler.js';

const quiet = { log: () => undefined, logError: () => undefined };

describe('the table stream, locally', () => {
  let dynamo: LocalDynamoDb;
  let client: DynamoDBClient;
  let tableNo = 0;

  beforeAll(async () => {
    dynamo = await startDynamoDb({ dbPath: null, ...quiet });
    client = new DynamoDBClient({ endpoint: dynamo.endpoint, region: 'us-east-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
  });
  afterAll(async () => {
    client?.destroy();
    await dynamo?.stop();
  });

  async function freshTable(): Promise<string> {
    const name = `stream-test-${++tableNo}`;
    await ensureTable(dynamo.endpoint, name);
    return name;
  }
  const put = (table: string, pk: string, sk: string, n: number) =>
    client.send(new PutItemCommand({ TableName: table, Item: { pk: { S: pk }, sk: { S: sk }, n: { N: String(n) } } }));

  it('hands every change to the function once it is taken, in order per item, in batches of at most 100', async () => {
    const table = await freshTable();
    const seen: TableChange[] = [];
    let refusals = 2;
    let largest = 0;
    const reader = await startTableStreamReader({
      endpoint: dynamo.endpoint,
      tableName: table,
      checkpointFile: null,
      log: () => undefined,
      deliver: async (event: DynamoDBStreamEvent) => {
        // The first two hands are refused, as a failing listener would: the same records come again.
        if (refusals-- > 0) throw new Error('not now');
        largest = Math.max(largest, event.Records.length);
        seen.push(...event.Records.flatMap((r) => changeOf(r) ?? []));
      },
    });
    try {
      for (let i = 0; i < 150; i++) await put(table, `P#${i % 3}`, `S#${i}`, i);
      await client.send(new UpdateItemCommand({ TableName: table, Key: { pk: { S: 'P#0' }, sk: { S: 'S#0' } }, UpdateExpression: 'SET n = :n', ExpressionAttributeValues: { ':n': { N: '1000' } } }));
      await client.send(new DeleteItemCommand({ TableName: table, Key: { pk: { S: 'P#0' }, sk: { S: 'S#0' } } }));
      await reader.caughtUp();

      expect(seen).toHaveLength(152);
      expect(new Set(seen.map((c) => c.id)).size).toBe(152);
      expect(largest).toBeLessThanOrEqual(STREAM_BATCH_SIZE);
      const first = seen.filter((c) => c.keys.sk === 'S#0');
      expect(first.map((c) => c.kind)).toEqual(['insert', 'modify', 'remove']);
      expect(first[1]).toMatchObject({ old: { pk: 'P#0', sk: 'S#0', n: 0 }, new: { n: 1000 } });
      expect(first[2]!.new).toBeUndefined();
      expect(Date.now() - Date.parse(first[0]!.at)).toBeLessThan(120_000);
    } finally {
      await reader.stop();
    }
  });

  it('sets aside a change the function keeps refusing, and hands every other one', async () => {
    const table = await freshTable();
    const taken: string[] = [];
    const logged: string[] = [];
    const reader = await startTableStreamReader({
      endpoint: dynamo.endpoint,
      tableName: table,
      checkpointFile: null,
      log: (line) => logged.push(line),
      deliver: async (event) => {
        const sks = event.Records.map((r) => changeOf(r)!.keys.sk);
        if (sks.includes('POISON')) throw new Error('cannot count this one');
        taken.push(...sks);
      },
    });
    try {
      for (const sk of ['A', 'B', 'POISON', 'C', 'D']) await put(table, 'P', sk, 1);
      await reader.caughtUp(60_000);
      expect(taken.sort()).toEqual(['A', 'B', 'C', 'D']);
      expect(logged.some((line) => line.includes('set aside') && line.includes('POISON'))).toBe(true);
    } finally {
      await reader.stop();
    }
  }, 60_000);

  it('goes on where it stopped when its place is kept', async () => {
    const table = await freshTable();
    const dir = mkdtempSync(join(tmpdir(), 'table-stream-'));
    const checkpointFile = join(dir, 'places.json');
    const seen: string[] = [];
    const start = () =>
      startTableStreamReader({
        endpoint: dynamo.endpoint,
        tableName: table,
        checkpointFile,
        log: () => undefined,
        deliver: async (event) => void seen.push(...event.Records.map((r) => changeOf(r)!.keys.sk)),
      });
    try {
      const first = await start();
      await put(table, 'P', 'A', 1);
      await first.caughtUp();
      await first.stop();
      await put(table, 'P', 'B', 2);
      const second = await start();
      await second.caughtUp();
      await second.stop();
      expect(seen).toEqual(['A', 'B']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('runs each listener on the changes it wants, and fails the batch when one fails after all have run', async () => {
    const change = (pk: string): TableChange => ({ id: pk, kind: 'insert', keys: { pk, sk: 'X' }, new: { pk, sk: 'X' }, at: new Date().toISOString() });
    const got: Record<string, string[]> = { a: [], b: [], c: [] };
    const listener = (name: string, prefix: string, fails = false): TableListener => ({
      name,
      wants: (keys) => keys.pk.startsWith(prefix),
      apply: async (changes) => {
        got[name]!.push(...changes.map((c) => c.keys.pk));
        if (fails) throw new Error('store down');
      },
    });
    const changes = [change('A#1'), change('B#1'), change('A#2'), change('C#1')];

    await applyChanges(changes, [listener('a', 'A#'), listener('b', 'B#')]);
    expect(got).toEqual({ a: ['A#1', 'A#2'], b: ['B#1'], c: [] });

    await expect(applyChanges(changes, [listener('c', 'C#', true), listener('a', 'A#')])).rejects.toThrow(/c/);
    // The listener after the failing one still ran.
    expect(got.a).toEqual(['A#1', 'A#2', 'A#1', 'A#2']);
  });
});
