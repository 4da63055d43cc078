/**
 * Calls in AWS (infra/telephony.ts): the SIP media application and its Lambda, one SIP rule per
 * context number, Chime's permission to invoke, the recordings bucket Chime writes to, and the call
 * controls given exactly to the functions whose code places calls. One synthesis with two numbers;
 * a small stack of its own for what the console's areas do not (yet) exercise.
 */
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { App, Duration, Stack, type CfnElement } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { SIP_MEDIA_APPLICATION_ENTRY } from '../../functions/areas.js';
import { TELEPHONY_CHUNK } from '../../functions/lib/lazyChunk.js';
import { buildApp } from '../../infra/app.js';
import { Data } from '../../infra/data.js';
import { ServerFunction, type ServerSettings } from '../../infra/server-function.js';
import { CALL_CONTROL_ACTIONS, Telephony } from '../../infra/telephony.js';
import { resources, synthesise, unacknowledgedNagFindings, type CfnResourceJson, type Synthesised } from './synth.js';

const NUMBERS = ['+16175550100', '+16175550101'];
const ROOT = fileURLToPath(new URL('../..', import.meta.url));

type Statement = { Effect: string; Action: string | string[]; Resource: unknown; Principal?: unknown; Condition?: unknown };

let s: Synthesised;
beforeAll(() => {
  s = synthesise({ context: { voiceNumbers: NUMBERS.join(',') } });
});

const mentions = (value: unknown, text: string): boolean => JSON.stringify(value).includes(text);
const actionsOf = (statement: Statement): string[] => ([] as string[]).concat(statement.Action);

function logicalId(stack: Stack, server: ServerFunction): string {
  return stack.getLogicalId(server.fn.node.defaultChild as CfnElement);
}

/** The statements of the policies attached to a function's role. */
function statementsOf(template: Template, fnId: string): Statement[] {
  const fn = resources(template, 'AWS::Lambda::Function')[fnId];
  const roleId = (fn?.Properties?.Role as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0];
  return Object.values(resources(template, 'AWS::IAM::Policy'))
    .filter((p) => (p.Properties?.Roles as { Ref: string }[]).some((r) => r.Ref === roleId))
    .flatMap((p) => (p.Properties?.PolicyDocument as { Statement: Statement[] }).Statement);
}

function envOf(template: Template, fnId: string): Record<string, unknown> {
  return (resources(template, 'AWS::Lambda::Function')[fnId]?.Properties?.Environment as { Variables: Record<string, unknown> }).Variables;
}

/** A custom resource's call (Create/Update/Delete), its tokens written out, for matching. */
function callText(resource: CfnResourceJson, phase: 'Create' | 'Update' | 'Delete'): string {
  const call = resource.Properties?.[phase];
  if (call === undefined) return '';
  if (typeof call === 'string') return call;
  const parts = (call as { 'Fn::Join': [string, unknown[]] })['Fn::Join'][1];
  return parts.map((part) => (typeof part === 'string' ? part : JSON.stringify(part))).join('');
}

describe('the SIP media application', () => {
  it('is CloudFormation’s AWS::Chime::SipMediaApplication in the stack region, its one endpoint the handler', () => {
    const { appStack } = s.built;
    const smas = Object.values(resources(s.app, 'AWS::Chime::SipMediaApplication'));
    expect(smas).toHaveLength(1);
    expect(smas[0]!.Properties).toEqual({
      Name: 'DealerConsole-App-us-east-1',
      AwsRegion: 'us-east-1',
      Endpoints: [{ LambdaArn: { 'Fn::GetAtt': [logicalId(appStack, appStack.telephony.handler), 'Arn'] } }],
    });
    expect(s.app.toJSON().Outputs.SipMediaApplicationId.Value).toEqual({ 'Fn::GetAtt': [appStack.getLogicalId(appStack.telephony.sipMediaApplication), 'SipMediaApplicationId'] });
  });

  it('runs SIP_MEDIA_APPLICATION_ENTRY within Chime’s 5 s, knowing the recordings bucket and the jobs function it hands steps to', () => {
    const { appStack } = s.built;
    const id = logicalId(appStack, appStack.telephony.handler);
    expect(appStack.telephony.handler.entry).toBe(SIP_MEDIA_APPLICATION_ENTRY);
    expect(resources(s.app, 'AWS::Lambda::Function')[id]?.Properties).toMatchObject({ Timeout: 5, MemorySize: 1024, Runtime: 'nodejs22.x', Architectures: ['arm64'] });
    const env = envOf(s.app, id);
    expect(mentions(env.RECORDINGS_BUCKET, 'RecordingsBucket')).toBe(true);
    expect(env.JOBS_FUNCTION_NAME).toEqual({ Ref: logicalId(appStack, appStack.jobs.runner) });
    expect(mentions(env.TABLE_NAME, 'ConsoleTable')).toBe(true);
    const statements = statementsOf(s.app, id);
    expect(statements).toContainEqual(expect.objectContaining({ Effect: 'Allow', Action: 'lambda:InvokeFunction' }));
    expect(statements.some((st) => actionsOf(st).includes('dynamodb:PutItem'))).toBe(true);
    // Chime writes the recordings; the handler names where and reads a recording's length from its header.
    expect(statements.filter((st) => mentions(st.Resource, 'RecordingsBucket')).flatMap(actionsOf)).toContain('s3:GetObject*');
  });

  it('may be invoked by Chime’s voice connector service for this account only', () => {
    const { appStack } = s.built;
    const permissions = Object.values(resources(s.app, 'AWS::Lambda::Permission')).filter((p) => p.Properties?.Principal === 'voiceconnector.chime.amazonaws.com');
    expect(permissions).toHaveLength(1);
    expect(permissions[0]!.Properties).toEqual({
      Action: 'lambda:InvokeFunction',
      FunctionName: { 'Fn::GetAtt': [logicalId(appStack, appStack.telephony.handler), 'Arn'] },
      Principal: 'voiceconnector.chime.amazonaws.com',
      SourceAccount: { Ref: 'AWS::AccountId' },
    });
  });
});

describe('SIP rules', () => {
  it('route each context number to the application, after Chime may invoke the handler', () => {
    const { appStack } = s.built;
    const rules = Object.values(resources(s.app, 'Custom::ChimeSipRule'));
    expect(rules).toHaveLength(NUMBERS.length);
    const smaId = JSON.stringify({ 'Fn::GetAtt': [appStack.getLogicalId(appStack.telephony.sipMediaApplication), 'SipMediaApplicationId'] });
    const permissionId = Object.entries(resources(s.app, 'AWS::Lambda::Permission')).find(([, p]) => p.Properties?.Principal === 'voiceconnector.chime.amazonaws.com')![0];
    for (const number of NUMBERS) {
      const rule = rules.find((r) => callText(r, 'Create').includes(`"TriggerValue":"${number}"`));
      expect(rule, number).toBeDefined();
      const create = callText(rule!, 'Create');
      expect(create).toContain('"service":"ChimeSDKVoice","action":"CreateSipRule"');
      expect(create).toContain('"TriggerType":"ToPhoneNumber"');
      expect(create).toContain(`"TargetApplications":[{"SipMediaApplicationId":"${smaId}","Priority":1,"AwsRegion":"us-east-1"}]`);
      expect(callText(rule!, 'Update')).toContain('"action":"UpdateSipRule","parameters":{"SipRuleId":"PHYSICAL:RESOURCEID:"');
      expect(callText(rule!, 'Delete')).toContain('"action":"DeleteSipRule","parameters":{"SipRuleId":"PHYSICAL:RESOURCEID:"}');
      expect(([] as string[]).concat(rule!.DependsOn ?? [])).toContain(permissionId);
    }
  });

  it('are disabled before they are deleted: a disabler per rule, removed first, turns its rule off', () => {
    const rules = resources(s.app, 'Custom::ChimeSipRule');
    const disablers = Object.values(resources(s.app, 'Custom::ChimeSipRuleDisabler'));
    expect(disablers).toHaveLength(NUMBERS.length);
    for (const disabler of disablers) {
      expect(callText(disabler, 'Create')).toBe('');
      const del = callText(disabler, 'Delete');
      expect(del).toContain('"action":"UpdateSipRule"');
      expect(del).toContain('"Disabled":true');
      const ruleId = Object.keys(rules).find((id) => del.includes(`"Fn::GetAtt":["${id}","SipRule.SipRuleId"]`));
      expect(ruleId).toBeDefined();
      // CloudFormation deletes a resource before what it depends on.
      expect(([] as string[]).concat(disabler.DependsOn ?? [])).toContain(ruleId);
    }
  });

  it('may only create, update and delete SIP rules, from the deploy-time provider', () => {
    const policies = Object.entries(resources(s.app, 'AWS::IAM::Policy')).filter(([id]) => id.startsWith('TelephonyRule'));
    expect(policies.length).toBe(NUMBERS.length * 2);
    for (const [, policy] of policies) {
      expect((policy.Properties?.PolicyDocument as { Statement: Statement[] }).Statement).toEqual([
        expect.objectContaining({ Effect: 'Allow', Action: ['chime:CreateSipRule', 'chime:DeleteSipRule', 'chime:UpdateSipRule'], Resource: '*' }),
      ]);
    }
  });

  it('refuse a number that is not E.164 and a number listed twice', () => {
    const build = (voiceNumbers: unknown) => () => buildApp({ context: { 'aws:cdk:bundling-stacks': [], voiceNumbers } });
    expect(build('6175550100')).toThrow(/E\.164.*6175550100/);
    expect(build('+16175550100,+16175550100')).toThrow(/twice/);
    expect(build(42)).toThrow(/voiceNumbers/);
    expect(build(['+16175550100', ' +16175550101 '])).not.toThrow();
  });

  it('pass cdk-nag with every exception acknowledged, and raise no CDK warning', () => {
    expect(unacknowledgedNagFindings(s.built)).toEqual([]);
    const messages = s.assembly.getStackArtifact(s.built.appStack.artifactId).messages;
    expect(messages.filter((m) => m.level !== 'info').map((m) => `${m.level} ${m.id}`)).toEqual([]);
  });
});

describe('the recordings bucket', () => {
  const bucketPolicy = () => Object.values(resources(s.data, 'AWS::S3::BucketPolicy')).find((p) => mentions(p.Properties?.Bucket, 'RecordingsBucket'))!;

  it('lets Chime’s voice connector write recordings for this account’s SIP media applications only', () => {
    const statements = (bucketPolicy().Properties?.PolicyDocument as { Statement: Statement[] }).Statement;
    const allow = statements.filter((st) => st.Effect === 'Allow');
    expect(allow).toEqual([
      expect.objectContaining({
        Principal: { Service: 'voiceconnector.chime.amazonaws.com' },
        Action: ['s3:PutObject', 's3:PutObjectAcl'],
        Resource: { 'Fn::Join': ['', [{ 'Fn::GetAtt': ['RecordingsBucket', 'Arn'] }, '/*']] },
        Condition: {
          StringEquals: { 'aws:SourceAccount': { Ref: 'AWS::AccountId' } },
          ArnLike: { 'aws:SourceArn': { 'Fn::Join': ['', ['arn:aws:chime:us-east-1:', { Ref: 'AWS::AccountId' }, ':sma/*']] } },
        },
      }),
    ]);
  });

  it('expires recordings after 30 days (each is copied into uploads) and is retained with the stack', () => {
    const bucket = resources(s.data).RecordingsBucket!;
    expect(bucket.DeletionPolicy).toBe('Retain');
    expect(bucket.Properties?.LifecycleConfiguration).toEqual({
      Rules: expect.arrayContaining([expect.objectContaining({ Id: 'expire-recordings', ExpirationInDays: 30, Status: 'Enabled' })]),
    });
  });

  it('is read by the jobs function (RECORDINGS_BUCKET), which keeps each voicemail, and by the handler; written by no function', () => {
    const { appStack } = s.built;
    for (const server of [appStack.jobs.runner, appStack.telephony.handler]) {
      const id = logicalId(appStack, server);
      expect(mentions(envOf(s.app, id).RECORDINGS_BUCKET, 'RecordingsBucket'), server.entry).toBe(true);
      const onRecordings = statementsOf(s.app, id).filter((st) => mentions(st.Resource, 'RecordingsBucket'));
      expect(onRecordings.flatMap(actionsOf), server.entry).toContain('s3:GetObject*');
    }
    const readers = Object.keys(resources(s.app, 'AWS::Lambda::Function')).filter((fnId) => statementsOf(s.app, fnId).some((st) => mentions(st.Resource, 'RecordingsBucket')));
    expect(readers.sort()).toEqual([appStack.jobs.runner, appStack.telephony.handler].map((server) => logicalId(appStack, server)).sort());
    for (const fnId of Object.keys(resources(s.app, 'AWS::Lambda::Function'))) {
      const writes = statementsOf(s.app, fnId).filter((st) => mentions(st.Resource, 'RecordingsBucket') && actionsOf(st).some((a) => /^s3:(Put|Delete)/.test(a)));
      expect(writes, fnId).toEqual([]);
    }
  });
});

describe('call controls', () => {
  it('go to exactly the functions whose bundle carries the Chime client, scoped to this application', () => {
    const { appStack } = s.built;
    const smaArn = { 'Fn::GetAtt': [appStack.getLogicalId(appStack.telephony.sipMediaApplication), 'SipMediaApplicationArn'] };
    const servers = [...appStack.api.functions, appStack.jobs.runner, appStack.telephony.handler, ...appStack.messaging.receivers.values(), appStack.tableStream.listener];
    for (const server of servers) {
      const id = logicalId(appStack, server);
      const calls = statementsOf(s.app, id).filter((st) => actionsOf(st).some((a) => a.startsWith('chime:')));
      if (server.lazyChunks.some((chunk) => chunk.entry === TELEPHONY_CHUNK.entry)) {
        expect(calls, server.entry).toEqual([expect.objectContaining({ Effect: 'Allow', Action: [...CALL_CONTROL_ACTIONS], Resource: smaArn })]);
        expect(envOf(s.app, id).SIP_MEDIA_APPLICATION_ID, server.entry).toEqual({ 'Fn::GetAtt': [appStack.getLogicalId(appStack.telephony.sipMediaApplication), 'SipMediaApplicationId'] });
      } else {
        expect(calls, server.entry).toEqual([]);
        expect(envOf(s.app, id).SIP_MEDIA_APPLICATION_ID, server.entry).toBeUndefined();
      }
    }
  });

  it('equip a function that carries the chunk and leave one that does not (a stack of their own), and an application without numbers takes no calls', () => {
    const app = new App({ context: { 'aws:cdk:bundling-stacks': [] } });
    const stack = new Stack(app, 'Calls', { env: { region: 'us-west-2' } });
    const settings: ServerSettings = { root: ROOT, data: new Data(stack, 'Data'), appVersion: '0.0.0', mailFrom: 'no-reply@example.com', logLevel: 'INFO' };
    const server = (id: string, lazyChunks: { entry: string; file: string }[]) =>
      new ServerFunction(stack, id, { entry: join('functions', 'jobs', 'handler.ts'), description: id, settings, timeout: Duration.seconds(6), memorySize: 256, lazyChunks });
    const caller = server('Caller', [TELEPHONY_CHUNK]);
    const other = server('Other', []);
    const jobs = server('Jobs', []);
    const telephony = new Telephony(stack, 'Telephony', { settings, publicUrl: 'https://console.example', jobs, voiceNumbers: [] });

    expect(telephony.equip([caller, other])).toEqual([caller]);

    const template = Template.fromStack(stack);
    const chime = (fn: ServerFunction) => statementsOf(template, logicalId(stack, fn)).filter((st) => actionsOf(st).some((a) => a.startsWith('chime:')));
    expect(chime(caller)).toEqual([expect.objectContaining({ Action: [...CALL_CONTROL_ACTIONS] })]);
    expect(envOf(template, logicalId(stack, caller)).SIP_MEDIA_APPLICATION_ID).toBeDefined();
    expect(chime(other)).toEqual([]);
    expect(envOf(template, logicalId(stack, other)).SIP_MEDIA_APPLICATION_ID).toBeUndefined();
    expect(Object.values(resources(template, 'AWS::Chime::SipMediaApplication'))[0]!.Properties?.AwsRegion).toBe('us-west-2');
    expect(resources(template, 'Custom::ChimeSipRule')).toEqual({});
    expect(resources(template, 'Custom::ChimeSipRuleDisabler')).toEqual({});
  });
});
