/**
 * Push wake-ups on AWS IoT Core (infra/signals.ts, issue 12): whatever writes events may publish
 * signals on this stack's topics and nothing more; the event stream may only assume the listener
 * role, which may only connect, subscribe and receive under this stack's prefix; the endpoint is
 * looked up at deploy time by something that depends on nothing of the distribution.
 */
import type { CfnElement } from 'aws-cdk-lib';
import { flattenCfnReference } from 'cdk-nag/lib/utils/flatten-cfn-reference.js';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { topicPrefix } from '../../functions/lib/signals/topics.js';
import { signalsTopicPrefix } from '../../infra/signals.js';
import { referencesOf, resources, synthesise, type CfnResourceJson, type Synthesised } from './synth.js';

interface Statement {
  Effect: string;
  Action: string | string[];
  Resource?: unknown;
  Principal?: unknown;
}

let s: Synthesised;
beforeAll(() => {
  s = synthesise({ validateTemplates: false });
});

const PREFIX = 'dealer-console-dealerconsole-app-us-east-1';
const iotArn = (what: string) => `arn:aws:iot:us-east-1:<AWS::AccountId>:${what}`;
const actionsOf = (statement: Statement) => ([] as string[]).concat(statement.Action);
const flat = (value: unknown) => flattenCfnReference(value);

const logicalId = (element: unknown) => s.built.appStack.getLogicalId(element as CfnElement);
const fnId = (server: { fn: { node: { defaultChild?: unknown } } }) => logicalId(server.fn.node.defaultChild);
const streamId = () => fnId(s.built.appStack.realtime.stream);
const listenerRoleId = () => logicalId(s.built.appStack.signals.listenerRole!.node.defaultChild);

/** Every console function (not CDK's own), by logical id. */
function consoleFunctions(): Map<string, string> {
  const { appStack } = s.built;
  const servers = [...appStack.api.functions, appStack.api.originGate, appStack.realtime.stream, ...appStack.messaging.receivers.values(), appStack.jobs.runner, appStack.tableStream.listener];
  return new Map(servers.map((server) => [fnId(server), server.entry]));
}

function roleIdOf(functionId: string): string {
  const fn = resources(s.app, 'AWS::Lambda::Function')[functionId];
  return (fn?.Properties?.Role as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0];
}

/** Every Allow statement a role holds: its inline policies and the policies attached to it. */
function statementsOfRole(roleId: string): Statement[] {
  const role = resources(s.app, 'AWS::IAM::Role')[roleId];
  const inline = ((role?.Properties?.Policies ?? []) as unknown as { PolicyDocument: { Statement: Statement[] } }[]).flatMap((p) => p.PolicyDocument.Statement);
  const attached = Object.values(resources(s.app, 'AWS::IAM::Policy'))
    .filter((p) => (p.Properties?.Roles as { Ref: string }[]).some((r) => r.Ref === roleId))
    .flatMap((p) => (p.Properties?.PolicyDocument as unknown as { Statement: Statement[] }).Statement);
  return [...inline, ...attached].filter((st) => st.Effect === 'Allow');
}

const environmentOf = (functionId: string) =>
  (resources(s.app, 'AWS::Lambda::Function')[functionId]?.Properties?.Environment as { Variables: Record<string, unknown> }).Variables;

/** Whether the function may write items of the console table. */
const writesTable = (functionId: string) =>
  statementsOfRole(roleIdOf(functionId)).some((st) => actionsOf(st).includes('dynamodb:PutItem') && JSON.stringify(st.Resource).includes('ConsoleTable'));

describe('signals: the topic prefix', () => {
  const before = process.env.SIGNALS_TOPIC_PREFIX;
  afterEach(() => {
    if (before === undefined) delete process.env.SIGNALS_TOPIC_PREFIX;
    else process.env.SIGNALS_TOPIC_PREFIX = before;
  });

  it('is dealer-console-<stack name>, lower case, known at synth time and accepted by the functions', () => {
    expect(s.built.appStack.signals.topicPrefix).toBe(PREFIX);
    process.env.SIGNALS_TOPIC_PREFIX = s.built.appStack.signals.topicPrefix;
    expect(topicPrefix()).toBe(PREFIX);
  });

  it('keeps stacks of two regions in one account apart, and stays one topic segment for any stack name', () => {
    expect(signalsTopicPrefix('DealerConsole-App-eu-west-1')).not.toBe(signalsTopicPrefix('DealerConsole-App-us-east-1'));
    expect(signalsTopicPrefix('Dealer_Console.App  (test)')).toBe('dealer-console-dealer-console-app-test');
    const long = (suffix: string) => signalsTopicPrefix(`DealerConsole-App-${'x'.repeat(100)}-${suffix}`);
    for (const prefix of [long('a'), long('b')]) {
      expect(prefix.length).toBeLessThanOrEqual(64);
      process.env.SIGNALS_TOPIC_PREFIX = prefix;
      expect(topicPrefix()).toBe(prefix);
    }
    expect(long('a')).not.toBe(long('b'));
  });
});

describe('signals: the IoT endpoint', () => {
  const lookup = () => Object.entries(resources(s.app, 'Custom::IotDataEndpoint'));

  it('is looked up at deploy time with DescribeEndpoint (ATS), on the SDK Lambda already has', () => {
    expect(lookup()).toHaveLength(1);
    const properties = lookup()[0]![1].Properties!;
    const call = JSON.parse(properties.Create as string) as Record<string, unknown>;
    expect(call).toMatchObject({ service: 'Iot', action: 'describeEndpoint', parameters: { endpointType: 'iot:Data-ATS' }, physicalResourceId: { id: 'iot-data-ats-endpoint' } });
    expect(properties.InstallLatestAwsSdk).toBe(false);
  });

  it('is looked up by a role that may only describe the endpoint, put the uploads CORS rules and write its own logs', () => {
    // The stack's one custom resource provider also puts the uploads bucket's CORS rules (web.ts).
    const serviceToken = lookup()[0]![1].Properties!.ServiceToken as { 'Fn::GetAtt': [string, string] };
    const statements = statementsOfRole(roleIdOf(serviceToken['Fn::GetAtt'][0]));
    expect(statements.map((st) => [actionsOf(st).sort().join(','), flat(st.Resource)]).sort()).toEqual([
      ['iot:DescribeEndpoint', '*'],
      ['logs:CreateLogStream,logs:PutLogEvents', expect.stringContaining('SignalsEndpointLookupLogs')],
      ['s3:PutBucketCORS', expect.stringContaining('UploadsBucket')],
    ]);
    const role = resources(s.app, 'AWS::IAM::Role')[roleIdOf(serviceToken['Fn::GetAtt'][0])]!;
    expect(role.Properties?.ManagedPolicyArns).toBeUndefined();
  });

  it('depends on nothing of the distribution, whose origin is the stream that needs it', () => {
    const all = resources(s.app);
    const reached = new Set<string>();
    const visit = (id: string) => {
      if (reached.has(id) || !all[id]) return;
      reached.add(id);
      for (const next of referencesOf(all[id])) visit(next);
    };
    visit(lookup()[0]![0]);
    const cloudfront = [...reached].filter((id) => all[id]!.Type.startsWith('AWS::CloudFront::'));
    expect(cloudfront).toEqual([]);
  });
});

describe('signals: who may publish', () => {
  it('lets every function that writes the table publish on this stack’s topics, and nothing else of IoT', () => {
    let writers = 0;
    for (const [id, entry] of consoleFunctions()) {
      const iot = statementsOfRole(roleIdOf(id)).filter((st) => actionsOf(st).some((a) => a.startsWith('iot:')));
      // The table stream's listeners keep their own items (tallies, search entries) and announce nothing.
      if (!writesTable(id) || id === fnId(s.built.appStack.tableStream.listener)) {
        if (id !== streamId()) expect(iot, entry).toEqual([]);
        continue;
      }
      writers += 1;
      expect(iot.map((st) => [actionsOf(st), flat(st.Resource)]), entry).toEqual([[['iot:Publish'], iotArn(`topic/${PREFIX}/*`)]]);
    }
    // The API areas, the carrier receivers and the jobs runner.
    const { appStack } = s.built;
    expect(writers).toBe(appStack.api.functions.length + appStack.messaging.receivers.size + 1);
  });

  it('tells them the endpoint (an https origin) and the prefix', () => {
    const endpointId = Object.keys(resources(s.app, 'Custom::IotDataEndpoint'))[0]!;
    for (const [id, entry] of consoleFunctions()) {
      if (!writesTable(id) || id === fnId(s.built.appStack.tableStream.listener)) continue;
      const env = environmentOf(id);
      expect(env.SIGNALS_ENDPOINT, entry).toEqual({ 'Fn::Join': ['', ['https://', { 'Fn::GetAtt': [endpointId, 'endpointAddress'] }]] });
      expect(env.SIGNALS_TOPIC_PREFIX, entry).toBe(PREFIX);
      expect(env.SIGNALS_LISTENER_ROLE_ARN, entry).toBeUndefined();
    }
  });
});

describe('signals: who may listen', () => {
  const listener = (): CfnResourceJson => resources(s.app, 'AWS::IAM::Role')[listenerRoleId()]!;

  it('gives the listener role exactly Connect as a stream client, Subscribe and Receive under this stack’s prefix', () => {
    const statements = statementsOfRole(listenerRoleId());
    expect(statements.map((st) => [actionsOf(st), flat(st.Resource)])).toEqual([
      [['iot:Connect'], iotArn(`client/${PREFIX}-stream-*`)],
      [['iot:Subscribe'], iotArn(`topicfilter/${PREFIX}/*`)],
      [['iot:Receive'], iotArn(`topic/${PREFIX}/*`)],
    ]);
    expect(listener().Properties?.ManagedPolicyArns).toBeUndefined();
    expect(listener().Properties?.MaxSessionDuration).toBe(3600);
  });

  it('lets only the event stream’s role assume the listener role', () => {
    const trust = (listener().Properties?.AssumeRolePolicyDocument as unknown as { Statement: Statement[] }).Statement;
    expect(trust).toEqual([{ Effect: 'Allow', Action: 'sts:AssumeRole', Principal: { AWS: { 'Fn::GetAtt': [roleIdOf(streamId()), 'Arn'] } } }]);
  });

  it('lets the event stream assume the listener role and nothing else of STS or IoT itself', () => {
    const statements = statementsOfRole(roleIdOf(streamId()));
    const sts = statements.filter((st) => actionsOf(st).some((a) => a.startsWith('sts:')));
    expect(sts.map((st) => [actionsOf(st), st.Resource])).toEqual([[['sts:AssumeRole'], { 'Fn::GetAtt': [listenerRoleId(), 'Arn'] }]]);
    expect(statements.flatMap(actionsOf).filter((a) => a.startsWith('iot:'))).toEqual([]);
    // No other function may assume it.
    for (const [id, entry] of consoleFunctions()) {
      if (id === streamId()) continue;
      expect(statementsOfRole(roleIdOf(id)).flatMap(actionsOf).filter((a) => a.startsWith('sts:')), entry).toEqual([]);
    }
  });

  it('tells the stream the endpoint, the prefix and the listener role', () => {
    const env = environmentOf(streamId());
    expect(env.SIGNALS_ENDPOINT).toEqual({ 'Fn::Join': ['', ['https://', { 'Fn::GetAtt': [Object.keys(resources(s.app, 'Custom::IotDataEndpoint'))[0]!, 'endpointAddress'] }]] });
    expect(env.SIGNALS_TOPIC_PREFIX).toBe(PREFIX);
    expect(env.SIGNALS_LISTENER_ROLE_ARN).toEqual({ 'Fn::GetAtt': [listenerRoleId(), 'Arn'] });
  });
});
