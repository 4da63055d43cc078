/**
 * The stateful part of the console: the one DynamoDB table, the buckets (uploads, reports, the
 * built SPA, voicemail recordings, and the access logs of all of them), the JWT signing key and the Stripe keys' secret. Everything here keeps
 * its data when the stack is deleted or a resource is replaced, and each resource's logical id
 * is pinned so a refactor of this file can never replace (and so empty) a table or bucket.
 */
import { CfnResource, Duration, RemovalPolicy, SecretValue, Stack } from 'aws-cdk-lib';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as s3 from 'aws-cdk-lib/aws-s3';
import * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import { INDEX_NAMES, TABLE_INDEXES } from '../functions/lib/table.js';
import { acknowledge } from './nag.js';

/** Logical ids of the stateful resources. Changing one replaces the resource: never do it. */
export const PINNED_IDS = {
  table: 'ConsoleTable',
  uploads: 'UploadsBucket',
  reports: 'ReportsBucket',
  web: 'WebBucket',
  accessLogs: 'AccessLogsBucket',
  recordings: 'RecordingsBucket',
  jwtSecret: 'JwtSigningSecret',
  stripeSecret: 'StripeSecret',
} as const;

/**
 * What the server may do to the table: items and queries, never Scan (every list is a Query on a
 * key or index, DESIGN.md), never table management. Transactions are authorised per item by these.
 */
export const TABLE_READ_ACTIONS = ['dynamodb:GetItem', 'dynamodb:BatchGetItem', 'dynamodb:Query'] as const;
export const TABLE_WRITE_ACTIONS = [
  'dynamodb:PutItem',
  'dynamodb:UpdateItem',
  'dynamodb:DeleteItem',
  'dynamodb:BatchWriteItem',
  'dynamodb:ConditionCheckItem',
] as const;

/**
 * How long a voicemail recording stays where Chime wrote it: the calls' background work copies each
 * into the uploads storage within minutes (functions/calls), so this only bounds what a stuck step
 * leaves behind, with time to replay it.
 */
export const RECORDINGS_RETENTION = Duration.days(30);

/** The service that writes RecordAudio's recordings (Amazon Chime SDK PSTN audio, infra/telephony.ts). */
export const CHIME_VOICE_SERVICE = 'voiceconnector.chime.amazonaws.com';

/** The key prefix the built SPA is deployed under; CloudFront serves it at /app. */
export const WEB_PREFIX = 'app/';

export class Data extends Construct {
  readonly table: dynamodb.Table;
  readonly uploads: s3.Bucket;
  readonly reports: s3.Bucket;
  readonly web: s3.Bucket;
  readonly accessLogs: s3.Bucket;
  /** Where Chime writes voicemail recordings (RecordAudio); the console copies them into uploads. */
  readonly recordings: s3.Bucket;
  readonly jwtSecret: secretsmanager.Secret;
  /** The platform's Stripe keys (text-to-pay), created empty: the operator fills it (README "Deploying"). */
  readonly stripeSecret: secretsmanager.Secret;

  constructor(scope: Construct, id: string) {
    super(scope, id);

    this.table = new dynamodb.Table(this, 'Table', {
      partitionKey: { name: 'pk', type: dynamodb.AttributeType.STRING },
      sortKey: { name: 'sk', type: dynamodb.AttributeType.STRING },
      billingMode: dynamodb.BillingMode.PAY_PER_REQUEST,
      timeToLiveAttribute: 'expires_at',
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      stream: dynamodb.StreamViewType.NEW_AND_OLD_IMAGES,
      // Encrypted at rest with the AWS-owned key (no KMS charges); switching to a customer key later is an online change.
      encryption: dynamodb.TableEncryption.DEFAULT,
      deletionProtection: true,
      removalPolicy: RemovalPolicy.RETAIN,
    });
    for (const index of INDEX_NAMES) {
      this.table.addGlobalSecondaryIndex({
        indexName: index,
        partitionKey: { name: `${index}pk`, type: dynamodb.AttributeType.STRING },
        sortKey: { name: `${index}sk`, type: dynamodb.AttributeType.STRING },
        projectionType: TABLE_INDEXES[index] === 'ALL' ? dynamodb.ProjectionType.ALL : dynamodb.ProjectionType.KEYS_ONLY,
      });
    }
    pin(this.table, PINNED_IDS.table);

    // One bucket takes the access logs of the others and CloudFront's standard logs. CloudFront
    // writes those with an ACL grant, so this bucket (alone) keeps ACLs, owned by the bucket owner.
    this.accessLogs = new s3.Bucket(this, 'AccessLogs', {
      ...privateBucket(),
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_PREFERRED,
      lifecycleRules: [{ id: 'expire-logs', expiration: Duration.days(365) }],
    });
    pin(this.accessLogs, PINNED_IDS.accessLogs);
    acknowledge(this.accessLogs, 'This is the access-log bucket itself; logging it into itself would log its own log writes forever.', 'AwsSolutions-S1');

    this.uploads = new s3.Bucket(this, 'Uploads', {
      ...privateBucket(),
      ...loggedTo(this.accessLogs, 'uploads'),
      // Galleries, attachments, logos and PDFs are what customers were sent: keep overwritten or
      // deleted versions for a month so a mistake can be undone.
      versioned: true,
      lifecycleRules: [
        { id: 'old-versions', noncurrentVersionExpiration: Duration.days(30) },
        { id: 'unfinished-uploads', abortIncompleteMultipartUploadAfter: Duration.days(7) },
      ],
      // No CORS rules here: they name the console's origin, the distribution's domain, which only
      // the App stack knows; it puts them on the bucket at deploy time (web.ts, UploadsCors).
    });
    pin(this.uploads, PINNED_IDS.uploads);

    this.reports = new s3.Bucket(this, 'Reports', {
      ...privateBucket(),
      ...loggedTo(this.accessLogs, 'reports'),
      lifecycleRules: [{ id: 'unfinished-uploads', abortIncompleteMultipartUploadAfter: Duration.days(7) }],
    });
    pin(this.reports, PINNED_IDS.reports);

    this.recordings = new s3.Bucket(this, 'Recordings', {
      ...privateBucket(),
      ...loggedTo(this.accessLogs, 'recordings'),
      lifecycleRules: [
        { id: 'expire-recordings', expiration: RECORDINGS_RETENTION },
        { id: 'unfinished-uploads', abortIncompleteMultipartUploadAfter: Duration.days(7) },
      ],
    });
    pin(this.recordings, PINNED_IDS.recordings);
    // RecordAudio writes as Chime's voice connector service, which needs PutObject and PutObjectAcl
    // (Chime SDK Developer Guide, "RecordAudio"). Only for this account's SIP media applications: the
    // application's ARN is the App stack's, which this stack may not name, so any of the account's
    // applications in this region (there is one per stack) against the confused deputy.
    const { account, region, partition } = Stack.of(this);
    this.recordings.addToResourcePolicy(
      new iam.PolicyStatement({
        sid: 'ChimeWritesVoicemailRecordings',
        principals: [new iam.ServicePrincipal(CHIME_VOICE_SERVICE)],
        actions: ['s3:PutObject', 's3:PutObjectAcl'],
        resources: [this.recordings.arnForObjects('*')],
        conditions: {
          StringEquals: { 'aws:SourceAccount': account },
          ArnLike: { 'aws:SourceArn': `arn:${partition}:chime:${region}:${account}:sma/*` },
        },
      }),
    );

    // The web bucket's policy names the distribution that may read it, and the distribution lives
    // in the App stack, which depends on this one: so the App stack writes the bucket's whole
    // policy, the TLS denies included (web.ts, WebBucketPolicy). A bucket has one policy, so
    // none is made here. Until the App stack exists the bucket admits nobody outside IAM.
    this.web = new s3.Bucket(this, 'Web', { ...privateBucket(), enforceSSL: false, minimumTLSVersion: undefined, ...loggedTo(this.accessLogs, 'web') });
    pin(this.web, PINNED_IDS.web);
    acknowledge(
      this.web,
      'Its bucket policy, with the TLS-only deny, is written by the App stack beside the distribution it names (infra/web.ts).',
      'AwsSolutions-S10',
    );

    this.jwtSecret = new secretsmanager.Secret(this, 'JwtSecret', {
      description: 'HS256 key that signs the console access tokens',
      generateSecretString: { passwordLength: 64, excludePunctuation: true },
      removalPolicy: RemovalPolicy.RETAIN,
    });
    pin(this.jwtSecret, PINNED_IDS.jwtSecret);
    acknowledge(
      this.jwtSecret,
      'Rotating the signing key ends every signed-in session at once; it is rotated by hand at a quiet hour (docs/deploying.md), not on a timer.',
      'AwsSolutions-SMG4',
    );

    // Empty on creation: the keys are Stripe's to issue and the operator's to enter
    // (functions/payments/stripeKeys.ts reads this JSON; an empty key is a gateway not configured).
    this.stripeSecret = new secretsmanager.Secret(this, 'StripeSecret', {
      description: "Text-to-pay: the platform's Stripe secret key, webhook signing secret and Connect client id (JSON: secret_key, webhook_secret, client_id), filled by the operator",
      secretObjectValue: { secret_key: SecretValue.unsafePlainText(''), webhook_secret: SecretValue.unsafePlainText(''), client_id: SecretValue.unsafePlainText('') },
      removalPolicy: RemovalPolicy.RETAIN,
    });
    pin(this.stripeSecret, PINNED_IDS.stripeSecret);
    acknowledge(
      this.stripeSecret,
      'Stripe issues and rolls these keys in its dashboard; the operator enters the new ones here (README "Deploying"). Secrets Manager cannot rotate them.',
      'AwsSolutions-SMG4',
    );
  }

  /** Item reads and queries on the table and its indexes. */
  grantTableRead(grantee: iam.IGrantable): iam.Grant {
    return this.grantTable(grantee, [...TABLE_READ_ACTIONS]);
  }

  /** Item reads, queries and writes on the table and its indexes. */
  grantTableReadWrite(grantee: iam.IGrantable): iam.Grant {
    return this.grantTable(grantee, [...TABLE_READ_ACTIONS, ...TABLE_WRITE_ACTIONS]);
  }

  // The indexes are named (not `index/*`), so a grant says exactly what it reaches.
  private grantTable(grantee: iam.IGrantable, actions: string[]): iam.Grant {
    const { tableArn } = this.table;
    return iam.Grant.addToPrincipal({
      grantee,
      actions,
      resourceArns: [tableArn, ...INDEX_NAMES.map((index) => `${tableArn}/index/${index}`)],
    });
  }
}

function privateBucket(): Pick<s3.BucketProps, 'blockPublicAccess' | 'enforceSSL' | 'encryption' | 'removalPolicy' | 'minimumTLSVersion'> {
  return {
    blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
    enforceSSL: true,
    minimumTLSVersion: 1.2,
    encryption: s3.BucketEncryption.S3_MANAGED,
    removalPolicy: RemovalPolicy.RETAIN,
  };
}

function loggedTo(logs: s3.IBucket, name: string): Pick<s3.BucketProps, 'serverAccessLogsBucket' | 'serverAccessLogsPrefix'> {
  return { serverAccessLogsBucket: logs, serverAccessLogsPrefix: `s3/${name}/` };
}

function pin(construct: Construct, logicalId: string): void {
  (construct.node.defaultChild as CfnResource).overrideLogicalId(logicalId);
}
