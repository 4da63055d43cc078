/**
 * The whole console on one machine: DynamoDB Local, s3rver, the MQTT broker for push wake-ups, the
 * API/SPA server with the local carrier, and the scheduler, started in parallel on free ports.
 * Handlers run in this process and read the environment this module sets, exactly the names CDK
 * sets in AWS. DynamoDB Local and s3rver are supervised: when one dies it is started again on the
 * same port and data path.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { DynamoDBStreamEvent, SNSEvent } from 'aws-lambda';
import { CARRIER_TOPICS, SIP_MEDIA_APPLICATION_ENTRY, type CarrierTopic } from '../../functions/areas.js';
import type { ChimeEvent, ChimeResponse } from '../../functions/calls/chime.js';
import { DEFAULT_TOPIC_PREFIX } from '../../functions/lib/signals/topics.js';
import { appVersion } from '../version.js';
import { startBroker, type BrokerStatus, type LocalBroker } from './broker.js';
import { Carrier, CarrierStore } from './carrier.js';
import { TelephonySimulator, type SipMediaHandler, type StoreRecording } from './telephony.js';
import { ensureTable, startDynamoDb, type LocalDynamoDb } from './dynamodb.js';
import { functionName, loadHandler, PROJECT_ROOT } from './handlers.js';
import { lambdaContext } from './lambda-event.js';
import { startScheduler, type Scheduler } from './scheduler.js';
import { startTableStreamReader } from './tableStream.js';
import { startS3, type LocalS3 } from './s3.js';
import { startPaymentGateway } from './paymentGateway.js';
import { PARTNER_CLIENT_ID, PARTNER_NAME, PARTNER_REQUIRED_ROLE } from './demo-partner.js';
import { startPartnerIdp } from './partnerIdp.js';
import { createConsoleServer, type ServerParts } from './server.js';
import type { SupervisorStatus } from './supervisor.js';
import { startWeb, type WebMode, type WebServing } from './web.js';

export interface LocalStackOptions {
  /** 0 (the default) picks a free port. */
  port?: number;
  /**
   * The address the console listens on: 127.0.0.1 (the default) answers this machine only;
   * `0.0.0.0` or `::` every interface. DynamoDB Local and s3rver always listen on 127.0.0.1.
   */
  host?: string;
  /** Where data persists between runs; null keeps DynamoDB in memory and S3 in a temp dir. */
  dataDir?: string | null;
  web: WebMode;
  seed: boolean;
  scheduler: boolean;
  /** Only errors on the console (tests). */
  quiet?: boolean;
  /**
   * The carrier follows each text with 'sent' and 'delivered' receipts (default true, for
   * `npm start` and the browser tests); the integration tests turn it off and inject receipts.
   */
  autoReceipts?: boolean;
  /**
   * The DMS simulator opens and advances repair orders through the feed (npm start;
   * DMS_SIMULATOR=off turns it off there, SIM_INTERVAL_MS sets its pace). Off unless asked for.
   */
  dmsSimulator?: boolean;
}

export interface LocalStack {
  /** Origin of the console, e.g. http://localhost:3000 */
  url: string;
  /** Base URL of the local carrier's API, `${url}/dev/carrier`. */
  carrierUrl: string;
  /** The environment the handlers run with. */
  env: Record<string, string>;
  /** Whether this start seeded the demo dealership (false: it was there already, or seed was off). */
  seeded: boolean;
  /** Faults to inject (the fault tests and bench); nothing of the kind exists in AWS. */
  faults: StackFaults;
  stop(): Promise<void>;
}

export interface StackFaults {
  /**
   * Kills DynamoDB Local's java with SIGKILL, as a crash would; its supervisor notices as it
   * would a real crash and restarts it. Answers the pid killed, null when it was down already.
   */
  crashStore(): Promise<number | null>;
  /** DynamoDB Local now: up or down, its pid, how often it was restarted, the last outage. */
  storeStatus(): Promise<SupervisorStatus>;
  /**
   * Stops the wake-up broker as an outage would: every stream's connection ends and signals are
   * refused until `startBroker`. Streams fall back to polling meanwhile. Nothing with SIGNALS_ENDPOINT=off.
   */
  stopBroker(): Promise<void>;
  /** Starts the broker again on the same endpoint (after `stopBroker`); nothing when it is up. */
  startBroker(): Promise<void>;
  /** The next signal is accepted and not delivered, as a signal lost on the way would be. */
  dropNextSignal(): Promise<void>;
  /** The broker now: up or down, streams connected, signals published, dropped and forwarded to listeners. */
  brokerStatus(): Promise<BrokerStatus>;
}

/** `SIGNALS_ENDPOINT=off` in the shell: no broker, streams poll each channel's log every second. */
export const SIGNALS_OFF = 'off';

export const DEFAULT_HOST = '127.0.0.1';

/** The origin people and links use: localhost when the console answers on this machine's loopback or everywhere. */
export function consoleOrigin(host: string, port: number): string {
  if (['127.0.0.1', 'localhost', '0.0.0.0', '::', ''].includes(host)) return `http://localhost:${port}`;
  return `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
}

export const TABLE_NAME = 'dealer-console';
export const BUCKETS = { uploads: 'uploads', reports: 'reports', web: 'web', recordings: 'recordings' } as const;

/** A JWT signing secret kept with the data, so sessions survive a restart; random when in memory. */
function jwtSecret(dataDir: string | null): string {
  if (!dataDir) return randomBytes(32).toString('base64url');
  const file = join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

export async function startLocalStack(options: LocalStackOptions): Promise<LocalStack> {
  const started = Date.now();
  // The SDK warns on every start that its 2027 releases need Node 22; Lambda runs Node 22 already
  // and this machine's Node 20 is the project's chosen local runtime, so the warning is noise here.
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  const log = (line: string) => console.log(line);
  const quiet = options.quiet ?? false;
  const host = options.host ?? DEFAULT_HOST;
  // Deaths and restarts of DynamoDB Local and s3rver; a failed restart is an error, shown even when quiet.
  const supervision = { log: quiet ? () => undefined : log, logError: (line: string) => console.error(line) };
  const dataDir = options.dataDir ? resolve(options.dataDir) : null;
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const s3Dir = dataDir ? join(dataDir, 's3') : mkdtempSync(join(tmpdir(), 'dealer-console-s3-'));

  const stops: (() => Promise<void> | void)[] = [];
  // Requests and event streams end first, while DynamoDB and S3 are still there to answer them.
  let stopScheduler: (() => void) | undefined;
  let stopSimulator: (() => Promise<void>) | undefined;
  let closeServer: (() => Promise<void>) | undefined;
  const stopAll = async () => {
    stopScheduler?.();
    await stopSimulator?.();
    await closeServer?.();
    for (const stop of stops.splice(0).reverse()) {
      try {
        await stop();
      } catch (err) {
        console.error('[stack] stopping:', err);
      }
    }
  };

  let markReady!: (parts: ServerParts) => void;
  let markFailed!: (err: unknown) => void;
  const ready = new Promise<ServerParts>((resolve, reject) => {
    markReady = resolve;
    markFailed = reject;
  });
  // Requests that arrive while starting just wait; a failed start must not leave them hanging.
  ready.catch(() => undefined);

  try {
    // The slow starters first (java takes seconds), so everything else happens meanwhile.
    // The seed loads the AWS SDK and the record code: import it while java starts.
    const seedLoading = options.seed ? import('./seed.js') : undefined;
    const dynamoStarting = startDynamoDb({
      dbPath: dataDir ? join(dataDir, 'dynamodb') : null,
      ...supervision,
      // A kept data path comes back as it was; in memory, java comes back empty (tests accept
      // that), so the table, and the demo when asked for, are made again.
      afterRestart: async (endpoint) => {
        await ensureTable(endpoint, TABLE_NAME);
        if (!dataDir && seedLoading) await (await seedLoading).seedDemo();
      },
    }).then((d: LocalDynamoDb) => {
      stops.push(() => d.stop());
      return d;
    });
    const s3Starting = startS3({ directory: s3Dir, buckets: Object.values(BUCKETS), resetOnClose: false, ...supervision }).then((s: LocalS3) => {
      stops.push(() => s.stop());
      if (!dataDir) stops.push(() => rmSync(s3Dir, { recursive: true, force: true }));
      return s;
    });
    // Grants are signed with it by the streams and checked by the broker; sessions of a stream last
    // minutes, so a fresh one per start loses nothing.
    const signalsSecret = randomBytes(32).toString('base64url');
    const brokerStarting =
      process.env.SIGNALS_ENDPOINT === SIGNALS_OFF
        ? Promise.resolve(undefined)
        : startBroker({ secret: signalsSecret, log: quiet ? undefined : log }).then((b: LocalBroker) => {
            stops.push(() => b.close());
            return b;
          });
    // Awaited below; a failure meanwhile must not count as an unhandled rejection.
    for (const starting of [dynamoStarting, s3Starting, brokerStarting, seedLoading]) starting?.catch(() => undefined);

    // The URL is part of the handlers' environment: listen before setting it.
    const server = createConsoleServer(ready);
    server.listen(options.port ?? 0, host);
    await once(server, 'listening');
    closeServer = () =>
      new Promise<void>((done) => {
        server.close(() => done());
        server.closeAllConnections();
      });
    const port = (server.address() as AddressInfo).port;
    const url = consoleOrigin(host, port);

    const webStarting = startWeb(options.web, server).then((w: WebServing) => {
      stops.push(() => w.close());
      return w;
    });
    const [dynamo, s3, web, broker] = await Promise.all([dynamoStarting, s3Starting, webStarting, brokerStarting]);
    // The card gateway that behaves like Stripe; its webhooks come to the console's own route.
    const webhookSecret = `whsec_${randomBytes(24).toString('base64url')}`;
    const gateway = await startPaymentGateway({ webhookUrl: `${url}/api/payments/stripe/webhook`, webhookSecret });
    stops.push(() => gateway.close());
    // The partner's identity provider, on this server under /partner (its issuer is this origin's).
    const partner = await startPartnerIdp(url);

    const env: Record<string, string> = {
      TABLE_NAME,
      AWS_REGION: 'us-east-1',
      // s3rver knows only this key pair; DynamoDB Local (-sharedDb) takes any.
      AWS_ACCESS_KEY_ID: 'S3RVER',
      AWS_SECRET_ACCESS_KEY: 'S3RVER',
      DYNAMODB_ENDPOINT: dynamo.endpoint,
      S3_ENDPOINT: s3.endpoint,
      UPLOADS_BUCKET: BUCKETS.uploads,
      REPORTS_BUCKET: BUCKETS.reports,
      PUBLIC_URL: url,
      // The same version the SPA is built with, so the console sees no 'new version' locally.
      APP_VERSION: appVersion(PROJECT_ROOT),
      JWT_SECRET: jwtSecret(dataDir),
      MAIL_TRANSPORT: 'local',
      SMS_TRANSPORT: 'local',
      // Each API answer names the DynamoDB capacity it consumed (x-consumed-capacity): the bench reads it.
      CAPACITY_HEADER: '1',
      MAIL_FROM: 'Demo Motors <no-reply@demo.example>',
      LOCAL_CARRIER_URL: `${url}/dev/carrier`,
      // Calls (issue 25) go through the telephony simulator, which writes voicemails where Chime would.
      TELEPHONY: 'local',
      LOCAL_TELEPHONY_URL: `${url}/dev/telephony`,
      RECORDINGS_BUCKET: BUCKETS.recordings,
      // The stripe SDK talks to the local gateway (host, port, protocol); in AWS these are unset or Stripe's.
      STRIPE_API_BASE: gateway.url,
      STRIPE_CONNECT_URL: `${gateway.url}/oauth/authorize`,
      STRIPE_SECRET_KEY: 'sk_test_local',
      STRIPE_CLIENT_ID: 'ca_local',
      STRIPE_WEBHOOK_SECRET: webhookSecret,
      // Background work (a mass text) starts at once on the local job runner, as an asynchronous Lambda invocation would.
      JOBS_URL: `${url}/dev/jobs`,
      LOG_LEVEL: process.env.LOG_LEVEL ?? (quiet ? 'WARN' : 'INFO'),
      // IoT Core's data endpoint in AWS; 'off' means no signals: streams poll as before.
      SIGNALS_ENDPOINT: broker?.endpoint ?? SIGNALS_OFF,
      SIGNALS_TOPIC_PREFIX: DEFAULT_TOPIC_PREFIX,
      // Local only: what the streams sign their grants with (in AWS, STS and IoT policies do this).
      SIGNALS_LOCAL_SECRET: signalsSecret,
      // Partner sign-in (issue 23) against the local partner; in AWS these come from CDK context.
      PARTNER_ISSUER: partner.issuer,
      PARTNER_CLIENT_ID,
      PARTNER_CONNECT_URL: partner.connectUrl,
      PARTNER_NAME,
      PARTNER_REQUIRED_ROLE,
      // Its keys are read on every verification, so a rotated key takes effect at once here.
      PARTNER_JWKS_CACHE_SECONDS: '0',
    };
    // Everything points at this stack; only LOG_LEVEL (and SIGNALS_ENDPOINT=off) may come from the shell.
    Object.assign(process.env, env);
    delete process.env.JWT_SECRET_ARN;
    // The streams would sign in to AWS IoT with it rather than to the local broker.
    delete process.env.SIGNALS_LISTENER_ROLE_ARN;
    delete process.env.AWS_PROFILE;

    await ensureTable(dynamo.endpoint, TABLE_NAME);
    // The stream function's listeners (reports' tallies, history search) keep up from the first write, the demo's included.
    const streamEntry = 'functions/tableStream/handler.ts';
    const streamHandler = (await loadHandler(streamEntry)) as (event: DynamoDBStreamEvent, context: unknown) => Promise<void>;
    const tableStream = await startTableStreamReader({
      endpoint: dynamo.endpoint,
      tableName: TABLE_NAME,
      deliver: (event) => streamHandler(event, lambdaContext(functionName(streamEntry), randomUUID(), 5 * 60_000)),
      checkpointFile: dataDir ? join(dataDir, 'table-stream.json') : null,
      log: supervision.logError,
    });
    stops.push(() => tableStream.stop());
    // Lambda's event source polls the stream in AWS; here the reader rests while nothing is written
    // and every write of this process's handlers wakes it, so their listeners run at once.
    const { db, isWrite } = await import('../../functions/lib/table.js');
    db().middlewareStack.add(
      (next, context) => async (args) => {
        const out = await next(args);
        if (isWrite(context.commandName)) tableStream.nudge();
        return out;
      },
      { step: 'initialize', name: 'localTableStreamNudge' },
    );
    // The client outlives the stack (module scope): a stack started again in this process adds its own.
    stops.push(() => void db().middlewareStack.remove('localTableStreamNudge'));
    const seeded = seedLoading ? await (await seedLoading).seedDemo() : false;

    const carrier = new Carrier(new CarrierStore(dataDir ? join(dataDir, 'carrier.json') : null), publishToTopic, {
      autoReceipts: options.autoReceipts ?? true,
    });
    stops.push(() => carrier.store.flushed());
    // Before the stores go: no automatic receipt may reach a handler once DynamoDB is stopping.
    stops.push(() => carrier.stop());

    const telephony = new TelephonySimulator(sipMediaApplication, storeRecording, { log: quiet ? () => undefined : log });
    stops.push(() => telephony.stop());

    if (options.scheduler) {
      const scheduler: Scheduler = startScheduler(log);
      stopScheduler = () => scheduler.stop();
    }

    markReady({ carrier, telephony, web: () => web, log, quiet, partner, tableStream });
    // The seeded reminders go through the carrier, which answers only now that the stack is ready.
    if (seeded) await (await seedLoading!).afterDemoStart();
    if (options.dmsSimulator) {
      // It posts to the feed over HTTP, so it starts once the server answers; the console runs without it.
      try {
        const { startDmsSimulator } = await import('./dms-simulator.js');
        const simulator = await startDmsSimulator({ baseUrl: url, dataDir, quiet, log });
        stopSimulator = () => simulator.stop();
      } catch (err) {
        console.error('[dms] the DMS simulator did not start:', err);
      }
    }
    if (!quiet) log(`[stack] ready in ${((Date.now() - started) / 1000).toFixed(1)} s${seeded ? ' (demo dealership seeded)' : ''}`);

    let stopping: Promise<void> | undefined;
    return {
      url,
      carrierUrl: `${url}/dev/carrier`,
      env,
      seeded,
      faults: {
        crashStore: async () => dynamo.crash(),
        storeStatus: async () => dynamo.status(),
        stopBroker: async () => broker?.stop(),
        startBroker: async () => broker?.start(),
        dropNextSignal: async () => broker?.dropNextSignal(),
        brokerStatus: async () => broker?.status() ?? { state: 'down', clients: 0, published: 0, dropped: 0, forwarded: 0 },
      },
      stop: () => (stopping ??= stopAll()),
    };
  } catch (err) {
    markFailed(err);
    await stopAll();
    throw err;
  }
}

/** The SIP media application's Lambda, as the telephony simulator invokes it (Chime invokes it synchronously). */
async function sipMediaApplication(): Promise<SipMediaHandler> {
  const handler = (await loadHandler(SIP_MEDIA_APPLICATION_ENTRY)) as (event: ChimeEvent, context: unknown) => Promise<ChimeResponse>;
  return (event) => handler(event, lambdaContext(functionName(SIP_MEDIA_APPLICATION_ENTRY), randomUUID(), 5_000));
}

/** Where Chime writes a voicemail: the local S3 (credentials and endpoint from the stack's environment). */
let recordingsClient: Promise<{ put: StoreRecording }> | undefined;
function storeRecording(bucket: string, key: string, body: Uint8Array): Promise<void> {
  recordingsClient ??= import('@aws-sdk/client-s3').then(({ S3Client, PutObjectCommand }) => {
    const client = new S3Client({ region: process.env.AWS_REGION, endpoint: process.env.S3_ENDPOINT, forcePathStyle: true });
    return { put: async (b, k, data) => void (await client.send(new PutObjectCommand({ Bucket: b, Key: k, Body: data, ContentType: 'audio/wav' }))) };
  });
  return recordingsClient.then(({ put }) => put(bucket, key, body));
}

/** What an SNS subscription does: invoke the topic's Lambda with the SNS event. */
async function publishToTopic(topic: CarrierTopic, event: SNSEvent): Promise<unknown> {
  const entry = CARRIER_TOPICS[topic].entry;
  const handler = (await loadHandler(entry)) as (event: SNSEvent, context: unknown) => unknown;
  return await handler(event, lambdaContext(functionName(entry), randomUUID(), 60_000));
}
