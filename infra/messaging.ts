/**
 * Texts and e-mail. The carrier (AWS End User Messaging SMS) publishes inbound texts and
 * delivery receipts to the SNS topics of CARRIER_TOPICS, each feeding the Lambda its entry names;
 * outbound texts are SNS Publish calls to a phone number and mail goes through SES.
 */
import { Duration, RemovalPolicy, Stack } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as kms from 'aws-cdk-lib/aws-kms';
import * as sns from 'aws-cdk-lib/aws-sns';
import { LambdaSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { CARRIER_TOPICS, type CarrierTopic } from '../functions/areas.js';
import { CONVERSATION_CHUNKS } from '../functions/lib/lazyChunk.js';
import { acknowledge, acknowledgeWildcardResource } from './nag.js';
import { ServerFunction, type LazyChunk, type ServerSettings } from './server-function.js';

/** The AWS clients each carrier-topic entry loads on first use (functions/lib/lazyChunk.ts), as infra/api.ts LAZY_CHUNKS for the areas. */
export const RECEIVER_LAZY_CHUNKS: Partial<Record<string, readonly LazyChunk[]>> = {
  'functions/inbound/handler.ts': CONVERSATION_CHUNKS,
};

/** The service that publishes two-way SMS and SMS delivery events to SNS. */
export const CARRIER_SERVICE = 'sms-voice.amazonaws.com';

/** Every SNS topic and platform endpoint, of any region and account: what no function may publish to. */
export const SNS_ANY_TOPIC_ARN = (partition: string): string => `arn:${partition}:sns:*:*:*`;

export interface MessagingProps {
  readonly settings: ServerSettings;
  readonly publicUrl: string;
}

export class Messaging extends Construct {
  readonly topics: Record<CarrierTopic, sns.Topic>;
  /** The Lambda of each distinct entry of CARRIER_TOPICS (one function may serve several topics). */
  readonly receivers: Map<string, ServerFunction>;
  readonly undelivered: sqs.Queue;
  readonly key: kms.Key;

  constructor(scope: Construct, id: string, props: MessagingProps) {
    super(scope, id);
    const { account } = Stack.of(this);

    this.key = new kms.Key(this, 'TopicKey', {
      description: 'Encrypts the carrier topics (inbound texts, delivery receipts)',
      enableKeyRotation: true,
      // Nothing is stored under this key past SNS delivery, so it may go with the stack.
      removalPolicy: RemovalPolicy.DESTROY,
      pendingWindow: Duration.days(7),
    });

    // Events that could not be handled after Lambda's retries wait here for two weeks, to be
    // replayed by hand, instead of a customer's reply being lost.
    this.undelivered = new sqs.Queue(this, 'UndeliveredCarrierEvents', {
      encryption: sqs.QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      retentionPeriod: Duration.days(14),
    });
    acknowledge(this.undelivered, 'This queue is itself the dead-letter queue of the carrier topics and their Lambda.', 'AwsSolutions-SQS3');

    const carrier = new iam.ServicePrincipal(CARRIER_SERVICE).withConditions({ StringEquals: { 'aws:SourceAccount': account } });
    this.receivers = new Map();
    const topics: Partial<Record<CarrierTopic, sns.Topic>> = {};
    for (const [name, { entry }] of Object.entries(CARRIER_TOPICS) as [CarrierTopic, { entry: string }][]) {
      const topic = new sns.Topic(this, topicId(name), {
        displayName: `Dealer console ${name.replace(/_/g, ' ')}`,
        masterKey: this.key,
        enforceSSL: true,
      });
      topic.grantPublish(carrier);
      topic.addSubscription(new LambdaSubscription(this.receiver(entry, props).fn, { deadLetterQueue: this.undelivered }));
      topics[name] = topic;
    }
    this.topics = topics as Record<CarrierTopic, sns.Topic>;
  }

  private receiver(entry: string, props: MessagingProps): ServerFunction {
    let receiver = this.receivers.get(entry);
    if (receiver) return receiver;
    receiver = new ServerFunction(this, receiverId(entry), {
      entry,
      description: `Dealer console carrier events (${entry})`,
      settings: props.settings,
      publicUrl: props.publicUrl,
      memorySize: 512,
      timeout: Duration.seconds(30),
      deadLetterQueue: this.undelivered,
      lazyChunks: RECEIVER_LAZY_CHUNKS[entry],
    });
    receiver.fn.configureAsyncInvoke({ retryAttempts: 2, maxEventAge: Duration.hours(6) });
    this.receivers.set(entry, receiver);
    return receiver;
  }

  /** Lets a function send a text (SNS Publish to a phone number) and ask what kind of line a number is. */
  grantSendText(server: ServerFunction): void {
    // A phone number has no ARN; SNS authorises SMS publishing on Resource "*".
    iam.Grant.addToPrincipal({ grantee: server.fn, actions: ['sns:Publish'], resourceArns: ['*'] });
    // That "*" would also cover every topic (and push endpoint) of the account, the carrier topics
    // included: a message published there is taken for the customer's own text (a STOP, a receipt)
    // and changes consent. No function publishes to a topic, so every topic ARN is denied; a phone
    // number is not an ARN and stays allowed.
    server.fn.addToRolePolicy(
      new iam.PolicyStatement({
        sid: 'TextsGoToPhoneNumbersNotTopics',
        effect: iam.Effect.DENY,
        actions: ['sns:Publish'],
        resources: [SNS_ANY_TOPIC_ARN(Stack.of(this).partition)],
      }),
    );
    const validate = Stack.of(this).formatArn({ service: 'mobiletargeting', resource: 'phone', resourceName: 'number/validate' });
    iam.Grant.addToPrincipal({ grantee: server.fn, actions: ['mobiletargeting:PhoneNumberValidate'], resourceArns: [validate] });
    acknowledge(server, 'SNS publishes a text to a phone number, which has no ARN: the action is only authorised on Resource "*".', 'AwsSolutions-IAM5[Resource::*]');
  }

  /** Lets a function send e-mail through SES (password reset, magic links, reports). */
  grantSendMail(server: ServerFunction): void {
    const identities = Stack.of(this).formatArn({ service: 'ses', resource: 'identity', resourceName: '*' });
    iam.Grant.addToPrincipal({ grantee: server.fn, actions: ['ses:SendEmail', 'ses:SendRawEmail'], resourceArns: [identities] });
    acknowledgeWildcardResource(
      server,
      identities,
      '',
      'SES checks the sender identity and, while the account is in the SES sandbox, every recipient identity too; recipients are not known in advance.',
    );
  }
}

/** `inbound_sms` → `InboundSms`. */
function topicId(name: string): string {
  return name.replace(/(^|_)([a-z])/g, (_, _sep: string, c: string) => c.toUpperCase());
}

/** `functions/inbound/handler.ts` → `Inbound`: named after the area folder, not the topic order. */
function receiverId(entry: string): string {
  const folder = /^functions\/([a-z_]+)\//.exec(entry)?.[1];
  if (!folder) throw new Error(`Carrier entry outside functions/<area>/: ${entry}`);
  return topicId(folder);
}
