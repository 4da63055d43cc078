/**
 * Calls in AWS (issue 25): Amazon Chime SDK PSTN audio. One SIP media application per stack, whose
 * Lambda (SIP_MEDIA_APPLICATION_ENTRY) Chime invokes with every event of a call and which answers
 * with the call's next actions; one SIP rule per store number that takes calls routes the calls to
 * that number to the application. The functions whose code places or ends calls (the Chime client's
 * chunk, TELEPHONY_CHUNK, is built beside their bundle) may start and update calls of this
 * application only; the jobs function reads the voicemail recordings Chime writes to the Data
 * stack's recordings bucket.
 *
 * The application is CloudFormation's own AWS::Chime::SipMediaApplication. SIP rules have no
 * CloudFormation type: each is a custom resource of CDK's AwsCustomResource (CreateSipRule,
 * UpdateSipRule, and on removal UpdateSipRule disabling it, then DeleteSipRule: Chime deletes only
 * a disabled rule). The numbers themselves are Chime SDK Voice numbers an operator orders or ports
 * (docs/deploying.md "Calls"); the stack takes them from context (`-c voiceNumbers=+1…,+1…`) and
 * with none the application exists and takes no calls.
 */
import { CfnOutput, Duration, Stack } from 'aws-cdk-lib';
import * as chime from 'aws-cdk-lib/aws-chime';
import * as iam from 'aws-cdk-lib/aws-iam';
import type * as s3 from 'aws-cdk-lib/aws-s3';
import * as cr from 'aws-cdk-lib/custom-resources';
import { Construct } from 'constructs';
import { SIP_MEDIA_APPLICATION_ENTRY } from '../functions/areas.js';
import { LAMBDA_CHUNK, S3_CHUNK, TELEPHONY_CHUNK } from '../functions/lib/lazyChunk.js';
import { CHIME_VOICE_SERVICE } from './data.js';
import { acknowledge, acknowledgeWildcardResource } from './nag.js';
import { ServerFunction, type LazyChunk, type ServerSettings } from './server-function.js';

/**
 * Chime waits this long for the handler's answer before it treats the invocation as failed: the
 * function's own timeout, so a stuck answer ends there instead of running on unheard.
 */
export const SIP_MEDIA_APPLICATION_TIMEOUT = Duration.seconds(5);

/**
 * What the handler loads on first use (functions/lib/lazyChunk.ts): the S3 client, to read a
 * voicemail's length from its recording's header, and the Lambda client, with which it starts each
 * step's background work (functions/calls/steps.ts `handOver`). The conversation core stays out of
 * its bundle (the steps job loads it), and so do the carrier's and mail's clients.
 */
export const SIP_MEDIA_APPLICATION_LAZY_CHUNKS: readonly LazyChunk[] = [S3_CHUNK, LAMBDA_CHUNK];

/** The API actions that start and end calls of one SIP media application (functions/lib/chimeTelephony.ts). */
export const CALL_CONTROL_ACTIONS = ['chime:CreateSipMediaApplicationCall', 'chime:UpdateSipMediaApplicationCall'] as const;

/** A number Chime can route: E.164. */
const E164 = /^\+[1-9]\d{6,14}$/;

export interface TelephonyProps {
  readonly settings: ServerSettings;
  readonly publicUrl: string;
  /** The jobs function: the handler starts each step's work on it (startInBackground). */
  readonly jobs: ServerFunction;
  /** The store numbers whose calls come here (E.164, Chime SDK Voice numbers of this account and region). */
  readonly voiceNumbers: readonly string[];
}

export class Telephony extends Construct {
  /** The SIP media application's Lambda. */
  readonly handler: ServerFunction;
  readonly sipMediaApplication: chime.CfnSipMediaApplication;
  /** One SIP rule per number, by number. */
  readonly rules: ReadonlyMap<string, cr.AwsCustomResource>;
  private readonly recordings: s3.IBucket;

  constructor(scope: Construct, id: string, props: TelephonyProps) {
    super(scope, id);
    const stack = Stack.of(this);
    const { data } = props.settings;
    this.recordings = data.recordings;
    for (const number of props.voiceNumbers) {
      if (!E164.test(number)) throw new Error(`voiceNumbers: not an E.164 number: ${number}`);
    }
    if (new Set(props.voiceNumbers).size !== props.voiceNumbers.length) throw new Error('voiceNumbers: a number is listed twice');

    this.handler = new ServerFunction(this, 'Handler', {
      entry: SIP_MEDIA_APPLICATION_ENTRY,
      description: 'Dealer console calls: answers each Amazon Chime SDK call event with the next actions',
      settings: props.settings,
      publicUrl: props.publicUrl,
      // CPU comes with memory: a cold start inside Chime's 5 s is what matters here.
      memorySize: 1024,
      timeout: SIP_MEDIA_APPLICATION_TIMEOUT,
      lazyChunks: SIP_MEDIA_APPLICATION_LAZY_CHUNKS,
    });
    const { fn } = this.handler;
    // RecordAudio's destination, and the recording's header it reads the voicemail's length from.
    this.grantRecordingsRead(this.handler);
    fn.addEnvironment('JOBS_FUNCTION_NAME', props.jobs.fn.functionName);
    // It finds the number's store and settings, and keeps each step before handing it over.
    data.grantTableReadWrite(fn);
    props.jobs.fn.grantInvoke(fn);
    acknowledgeWildcardResource(
      this.handler,
      props.jobs.fn.functionArn,
      ':*',
      "CDK's invoke grant also covers the jobs function's versions and aliases (`:*`); there is only the one function.",
    );

    this.sipMediaApplication = new chime.CfnSipMediaApplication(this, 'SipMediaApplication', {
      name: stack.stackName,
      awsRegion: stack.region,
      endpoints: [{ lambdaArn: fn.functionArn }],
    });

    // Chime invokes the handler as its voice connector service, for this account only.
    fn.addPermission('ChimeInvokes', { principal: new iam.ServicePrincipal(CHIME_VOICE_SERVICE), sourceAccount: stack.account });
    const invoke = fn.node.findChild('ChimeInvokes');

    const rules = new Map<string, cr.AwsCustomResource>();
    for (const number of props.voiceNumbers) {
      const rule = this.sipRule(number);
      // A rule sends calls to the handler at once: only once Chime may invoke it.
      rule.node.addDependency(invoke);
      rules.set(number, rule);
    }
    this.rules = rules;

    new CfnOutput(stack, 'SipMediaApplicationId', {
      value: this.sipMediaApplication.attrSipMediaApplicationId,
      description: 'The SIP media application of the calls (Amazon Chime SDK PSTN audio)',
    });
  }

  /** The application's id, as CreateSipMediaApplicationCall names it. */
  get sipMediaApplicationId(): string {
    return this.sipMediaApplication.attrSipMediaApplicationId;
  }

  get sipMediaApplicationArn(): string {
    return this.sipMediaApplication.attrSipMediaApplicationArn;
  }

  /**
   * Gives the call controls of this application (SIP_MEDIA_APPLICATION_ID and the right to start
   * and update its calls) to each function whose bundle carries the Chime client: code that can
   * place a call may, and no other function may.
   */
  equip(servers: readonly ServerFunction[]): ServerFunction[] {
    const callers = servers.filter((server) => server.lazyChunks.some((chunk) => chunk.entry === TELEPHONY_CHUNK.entry));
    for (const server of callers) this.grantCallControl(server);
    return callers;
  }

  /** Lets a function start and end calls of this application (functions/lib/chimeTelephony.ts). */
  grantCallControl(server: ServerFunction): void {
    server.fn.addEnvironment('SIP_MEDIA_APPLICATION_ID', this.sipMediaApplicationId);
    iam.Grant.addToPrincipal({ grantee: server.fn, actions: [...CALL_CONTROL_ACTIONS], resourceArns: [this.sipMediaApplicationArn] });
  }

  /** Lets a function read the voicemail recordings (RECORDINGS_BUCKET) to keep them with the conversation. */
  grantRecordingsRead(server: ServerFunction): void {
    server.fn.addEnvironment('RECORDINGS_BUCKET', this.recordings.bucketName);
    server.grantObjectsRead(this.recordings);
  }

  /**
   * The SIP rule that routes calls to `number` here, and a second custom resource that disables it
   * before it is deleted: CloudFormation removes the dependent one first, and Chime refuses to
   * delete an enabled rule.
   */
  private sipRule(number: string): cr.AwsCustomResource {
    const stack = Stack.of(this);
    const id = `Rule${number.slice(1)}`;
    const name = `${stack.stackName}-${number}`;
    const targets = [{ SipMediaApplicationId: this.sipMediaApplicationId, Priority: 1, AwsRegion: stack.region }];
    // Chime's SIP rule actions take no resource ARN before the rule exists; CreateSipRule only `*`.
    const policy = cr.AwsCustomResourcePolicy.fromStatements([
      new iam.PolicyStatement({ actions: ['chime:CreateSipRule', 'chime:UpdateSipRule', 'chime:DeleteSipRule'], resources: ['*'] }),
    ]);
    const rule = new cr.AwsCustomResource(this, id, {
      resourceType: 'Custom::ChimeSipRule',
      onCreate: {
        service: 'ChimeSDKVoice',
        action: 'CreateSipRule',
        parameters: { Name: name, TriggerType: 'ToPhoneNumber', TriggerValue: number, Disabled: false, TargetApplications: targets },
        physicalResourceId: cr.PhysicalResourceId.fromResponse('SipRule.SipRuleId'),
      },
      // Only the application can change under a rule (its number is in the construct id): point it at the new one.
      onUpdate: {
        service: 'ChimeSDKVoice',
        action: 'UpdateSipRule',
        parameters: { SipRuleId: new cr.PhysicalResourceIdReference(), Name: name, Disabled: false, TargetApplications: targets },
        physicalResourceId: cr.PhysicalResourceId.fromResponse('SipRule.SipRuleId'),
      },
      onDelete: {
        service: 'ChimeSDKVoice',
        action: 'DeleteSipRule',
        parameters: { SipRuleId: new cr.PhysicalResourceIdReference() },
        // Already gone (deleted by hand): nothing left to remove.
        ignoreErrorCodesMatching: 'NotFoundException',
      },
      policy,
      installLatestAwsSdk: false,
      timeout: Duration.minutes(2),
    });
    const disable = new cr.AwsCustomResource(this, `${id}Disabler`, {
      resourceType: 'Custom::ChimeSipRuleDisabler',
      onDelete: {
        service: 'ChimeSDKVoice',
        action: 'UpdateSipRule',
        parameters: { SipRuleId: rule.getResponseField('SipRule.SipRuleId'), Name: name, Disabled: true },
        ignoreErrorCodesMatching: 'NotFoundException',
      },
      policy,
      installLatestAwsSdk: false,
      timeout: Duration.minutes(2),
    });
    disable.node.addDependency(rule);
    for (const resource of [rule, disable]) {
      acknowledge(
        resource,
        "Chime SDK Voice's SIP rule actions are authorised on `*`: a rule has no ARN before CreateSipRule makes it, and its id is Chime's, known only at deploy time.",
        'AwsSolutions-IAM5[Resource::*]',
      );
    }
    return rule;
  }
}
