/**
 * The HTTP API: one Lambda per API area of functions/areas.ts, answering exactly that area's
 * route keys. CloudFront is the only door (web.ts): every route sits behind the origin gate, a
 * cached Lambda authorizer that admits only requests carrying CloudFront's origin-verify secret.
 * The handlers then authenticate each request themselves with the console's own bearer tokens.
 *
 * The execute-api endpoint: with a custom domain (`-c domainName`, app.ts) the API gets a name of
 * its own on that domain (an API Gateway custom domain, TLS 1.2), CloudFront reaches it there, and
 * `disableExecuteApiEndpoint` switches the default `<id>.execute-api.<region>.amazonaws.com` name
 * off. Without a domain it has to stay on: an HTTP API with the endpoint disabled answers only on
 * a custom domain, which needs a domain name we own, its ACM certificate in this region and a DNS
 * record; CloudFront cannot reach the API otherwise (Origin Access Control signs for S3, Lambda
 * function URLs and MediaStore/MediaPackage, not API Gateway; HTTP APIs take no resource policy
 * and no WAF). Either way the origin gate closes the API to callers without CloudFront's secret:
 * a custom domain is just as public as the execute-api name.
 */
import { Duration, NestedStack, RemovalPolicy, Stack } from 'aws-cdk-lib';
import * as acm from 'aws-cdk-lib/aws-certificatemanager';
import * as apigw from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaAuthorizer, HttpLambdaResponseType } from 'aws-cdk-lib/aws-apigatewayv2-authorizers';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import * as logs from 'aws-cdk-lib/aws-logs';
import type * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import { API_AREAS, type AreaName } from '../functions/areas.js';
import { ORIGIN_VERIFY_HEADER } from '../functions/lib/clientIp.js';
import { acknowledge } from './nag.js';
import { LOG_RETENTION, ServerFunction, type LazyChunk, type ServerSettings } from './server-function.js';
import type { ApiOriginDomain } from './web.js';

export const ORIGIN_GATE_ENTRY = 'functions/originGate/handler.ts';

/**
 * How long API Gateway keeps the gate's answer for one header value: CloudFront sends one value,
 * so the gate runs about once per period. Also the longest a stale answer can outlive a
 * rotation of the secret (docs/deploying.md).
 */
export const ORIGIN_GATE_CACHE = Duration.minutes(5);

export interface ApiProps {
  readonly settings: ServerSettings;
  /** CloudFront sends its value as `x-origin-verify`; the gate and the area functions read it. */
  readonly originVerify: secretsmanager.ISecret;
  /** The API's own name on the console's custom domain; given, the execute-api endpoint is off. */
  readonly originDomain?: ApiOriginDomain;
}

/** `'GET /api/agents/{id}'` → method and path, as the HTTP API route key has them. */
export function parseRouteKey(routeKey: string): { method: apigw.HttpMethod; path: string } {
  const match = /^(GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS|ANY) (\/\S*)$/.exec(routeKey);
  if (!match?.[1] || !match[2]) throw new Error(`Not an HTTP API route key: ${routeKey}`);
  return { method: match[1] as apigw.HttpMethod, path: match[2] };
}

export class Api extends Construct {
  readonly httpApi: apigw.HttpApi;
  /** The nested stack that holds the routes, their integrations, the origin gate's authorizer and the invoke permissions. */
  readonly routes: NestedStack;
  readonly areas: Record<AreaName, ServerFunction>;
  /** The authorizer function every route passes first. */
  readonly originGate: ServerFunction;
  /** Host name of the default stage, for CloudFront's origin: the custom domain, else execute-api's. */
  readonly domainName: string;
  /** The API Gateway custom domain, when the console has a domain; its regional name is the DNS target. */
  readonly customDomain?: apigw.DomainName;

  constructor(scope: Construct, id: string, props: ApiProps) {
    super(scope, id);

    this.originGate = new ServerFunction(this, 'OriginGate', {
      entry: ORIGIN_GATE_ENTRY,
      description: 'Dealer console API: admits only requests that came through CloudFront',
      settings: props.settings,
      memorySize: 256,
      timeout: Duration.seconds(5),
    });
    this.originGate.fn.addEnvironment('ORIGIN_VERIFY_SECRET_ARN', props.originVerify.secretArn);
    props.originVerify.grantRead(this.originGate.fn);
    const gate = new HttpLambdaAuthorizer('OriginGate', this.originGate.fn, {
      // A request without the header is refused by API Gateway itself, no function call.
      identitySource: [`$request.header.${ORIGIN_VERIFY_HEADER}`],
      responseTypes: [HttpLambdaResponseType.SIMPLE],
      resultsCacheTtl: ORIGIN_GATE_CACHE,
    });

    this.httpApi = new apigw.HttpApi(this, 'HttpApi', {
      description: 'Dealer console API (reached through CloudFront only)',
      createDefaultStage: false,
      defaultAuthorizer: gate,
      disableExecuteApiEndpoint: props.originDomain !== undefined,
    });
    if (props.originDomain) {
      this.customDomain = new apigw.DomainName(this, 'OriginDomain', {
        domainName: props.originDomain.domainName,
        certificate: acm.Certificate.fromCertificateArn(this, 'OriginCertificate', props.originDomain.certificateArn),
        endpointType: apigw.EndpointType.REGIONAL,
        securityPolicy: apigw.SecurityPolicy.TLS_1_2,
      });
    }
    const accessLogs = new logs.LogGroup(this, 'AccessLogs', { retention: LOG_RETENTION, removalPolicy: RemovalPolicy.RETAIN });
    this.httpApi.addStage('DefaultStage', {
      stageName: '$default',
      autoDeploy: true,
      // Well above what a dealership group's staff generate, low enough that a runaway client
      // or a scripted sign-in attempt is cut off before it costs much.
      throttle: { rateLimit: 200, burstLimit: 400 },
      ...(this.customDomain ? { domainMapping: { domainName: this.customDomain } } : {}),
      accessLogSettings: {
        destination: new apigw.LogGroupLogDestination(accessLogs),
        format: AccessLogFormat.custom(
          JSON.stringify({
            requestId: '$context.requestId',
            routeKey: '$context.routeKey',
            status: '$context.status',
            latencyMs: '$context.responseLatency',
            integrationError: '$context.integrationErrorMessage',
            userAgent: '$context.identity.userAgent',
            time: '$context.requestTime',
          }),
        ),
      },
    });
    this.domainName = props.originDomain?.domainName ?? `${this.httpApi.apiId}.execute-api.${Stack.of(this).region}.${Stack.of(this).urlSuffix}`;

    // A stack holds at most 500 resources, and the API's routes (with their integrations and
    // permissions) are about half of the console's: they live in a nested stack of their own, so
    // each board's routes add nothing to the App stack's count.
    this.routes = new NestedStack(this, 'Routes', { description: 'Dealer console API routes (HTTP API routes, integrations and their invoke permissions)' });
    const areas: Partial<Record<AreaName, ServerFunction>> = {};
    for (const [name, area] of Object.entries(API_AREAS) as [AreaName, (typeof API_AREAS)[AreaName]][]) {
      const server = new ServerFunction(this, areaId(name), {
        entry: area.entry,
        description: `Dealer console API area: ${name}`,
        settings: props.settings,
        // PUBLIC_URL is added by the stack once the distribution exists (it is an origin of it).
        // CPU comes with memory: password hashing in sign-in and cold starts both gain.
        memorySize: 1024,
        // CloudFront waits 30 s for the origin; answer or fail before that.
        timeout: Duration.seconds(25),
        bundleFiles: area.bundleFiles,
        lazyChunks: area.lazyChunks,
      });
      // One permission per area rather than one per route keeps the function policy small.
      const integration = new HttpLambdaIntegration(`${areaId(name)}Integration`, server.fn, { scopePermissionToRoute: false });
      for (const routeKey of area.routes) {
        const { method, path } = parseRouteKey(routeKey);
        new apigw.HttpRoute(this.routes, `${method}${path}`, { httpApi: this.httpApi, routeKey: apigw.HttpRouteKey.with(path, method), integration });
      }
      areas[name] = server;
    }
    this.areas = areas as Record<AreaName, ServerFunction>;

  }

  /** Every API area function, e.g. to grant them all the same thing. */
  get functions(): ServerFunction[] {
    return Object.values(this.areas);
  }
}

/** Files an area's code reads at run time, copied into its bundle (the areas that draw the inspection PDF get its fonts): each area says so itself (functions/lib/boardModule.ts `ApiArea`). */
export const BUNDLE_FILES: Partial<Record<AreaName, readonly { from: string; to: string }[]>> = Object.fromEntries(
  Object.entries(API_AREAS).flatMap(([name, area]) => (area.bundleFiles ? [[name, area.bundleFiles]] : [])),
);

/**
 * Modules each area keeps in a file of its own, loaded on first use: the PDF drawing, and the AWS
 * clients only some requests need (S3, the SMS carrier's SNS and Pinpoint, Lambda to start a mass
 * text, SES for sign-in mail). Each area names the chunks whose loading module its code imports
 * (functions/areas.ts, a board's board.ts; test/infra/bundling.test.ts checks each bundle against it).
 */
export const LAZY_CHUNKS: Partial<Record<AreaName, readonly LazyChunk[]>> = Object.fromEntries(
  Object.entries(API_AREAS).flatMap(([name, area]) => (area.lazyChunks?.length ? [[name, area.lazyChunks]] : [])),
);

/** `notifications` → `Notifications`: construct ids that read like the area. */
function areaId(name: string): string {
  return name.charAt(0).toUpperCase() + name.slice(1);
}
