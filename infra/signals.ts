/**
 * Push wake-ups beside the event log (DESIGN "Real time", issue 12) on AWS IoT Core: every function
 * that writes the table publishes a small signal after writing an event (iot:Publish through the
 * IoT Data Plane HTTPS API), and each open event stream listens with MQTT over WebSocket, signed
 * with credentials of the listener role, assumed per stream with a session policy naming exactly
 * the topics of its ticket (functions/lib/signals/topics.ts). IoT Core has nothing to create here:
 * the account's endpoint already exists, topics exist when used, and SigV4 clients are authorised
 * by IAM alone (no IoT policy, no thing, no certificate).
 */
import { createHash } from 'node:crypto';
import { ArnFormat, Duration, Names, RemovalPolicy, Stack, Token } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as logs from 'aws-cdk-lib/aws-logs';
import * as cr from 'aws-cdk-lib/custom-resources';
import { Construct } from 'constructs';
import { acknowledge, acknowledgeWildcardResource } from './nag.js';
import { LOG_RETENTION, type ServerFunction } from './server-function.js';

/** The longest prefix topics.ts accepts (one topic segment). */
const MAX_PREFIX = 64;

/**
 * `dealer-console-<stack name>`, lower-cased, reduced to [a-z0-9-]: one topic segment that is also
 * safe in an IAM ARN and an MQTT client id. Two stacks in one account share its IoT endpoint, and
 * the prefix is what keeps their signals (and their grants) apart. A name too long for one segment
 * keeps its start and gains a digest of the whole, so two long names still differ.
 */
export function signalsTopicPrefix(name: string): string {
  const prefix = `dealer-console-${name}`
    .toLowerCase()
    .replace(/[^a-z0-9-]+/g, '-')
    .replace(/-{2,}/g, '-')
    .replace(/-+$/, '');
  if (prefix.length <= MAX_PREFIX) return prefix;
  const digest = createHash('sha256').update(prefix).digest('hex').slice(0, 8);
  return `${prefix.slice(0, MAX_PREFIX - digest.length - 1).replace(/-+$/, '')}-${digest}`;
}

export class Signals extends Construct {
  /** `https://<account's ATS data endpoint>`: the Data Plane API and, as wss://…/mqtt, MQTT. */
  readonly endpoint: string;
  /** Known at synth time: the first segment of every topic of this stack. */
  readonly topicPrefix: string;
  private listener?: iam.Role;

  /** The role streams assume to listen; made by grantListen (there is one stream function). */
  get listenerRole(): iam.Role | undefined {
    return this.listener;
  }

  constructor(scope: Construct, id: string) {
    super(scope, id);
    const stack = Stack.of(this);
    this.topicPrefix = signalsTopicPrefix(Token.isUnresolved(stack.stackName) ? Names.uniqueId(this) : stack.stackName);

    // Looked up at deploy time, not synth time: `cdk synth` stays offline and needs no credentials.
    // The provider gets a role of our own, as the server functions do (server-function.ts), so it
    // may write only its own log group instead of holding AWSLambdaBasicExecutionRole.
    const providerLogs = new logs.LogGroup(this, 'EndpointLookupLogs', { retention: LOG_RETENTION, removalPolicy: RemovalPolicy.RETAIN });
    const providerRole = new iam.Role(this, 'EndpointLookupRole', {
      assumedBy: new iam.ServicePrincipal('lambda.amazonaws.com'),
      // CDK's custom resource provider is one function per stack, so this role also serves the
      // other deploy-time call of the stack: the uploads bucket's CORS rules (web.ts).
      description: 'Deploy-time calls of the dealer console: reads the account IoT data endpoint, puts the uploads bucket CORS rules, keeps the calls SIP rules',
    });
    providerLogs.grantWrite(providerRole);
    const lookup = new cr.AwsCustomResource(this, 'Endpoint', {
      resourceType: 'Custom::IotDataEndpoint',
      onUpdate: {
        service: 'Iot',
        action: 'describeEndpoint',
        parameters: { endpointType: 'iot:Data-ATS' },
        physicalResourceId: cr.PhysicalResourceId.of('iot-data-ats-endpoint'),
        outputPaths: ['endpointAddress'],
      },
      // DescribeEndpoint has no resource-level permission: the IAM reference allows only `*`.
      policy: cr.AwsCustomResourcePolicy.fromSdkCalls({ resources: cr.AwsCustomResourcePolicy.ANY_RESOURCE }),
      role: providerRole,
      logGroup: providerLogs,
      installLatestAwsSdk: false,
      timeout: Duration.minutes(1),
    });
    acknowledge(
      lookup,
      'iot:DescribeEndpoint has no resource-level permission (the IAM service reference lists `*` only); it reveals the endpoint host name and nothing else.',
      'AwsSolutions-IAM5[Resource::*]',
    );
    // The provider is a singleton function of the stack, made by aws-cdk-lib beside this construct.
    const provider = stack.node.tryFindChild(`AWS${cr.AwsCustomResource.PROVIDER_FUNCTION_UUID.replace(/-/g, '')}`);
    if (provider) acknowledge(provider, "CDK's AwsCustomResource provider: aws-cdk-lib chooses and updates its runtime; it runs only while deploying.", 'AwsSolutions-L1');

    this.endpoint = `https://${lookup.getResponseField('endpointAddress')}`;
  }

  /** `arn:<partition>:iot:<region>:<account>:<kind>/<name>` of this stack's region and account. */
  private iotArn(kind: 'topic' | 'topicfilter' | 'client', name: string): string {
    return Stack.of(this).formatArn({ service: 'iot', resource: kind, resourceName: name, arnFormat: ArnFormat.SLASH_RESOURCE_NAME });
  }

  private tellWhere(server: ServerFunction): void {
    server.fn.addEnvironment('SIGNALS_ENDPOINT', this.endpoint);
    server.fn.addEnvironment('SIGNALS_TOPIC_PREFIX', this.topicPrefix);
  }

  /** Lets a function that writes events send their signals: iot:Publish on this stack's topics, nothing else. */
  grantPublish(server: ServerFunction): void {
    this.tellWhere(server);
    const topics = this.iotArn('topic', `${this.topicPrefix}/*`);
    server.fn.addToRolePolicy(new iam.PolicyStatement({ actions: ['iot:Publish'], resources: [topics] }));
    acknowledgeWildcardResource(
      server,
      topics,
      '',
      "Signal topics are made at run time per company and channel (a digest of them), so the grant can only name this stack's prefix; a signal carries its event (tenant data), which only a listening stream whose session policy names exactly that topic can receive.",
    );
  }

  /**
   * Lets the event stream listen: the listener role, assumable only by the stream function's role,
   * may connect as a stream client, subscribe to this stack's topics and receive from them. The
   * stream narrows that further per connection with a session policy naming its ticket's topics,
   * so a stream can hear only its own channels whatever the role allows.
   */
  grantListen(stream: ServerFunction): iam.Role {
    if (this.listener) throw new Error('Signals: grantListen is for the one event stream function');
    const client = this.iotArn('client', `${this.topicPrefix}-stream-*`);
    const filters = this.iotArn('topicfilter', `${this.topicPrefix}/*`);
    const topics = this.iotArn('topic', `${this.topicPrefix}/*`);
    // Inline, so the role never exists without (or with more than) these three permissions.
    const role = new iam.Role(this, 'ListenerRole', {
      assumedBy: stream.fn.grantPrincipal,
      description: 'Assumed by the dealer console event stream, with a session policy per ticket, to hear its channels on AWS IoT Core',
      maxSessionDuration: Duration.hours(1),
      inlinePolicies: {
        Listen: new iam.PolicyDocument({
          statements: [
            new iam.PolicyStatement({ actions: ['iot:Connect'], resources: [client] }),
            new iam.PolicyStatement({ actions: ['iot:Subscribe'], resources: [filters] }),
            new iam.PolicyStatement({ actions: ['iot:Receive'], resources: [topics] }),
          ],
        }),
      },
    });
    acknowledgeWildcardResource(role, client, '', 'Each stream connection makes its MQTT client id at run time under this prefix; the stream function alone may assume this role.');
    for (const arn of [filters, topics]) {
      acknowledgeWildcardResource(
        role,
        arn,
        '',
        "Channel and session topics are made at run time; each stream assumes this role with a session policy naming exactly its ticket's topics, which is what narrows its subscriptions.",
      );
    }
    role.grantAssumeRole(stream.fn.grantPrincipal);
    this.tellWhere(stream);
    stream.fn.addEnvironment('SIGNALS_LISTENER_ROLE_ARN', role.roleArn);
    this.listener = role;
    return role;
  }
}
