/**
 * The HTTP API: one Lambda per API area of functions/areas.ts, answering exactly that area's
 * route keys. CloudFront is the only intended door (web.ts); the handlers authenticate each
 * request themselves with the console's own bearer tokens.
 */
import { Duration, RemovalPolicy, Stack } from 'aws-cdk-lib';
import * as apigw from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import * as logs from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { API_AREAS, type AreaName } from '../functions/areas.js';
import { PDF_BUNDLE_FILES } from '../functions/recommendations/fonts.js';
import { acknowledge } from './nag.js';
import { LOG_RETENTION, ServerFunction, type ServerSettings } from './server-function.js';

export interface ApiProps {
  readonly settings: ServerSettings;
}

/** `'GET /api/agents/{id}'` → method and path, as the HTTP API route key has them. */
export function parseRouteKey(routeKey: string): { method: apigw.HttpMethod; path: string } {
  const match = /^(GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS|ANY) (\/\S*)$/.exec(routeKey);
  if (!match?.[1] || !match[2]) throw new Error(`Not an HTTP API route key: ${routeKey}`);
  return { method: match[1] as apigw.HttpMethod, path: match[2] };
}

export class Api extends Construct {
  readonly httpApi: apigw.HttpApi;
  readonly areas: Record<AreaName, ServerFunction>;
  /** Host name of the default stage, for CloudFront's origin. */
  readonly domainName: string;

  constructor(scope: Construct, id: string, props: ApiProps) {
    super(scope, id);

    this.httpApi = new apigw.HttpApi(this, 'HttpApi', {
      description: 'Dealer console API (reached through CloudFront)',
      createDefaultStage: false,
    });
    const accessLogs = new logs.LogGroup(this, 'AccessLogs', { retention: LOG_RETENTION, removalPolicy: RemovalPolicy.RETAIN });
    this.httpApi.addStage('DefaultStage', {
      stageName: '$default',
      autoDeploy: true,
      // Well above what a dealership group's staff generate, low enough that a runaway client
      // or a scripted sign-in attempt is cut off before it costs much.
      throttle: { rateLimit: 200, burstLimit: 400 },
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
    this.domainName = `${this.httpApi.apiId}.execute-api.${Stack.of(this).region}.${Stack.of(this).urlSuffix}`;

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
        bundleFiles: BUNDLE_FILES[name],
      });
      // One permission per area rather than one per route keeps the function policy small.
      const integration = new HttpLambdaIntegration(`${areaId(name)}Integration`, server.fn, { scopePermissionToRoute: false });
      for (const routeKey of area.routes) {
        const { method, path } = parseRouteKey(routeKey);
        this.httpApi.addRoutes({ path, methods: [method], integration });
      }
      areas[name] = server;
    }
    this.areas = areas as Record<AreaName, ServerFunction>;

    acknowledge(
      this.httpApi,
      'Each route authenticates in its handler with the console bearer token (HS256, our own key); sign-in, password reset and magic-link routes must be reachable signed out.',
      'AwsSolutions-APIG4',
    );
  }

  /** Every API area function, e.g. to grant them all the same thing. */
  get functions(): ServerFunction[] {
    return Object.values(this.areas);
  }
}

/** Files an area's code reads at run time, copied into its bundle: the areas that draw the inspection PDF get its fonts. */
const BUNDLE_FILES: Partial<Record<AreaName, readonly { from: string; to: string }[]>> = {
  recommendations: PDF_BUNDLE_FILES,
  customerInspections: PDF_BUNDLE_FILES,
};

/** `notifications` → `Notifications`: construct ids that read like the area. */
function areaId(name: string): string {
  return name.charAt(0).toUpperCase() + name.slice(1);
}
