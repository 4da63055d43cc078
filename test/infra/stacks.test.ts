/**
 * What the two stacks of a region must contain. The app is built in-process (buildApp) with
 * bundling skipped, synthesised once, and every assertion reads that synthesis.
 */
import { readFileSync } from 'node:fs';
import { Duration, type CfnElement } from 'aws-cdk-lib';
import { ScheduleExpression } from 'aws-cdk-lib/aws-scheduler';
import { Match, Template } from 'aws-cdk-lib/assertions';
import type { CfnDomainName } from 'aws-cdk-lib/aws-apigatewayv2';
import type { CfnDistribution } from 'aws-cdk-lib/aws-cloudfront';
import { AwsCustomResource } from 'aws-cdk-lib/custom-resources';
import { beforeAll, describe, expect, it } from 'vitest';
import { API_AREAS, CARRIER_TOPICS, EVENTS_ENTRY, JOBS, JOBS_ENTRY, SIP_MEDIA_APPLICATION_ENTRY } from '../../functions/areas.js';
import { TABLE_STREAM_ENTRY } from '../../infra/tableStream.js';
import { ORIGIN_GATE_ENTRY } from '../../infra/api.js';
import { buildApp } from '../../infra/app.js';
import {
  API_RATE_LIMIT,
  COMMON_RULES_COUNTED,
  PUBLIC_RATE_LIMIT,
  SIGN_IN_PATH_PREFIXES,
  SIGN_IN_RATE_LIMIT,
} from '../../infra/edge.js';
import { EVENTS_TICKET_CODE } from '../../infra/web.js';
import { findCycle, resources, synthesise, unacknowledgedNagFindings, type CfnResourceJson, type Synthesised } from './synth.js';

const CACHING_DISABLED = '4135ea2d-6df8-44a3-9df3-4b5a84be39ad';
const ALL_VIEWER_EXCEPT_HOST_HEADER = 'b689b0a8-53d0-40ab-baf2-68738e2966ac';
const PACKAGE_VERSION = (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }).version;

let s: Synthesised;
beforeAll(() => {
  s = synthesise();
});

/** Logical id (in the App stack) of the function behind an entry, from the constructs. */
function functionId(entry: string): string {
  const { appStack } = s.built;
  const servers = [
    ...Object.values(appStack.api.areas),
    appStack.api.originGate,
    appStack.realtime.stream,
    ...appStack.messaging.receivers.values(),
    appStack.jobs.runner,
    appStack.tableStream.listener,
    appStack.telephony.handler,
  ];
  const server = servers.find((candidate) => candidate.entry === entry);
  if (!server) throw new Error(`no function for ${entry}`);
  return appStack.getLogicalId(server.fn.node.defaultChild as CfnElement);
}

/** Logical id of the function CDK runs at deploy time to look up the IoT endpoint (infra/signals.ts). */
function endpointLookupId(): string {
  const provider = s.built.appStack.node.findChild(`AWS${AwsCustomResource.PROVIDER_FUNCTION_UUID.replace(/-/g, '')}`);
  return s.built.appStack.getLogicalId(provider.node.defaultChild as CfnElement);
}

function policyStatements(policy: CfnResourceJson): { Action: string | string[]; Resource: unknown; Effect: string }[] {
  const doc = policy.Properties?.PolicyDocument as { Statement: { Action: string | string[]; Resource: unknown; Effect: string }[] };
  return doc.Statement;
}

/** The IAM policy attached to a function's role. */
function policyOf(fnId: string): CfnResourceJson {
  const fn = resources(s.app, 'AWS::Lambda::Function')[fnId];
  const roleId = (fn?.Properties?.Role as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0];
  const policy = Object.values(resources(s.app, 'AWS::IAM::Policy')).find((p) =>
    (p.Properties?.Roles as { Ref: string }[]).some((r) => r.Ref === roleId),
  );
  if (!policy) throw new Error(`no policy for ${fnId}`);
  return policy;
}

const mentions = (value: unknown, text: string): boolean => JSON.stringify(value).includes(text);

const distributionId = (): string => Object.keys(resources(s.app, 'AWS::CloudFront::Distribution'))[0]!;

/** The web bucket's policy: in the App stack, where the distribution it names is made. */
function webBucketPolicy(): CfnResourceJson {
  const found = Object.values(resources(s.app, 'AWS::S3::BucketPolicy')).filter((p) => mentions(p.Properties?.Bucket, 'PublishOutputRefWebBucket'));
  expect(found).toHaveLength(1);
  return found[0]!;
}

describe('the stacks of a region', () => {
  it('are DealerConsole-Data-<region> and DealerConsole-App-<region>, us-east-1 by default', () => {
    expect(s.built.dataStack.stackName).toBe('DealerConsole-Data-us-east-1');
    expect(s.built.appStack.stackName).toBe('DealerConsole-App-us-east-1');
    expect(s.built.appStack.region).toBe('us-east-1');
  });

  it('put the web ACL in DealerConsole-Edge-<region>, always in us-east-1, deployed before the app stack', () => {
    expect(s.built.edgeStack?.stackName).toBe('DealerConsole-Edge-us-east-1');
    expect(s.built.edgeStack?.region).toBe('us-east-1');
    expect(s.built.appStack.dependencies).toContain(s.built.edgeStack);
  });

  it('protect the data stack from termination and let the app stack be replaced', () => {
    expect(s.built.dataStack.terminationProtection).toBe(true);
    expect(s.built.appStack.terminationProtection).toBe(false);
  });

  it('depend one way only: the app stack on the data stack', () => {
    expect(s.built.appStack.dependencies).toContain(s.built.dataStack);
    expect(s.built.dataStack.dependencies).toEqual([]);
    const dataJson = JSON.stringify(s.data.toJSON());
    expect(dataJson).not.toContain('Fn::GetStackOutput');
    expect(dataJson).not.toContain('Fn::ImportValue');
  });

  it('have no dependency cycle between resources (CloudFormation would refuse the template)', () => {
    expect(findCycle(s.app)).toBeUndefined();
    expect(findCycle(s.data)).toBeUndefined();
  });

  it('pass cdk-nag AwsSolutions with every exception acknowledged', () => {
    expect(unacknowledgedNagFindings(s.built)).toEqual([]);
  });

  it('raise no CDK warning or error that is not acknowledged', () => {
    for (const stack of [s.built.dataStack, s.built.appStack, s.built.edgeStack!]) {
      const messages = s.assembly.getStackArtifact(stack.artifactId).messages;
      expect(messages.filter((m) => m.level !== 'info').map((m) => `${m.level} ${m.id}: ${String(m.entry.data)}`), stack.stackName).toEqual([]);
    }
  });
});

describe('data stack', () => {
  it('keeps one table: pk/sk, gsi1 and gsi2 projecting ALL, gsi3 keys only, TTL on expires_at, PITR, on-demand, stream', () => {
    s.data.resourceCountIs('AWS::DynamoDB::Table', 1);
    s.data.hasResourceProperties('AWS::DynamoDB::Table', {
      KeySchema: [
        { AttributeName: 'pk', KeyType: 'HASH' },
        { AttributeName: 'sk', KeyType: 'RANGE' },
      ],
      GlobalSecondaryIndexes: (['gsi1', 'gsi2', 'gsi3'] as const).map((name) => ({
        IndexName: name,
        KeySchema: [
          { AttributeName: `${name}pk`, KeyType: 'HASH' },
          { AttributeName: `${name}sk`, KeyType: 'RANGE' },
        ],
        Projection: { ProjectionType: name === 'gsi3' ? 'KEYS_ONLY' : 'ALL' },
      })),
      AttributeDefinitions: Match.arrayWith(['pk', 'sk', 'gsi1pk', 'gsi1sk', 'gsi2pk', 'gsi2sk', 'gsi3pk', 'gsi3sk'].map((name) => ({ AttributeName: name, AttributeType: 'S' }))),
      TimeToLiveSpecification: { AttributeName: 'expires_at', Enabled: true },
      PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
      BillingMode: 'PAY_PER_REQUEST',
      StreamSpecification: { StreamViewType: 'NEW_AND_OLD_IMAGES' },
      DeletionProtectionEnabled: true,
    });
  });

  // A changed logical id makes CloudFormation create a new, empty resource and drop the old one.
  it('pins the logical ids of the table, the buckets and the signing key, and retains them', () => {
    const pinned: Record<string, string> = {
      ConsoleTable: 'AWS::DynamoDB::Table',
      UploadsBucket: 'AWS::S3::Bucket',
      ReportsBucket: 'AWS::S3::Bucket',
      WebBucket: 'AWS::S3::Bucket',
      AccessLogsBucket: 'AWS::S3::Bucket',
      RecordingsBucket: 'AWS::S3::Bucket',
      JwtSigningSecret: 'AWS::SecretsManager::Secret',
      StripeSecret: 'AWS::SecretsManager::Secret',
    };
    const all = resources(s.data);
    for (const [logicalId, type] of Object.entries(pinned)) {
      expect(all[logicalId]?.Type, logicalId).toBe(type);
      expect(all[logicalId]?.DeletionPolicy, logicalId).toBe('Retain');
      expect(all[logicalId]?.UpdateReplacePolicy, logicalId).toBe('Retain');
    }
    expect(Object.keys(resources(s.data, 'AWS::S3::Bucket')).sort()).toEqual(['AccessLogsBucket', 'RecordingsBucket', 'ReportsBucket', 'UploadsBucket', 'WebBucket']);
  });

  it('blocks public access, encrypts, and refuses non-TLS requests on every bucket', () => {
    const policies = Object.values(resources(s.data, 'AWS::S3::BucketPolicy'));
    for (const bucket of ['UploadsBucket', 'ReportsBucket', 'WebBucket', 'AccessLogsBucket', 'RecordingsBucket']) {
      const props = resources(s.data)[bucket]?.Properties;
      expect(props?.PublicAccessBlockConfiguration, bucket).toEqual({
        BlockPublicAcls: true,
        BlockPublicPolicy: true,
        IgnorePublicAcls: true,
        RestrictPublicBuckets: true,
      });
      expect(mentions(props?.BucketEncryption, 'AES256'), bucket).toBe(true);
      // The web bucket's one policy is written by the App stack, beside the distribution it names.
      const policy = bucket === 'WebBucket' ? webBucketPolicy() : policies.find((p) => (p.Properties?.Bucket as { Ref: string }).Ref === bucket);
      expect(policy, `${bucket} policy`).toBeDefined();
      expect(policyStatements(policy!)).toContainEqual(
        expect.objectContaining({ Effect: 'Deny', Action: 's3:*', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
      );
      expect(policyStatements(policy!), bucket).toContainEqual(
        expect.objectContaining({ Effect: 'Deny', Action: 's3:*', Condition: { NumericLessThan: { 's3:TlsVersion': 1.2 } } }),
      );
    }
  });

  it('sends the server access logs of the other buckets to the access-log bucket', () => {
    for (const bucket of ['UploadsBucket', 'ReportsBucket', 'WebBucket', 'RecordingsBucket']) {
      expect(resources(s.data)[bucket]?.Properties?.LoggingConfiguration, bucket).toMatchObject({
        DestinationBucketName: { Ref: 'AccessLogsBucket' },
      });
    }
  });

  it("versions uploads and lets browsers PUT to them from this distribution's origin only, not any *.cloudfront.net", () => {
    const uploads = resources(s.data).UploadsBucket?.Properties;
    expect(uploads?.VersioningConfiguration).toEqual({ Status: 'Enabled' });
    // The Data stack cannot know the distribution's name: the App stack puts the rules at deploy time.
    expect(uploads?.CorsConfiguration).toBeUndefined();
    const corsCalls = Object.values(resources(s.app, 'Custom::UploadsBucketCors'));
    expect(corsCalls).toHaveLength(1);
    const call = corsCalls[0]!.Properties!;
    expect(call.Create).toEqual(call.Update);
    const parts = (call.Update as { 'Fn::Join': [string, unknown[]] })['Fn::Join'][1];
    const text = parts.map((part) => (typeof part === 'string' ? part : JSON.stringify(part))).join('');
    expect(text).toContain('"action":"putBucketCors"');
    expect(text).toContain('PublishOutputRefUploadsBucket');
    expect(text).toContain(`"AllowedOrigins":["https://${JSON.stringify({ 'Fn::GetAtt': [distributionId(), 'DomainName'] })}"]`);
    expect(text).not.toContain('cloudfront.net');
    expect(text).toContain('"AllowedMethods":["PUT","GET","HEAD"]');
    const permission = Object.entries(resources(s.app, 'AWS::IAM::Policy')).find(([id]) => id.startsWith('WebUploadsCors'))![1];
    expect(policyStatements(permission)).toEqual([
      expect.objectContaining({ Effect: 'Allow', Action: 's3:PutBucketCORS', Resource: expect.objectContaining({ 'Fn::GetStackOutput': expect.objectContaining({ OutputName: expect.stringMatching(/UploadsBucketArn/) }) }) }),
    ]);
  });

  it('lets only this distribution read, and only the SPA prefix of, the web bucket', () => {
    expect(Object.values(resources(s.data, 'AWS::S3::BucketPolicy')).filter((p) => mentions(p.Properties?.Bucket, 'WebBucket'))).toEqual([]);
    const allow = policyStatements(webBucketPolicy()).filter((st) => st.Effect === 'Allow');
    expect(allow).toEqual([
      expect.objectContaining({
        Principal: { Service: 'cloudfront.amazonaws.com' },
        Action: 's3:GetObject',
        Resource: { 'Fn::Join': ['', [expect.objectContaining({ 'Fn::GetStackOutput': expect.objectContaining({ OutputName: expect.stringMatching(/WebBucketArn/) }) }), '/app/*']] },
        Condition: {
          StringEquals: { 'AWS:SourceArn': { 'Fn::Join': ['', ['arn:aws:cloudfront::', { Ref: 'AWS::AccountId' }, ':distribution/', { Ref: distributionId() }]] } },
        },
      }),
    ]);
    expect(JSON.stringify(webBucketPolicy())).not.toContain('distribution/*');
  });

  it('generates the JWT signing key in Secrets Manager', () => {
    s.data.hasResourceProperties('AWS::SecretsManager::Secret', { GenerateSecretString: Match.objectLike({ PasswordLength: 64 }) });
  });
});

describe('app stack: functions', () => {
  const areaEntries = Object.values(API_AREAS).map((area) => area.entry);
  const allEntries = [...new Set([...areaEntries, EVENTS_ENTRY, JOBS_ENTRY, TABLE_STREAM_ENTRY, SIP_MEDIA_APPLICATION_ENTRY, ...Object.values(CARRIER_TOPICS).map((t) => t.entry)])];

  it('has one Lambda per API area, the API origin gate, one for events, one per carrier entry, one for jobs, one for the table stream and one for the calls’ SIP media application, besides CDK’s IoT endpoint lookup', () => {
    expect(Object.keys(resources(s.app, 'AWS::Lambda::Function')).sort()).toEqual([...allEntries, ORIGIN_GATE_ENTRY].map(functionId).concat(endpointLookupId()).sort());
  });

  it('runs every function on Node 22, arm64, as an ESM bundle with JSON logs in its own log group', () => {
    for (const entry of allEntries) {
      const props = resources(s.app, 'AWS::Lambda::Function')[functionId(entry)]?.Properties;
      expect(props, entry).toMatchObject({
        Runtime: 'nodejs22.x',
        Architectures: ['arm64'],
        Handler: 'index.handler',
        LoggingConfig: { LogFormat: 'JSON', LogGroup: { Ref: expect.any(String) } },
      });
      const logGroupId = (props?.LoggingConfig as { LogGroup: { Ref: string } }).LogGroup.Ref;
      expect(resources(s.app)[logGroupId]?.Properties?.RetentionInDays, entry).toBe(90);
    }
  });

  it('gives every function the environment of functions/lib/config.ts', () => {
    for (const entry of allEntries) {
      const env = (resources(s.app, 'AWS::Lambda::Function')[functionId(entry)]?.Properties?.Environment as { Variables: Record<string, unknown> }).Variables;
      expect(Object.keys(env), entry).toEqual(
        expect.arrayContaining(['TABLE_NAME', 'UPLOADS_BUCKET', 'REPORTS_BUCKET', 'WEB_BUCKET', 'JWT_SECRET_ARN', 'APP_VERSION', 'MAIL_TRANSPORT', 'MAIL_FROM', 'LOG_LEVEL']),
      );
      expect(env.MAIL_TRANSPORT).toBe('ses');
      expect(String(env.APP_VERSION)).toMatch(new RegExp(`^${PACKAGE_VERSION.replace(/\./g, '\\.')}(\\+[0-9a-f]+)?$`));
      expect(mentions(env.TABLE_NAME, 'ConsoleTable'), entry).toBe(true);
      expect(mentions(env.JWT_SECRET_ARN, 'JwtSigningSecret'), entry).toBe(true);
    }
  });

  it('tells every function but the event stream the console origin (PUBLIC_URL = https://<distribution>)', () => {
    const distributionId = Object.keys(resources(s.app, 'AWS::CloudFront::Distribution'))[0]!;
    for (const entry of allEntries) {
      const env = (resources(s.app, 'AWS::Lambda::Function')[functionId(entry)]?.Properties?.Environment as { Variables: Record<string, unknown> }).Variables;
      if (entry === EVENTS_ENTRY) {
        // Its function URL is an origin of the distribution: naming the distribution would be a cycle.
        expect(env.PUBLIC_URL).toBeUndefined();
      } else {
        expect(env.PUBLIC_URL, entry).toEqual({ 'Fn::Join': ['', ['https://', { 'Fn::GetAtt': [distributionId, 'DomainName'] }]] });
      }
    }
  });
});

/** What the App stack passes its routes' nested stack for one of its parameters. */
function routesParameter(name: string): unknown {
  const nested = Object.values(resources(s.app, 'AWS::CloudFormation::Stack'));
  expect(nested).toHaveLength(1);
  return (nested[0]!.Properties?.Parameters as Record<string, unknown>)[name];
}

describe('app stack: HTTP API', () => {
  it('answers every route key of API_AREAS, each integrated with its own area Lambda', () => {
    const routes = Object.values(resources(s.routes, 'AWS::ApiGatewayV2::Route'));
    const integrations = resources(s.routes, 'AWS::ApiGatewayV2::Integration');
    const expected = Object.values(API_AREAS).flatMap((area) => area.routes.map((routeKey) => [routeKey, functionId(area.entry)]));
    const actual = routes.map((route) => {
      const integrationId = ((route.Properties?.Target as { 'Fn::Join': [string, [string, { Ref: string }]] })['Fn::Join'][1][1]).Ref;
      // The nested stack names the area's function by a parameter the App stack passes it.
      const uri = routesParameter((integrations[integrationId]?.Properties?.IntegrationUri as { Ref: string }).Ref) as { 'Fn::GetAtt': [string, string] };
      expect(integrations[integrationId]?.Properties).toMatchObject({ IntegrationType: 'AWS_PROXY', PayloadFormatVersion: '2.0' });
      return [route.Properties?.RouteKey, uri['Fn::GetAtt'][0]];
    });
    expect(actual.sort()).toEqual(expected.sort());
  });

  it('deploys a throttled, access-logged $default stage', () => {
    s.app.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      StageName: '$default',
      AutoDeploy: true,
      DefaultRouteSettings: { ThrottlingRateLimit: Match.anyValue(), ThrottlingBurstLimit: Match.anyValue() },
      AccessLogSettings: { DestinationArn: Match.anyValue(), Format: Match.stringLikeRegexp('requestId') },
    });
  });
});

describe('app stack: realtime, messaging, jobs', () => {
  it('streams server-sent events from a function URL that admits only signed (IAM) calls', () => {
    s.app.resourceCountIs('AWS::Lambda::Url', 1);
    s.app.hasResourceProperties('AWS::Lambda::Url', {
      AuthType: 'AWS_IAM',
      InvokeMode: 'RESPONSE_STREAM',
      TargetFunctionArn: { 'Fn::GetAtt': [functionId(EVENTS_ENTRY), 'Arn'] },
    });
    const timeout = resources(s.app, 'AWS::Lambda::Function')[functionId(EVENTS_ENTRY)]?.Properties?.Timeout;
    expect(timeout).toBe(900);
  });

  it('feeds each carrier topic (KMS-encrypted, TLS-only, published by the SMS service) to the Lambda of its entry', () => {
    const topics = resources(s.app, 'AWS::SNS::Topic');
    expect(Object.keys(topics)).toHaveLength(Object.keys(CARRIER_TOPICS).length);
    for (const topic of Object.values(topics)) expect(topic.Properties?.KmsMasterKeyId).toBeDefined();
    for (const [topicId] of Object.entries(topics)) {
      const policy = Object.values(resources(s.app, 'AWS::SNS::TopicPolicy')).find((p) => mentions(p.Properties?.Topics, topicId));
      expect(policyStatements(policy!)).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
          expect.objectContaining({ Effect: 'Allow', Action: 'sns:Publish', Principal: { Service: 'sms-voice.amazonaws.com' } }),
        ]),
      );
    }
    const subscriptions = Object.values(resources(s.app, 'AWS::SNS::Subscription'));
    const fed = subscriptions.map((sub) => [(sub.Properties?.TopicArn as { Ref: string }).Ref, (sub.Properties?.Endpoint as { 'Fn::GetAtt': string[] })['Fn::GetAtt'][0]]);
    const expected = Object.entries(CARRIER_TOPICS).map(([name, { entry }]) => [
      s.built.appStack.getLogicalId(s.built.appStack.messaging.topics[name as keyof typeof CARRIER_TOPICS].node.defaultChild as CfnElement),
      functionId(entry),
    ]);
    expect(fed.sort()).toEqual(expected.sort());
    for (const sub of subscriptions) expect(sub.Properties).toMatchObject({ Protocol: 'lambda', RedrivePolicy: { deadLetterTargetArn: expect.anything() } });
  });

  it('runs one schedule per job at rate(N minutes) with { job: name } as input', () => {
    const schedules = Object.values(resources(s.app, 'AWS::Scheduler::Schedule'));
    expect(schedules).toHaveLength(Object.keys(JOBS).length);
    for (const [name, job] of Object.entries(JOBS)) {
      const schedule = schedules.find((sc) => (sc.Properties?.Target as { Input: string }).Input === JSON.stringify({ job: name }));
      expect(schedule, name).toBeDefined();
      const minutes: number = job.rateMinutes;
      expect(schedule?.Properties?.ScheduleExpression).toBe(ScheduleExpression.rate(Duration.minutes(minutes)).expressionString);
      expect(schedule?.Properties?.Target).toMatchObject({ Arn: { 'Fn::GetAtt': [functionId(JOBS_ENTRY), 'Arn'] } });
    }
  });
});

describe('app stack: CloudFront', () => {
  const distribution = () => Object.values(resources(s.app, 'AWS::CloudFront::Distribution'))[0]!.Properties!.DistributionConfig as {
    DefaultCacheBehavior: Record<string, unknown>;
    CacheBehaviors: { PathPattern: string; TargetOriginId: string; CachePolicyId: string; OriginRequestPolicyId: string; AllowedMethods: string[] }[];
    Origins: { Id: string; DomainName: unknown; OriginAccessControlId?: unknown; CustomOriginConfig?: { OriginSSLProtocols: string[] } }[];
    Logging?: { Bucket: unknown; Prefix: string };
  };
  const origin = (id: string) => distribution().Origins.find((o) => o.Id === id)!;

  it('sends the API paths to the HTTP API, uncached, with every viewer header but Host', () => {
    const apiId = Object.keys(resources(s.app, 'AWS::ApiGatewayV2::Api'))[0]!;
    for (const pattern of ['/api/*', '/agent_sessions/*', '/password_reset*', '/magic_sessions*', '/dms/*']) {
      const behavior = distribution().CacheBehaviors.find((b) => b.PathPattern === pattern);
      expect(behavior, pattern).toMatchObject({ CachePolicyId: CACHING_DISABLED, OriginRequestPolicyId: ALL_VIEWER_EXCEPT_HOST_HEADER });
      expect(behavior?.AllowedMethods).toEqual(expect.arrayContaining(['GET', 'POST', 'PUT', 'DELETE']));
      expect(mentions(origin(behavior!.TargetOriginId).DomainName, apiId), pattern).toBe(true);
      expect(origin(behavior!.TargetOriginId).CustomOriginConfig?.OriginSSLProtocols).toEqual(['TLSv1.2']);
    }
  });

  it('sends /events to the streaming function URL, uncached', () => {
    const behavior = distribution().CacheBehaviors.find((b) => b.PathPattern === '/events*');
    expect(behavior).toMatchObject({ CachePolicyId: CACHING_DISABLED, OriginRequestPolicyId: ALL_VIEWER_EXCEPT_HOST_HEADER });
    const urlId = Object.keys(resources(s.app, 'AWS::Lambda::Url'))[0]!;
    expect(mentions(origin(behavior!.TargetOriginId).DomainName, urlId)).toBe(true);
  });

  it('serves the SPA from the web bucket through Origin Access Control with the /app router function', () => {
    const def = distribution().DefaultCacheBehavior;
    expect(def.ViewerProtocolPolicy).toBe('redirect-to-https');
    expect(def.FunctionAssociations).toEqual([expect.objectContaining({ EventType: 'viewer-request' })]);
    const siteOrigin = origin(def.TargetOriginId as string);
    expect(siteOrigin.OriginAccessControlId).toBeDefined();
    expect(mentions(siteOrigin.DomainName, 'WebBucketRegionalDomainName')).toBe(true);
    s.app.hasResourceProperties('AWS::CloudFront::OriginAccessControl', {
      OriginAccessControlConfig: Match.objectLike({ OriginAccessControlOriginType: 's3', SigningBehavior: 'always' }),
    });
  });

  it('logs to the access-log bucket and adds security headers to every answer', () => {
    expect(distribution().Logging).toMatchObject({ Prefix: 'cloudfront/' });
    expect(mentions(distribution().Logging?.Bucket, 'AccessLogsBucketRegionalDomainName')).toBe(true);
    const policyId = Object.keys(resources(s.app, 'AWS::CloudFront::ResponseHeadersPolicy'))[0]!;
    for (const behavior of [distribution().DefaultCacheBehavior, ...distribution().CacheBehaviors] as Record<string, unknown>[]) {
      expect(behavior.ResponseHeadersPolicyId).toEqual({ Ref: policyId });
    }
    s.app.hasResourceProperties('AWS::CloudFront::ResponseHeadersPolicy', {
      ResponseHeadersPolicyConfig: Match.objectLike({
        SecurityHeadersConfig: Match.objectLike({
          StrictTransportSecurity: Match.objectLike({ IncludeSubdomains: true }),
          ContentTypeOptions: Match.anyValue(),
          FrameOptions: { FrameOption: 'DENY', Override: true },
          // The uploads bucket's origin makes the policy a Fn::Join (its connect-src is checked below).
          ContentSecurityPolicy: Match.objectLike({ ContentSecurityPolicy: { 'Fn::Join': ['', Match.arrayWith([Match.stringLikeRegexp("frame-ancestors 'none'")])] } }),
        }),
      }),
    });
  });

  it('deploys no SPA when there is no web build at synth time', () => {
    s.app.resourceCountIs('Custom::CDKBucketDeployment', 0);
  });

  it('outputs the console URL and the API URL', () => {
    s.app.hasOutput('ConsoleUrl', { Value: { 'Fn::Join': ['', ['https://', Match.anyValue(), '/app/']] } });
    s.app.hasOutput('ApiUrl', { Value: { 'Fn::Join': ['', ['https://', Match.anyValue(), '/api/']] } });
  });
});

describe('app stack: IAM', () => {
  const ourRoles = () => Object.entries(resources(s.app, 'AWS::IAM::Role')).filter(([id]) => !id.startsWith('CustomCDK'));

  it('grants the table item reads, writes and queries on named indexes: never *, never Scan', () => {
    let grants = 0;
    for (const policy of Object.values(resources(s.app, 'AWS::IAM::Policy'))) {
      for (const statement of policyStatements(policy)) {
        const actions = ([] as string[]).concat(statement.Action);
        expect(actions).not.toContain('*');
        if (!mentions(statement.Resource, 'ConsoleTableArn')) continue;
        grants += 1;
        for (const action of actions) {
          expect(action).toMatch(/^dynamodb:(GetItem|BatchGetItem|Query|PutItem|UpdateItem|DeleteItem|BatchWriteItem|ConditionCheckItem)$/);
        }
        expect(JSON.stringify(statement.Resource)).not.toContain('/index/*');
      }
    }
    // Every function that touches the table: the API areas, events, inbound, jobs (not the origin
    // gate, nor CDK's deploy-time lookup of the IoT endpoint).
    expect(grants).toBe(Object.keys(resources(s.app, 'AWS::Lambda::Function')).length - 2);
  });

  it('lets the event stream only read the table', () => {
    const statements = policyStatements(policyOf(functionId(EVENTS_ENTRY))).filter((st) => mentions(st.Resource, 'ConsoleTableArn'));
    expect(statements.flatMap((st) => st.Action).sort()).toEqual(['dynamodb:BatchGetItem', 'dynamodb:GetItem', 'dynamodb:Query']);
  });

  it('lets the API areas read the signing key and send texts and mail', () => {
    for (const area of Object.values(API_AREAS)) {
      const statements = policyStatements(policyOf(functionId(area.entry)));
      const actions = statements.flatMap((st) => st.Action);
      expect(actions, area.entry).toEqual(expect.arrayContaining(['secretsmanager:GetSecretValue', 'sns:Publish', 'ses:SendEmail']));
      const secret = statements.find((st) => ([] as string[]).concat(st.Action).includes('secretsmanager:GetSecretValue'));
      expect(mentions(secret?.Resource, 'JwtSigningSecret')).toBe(true);
    }
  });

  it("creates the Stripe keys' secret empty for the operator, and lets only the functions that call the card gateway read it, and only it", () => {
    const stripe = resources(s.data, 'AWS::SecretsManager::Secret').StripeSecret!;
    expect(JSON.parse(String(stripe.Properties?.SecretString))).toEqual({ secret_key: '', webhook_secret: '', client_id: '' });
    const readers = [API_AREAS.payments.entry, API_AREAS.dms.entry, JOBS_ENTRY];
    for (const fnId of Object.keys(resources(s.app, 'AWS::Lambda::Function'))) {
      const fn = resources(s.app, 'AWS::Lambda::Function')[fnId]!;
      const env = (fn.Properties?.Environment as { Variables?: Record<string, unknown> } | undefined)?.Variables ?? {};
      const roleId = (fn.Properties?.Role as { 'Fn::GetAtt'?: [string, string] } | undefined)?.['Fn::GetAtt']?.[0] ?? '~';
      const reads = Object.values(resources(s.app, 'AWS::IAM::Policy')).some((p) => mentions(p.Properties?.Roles, roleId) && mentions(p.Properties?.PolicyDocument, 'StripeSecret'));
      const reader = readers.some((entry) => functionId(entry) === fnId);
      expect(reads, fnId).toBe(reader);
      expect(env.STRIPE_SECRET_ARN !== undefined && mentions(env.STRIPE_SECRET_ARN, 'StripeSecret'), fnId).toBe(reader);
    }
    for (const entry of readers) {
      const read = policyStatements(policyOf(functionId(entry))).filter((st) => mentions(st.Resource, 'StripeSecret'));
      expect(read, entry).toHaveLength(1);
      expect(([] as string[]).concat(read[0]!.Action).sort(), entry).toEqual(['secretsmanager:DescribeSecret', 'secretsmanager:GetSecretValue']);
      expect(JSON.stringify(read[0]!.Resource), entry).not.toContain('*');
    }
  });

  it('lets the carrier-topic receivers send mail (a customer text can set off a board e-mail: a low survey rating)', () => {
    const actions = policyStatements(policyOf(functionId('functions/inbound/handler.ts'))).flatMap((st) => st.Action);
    expect(actions).toEqual(expect.arrayContaining(['ses:SendEmail']));
  });

  it('lets every function that texts publish SMS to phone numbers and to no SNS topic, the carrier topics included', () => {
    const texting = [...Object.values(API_AREAS).map((a) => a.entry), JOBS_ENTRY, ...new Set(Object.values(CARRIER_TOPICS).map((t) => t.entry))];
    for (const entry of texting) {
      const statements = policyStatements(policyOf(functionId(entry))) as { Action: string | string[]; Resource: unknown; Effect: string; Sid?: string }[];
      const publish = statements.filter((st) => ([] as string[]).concat(st.Action).includes('sns:Publish'));
      expect(publish, entry).toEqual([
        expect.objectContaining({ Effect: 'Allow', Resource: '*' }),
        expect.objectContaining({ Effect: 'Deny', Resource: 'arn:aws:sns:*:*:*' }),
      ]);
    }
    // Only the carrier's service may publish to the topics (their policies, checked above).
    for (const policy of Object.values(resources(s.app, 'AWS::IAM::Policy'))) {
      for (const st of policyStatements(policy)) {
        if (st.Effect === 'Allow' && ([] as string[]).concat(st.Action).includes('sns:Publish')) expect(st.Resource).toBe('*');
      }
    }
  });

  it('attaches no AWS managed policy to the console roles', () => {
    for (const [id, role] of ourRoles()) expect(role.Properties?.ManagedPolicyArns, id).toBeUndefined();
  });
});

describe('buildApp', () => {
  it('refuses a region that is not one', () => {
    expect(() => buildApp({ region: 'mars', context: { 'aws:cdk:bundling-stacks': [] } })).toThrow(/region/);
  });

  it('keeps the execute-api endpoint without a custom domain, behind the origin gate, and says where it is', () => {
    const api = Object.values(resources(s.app, 'AWS::ApiGatewayV2::Api'))[0]!;
    expect(api.Properties?.DisableExecuteApiEndpoint).toBe(false);
    s.app.resourceCountIs('AWS::ApiGatewayV2::DomainName', 0);
    s.app.hasOutput('HttpApiEndpoint', { Value: Match.anyValue() });
  });

  it("wants the API's certificate in its own region with a custom domain, and takes the console's in us-east-1", () => {
    const domain = { domainName: 'console.dealer.example', certificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/abc', 'aws:cdk:bundling-stacks': [] };
    expect(() => buildApp({ context: { ...domain, region: 'eu-west-1' } })).toThrow(/apiCertificateArn.*eu-west-1.*api\.console\.dealer\.example/);
    expect(() => buildApp({ context: { apiDomainName: 'api.dealer.example', 'aws:cdk:bundling-stacks': [] } })).toThrow(/domainName/);
    const built = buildApp({ context: { ...domain, apiDomainName: 'origin.dealer.example' } });
    expect(built.appStack.api.domainName).toBe('origin.dealer.example');
    const cfnDomain = built.appStack.api.customDomain!.node.defaultChild as CfnDomainName;
    expect(built.appStack.resolve(cfnDomain.domainNameConfigurations)).toEqual([expect.objectContaining({ certificateArn: domain.certificateArn })]);
  });

  it('wants a custom domain and its certificate together', () => {
    expect(() => buildApp({ context: { domainName: 'console.example.com', 'aws:cdk:bundling-stacks': [] } })).toThrow(/certificateArn/);
  });
});

describe('app stack: the viewer address behind CloudFront', () => {
  it('sends the origin-verify secret to the API origin only', () => {
    const distribution = Object.values(resources(s.app, 'AWS::CloudFront::Distribution'))[0];
    const origins = (distribution?.Properties?.DistributionConfig as { Origins: { Id: string; OriginCustomHeaders?: { HeaderName: string; HeaderValue: unknown }[] }[] }).Origins;
    const withHeader = origins.filter((o) => o.OriginCustomHeaders?.some((h) => h.HeaderName === 'x-origin-verify'));
    expect(withHeader).toHaveLength(1);
    const value = withHeader[0]!.OriginCustomHeaders!.find((h) => h.HeaderName === 'x-origin-verify')!.HeaderValue;
    // A dynamic reference resolved by CloudFormation: the secret never appears in the template.
    expect(JSON.stringify(value)).toContain('{{resolve:secretsmanager:');
  });

  it('tells every API function where the viewer address is and how to check it came through CloudFront', () => {
    for (const [area, spec] of Object.entries(API_AREAS)) {
      const fn = resources(s.app, 'AWS::Lambda::Function')[functionId(spec.entry)];
      const env = (fn?.Properties?.Environment as { Variables: Record<string, unknown> }).Variables;
      expect(env.CLIENT_IP_HEADER, area).toBe('cloudfront-viewer-address');
      expect(env.ORIGIN_VERIFY_SECRET_ARN, area).toBeDefined();
      expect(mentions(policyOf(functionId(spec.entry)), 'secretsmanager:GetSecretValue'), area).toBe(true);
    }
  });
});

describe('app stack: nothing answers around CloudFront', () => {
  type Config = {
    CacheBehaviors: { PathPattern: string; TargetOriginId: string; AllowedMethods: string[]; FunctionAssociations?: { EventType: string; FunctionARN: { 'Fn::GetAtt': [string, string] } }[] }[];
    Origins: { Id: string; OriginAccessControlId?: { 'Fn::GetAtt': [string, string] } }[];
    WebACLId?: unknown;
  };
  const config = () => resources(s.app, 'AWS::CloudFront::Distribution')[distributionId()]!.Properties!.DistributionConfig as Config;
  const eventsBehavior = () => config().CacheBehaviors.find((b) => b.PathPattern === '/events*')!;

  it('puts the origin gate before every API route: a cached request authorizer keyed on CloudFront’s x-origin-verify header', () => {
    const authorizers = resources(s.app, 'AWS::ApiGatewayV2::Authorizer');
    expect(Object.keys(authorizers)).toHaveLength(1);
    const [authorizerId, authorizer] = Object.entries(authorizers)[0]!;
    expect(authorizer.Properties).toMatchObject({
      AuthorizerType: 'REQUEST',
      IdentitySource: ['$request.header.x-origin-verify'],
      EnableSimpleResponses: true,
      AuthorizerPayloadFormatVersion: '2.0',
    });
    expect(authorizer.Properties?.AuthorizerResultTtlInSeconds).toBeGreaterThan(0);
    expect(mentions(authorizer.Properties?.AuthorizerUri, functionId(ORIGIN_GATE_ENTRY))).toBe(true);

    const routes = Object.values(resources(s.routes, 'AWS::ApiGatewayV2::Route'));
    expect(routes).toHaveLength(Object.values(API_AREAS).flatMap((area) => area.routes).length);
    for (const route of routes) {
      // The authorizer lives in the App stack; the routes' nested stack gets its id as a parameter.
      expect(route.Properties, String(route.Properties?.RouteKey)).toMatchObject({ AuthorizationType: 'CUSTOM' });
      expect(routesParameter((route.Properties?.AuthorizerId as { Ref: string }).Ref)).toEqual({ Ref: authorizerId });
    }
  });

  it('lets the origin gate read the same secret CloudFront sends, and nothing of the table', () => {
    const fn = resources(s.app, 'AWS::Lambda::Function')[functionId(ORIGIN_GATE_ENTRY)];
    const env = (fn?.Properties?.Environment as { Variables: Record<string, unknown> }).Variables;
    expect(mentions(env.ORIGIN_VERIFY_SECRET_ARN, 'OriginVerifySecret')).toBe(true);
    const statements = policyStatements(policyOf(functionId(ORIGIN_GATE_ENTRY)));
    const read = statements.find((st) => ([] as string[]).concat(st.Action).includes('secretsmanager:GetSecretValue'));
    expect(mentions(read?.Resource, 'OriginVerifySecret')).toBe(true);
    expect(statements.some((st) => mentions(st.Resource, 'ConsoleTableArn'))).toBe(false);
  });

  it('reaches the event stream through Origin Access Control for Lambda, and only this distribution may invoke it', () => {
    const origin = config().Origins.find((o) => o.Id === eventsBehavior().TargetOriginId)!;
    const oacId = origin.OriginAccessControlId?.['Fn::GetAtt'][0];
    expect(resources(s.app, 'AWS::CloudFront::OriginAccessControl')[oacId!]?.Properties?.OriginAccessControlConfig).toMatchObject({
      OriginAccessControlOriginType: 'lambda',
      SigningBehavior: 'always',
      SigningProtocol: 'sigv4',
    });
    const urlId = Object.keys(resources(s.app, 'AWS::Lambda::Url'))[0]!;
    const permissions = Object.values(resources(s.app, 'AWS::Lambda::Permission')).filter((p) => mentions(p.Properties?.FunctionName, urlId));
    expect(permissions.map((p) => p.Properties?.Action).sort()).toEqual(['lambda:InvokeFunction', 'lambda:InvokeFunctionUrl']);
    for (const permission of permissions) {
      expect(permission.Properties?.Principal).toBe('cloudfront.amazonaws.com');
      expect(mentions(permission.Properties?.SourceArn, distributionId())).toBe(true);
    }
  });

  it('moves the stream ticket out of the signed Authorization header on /events, which takes GET and HEAD only', () => {
    const behavior = eventsBehavior();
    expect([...behavior.AllowedMethods].sort()).toEqual(['GET', 'HEAD']);
    expect(behavior.FunctionAssociations).toHaveLength(1);
    const association = behavior.FunctionAssociations![0]!;
    expect(association.EventType).toBe('viewer-request');
    expect(resources(s.app, 'AWS::CloudFront::Function')[association.FunctionARN['Fn::GetAtt'][0]]?.Properties?.FunctionCode).toBe(EVENTS_TICKET_CODE);
  });

  it('guards the distribution with the edge stack’s web ACL', () => {
    const edge = Template.fromStack(s.built.edgeStack!).toJSON() as { Outputs: Record<string, { Value: unknown }> };
    const reference = config().WebACLId as { 'Fn::GetStackOutput': { StackName: string; Region: string; OutputName: string } };
    expect(reference['Fn::GetStackOutput']).toMatchObject({ StackName: 'DealerConsole-Edge-us-east-1', Region: 'us-east-1' });
    const aclId = s.built.edgeStack!.getLogicalId(s.built.edgeStack!.acl.webAcl);
    expect(edge.Outputs[reference['Fn::GetStackOutput'].OutputName]?.Value).toEqual({ 'Fn::GetAtt': [aclId, 'Arn'] });
  });

  it('rate-limits sign-in, password reset and magic links per address, and applies the AWS common rule set (large bodies counted)', () => {
    const edge = Template.fromStack(s.built.edgeStack!);
    edge.resourceCountIs('AWS::WAFv2::WebACL', 1);
    const acl = Object.values(resources(edge, 'AWS::WAFv2::WebACL'))[0]!.Properties as {
      Scope: string;
      DefaultAction: unknown;
      Rules: { Name: string; Action?: { Block?: { CustomResponse?: { ResponseCode: number } } }; OverrideAction?: unknown; Statement: Record<string, Record<string, unknown>> }[];
    };
    expect(acl.Scope).toBe('CLOUDFRONT');
    expect(acl.DefaultAction).toEqual({ Allow: {} });

    const rate = acl.Rules.find((r) => r.Name === 'SignInRateLimit')!;
    expect(rate.Action?.Block?.CustomResponse?.ResponseCode).toBe(429);
    const rateStatement = rate.Statement.RateBasedStatement as { Limit: number; AggregateKeyType: string; ScopeDownStatement: { OrStatement: { Statements: { ByteMatchStatement: { SearchString: string; PositionalConstraint: string; FieldToMatch: unknown } }[] } } };
    expect(rateStatement.AggregateKeyType).toBe('IP');
    expect(rateStatement.Limit).toBeGreaterThan(0);
    const matched = rateStatement.ScopeDownStatement.OrStatement.Statements.map((st) => st.ByteMatchStatement);
    for (const match of matched) expect(match).toMatchObject({ PositionalConstraint: 'STARTS_WITH', FieldToMatch: { UriPath: {} } });
    expect(matched.map((m) => m.SearchString).sort()).toEqual([...SIGN_IN_PATH_PREFIXES].sort());
    expect(matched.map((m) => m.SearchString).sort()).toEqual(['/agent_sessions/', '/magic_sessions', '/password_reset']);

    const common = acl.Rules.find((r) => (r.Statement.ManagedRuleGroupStatement as { Name?: string } | undefined)?.Name === 'AWSManagedRulesCommonRuleSet')!;
    expect(common.OverrideAction).toEqual({ None: {} });
    expect(common.Statement.ManagedRuleGroupStatement).toMatchObject({
      VendorName: 'AWS',
      RuleActionOverrides: COMMON_RULES_COUNTED.map((name) => ({ Name: name, ActionToUse: { Count: {} } })),
    });
    expect(COMMON_RULES_COUNTED).toContain('SizeRestrictions_BODY');
  });

  it('rate-limits every address on the API, the DMS feeds and, tighter, the public customer routes, all answered 429 in the API error shape', () => {
    type RateRule = {
      Name: string;
      Priority: number;
      Action?: { Block?: { CustomResponse?: { ResponseCode: number; CustomResponseBodyKey: string } } };
      Statement: { RateBasedStatement?: { Limit: number; EvaluationWindowSec: number; AggregateKeyType: string; ScopeDownStatement: unknown } };
    };
    const edge = Template.fromStack(s.built.edgeStack!);
    const acl = Object.values(resources(edge, 'AWS::WAFv2::WebACL'))[0]!.Properties as { Rules: RateRule[]; CustomResponseBodies: Record<string, { Content: string }> };
    const prefixesOf = (scopeDown: unknown): string[] => {
      const one = scopeDown as { ByteMatchStatement?: { SearchString: string; PositionalConstraint: string; FieldToMatch: unknown }; OrStatement?: { Statements: unknown[] } };
      if (one.OrStatement) return one.OrStatement.Statements.flatMap(prefixesOf);
      expect(one.ByteMatchStatement).toMatchObject({ PositionalConstraint: 'STARTS_WITH', FieldToMatch: { UriPath: {} } });
      return [one.ByteMatchStatement!.SearchString];
    };
    const rule = (name: string) => {
      const found = acl.Rules.find((r) => r.Name === name);
      expect(found, name).toBeDefined();
      const statement = found!.Statement.RateBasedStatement!;
      expect(statement.AggregateKeyType, name).toBe('IP');
      expect(found!.Action?.Block?.CustomResponse, name).toEqual({ ResponseCode: 429, CustomResponseBodyKey: 'tooManyRequests' });
      return { ...statement, priority: found!.Priority, prefixes: prefixesOf(statement.ScopeDownStatement).sort() };
    };
    const api = rule('ApiRateLimit');
    // The console's API, the DMS feeds, the payment settings and SPEC §7's settings paths outside /api.
    expect(api.prefixes).toEqual(['/api/', '/business_info', '/calls_settings/', '/dms/', '/gatekeeper_settings', '/inventory/settings', '/payments/', '/tech/mpi/settings', '/vcard_settings']);
    expect(api.Limit).toBe(API_RATE_LIMIT);
    const pub = rule('PublicRateLimit');
    expect(pub.prefixes).toEqual(['/api/public/', '/api/wizard/']);
    expect(pub.Limit).toBe(PUBLIC_RATE_LIMIT);
    const signIn = rule('SignInRateLimit');
    expect(signIn.Limit).toBe(SIGN_IN_RATE_LIMIT);
    // Unauthenticated routes are held tighter than the signed-in console, per the same window.
    for (const r of [api, pub, signIn]) expect(r.EvaluationWindowSec).toBe(300);
    expect(pub.Limit).toBeLessThan(api.Limit);
    expect(signIn.Limit).toBeLessThan(api.Limit);
    // Every path CloudFront sends to the API is under one of the rate rules.
    const limited = [...api.prefixes, ...signIn.prefixes];
    for (const pattern of ['/api/*', '/agent_sessions/*', '/password_reset*', '/magic_sessions*', '/dms/*', '/api/public/inspections/*']) {
      expect(limited.some((prefix) => pattern.replace(/\*$/, '').startsWith(prefix.replace(/\/$/, ''))), pattern).toBe(true);
    }
    // The rate rules come before AWS's rule group, so a flood is answered 429 before anything else.
    const common = acl.Rules.find((r) => r.Name === 'AWSManagedRulesCommonRuleSet')!;
    for (const r of [api, pub, signIn]) expect(r.priority).toBeLessThan(common.Priority);
    expect(JSON.parse(acl.CustomResponseBodies.tooManyRequests!.Content)).toEqual({ error: { id: 'too_many_requests', message: expect.any(String) } });
  });

  it('lets the console connect only to itself and the uploads bucket: no bare https: in connect-src', () => {
    const policy = Object.values(resources(s.app, 'AWS::CloudFront::ResponseHeadersPolicy'))[0]!.Properties!.ResponseHeadersPolicyConfig as {
      SecurityHeadersConfig: { ContentSecurityPolicy: { ContentSecurityPolicy: { 'Fn::Join': [string, unknown[]] } } };
    };
    const parts = policy.SecurityHeadersConfig.ContentSecurityPolicy.ContentSecurityPolicy['Fn::Join'][1];
    const text = parts.map((part) => (typeof part === 'string' ? part : `{${JSON.stringify(part)}}`)).join('');
    const connect = text.split(';').map((d) => d.trim()).find((d) => d.startsWith('connect-src'))!;
    const sources = connect.split(/\s+/).slice(1);
    expect(sources[0]).toBe("'self'");
    expect(sources.slice(1)).toHaveLength(1);
    expect(sources[1]).toMatch(/^https:\/\/\{.*UploadsBucketRegionalDomainName.*\}$/);
    for (const open of ['https:', 'http:', '*', 'wss:']) expect(sources, open).not.toContain(open);
  });
});

describe('buildApp: the web ACL', () => {
  it('uses a web ACL named by -c webAclArn instead of making the edge stack', () => {
    const webAclArn = 'arn:aws:wafv2:us-east-1:123456789012:global/webacl/dealer-console/0f0e0d0c-1111-2222-3333-444455556666';
    const built = buildApp({ context: { webAclArn, 'aws:cdk:bundling-stacks': [] } });
    expect(built.edgeStack).toBeUndefined();
    const distribution = built.appStack.web.distribution.node.defaultChild as CfnDistribution;
    expect(built.appStack.resolve((distribution.distributionConfig as CfnDistribution.DistributionConfigProperty).webAclId)).toBe(webAclArn);
  });

  it('refuses a webAclArn that is not a CloudFront (global) web ACL', () => {
    const regional = 'arn:aws:wafv2:eu-west-1:123456789012:regional/webacl/dealer-console/0f0e0d0c';
    expect(() => buildApp({ context: { webAclArn: regional, 'aws:cdk:bundling-stacks': [] } })).toThrow(/CLOUDFRONT-scoped/);
  });
});
