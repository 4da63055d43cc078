/**
 * DynamoDB Local (AWS's own emulator, the jar shipped by amplify-dynamodb-simulator) on a free
 * port, and the console's one table in it. A supervisor (supervisor.ts) starts java again on the
 * same port and data path when it dies.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { existsSync, mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import getPort from 'get-port';
import { Supervisor, type ExitStatus, type SupervisedRun, type SupervisorStatus } from './supervisor.js';

const EMULATOR_DIR = fileURLToPath(new URL('../../node_modules/amplify-dynamodb-simulator/emulator/', import.meta.url));
const CACHE_DIR = fileURLToPath(new URL('../../node_modules/.cache/dealer-console/', import.meta.url));

/** DynamoDB Local answers only this machine. */
export const DYNAMODB_HOST = '127.0.0.1';

/**
 * Java runs under a small shell guard: the guard kills java as soon as its stdin closes, which
 * happens when we stop it and also when this Node process dies in any way (even SIGKILL), so no
 * java process outlives the stack. Background jobs of a non-interactive shell read /dev/null,
 * hence the explicit `<&3` copy of the guard's stdin. It names java's pid first (the fault tests
 * kill java itself, as a crash would), and exits with java's status once java is gone.
 */
const GUARD =
  'exec 3<&0; "$@" </dev/null & pid=$!; echo "guard: java pid $pid"; (read -r _ <&3; kill "$pid" 2>/dev/null) & reader=$!; ' +
  'wait "$pid"; status=$?; kill "$reader" 2>/dev/null; exit $status';

/**
 * DynamoDB Local 1.x has no option for the address it listens on: its Jetty server takes every
 * interface. This launcher makes the same server from the same command line and, before it
 * starts, points its connector at one address. Compiled once (by the JRE's own compiler module)
 * into node_modules/.cache.
 */
const LAUNCHER_CLASS = 'LoopbackDynamoDbLocal';
const LAUNCHER_SOURCE = `
public class ${LAUNCHER_CLASS} {
  public static void main(String[] args) throws Exception {
    String host = System.getProperty("dynamodb.local.host", "127.0.0.1");
    Class<?> runner = Class.forName("com.amazonaws.services.dynamodbv2.local.main.ServerRunner");
    Object proxy = runner.getMethod("createServerFromCommandLineArgs", String[].class).invoke(null, (Object) args);
    java.lang.reflect.Field field = proxy.getClass().getDeclaredField("server");
    field.setAccessible(true);
    Object server = field.get(proxy);
    Object[] connectors = (Object[]) server.getClass().getMethod("getConnectors").invoke(server);
    for (Object connector : connectors) connector.getClass().getMethod("setHost", String.class).invoke(connector, host);
    proxy.getClass().getMethod("start").invoke(proxy);
  }
}
`;

let launcherBuild: Promise<string | null> | undefined;

/** The directory holding the compiled launcher, or null when this Java cannot compile it. */
function loopbackLauncher(): Promise<string | null> {
  launcherBuild ??= (async () => {
    const hash = createHash('sha256').update(LAUNCHER_SOURCE).digest('hex').slice(0, 12);
    const dir = join(CACHE_DIR, `dynamodb-loopback-${hash}`);
    if (existsSync(join(dir, `${LAUNCHER_CLASS}.class`))) return dir;
    const work = mkdtempSync(join(tmpdir(), 'dynamodb-loopback-'));
    try {
      writeFileSync(join(work, `${LAUNCHER_CLASS}.java`), LAUNCHER_SOURCE);
      const compiler = spawn('java', ['-m', 'jdk.compiler/com.sun.tools.javac.Main', '--release', '11', '-d', join(work, 'classes'), join(work, `${LAUNCHER_CLASS}.java`)], {
        stdio: 'ignore',
      });
      compiler.on('error', () => undefined);
      const [code] = (await once(compiler, 'close')) as [number | null];
      if (code !== 0) return null;
      mkdirSync(CACHE_DIR, { recursive: true });
      try {
        renameSync(join(work, 'classes'), dir);
      } catch (err) {
        // Another stack (the e2e and integration setups start at once) compiled it first.
        if (!existsSync(join(dir, `${LAUNCHER_CLASS}.class`))) throw err;
      }
      return dir;
    } catch {
      return null;
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
  })();
  return launcherBuild;
}

let warnedAllInterfaces = false;

export interface LocalDynamoDb {
  endpoint: string;
  /** Whether java answers now, its pid, how often it was restarted. */
  status(): SupervisorStatus;
  /** Resolves when java answers (at once when it does). */
  whenUp(): Promise<void>;
  /**
   * Kills java with SIGKILL, as a crash or the OOM killer would, without telling the supervisor
   * (the fault tests and bench); answers the pid it killed, null when java is down already.
   */
  crash(): number | null;
  stop(): Promise<void>;
}

export interface DynamoDbOptions {
  /** null keeps the data in memory (gone on stop, and on a restart after a crash). */
  dbPath: string | null;
  log: (line: string) => void;
  logError: (line: string) => void;
  /** After each restart, before it counts as up (the stack makes the table again when in memory). */
  afterRestart?: (endpoint: string) => Promise<void>;
}

export async function startDynamoDb(options: DynamoDbOptions): Promise<LocalDynamoDb> {
  const port = await getPort({ host: DYNAMODB_HOST });
  const endpoint = `http://${DYNAMODB_HOST}:${port}`;
  if (options.dbPath) mkdirSync(options.dbPath, { recursive: true });
  const launcher = await loopbackLauncher();
  if (!launcher && !warnedAllInterfaces) {
    warnedAllInterfaces = true;
    options.logError(
      '[dynamodb] DynamoDB Local listens on every network interface: this Java has no compiler module (jdk.compiler) to build the launcher that binds it to 127.0.0.1',
    );
  }
  const supervisor = new Supervisor({
    name: 'dynamodb',
    launch: () => launchJava({ port, endpoint, dbPath: options.dbPath, launcher }),
    afterRestart: options.afterRestart && (() => options.afterRestart!(endpoint)),
    log: options.log,
    logError: options.logError,
  });
  await supervisor.start();
  return {
    endpoint,
    status: () => supervisor.status(),
    whenUp: () => supervisor.whenUp(),
    crash() {
      const pid = supervisor.status().pid;
      if (pid === null) return null;
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        return null;
      }
      return pid;
    },
    stop: () => supervisor.stop(),
  };
}

async function launchJava(options: { port: number; endpoint: string; dbPath: string | null; launcher: string | null }): Promise<SupervisedRun> {
  const storage = options.dbPath ? ['-dbPath', options.dbPath] : ['-inMemory'];
  const main = options.launcher
    ? [`-Ddynamodb.local.host=${DYNAMODB_HOST}`, '-cp', `${EMULATOR_DIR}DynamoDBLocal.jar:${options.launcher}`, LAUNCHER_CLASS]
    : ['-jar', `${EMULATOR_DIR}DynamoDBLocal.jar`];
  const java = [
    'java',
    // The JIT's full tiers: C1 alone started 0.3 s sooner but left a busy emulator (a test run's
    // stack answers for minutes) a tenth slower (the consent property, 1,000 sequences: 221 s → 200 s).
    '-XX:+UseSerialGC',
    `-Djava.library.path=${EMULATOR_DIR}DynamoDBLocal_lib`,
    ...main,
    '-port',
    String(options.port),
    ...storage,
    // One database whatever the credentials and region, so the AWS CLI sees the same tables.
    '-sharedDb',
    '-disableTelemetry',
  ];
  // DynamoDB Local drops a metadata file in its working directory: keep it out of the project.
  const cwd = options.dbPath ?? tmpdir();
  const guard = spawn('/bin/sh', ['-c', GUARD, 'dynamodb-local', ...java], { cwd, stdio: ['pipe', 'pipe', 'pipe'] });
  let output = '';
  let javaPid: number | undefined;
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-4000);
    javaPid ??= Number(/^guard: java pid (\d+)$/m.exec(output)?.[1]) || undefined;
  };
  guard.stdout.on('data', keep);
  guard.stderr.on('data', keep);
  const exited = new Promise<ExitStatus>((resolve) => {
    guard.once('exit', (code, signal) => {
      // The guard's reader of this pipe is gone; release our end.
      guard.stdin.destroy();
      resolve({ code, signal });
    });
  });

  const stop = async () => {
    if (guard.exitCode !== null || guard.signalCode !== null) return;
    guard.stdin.end();
    const timer = setTimeout(() => guard.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
  };

  try {
    await waitUntilAnswering(options.endpoint, () => guard.exitCode !== null);
  } catch (err) {
    await stop();
    if (/java: (command )?not found/i.test(output)) {
      throw new Error('DynamoDB Local needs a Java runtime (17 or newer) on the PATH: on Debian, apt-get install -y openjdk-17-jre-headless');
    }
    throw new Error(`DynamoDB Local did not start: ${(err as Error).message}\n${output}`);
  }
  return { pid: javaPid, exited, stop };
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
