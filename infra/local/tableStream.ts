/**
 * The table's stream, locally (issue 24): what Lambda's DynamoDB event source does in AWS. It
 * reads DynamoDB Local's stream shard by shard and hands each batch of records, as the Lambda
 * event, to the stream function (functions/tableStream/handler.ts). A batch whose handler throws
 * is handed again after a pause and split, as Lambda retries and bisects it; a single change the
 * function keeps refusing is set aside, as AWS moves it to the failure queue. With a kept data dir,
 * where it got to in each shard is kept beside the data, so a restart goes on from there; in memory
 * it reads each shard from its start.
 *
 * `caughtUp()` answers once every record written before it was asked has been handled: tests wait
 * for it before reading what a listener keeps (test/support/tableStream.ts).
 *
 * An idle reader asks the stream less and less often (50 ms up to half a second): a stack waiting
 * for a browser or a person asked DynamoDB Local twenty times a second for nothing, a tenth of a
 * core per running stack. `nudge()` wakes it at once; the local stack nudges it after every write
 * its handlers make (stack.ts), so their listeners still run within milliseconds.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import type { DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import type { _Record as StreamRecord, DynamoDBStreamsClient } from '@aws-sdk/client-dynamodb-streams';

/** Lambda's event source hands at most this many records at once (its BatchSize; infra/tableStream.ts). */
export const STREAM_BATCH_SIZE = 100;
/** How long an idle reader waits before asking the stream again: doubled each idle round, up to the most. */
const IDLE_POLL_MS = 50;
const MOST_IDLE_POLL_MS = 500;
const RETRY_MS = 500;
/** Hands of a batch before it is split, and of a single change before it is set aside (infra/tableStream.ts retries 10). */
const BATCH_TRIES = 2;
const RETRIES = 10;
/** How often an idle reader looks for new shards; a caller waiting for it makes it look at once. */
const DISCOVER_MS = 1000;

export interface TableStreamOptions {
  endpoint: string;
  tableName: string;
  /** The stream function. */
  deliver: (event: DynamoDBStreamEvent) => Promise<void>;
  /** Where the reader's place in each shard is kept (null: in memory, read every shard from its start). */
  checkpointFile: string | null;
  log: (line: string) => void;
}

export interface TableStreamReader {
  /** Resolves once every record the table took before the call has been handled. */
  caughtUp(timeoutMs?: number): Promise<void>;
  /** Something was written: an idle reader looks at once. */
  nudge(): void;
  stop(): Promise<void>;
}

interface ShardState {
  iterator?: string;
  /** The last record handled. */
  after?: string;
  closed: boolean;
}

/** A record of the streams API as the Lambda event carries it (the same attribute JSON; seconds for the time). */
function lambdaRecord(record: StreamRecord, streamArn: string): DynamoDBRecord {
  const d = record.dynamodb ?? {};
  const at = d.ApproximateCreationDateTime;
  return {
    eventID: record.eventID,
    eventName: record.eventName,
    eventVersion: record.eventVersion,
    eventSource: 'aws:dynamodb',
    awsRegion: record.awsRegion,
    eventSourceARN: streamArn,
    dynamodb: {
      Keys: d.Keys as never,
      NewImage: d.NewImage as never,
      OldImage: d.OldImage as never,
      SequenceNumber: d.SequenceNumber,
      SizeBytes: d.SizeBytes,
      StreamViewType: d.StreamViewType,
      ApproximateCreationDateTime: at ? Math.floor(new Date(at).getTime() / 1000) : undefined,
    },
  };
}

export async function startTableStreamReader(options: TableStreamOptions): Promise<TableStreamReader> {
  const { DynamoDBStreamsClient: Client, DescribeStreamCommand, GetRecordsCommand, GetShardIteratorCommand } = await import('@aws-sdk/client-dynamodb-streams');
  const { DynamoDBClient, DescribeTableCommand } = await import('@aws-sdk/client-dynamodb');
  const credentials = { accessKeyId: 'local', secretAccessKey: 'local' };
  const region = process.env.AWS_REGION ?? 'us-east-1';
  const streams: DynamoDBStreamsClient = new Client({ endpoint: options.endpoint, region, credentials });
  const table = new DynamoDBClient({ endpoint: options.endpoint, region, credentials });

  const kept: Record<string, string> = options.checkpointFile && existsSync(options.checkpointFile) ? (JSON.parse(readFileSync(options.checkpointFile, 'utf8')) as Record<string, string>) : {};
  let streamArn: string | undefined;
  let shards = new Map<string, ShardState>();
  let stopped = false;
  /** Rounds completed, and whether the last one found nothing new anywhere. */
  let rounds = 0;
  let lastRoundIdle = false;
  let discoveredAt = 0;
  const waiters: { afterRound: number; resolve: () => void }[] = [];

  const keep = () => {
    if (!options.checkpointFile) return;
    const places = Object.fromEntries([...shards].flatMap(([id, s]) => (s.after ? [[id, s.after]] : [])));
    writeFileSync(options.checkpointFile, JSON.stringify(places));
  };

  async function discover(): Promise<void> {
    if (!streamArn) {
      const described = await table.send(new DescribeTableCommand({ TableName: options.tableName }));
      streamArn = described.Table?.LatestStreamArn;
      if (!streamArn) throw new Error(`table ${options.tableName} has no stream`);
    }
    let start: string | undefined;
    do {
      const page = await streams.send(new DescribeStreamCommand({ StreamArn: streamArn, ExclusiveStartShardId: start }));
      for (const shard of page.StreamDescription?.Shards ?? []) {
        if (!shard.ShardId || shards.has(shard.ShardId)) continue;
        shards.set(shard.ShardId, { after: kept[shard.ShardId], closed: false });
      }
      start = page.StreamDescription?.LastEvaluatedShardId;
    } while (start);
  }

  async function iteratorOf(shardId: string, state: ShardState): Promise<string | undefined> {
    const out = await streams.send(
      new GetShardIteratorCommand({
        StreamArn: streamArn,
        ShardId: shardId,
        ...(state.after ? { ShardIteratorType: 'AFTER_SEQUENCE_NUMBER', SequenceNumber: state.after } : { ShardIteratorType: 'TRIM_HORIZON' }),
      }),
    );
    return out.ShardIterator;
  }

  /** One pass over every open shard; answers whether it found records. */
  async function round(): Promise<boolean> {
    if (waiters.length > 0 || Date.now() - discoveredAt >= DISCOVER_MS || ![...shards.values()].some((s) => !s.closed)) {
      await discover();
      discoveredAt = Date.now();
    }
    let found = false;
    for (const [shardId, state] of shards) {
      if (state.closed) continue;
      state.iterator ??= await iteratorOf(shardId, state);
      // A shard read to its end, as a closed one is once it has no more.
      for (;;) {
        if (!state.iterator) {
          state.closed = true;
          break;
        }
        const page = await streams.send(new GetRecordsCommand({ ShardIterator: state.iterator, Limit: 1000 }));
        const records = page.Records ?? [];
        for (let i = 0; i < records.length; i += STREAM_BATCH_SIZE) {
          const batch = records.slice(i, i + STREAM_BATCH_SIZE);
          // The batch goes again until the handler takes it, as Lambda retries it.
          await deliverUntilTaken({ Records: batch.map((r) => lambdaRecord(r, streamArn!)) });
          state.after = batch[batch.length - 1]!.dynamodb?.SequenceNumber ?? state.after;
          keep();
        }
        state.iterator = page.NextShardIterator;
        if (records.length > 0) found = true;
        else break;
      }
    }
    return found;
  }

  /**
   * As Lambda's event source does with `bisectBatchOnError` and its retries: a batch the function
   * refuses is handed again, then split in halves so the rest goes on; a single change still refused
   * after RETRIES hands is set aside (logged with its keys, as AWS names it in the failure queue).
   */
  async function deliverUntilTaken(event: DynamoDBStreamEvent): Promise<void> {
    const tries = event.Records.length > 1 ? BATCH_TRIES : RETRIES;
    for (let attempt = 1; !stopped && attempt <= tries; attempt++) {
      try {
        await options.deliver(event);
        return;
      } catch (err) {
        if (attempt === 1) options.log(`[table stream] a batch of ${event.Records.length} failed, handed again: ${(err as Error).message}`);
        await pause(RETRY_MS);
      }
    }
    if (stopped) return;
    if (event.Records.length > 1) {
      const half = Math.ceil(event.Records.length / 2);
      await deliverUntilTaken({ Records: event.Records.slice(0, half) });
      await deliverUntilTaken({ Records: event.Records.slice(half) });
      return;
    }
    const record = event.Records[0]!;
    options.log(`[table stream] a change was refused ${RETRIES} times and is set aside: ${record.eventName} ${JSON.stringify(record.dynamodb?.Keys)} (${record.eventID})`);
  }

  const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
  /** Set while the loop waits between idle rounds; a nudge ends the wait. */
  let wake: (() => void) | null = null;
  /** A write since the round began: the next round starts at once, and short waits again. */
  let nudged = false;
  const idle = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        wake = null;
        resolve();
      }, ms);
      wake = () => {
        clearTimeout(timer);
        wake = null;
        resolve();
      };
    });
  const nudge = () => {
    nudged = true;
    wake?.();
  };

  let idleRounds = 0;
  const loop = (async () => {
    while (!stopped) {
      let found = false;
      if (nudged) idleRounds = 0;
      nudged = false;
      try {
        found = await round();
      } catch (err) {
        if (stopped) break;
        // DynamoDB Local restarted (its in-memory stream is a new one) or is down: find it again.
        options.log(`[table stream] reading failed, reading again: ${(err as Error).message}`);
        streamArn = undefined;
        shards = new Map();
        await pause(RETRY_MS);
        continue;
      }
      rounds++;
      lastRoundIdle = !found;
      for (const waiter of waiters.splice(0)) {
        if (lastRoundIdle && rounds > waiter.afterRound) waiter.resolve();
        else waiters.push(waiter);
      }
      idleRounds = found ? 0 : idleRounds + 1;
      if (!found && !nudged && !stopped) await idle(Math.min(IDLE_POLL_MS * 2 ** (idleRounds - 1), MOST_IDLE_POLL_MS));
    }
  })();

  return {
    caughtUp(timeoutMs = 20_000) {
      // A round that starts after this call and finds nothing new has handled everything before it.
      return new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`the table's stream did not catch up within ${timeoutMs} ms`)), timeoutMs);
        waiters.push({
          afterRound: rounds + 1,
          resolve: () => {
            clearTimeout(timer);
            resolve();
          },
        });
        nudge();
      });
    },
    nudge,
    async stop() {
      stopped = true;
      nudge();
      await loop;
      streams.destroy();
      table.destroy();
    },
  };
}
