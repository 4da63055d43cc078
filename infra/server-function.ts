/**
 * How every server Lambda of the console is built: Node 22 on arm64, ESM bundled by the local
 * esbuild (no Docker), its own role (permissions only through grant*()) and its own log group.
 */
import { rmSync } from 'node:fs';
import { join, posix } from 'node:path';
import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction, OutputFormat, SourceMapMode, type BundlingOptions, type ICommandHooks } from 'aws-cdk-lib/aws-lambda-nodejs';
import * as logs from 'aws-cdk-lib/aws-logs';
import type * as s3 from 'aws-cdk-lib/aws-s3';
import type * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import type { Data } from './data.js';
import { acknowledge, acknowledgeWildcardResource } from './nag.js';

export const RUNTIME = lambda.Runtime.NODEJS_22_X;

/**
 * ESM bundles still contain CommonJS dependencies that call `require`; ESM has none, so the
 * banner makes one. The import is aliased so it cannot clash with a bundled `createRequire`.
 */
export const ESM_REQUIRE_BANNER =
  "import { createRequire as __consoleCreateRequire } from 'node:module'; const require = __consoleCreateRequire(import.meta.url);";

/**
 * How esbuild bundles every server function (bench/lambdas.ts bundles with the same options to
 * measure each function's size and cold import time).
 */
export const SERVER_BUNDLING = {
  format: OutputFormat.ESM,
  // Node 22 runs it; esbuild's node20 target is accepted by both it and this machine's Node.
  target: 'node20',
  minify: true,
  sourceMap: true,
  sourceMapMode: SourceMapMode.DEFAULT,
  sourcesContent: false,
  banner: ESM_REQUIRE_BANNER,
  mainFields: ['module', 'main'],
  // Bundle the AWS SDK too: Lambda then runs the SDK versions the tests ran, not the
  // runtime's copy of the day.
  bundleAwsSDK: true,
  forceDockerBundling: false,
} satisfies BundlingOptions;

/** Node flags every server function runs with: stack traces point into the TypeScript sources. */
export const SERVER_NODE_OPTIONS = '--enable-source-maps';

/** Function logs are kept three months, then expire; the groups outlive a stack deletion. */
export const LOG_RETENTION = logs.RetentionDays.THREE_MONTHS;

/** What every handler learns from its environment (functions/lib/config.ts), AWS side. */
export interface ServerSettings {
  /** Project root: entries, package-lock.json and package.json are found from here. */
  readonly root: string;
  /** The Data stack's resources: table, buckets, signing key. */
  readonly data: Data;
  readonly appVersion: string;
  readonly mailFrom: string;
  readonly logLevel: string;
  /** Partner sign-in (issue 23): absent = off (every partner route answers 404 sso_not_configured). */
  readonly partner?: PartnerSettings;
}

/** The partner identity provider the console trusts, from CDK context (`-c partnerIssuer=…`). */
export interface PartnerSettings {
  readonly issuer: string;
  readonly clientId?: string;
  readonly connectUrl?: string;
  readonly name?: string;
  readonly cookieDomain?: string;
  readonly requiredRole?: string;
}

/** The PARTNER_* variables functions/lib/config.ts reads; none when partner sign-in is off. */
export function partnerEnvironment(partner: PartnerSettings | undefined): Record<string, string> {
  if (!partner) return {};
  const env: Record<string, string> = { PARTNER_ISSUER: partner.issuer };
  if (partner.clientId) env.PARTNER_CLIENT_ID = partner.clientId;
  if (partner.connectUrl) env.PARTNER_CONNECT_URL = partner.connectUrl;
  if (partner.name) env.PARTNER_NAME = partner.name;
  if (partner.cookieDomain) env.PARTNER_COOKIE_DOMAIN = partner.cookieDomain;
  if (partner.requiredRole) env.PARTNER_REQUIRED_ROLE = partner.requiredRole;
  return env;
}

export interface ServerFunctionProps {
  /** Entry relative to the project root, as functions/areas.ts names it. */
  readonly entry: string;
  readonly description: string;
  readonly settings: ServerSettings;
  /** Console origin (`https://…`), for links in texts and e-mail; absent where it would make a cycle. */
  readonly publicUrl?: string;
  readonly timeout: Duration;
  readonly memorySize: number;
  /** Where asynchronous invocations go after Lambda's retries fail. */
  readonly deadLetterQueue?: sqs.IQueue;
  /**
   * Files the code reads at run time (e.g. the PDF's fonts), copied into the bundle after
   * esbuild: `from` relative to the project root, `to` relative to the bundle's index.mjs.
   */
  readonly bundleFiles?: readonly { from: string; to: string }[];
  /**
   * Modules built into files of their own beside the bundle and loaded on first use
   * (functions/lib/lazyChunk.ts): `entry` relative to the project root, `file` its name beside
   * index.mjs as the code asks for it (`pdf.js` is written as `pdf.mjs`).
   */
  readonly lazyChunks?: readonly LazyChunk[];
}

export interface LazyChunk {
  entry: string;
  file: string;
}

const quote = (path: string) => `'${path.replace(/'/g, `'\\''`)}'`;

/** The esbuild command line that builds a lazy chunk with the same options as the bundle (SERVER_BUNDLING). */
export function lazyChunkCommand(esbuild: string, entry: string, outfile: string): string {
  return [
    quote(esbuild),
    quote(entry),
    '--bundle',
    '--platform=node',
    `--format=esm`,
    `--target=${SERVER_BUNDLING.target}`,
    '--minify',
    '--sourcemap',
    '--sources-content=false',
    `--main-fields=${SERVER_BUNDLING.mainFields.join(',')}`,
    `--banner:js=${quote(SERVER_BUNDLING.banner)}`,
    `--outfile=${quote(outfile)}`,
    '--log-level=warning',
  ].join(' ');
}

/**
 * Bundling hooks run once esbuild is done (local bundling runs them in a shell): files copied into
 * the bundle, and lazy chunks built beside it with the project's own esbuild.
 */
function afterBundling(files: readonly { from: string; to: string }[], chunks: readonly LazyChunk[]): ICommandHooks {
  return {
    beforeBundling: () => [],
    beforeInstall: () => [],
    afterBundling: (inputDir, outputDir) => [
      ...files.flatMap(({ from, to }) => {
        const target = posix.join(outputDir, to);
        return [`mkdir -p ${quote(posix.dirname(target))}`, `cp ${quote(posix.join(inputDir, from))} ${quote(target)}`];
      }),
      ...chunks.map((chunk) => cachedChunkCommand(inputDir, outputDir, chunk)),
    ],
  };
}

/**
 * Most functions carry the same chunks (the conversation core's S3, carrier and mail clients): one
 * synth builds each once and copies it beside every bundle that carries it, instead of running
 * esbuild for every function. The cache sits beside the bundles' own folders in the assembly (one
 * per synth process), so the source map's relative paths are the same as if built in place; it
 * lives only as long as the synth that made it, whose sources do not change meanwhile.
 */
const CHUNK_CACHE = `.chunk-cache-${process.pid}-${Date.now().toString(36)}`;

const chunkCaches = new Set<string>();
process.once('exit', () => {
  for (const dir of chunkCaches) rmSync(dir, { recursive: true, force: true });
});

function cachedChunkCommand(inputDir: string, outputDir: string, { entry, file }: LazyChunk): string {
  const name = file.replace(/\.js$/, '.mjs');
  const cacheRoot = posix.join(posix.dirname(outputDir), CHUNK_CACHE);
  chunkCaches.add(cacheRoot);
  const cacheDir = posix.join(cacheRoot, entry.replace(/[^\w.-]/g, '_'));
  const cached = posix.join(cacheDir, name);
  const build = lazyChunkCommand(posix.join(inputDir, 'node_modules/.bin/esbuild'), posix.join(inputDir, entry), cached);
  return `{ [ -f ${quote(cached)} ] || { mkdir -p ${quote(cacheDir)} && ${build}; }; } && cp ${quote(cached)} ${quote(`${cached}.map`)} ${quote(outputDir)}`;
}

export class ServerFunction extends Construct {
  /** The entry it runs, as functions/areas.ts names it. */
  readonly entry: string;
  /** The chunks built beside its bundle (props.lazyChunks). */
  readonly lazyChunks: readonly LazyChunk[];
  readonly fn: NodejsFunction;
  readonly logGroup: logs.LogGroup;

  constructor(scope: Construct, id: string, props: ServerFunctionProps) {
    super(scope, id);
    this.entry = props.entry;
    this.lazyChunks = props.lazyChunks ?? [];
    const { settings } = props;
    const { data } = settings;

    this.logGroup = new logs.LogGroup(this, 'Logs', { retention: LOG_RETENTION, removalPolicy: RemovalPolicy.RETAIN });
    // A role of our own instead of the AWSLambdaBasicExecutionRole managed policy: it may write
    // to this function's log group and nothing else until something is granted.
    const role = new iam.Role(this, 'Role', {
      assumedBy: new iam.ServicePrincipal('lambda.amazonaws.com'),
      description: props.description,
    });
    this.logGroup.grantWrite(role);

    const environment: Record<string, string> = {
      TABLE_NAME: data.table.tableName,
      UPLOADS_BUCKET: data.uploads.bucketName,
      REPORTS_BUCKET: data.reports.bucketName,
      WEB_BUCKET: data.web.bucketName,
      JWT_SECRET_ARN: data.jwtSecret.secretArn,
      APP_VERSION: settings.appVersion,
      MAIL_TRANSPORT: 'ses',
      SMS_TRANSPORT: 'sns',
      MAIL_FROM: settings.mailFrom,
      LOG_LEVEL: settings.logLevel,
      NODE_OPTIONS: SERVER_NODE_OPTIONS,
      // Behind CloudFront the HTTP API sees an edge address; the viewer's own address (for the
      // IP allow-list) arrives in this header, which the API behaviours forward.
      CLIENT_IP_HEADER: 'cloudfront-viewer-address',
      ...partnerEnvironment(settings.partner),
    };
    if (props.publicUrl) environment.PUBLIC_URL = props.publicUrl;

    this.fn = new NodejsFunction(this, 'Function', {
      entry: join(settings.root, props.entry),
      handler: 'handler',
      projectRoot: settings.root,
      depsLockFilePath: join(settings.root, 'package-lock.json'),
      description: props.description,
      runtime: RUNTIME,
      architecture: lambda.Architecture.ARM_64,
      memorySize: props.memorySize,
      timeout: props.timeout,
      role,
      logGroup: this.logGroup,
      loggingFormat: lambda.LoggingFormat.JSON,
      environment,
      deadLetterQueue: props.deadLetterQueue,
      bundling: {
        ...SERVER_BUNDLING,
        ...(props.bundleFiles?.length || props.lazyChunks?.length ? { commandHooks: afterBundling(props.bundleFiles ?? [], props.lazyChunks ?? []) } : {}),
      },
    });
    acknowledge(
      this.fn,
      'Node 22 on purpose: the newest runtime the code is built for (esbuild target node20, local toolchain Node 20, middy 6); moved with the toolchain, not by the linter.',
      'AwsSolutions-L1',
    );
  }

  /**
   * Read any object of `bucket` (and list it): for a bucket others write, whose object keys the
   * writer makes at run time, so the grant cannot name them.
   */
  grantObjectsRead(bucket: s3.IBucket): void {
    bucket.grantRead(this.fn);
    acknowledge(
      this,
      "The action groups of CDK's bucket read grant: object reads, the bucket's own settings and listing.",
      'AwsSolutions-IAM5[Action::s3:GetObject*]',
      'AwsSolutions-IAM5[Action::s3:GetBucket*]',
      'AwsSolutions-IAM5[Action::s3:List*]',
    );
    acknowledgeWildcardResource(
      this,
      bucket.bucketArn,
      '/*',
      `Objects of the ${bucket.node.id} bucket are keyed at run time by whoever writes them, so the grant cannot name them.`,
    );
  }

  /**
   * Read, write and delete any object of `bucket`: object keys are made at run time from tenant
   * and record ids, so the grant cannot name them.
   */
  grantObjectsReadWrite(bucket: s3.IBucket): void {
    bucket.grantReadWrite(this.fn);
    acknowledge(
      this,
      "The action groups of CDK's bucket read/write grant: object reads, writes, deletes and aborting unfinished multipart uploads.",
      'AwsSolutions-IAM5[Action::s3:GetObject*]',
      'AwsSolutions-IAM5[Action::s3:GetBucket*]',
      'AwsSolutions-IAM5[Action::s3:List*]',
      'AwsSolutions-IAM5[Action::s3:DeleteObject*]',
      'AwsSolutions-IAM5[Action::s3:Abort*]',
    );
    acknowledgeWildcardResource(
      this,
      bucket.bucketArn,
      '/*',
      `Objects of the ${bucket.node.id} bucket are keyed by tenant and record ids made at run time, so the grant cannot name them.`,
    );
  }
}
