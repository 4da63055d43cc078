/**
 * DynamoDB Local (AWS's own emulator, the jar shipped by amplify-dynamodb-simulator) on a free
 * port, and the console's one table in it.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { fileURLToPath } from 'node:url';
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import getPort from 'get-port';

const EMULATOR_DIR = fileURLToPath(new URL('../../node_modules/amplify-dynamodb-simulator/emulator/', import.meta.url));

/**
 * Java runs under a small shell guard: the guard kills java as soon as its stdin closes, which
 * happens when we stop it and also when this Node process dies in any way (even SIGKILL), so no
 * java process outlives the stack. Background jobs of a non-interactive shell read /dev/null,
 * hence the explicit `<&3` copy of the guard's stdin.
 */
const GUARD = 'exec 3<&0; "$@" </dev/null & pid=$!; (read -r _ <&3; kill "$pid" 2>/dev/null) & wait "$pid"';

export interface LocalDynamoDb {
  endpoint: string;
  stop(): Promise<void>;
}

/** `dbPath` null keeps the data in memory (gone on stop). */
export async function startDynamoDb(options: { dbPath: string | null }): Promise<LocalDynamoDb> {
  const port = await getPort({ host: '127.0.0.1' });
  const storage = options.dbPath ? ['-dbPath', options.dbPath] : ['-inMemory'];
  if (options.dbPath) mkdirSync(options.dbPath, { recursive: true });
  const java = [
    'java',
    // A quick start matters more here than peak throughput.
    '-XX:TieredStopAtLevel=1',
    '-XX:+UseSerialGC',
    `-Djava.library.path=${EMULATOR_DIR}DynamoDBLocal_lib`,
    '-jar',
    `${EMULATOR_DIR}DynamoDBLocal.jar`,
    '-port',
    String(port),
    ...storage,
    // One database whatever the credentials and region, so the AWS CLI sees the same tables.
    '-sharedDb',
    '-disableTelemetry',
  ];
  // DynamoDB Local drops a metadata file in its working directory: keep it out of the project.
  const cwd = options.dbPath ?? tmpdir();
  const guard = spawn('/bin/sh', ['-c', GUARD, 'dynamodb-local', ...java], { cwd, stdio: ['pipe', 'pipe', 'pipe'] });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-4000);
  };
  guard.stdout.on('data', keep);
  guard.stderr.on('data', keep);
  const exited = once(guard, 'exit');

  const endpoint = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (guard.exitCode !== null || guard.signalCode !== null) return;
    guard.stdin.end();
    const timer = setTimeout(() => guard.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
  };

  try {
    await waitUntilAnswering(endpoint, () => guard.exitCode !== null);
  } catch (err) {
    await stop();
    if (/java: (command )?not found/i.test(output)) {
      throw new Error('DynamoDB Local needs a Java runtime (17 or newer) on the PATH: on Debian, apt-get install -y openjdk-17-jre-headless');
    }
    throw new Error(`DynamoDB Local did not start: ${(err as Error).message}\n${output}`);
  }
  return { endpoint, stop };
}

/**
 * Ready once it answers HTTP at all (an unsigned request gets a 400). Plain fetch rather than the
 * SDK, so waiting for java does not first wait for the SDK to load.
 */
async function waitUntilAnswering(endpoint: string, died: () => boolean): Promise<void> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (died()) throw new Error('java exited');
    try {
      await fetch(endpoint, { method: 'POST', signal: AbortSignal.timeout(2000) });
      return;
    } catch (err) {
      if (Date.now() > deadline) throw err;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}

async function localClient(endpoint: string): Promise<DynamoDBClient> {
  const { DynamoDBClient } = await import('@aws-sdk/client-dynamodb');
  return new DynamoDBClient({
    endpoint,
    region: process.env.AWS_REGION ?? 'us-east-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
}

/**
 * The table as CDK defines it (common rules): pk/sk, the indexes of TABLE_INDEXES, TTL on
 * expires_at, stream NEW_AND_OLD_IMAGES. Created only when missing, so a kept data dir survives;
 * an index a kept table lacks (added by a later release) is added to it.
 */
export async function ensureTable(endpoint: string, tableName: string): Promise<'created' | 'existing'> {
  const { CreateTableCommand, DescribeTableCommand, ResourceNotFoundException, UpdateTableCommand, UpdateTimeToLiveCommand } = await import(
    '@aws-sdk/client-dynamodb'
  );
  const { INDEX_NAMES, TABLE_INDEXES } = await import('../../functions/lib/table.js');
  const client = await localClient(endpoint);
  const gsi = (name: (typeof INDEX_NAMES)[number]) => ({
    IndexName: name,
    KeySchema: [
      { AttributeName: `${name}pk`, KeyType: 'HASH' as const },
      { AttributeName: `${name}sk`, KeyType: 'RANGE' as const },
    ],
    Projection: { ProjectionType: TABLE_INDEXES[name] },
  });
  const keyAttributes = (name: string) => [`${name}pk`, `${name}sk`].map((a) => ({ AttributeName: a, AttributeType: 'S' as const }));
  try {
    try {
      const existing = await client.send(new DescribeTableCommand({ TableName: tableName }));
      const present = new Set((existing.Table?.GlobalSecondaryIndexes ?? []).map((i) => i.IndexName));
      for (const name of INDEX_NAMES.filter((n) => !present.has(n))) {
        await client.send(
          new UpdateTableCommand({ TableName: tableName, AttributeDefinitions: keyAttributes(name), GlobalSecondaryIndexUpdates: [{ Create: gsi(name) }] }),
        );
      }
      return 'existing';
    } catch (err) {
      if (!(err instanceof ResourceNotFoundException)) throw err;
    }
    await client.send(
      new CreateTableCommand({
        TableName: tableName,
        BillingMode: 'PAY_PER_REQUEST',
        AttributeDefinitions: [
          { AttributeName: 'pk', AttributeType: 'S' as const },
          { AttributeName: 'sk', AttributeType: 'S' as const },
          ...INDEX_NAMES.flatMap(keyAttributes),
        ],
        KeySchema: [
          { AttributeName: 'pk', KeyType: 'HASH' },
          { AttributeName: 'sk', KeyType: 'RANGE' },
        ],
        GlobalSecondaryIndexes: INDEX_NAMES.map(gsi),
        StreamSpecification: { StreamEnabled: true, StreamViewType: 'NEW_AND_OLD_IMAGES' },
      }),
    );
    await client.send(
      new UpdateTimeToLiveCommand({ TableName: tableName, TimeToLiveSpecification: { Enabled: true, AttributeName: 'expires_at' } }),
    );
    return 'created';
  } finally {
    client.destroy();
  }
}
