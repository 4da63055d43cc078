/**
 * The two stacks of one region: Data (stateful, termination-protected, everything retained) and
 * App (stateless, free to replace). App receives Data's resources as props; nothing in Data
 * refers to App, so the stacks never depend on each other both ways.
 */
import { CfnOutput, Stack, type StackProps } from 'aws-cdk-lib';
import * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import { Api } from './api.js';
import { Data } from './data.js';
import { Jobs } from './jobs.js';
import { TableStream } from './tableStream.js';
import { Messaging } from './messaging.js';
import { Realtime } from './realtime.js';
import type { PartnerSettings, ServerSettings } from './server-function.js';
import { Signals } from './signals.js';
import { Telephony } from './telephony.js';
import { Web, type CustomDomain } from './web.js';
import { acknowledge, acknowledgeWildcardResource } from './nag.js';

export class DataStack extends Stack {
  readonly data: Data;

  constructor(scope: Construct, id: string, props: StackProps) {
    super(scope, id, { ...props, terminationProtection: true });
    this.data = new Data(this, 'Data');

    new CfnOutput(this, 'TableName', { value: this.data.table.tableName, description: 'The console DynamoDB table' });
    new CfnOutput(this, 'UploadsBucketName', { value: this.data.uploads.bucketName, description: 'Galleries, attachments, logos, PDFs' });
    new CfnOutput(this, 'ReportsBucketName', { value: this.data.reports.bucketName, description: 'Generated reports' });
    new CfnOutput(this, 'WebBucketName', { value: this.data.web.bucketName, description: 'The built console (under app/)' });
    new CfnOutput(this, 'RecordingsBucketName', { value: this.data.recordings.bucketName, description: 'Voicemail recordings, as Amazon Chime SDK writes them' });
  }
}

export interface AppStackProps extends StackProps {
  readonly data: Data;
  /** Project root (entries, lock file). */
  readonly root: string;
  readonly appVersion: string;
  readonly mailFrom: string;
  /** Partner sign-in (issue 23); absent = off. */
  readonly partner?: PartnerSettings;
  readonly webDist?: string;
  readonly customDomain?: CustomDomain;
  /** The CLOUDFRONT-scoped WAF web ACL for the distribution (edge.ts, or `-c webAclArn`). */
  readonly webAclArn: string;
  /** The store numbers that take calls (E.164 Chime SDK Voice numbers, `-c voiceNumbers`); none: the calls' application takes no calls. */
  readonly voiceNumbers?: readonly string[];
}

export class AppStack extends Stack {
  readonly api: Api;
  readonly signals: Signals;
  readonly realtime: Realtime;
  readonly messaging: Messaging;
  readonly jobs: Jobs;
  readonly tableStream: TableStream;
  readonly telephony: Telephony;
  readonly web: Web;

  constructor(scope: Construct, id: string, props: AppStackProps) {
    super(scope, id, props);
    const { data } = props;
    const settings: ServerSettings = {
      root: props.root,
      data,
      appVersion: props.appVersion,
      mailFrom: props.mailFrom,
      logLevel: 'INFO',
      ...(props.partner ? { partner: props.partner } : {}),
    };

    // Lives and dies with the distribution that sends it, so it belongs to this stack.
    const originVerify = new secretsmanager.Secret(this, 'OriginVerifySecret', {
      description: 'Shared between CloudFront, the API origin gate and the API functions: marks requests that came through CloudFront',
      generateSecretString: { passwordLength: 48, excludePunctuation: true },
    });
    acknowledge(
      originVerify,
      'Rotating it needs CloudFront and the functions changed together, which a deployment does; it is rotated by hand and a redeploy (docs/deploying.md), not on a timer.',
      'AwsSolutions-SMG4',
    );
    // The HTTP API and the realtime function URL are origins of the distribution, so they come
    // first. The API's functions may still read the distribution's domain (PUBLIC_URL): the
    // origin is the API resource itself, which does not depend on its routes or functions.
    this.api = new Api(this, 'Api', { settings, originVerify, originDomain: props.customDomain?.api });
    // Before the stream, whose environment names the IoT endpoint: the endpoint lookup depends on
    // nothing of the distribution, so the stream's URL can stay one of its origins.
    this.signals = new Signals(this, 'Signals');
    this.realtime = new Realtime(this, 'Realtime', { settings, signals: this.signals });
    this.web = new Web(this, 'Web', {
      webBucket: data.web,
      uploadsBucket: data.uploads,
      logBucket: data.accessLogs,
      apiDomainName: this.api.domainName,
      originVerify: originVerify.secretValue.unsafeUnwrap(),
      eventsUrl: this.realtime.url,
      webAclArn: props.webAclArn,
      webDist: props.webDist,
      customDomain: props.customDomain,
      // The browser posts the partner's password grant and revocation to the partner itself.
      ...(props.partner ? { partnerOrigin: new URL(props.partner.issuer).origin } : {}),
    });
    const publicUrl = this.web.publicUrl;
    for (const area of this.api.functions) {
      area.fn.addEnvironment('PUBLIC_URL', publicUrl);
      area.fn.addEnvironment('ORIGIN_VERIFY_SECRET_ARN', originVerify.secretArn);
      originVerify.grantRead(area.fn);
    }

    this.messaging = new Messaging(this, 'Messaging', { settings, publicUrl });
    this.jobs = new Jobs(this, 'Jobs', { settings, publicUrl });
    this.tableStream = new TableStream(this, 'TableStream', { settings, table: data.table, publicUrl });
    // Its listeners keep their own items (counters, search entries) and read the records they stand for.
    data.grantTableReadWrite(this.tableStream.listener.fn);

    // Who may do what. The realtime stream only reads the table and listens (realtime.ts); whatever
    // writes the table writes events, and so also signals them.
    for (const server of [...this.api.functions, ...this.messaging.receivers.values(), this.jobs.runner]) {
      data.grantTableReadWrite(server.fn);
      this.signals.grantPublish(server);
      server.grantObjectsReadWrite(data.uploads);
      this.messaging.grantSendText(server);
    }
    // A mass text is answered at once and sent by the jobs function, started asynchronously (functions/lib/background.ts).
    this.jobs.runner.fn.grantInvoke(this.api.areas.messages.fn);
    acknowledgeWildcardResource(
      this.api.areas.messages.fn.role!,
      this.jobs.runner.fn.functionArn,
      ':*',
      "CDK's invoke grant also covers the jobs function's versions and aliases (`:*`); there is only the one function.",
    );
    this.api.areas.messages.fn.addEnvironment('JOBS_FUNCTION_NAME', this.jobs.runner.fn.functionName);
    for (const server of [...this.api.functions, this.jobs.runner]) {
      server.grantObjectsReadWrite(data.reports);
      data.jwtSecret.grantRead(server.fn);
      this.messaging.grantSendMail(server);
    }
    // The Stripe keys, to the functions whose code calls the card gateway and to no other: the
    // payments area, the DMS feed (a pre-invoiced order sends its queued request) and the jobs
    // (auto-send, reconciliation). Read on first use (functions/payments/stripeKeys.ts).
    for (const server of [this.api.areas.payments, this.api.areas.dms, this.jobs.runner]) {
      data.stripeSecret.grantRead(server.fn);
      server.fn.addEnvironment('STRIPE_SECRET_ARN', data.stripeSecret.secretArn);
    }
    // Calls (issue 25): Chime's SIP media application and its rules. The functions whose code
    // places or ends calls get its call controls; the jobs apply the calls' steps and keep each
    // voicemail recording with the conversation.
    this.telephony = new Telephony(this, 'Telephony', { settings, publicUrl, jobs: this.jobs.runner, voiceNumbers: props.voiceNumbers ?? [] });
    this.telephony.equip([...this.api.functions, this.jobs.runner]);
    this.telephony.grantRecordingsRead(this.jobs.runner);

    // A customer's text can set off a board's e-mail (a low survey rating tells the managers).
    for (const receiver of this.messaging.receivers.values()) this.messaging.grantSendMail(receiver);

    new CfnOutput(this, 'ConsoleUrl', { value: `${publicUrl}/app/`, description: 'Open the console here' });
    new CfnOutput(this, 'ApiUrl', { value: `${publicUrl}/api/`, description: 'The API, as the console calls it (through CloudFront)' });
    if (this.api.customDomain) {
      new CfnOutput(this, 'ApiOriginDnsTarget', {
        value: this.api.customDomain.regionalDomainName,
        description: `Point ${this.api.domainName} (CNAME) here: CloudFront reaches the HTTP API by that name, its execute-api endpoint is off`,
      });
    } else {
      new CfnOutput(this, 'HttpApiEndpoint', {
        value: this.api.httpApi.apiEndpoint,
        description: 'The HTTP API behind CloudFront: refuses every request that did not come through CloudFront',
      });
    }
    new CfnOutput(this, 'CarrierInboundTopicArn', { value: this.messaging.topics.inbound_sms.topicArn, description: 'Point the two-way SMS number here' });
    new CfnOutput(this, 'CarrierReceiptsTopicArn', { value: this.messaging.topics.delivery_receipts.topicArn, description: 'Point SMS delivery events here' });
  }
}
