/**
 * The console's one origin: a CloudFront distribution that serves the built SPA from the web
 * bucket under /app, sends the API paths to the HTTP API and /events to the streaming function
 * URL, as the local server does (infra/local). It is also the only door: the web bucket and the
 * function URL admit only this distribution (Origin Access Control), the HTTP API only requests
 * with its origin-verify secret (api.ts), and the WAF web ACL (edge.ts) sits in front of all.
 */
import { existsSync } from 'node:fs';
import { Annotations, Duration, Stack } from 'aws-cdk-lib';
import * as acm from 'aws-cdk-lib/aws-certificatemanager';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import * as origins from 'aws-cdk-lib/aws-cloudfront-origins';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as s3 from 'aws-cdk-lib/aws-s3';
import * as s3deploy from 'aws-cdk-lib/aws-s3-deployment';
import * as cr from 'aws-cdk-lib/custom-resources';
import { Construct } from 'constructs';
import { WEB_PREFIX } from './data.js';
import { ORIGIN_VERIFY_HEADER } from '../functions/lib/clientIp.js';
import { VIEWER_AUTHORIZATION_HEADER } from '../functions/lib/cloudfrontHeaders.js';
import { contentSecurityPolicy } from './csp.js';
import { acknowledge, acknowledgeWildcardsOfCdkHandler } from './nag.js';

/** Paths CloudFront sends to the HTTP API (SPEC §7); everything else not /events is the SPA bucket. */
export const API_PATH_PATTERNS = [
  '/api/*',
  '/agent_sessions/*',
  '/password_reset*',
  '/magic_sessions*',
  '/dms/*',
  '/payments/*',
  // SPEC §7's settings paths outside /api.
  '/business_info',
  '/inventory/settings',
  '/tech/mpi/settings',
  '/calls_settings/*',
  '/vcard_settings',
  '/gatekeeper_settings*',
] as const;
export const EVENTS_PATH_PATTERN = '/events*';

/**
 * Viewer-request function of the SPA behaviour (cloudfront-js-2.0). A customer's visit link
 * (/app/public/visits/{token}, whatever the token looks like), and the inspection and survey links
 * sent before it (/app/public/inspections/{token}, /app/public/surveys/{token}), get the visit
 * page's own small document, /app/visit.html; other client-side routes under /app (no file extension in
 * the last segment) get /app/index.html; files pass through; the bare origin goes to /app/. Unlike
 * an error-response mapping, this leaves the API's own 404s alone.
 */
export const SPA_ROUTER_CODE = `function handler(event) {
  var request = event.request;
  var uri = request.uri;
  if (uri === '/' || uri === '') {
    return { statusCode: 302, statusDescription: 'Found', headers: { location: { value: '/app/' } } };
  }
  if ((uri.indexOf('/app/public/visits/') === 0 && uri.length > 19) || (uri.indexOf('/app/public/inspections/') === 0 && uri.length > 24) || (uri.indexOf('/app/public/surveys/') === 0 && uri.length > 20)) {
    request.uri = '/app/visit.html';
    return request;
  }
  if (uri === '/app' || (uri.indexOf('/app/') === 0 && !/\\.[A-Za-z0-9]+$/.test(uri.substring(uri.lastIndexOf('/') + 1)))) {
    request.uri = '/app/index.html';
  }
  return request;
}`;

/**
 * Viewer-request function of the /events behaviour. Origin Access Control signs each request to
 * the function URL in the Authorization header, replacing the viewer's, and the console sends its
 * stream ticket there as a bearer (web/src/lib/realtime.ts). So the viewer's Authorization moves
 * to VIEWER_AUTHORIZATION_HEADER, which the stream handler reads first; a viewer's own value of
 * that header is dropped. The ticket stays out of the URL (and so out of the access logs).
 */
export const EVENTS_TICKET_CODE = `function handler(event) {
  var request = event.request;
  var authorization = request.headers.authorization;
  delete request.headers['${VIEWER_AUTHORIZATION_HEADER}'];
  if (authorization) {
    request.headers['${VIEWER_AUTHORIZATION_HEADER}'] = { value: authorization.value };
    delete request.headers.authorization;
  }
  return request;
}`;

/**
 * The uploads bucket's CORS rule, for the console's origin only: browsers PUT files there with
 * presigned URLs and read them back (gallery thumbnails).
 */
export function uploadsCorsRules(consoleOrigin: string): Record<string, unknown>[] {
  return [
    {
      AllowedMethods: ['PUT', 'GET', 'HEAD'],
      AllowedOrigins: [consoleOrigin],
      AllowedHeaders: ['*'],
      ExposeHeaders: ['ETag'],
      MaxAgeSeconds: 3000,
    },
  ];
}

export interface CustomDomain {
  readonly domainName: string;
  /** ACM certificate in us-east-1 covering domainName. */
  readonly certificateArn: string;
  /**
   * The HTTP API's own name on the same domain, CloudFront's origin for the API paths: with it the
   * API's execute-api endpoint is switched off (api.ts).
   */
  readonly api: ApiOriginDomain;
}

export interface ApiOriginDomain {
  /** e.g. `api.console.dealer.example`; point it (CNAME) at the stack's ApiOriginDnsTarget output. */
  readonly domainName: string;
  /** ACM certificate in the App stack's region covering domainName. */
  readonly certificateArn: string;
}

export interface WebProps {
  /** The partner identity provider's origin (issue 23): the console connects to it at sign-in and logout. */
  readonly partnerOrigin?: string;
  readonly webBucket: s3.IBucket;
  /** Where the console PUTs attachments by presigned URL; its CORS rules are written here. */
  readonly uploadsBucket: s3.IBucket;
  readonly logBucket: s3.IBucket;
  /** Host name CloudFront reaches the HTTP API at: its custom domain, or its execute-api name. */
  readonly apiDomainName: string;
  /**
   * Sent to the API origin as `x-origin-verify`: the functions trust the viewer-address header
   * only on requests that carry it, so a caller going around CloudFront cannot forge its address.
   */
  readonly originVerify: string;
  /** The stream's function URL (auth AWS_IAM): reached with Origin Access Control. */
  readonly eventsUrl: lambda.IFunctionUrl;
  /** ARN of the CLOUDFRONT-scoped WAF web ACL (us-east-1) in front of the distribution. */
  readonly webAclArn: string;
  /** The built SPA (web/dist); deployed only when it exists at synth time. */
  readonly webDist?: string;
  readonly customDomain?: CustomDomain;
}

export class Web extends Construct {
  readonly distribution: cloudfront.Distribution;
  /** `https://<console host>`, no trailing slash: the PUBLIC_URL of the functions. */
  readonly publicUrl: string;
  readonly deployment?: s3deploy.BucketDeployment;

  constructor(scope: Construct, id: string, props: WebProps) {
    super(scope, id);

    // The bucket is owned by the Data stack; its policy is written below, where the distribution
    // it names is known. Referring to the bucket by attributes keeps CDK from also writing a
    // policy for it in the Data stack, which would make the two stacks depend on each other.
    const siteBucket = s3.Bucket.fromBucketAttributes(this, 'SiteBucket', {
      bucketArn: props.webBucket.bucketArn,
      bucketName: props.webBucket.bucketName,
      bucketRegionalDomainName: props.webBucket.bucketRegionalDomainName,
    });
    const siteOrigin = origins.S3BucketOrigin.withOriginAccessControl(siteBucket, {
      originAccessLevels: [cloudfront.AccessLevel.READ],
    });

    const apiOrigin = new origins.HttpOrigin(props.apiDomainName, {
      protocolPolicy: cloudfront.OriginProtocolPolicy.HTTPS_ONLY,
      originSslProtocols: [cloudfront.OriginSslPolicy.TLS_V1_2],
      readTimeout: Duration.seconds(30),
      customHeaders: { [ORIGIN_VERIFY_HEADER]: props.originVerify },
    });
    // Signed with SigV4 by CloudFront. OAC cannot sign a viewer's POST body for a function URL
    // (the viewer would have to send x-amz-content-sha256), which is why only the stream, a GET,
    // is a function URL and the API stays behind API Gateway.
    const eventsOrigin = origins.FunctionUrlOrigin.withOriginAccessControl(props.eventsUrl, {
      // The stream sends a heartbeat every 10 s; the read timeout is the gap allowed between bytes.
      readTimeout: Duration.seconds(60),
    });
    const eventsTicket = new cloudfront.Function(this, 'EventsTicket', {
      comment: 'Moves the event-stream ticket out of the Authorization header that OAC signs',
      runtime: cloudfront.FunctionRuntime.JS_2_0,
      code: cloudfront.FunctionCode.fromInline(EVENTS_TICKET_CODE),
    });

    const spaRouter = new cloudfront.Function(this, 'SpaRouter', {
      comment: 'Serves /app/index.html for client-side routes of the console',
      runtime: cloudfront.FunctionRuntime.JS_2_0,
      code: cloudfront.FunctionCode.fromInline(SPA_ROUTER_CODE),
    });

    const securityHeaders = new cloudfront.ResponseHeadersPolicy(this, 'SecurityHeaders', {
      comment: 'Dealer console security headers',
      securityHeadersBehavior: {
        strictTransportSecurity: { accessControlMaxAge: Duration.days(730), includeSubdomains: true, override: true },
        contentTypeOptions: { override: true },
        frameOptions: { frameOption: cloudfront.HeadersFrameOption.DENY, override: true },
        referrerPolicy: { referrerPolicy: cloudfront.HeadersReferrerPolicy.STRICT_ORIGIN_WHEN_CROSS_ORIGIN, override: true },
        xssProtection: { protection: true, modeBlock: true, override: true },
        contentSecurityPolicy: {
          // The same policy the local server sends (csp.ts), with the uploads bucket as the one
          // origin besides this one that the console may connect to.
          contentSecurityPolicy: contentSecurityPolicy({
            uploads: [`https://${props.uploadsBucket.bucketRegionalDomainName}`],
            ...(props.partnerOrigin ? { partner: [props.partnerOrigin] } : {}),
          }),
          override: true,
        },
      },
    });

    const passThrough: Omit<cloudfront.BehaviorOptions, 'origin'> = {
      viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.HTTPS_ONLY,
      cachePolicy: cloudfront.CachePolicy.CACHING_DISABLED,
      originRequestPolicy: cloudfront.OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
      responseHeadersPolicy: securityHeaders,
    };
    const apiBehavior: cloudfront.BehaviorOptions = {
      ...passThrough,
      origin: apiOrigin,
      allowedMethods: cloudfront.AllowedMethods.ALLOW_ALL,
    };

    const certificate = props.customDomain
      ? acm.Certificate.fromCertificateArn(this, 'Certificate', props.customDomain.certificateArn)
      : undefined;

    this.distribution = new cloudfront.Distribution(this, 'Distribution', {
      comment: `Dealer console (${Stack.of(this).region})`,
      defaultBehavior: {
        origin: siteOrigin,
        viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        allowedMethods: cloudfront.AllowedMethods.ALLOW_GET_HEAD_OPTIONS,
        cachePolicy: cloudfront.CachePolicy.CACHING_OPTIMIZED,
        compress: true,
        responseHeadersPolicy: securityHeaders,
        functionAssociations: [{ function: spaRouter, eventType: cloudfront.FunctionEventType.VIEWER_REQUEST }],
      },
      additionalBehaviors: {
        ...Object.fromEntries(API_PATH_PATTERNS.map((pattern) => [pattern, apiBehavior])),
        [EVENTS_PATH_PATTERN]: {
          ...passThrough,
          origin: eventsOrigin,
          // GET and HEAD only: a signed POST or PUT would need the viewer to hash its body.
          allowedMethods: cloudfront.AllowedMethods.ALLOW_GET_HEAD,
          functionAssociations: [{ function: eventsTicket, eventType: cloudfront.FunctionEventType.VIEWER_REQUEST }],
        },
      },
      webAclId: props.webAclArn,
      httpVersion: cloudfront.HttpVersion.HTTP2_AND_3,
      // North America and Europe: where the console's languages (SPEC §5) are spoken by staff.
      priceClass: cloudfront.PriceClass.PRICE_CLASS_100,
      enableLogging: true,
      logBucket: props.logBucket,
      logFilePrefix: 'cloudfront/',
      ...(props.customDomain && certificate
        ? {
            domainNames: [props.customDomain.domainName],
            certificate,
            minimumProtocolVersion: cloudfront.SecurityPolicyProtocol.TLS_V1_2_2021,
            sslSupportMethod: cloudfront.SSLMethod.SNI,
          }
        : {}),
    });

    this.publicUrl = `https://${props.customDomain?.domainName ?? this.distribution.distributionDomainName}`;

    // The web bucket's only policy (data.ts makes none): TLS 1.2 or newer only, and reads of the SPA prefix by
    // this distribution alone. `AWS:SourceArn` names it, so another distribution of the account,
    // e.g. another region's console, cannot serve this bucket.
    const sitePolicy = new s3.BucketPolicy(this, 'WebBucketPolicy', { bucket: siteBucket });
    sitePolicy.document.addStatements(
      new iam.PolicyStatement({
        sid: 'TlsOnly',
        effect: iam.Effect.DENY,
        principals: [new iam.AnyPrincipal()],
        actions: ['s3:*'],
        resources: [siteBucket.bucketArn, siteBucket.arnForObjects('*')],
        conditions: { Bool: { 'aws:SecureTransport': 'false' } },
      }),
      new iam.PolicyStatement({
        sid: 'Tls12OrNewer',
        effect: iam.Effect.DENY,
        principals: [new iam.AnyPrincipal()],
        actions: ['s3:*'],
        resources: [siteBucket.bucketArn, siteBucket.arnForObjects('*')],
        conditions: { NumericLessThan: { 's3:TlsVersion': 1.2 } },
      }),
      new iam.PolicyStatement({
        sid: 'CloudFrontReadsTheConsole',
        principals: [new iam.ServicePrincipal('cloudfront.amazonaws.com')],
        actions: ['s3:GetObject'],
        resources: [siteBucket.arnForObjects(`${WEB_PREFIX}*`)],
        conditions: { StringEquals: { 'AWS:SourceArn': this.distribution.distributionArn } },
      }),
    );

    // The uploads bucket admits browser requests from the console's origin only. That origin is
    // the distribution's own name unless a custom domain is set, and the distribution is made
    // here, after the Data stack that owns the bucket: so its CORS rules are put at deploy time
    // (one S3 call by CDK's custom resource provider) instead of in the Data stack's template.
    new cr.AwsCustomResource(this, 'UploadsCors', {
      resourceType: 'Custom::UploadsBucketCors',
      onUpdate: {
        service: 'S3',
        action: 'putBucketCors',
        parameters: { Bucket: props.uploadsBucket.bucketName, CORSConfiguration: { CORSRules: uploadsCorsRules(this.publicUrl) } },
        physicalResourceId: cr.PhysicalResourceId.of('uploads-bucket-cors'),
      },
      // Nothing on delete: the bucket outlives this stack, and a rule naming a gone origin admits nobody.
      policy: cr.AwsCustomResourcePolicy.fromStatements([
        new iam.PolicyStatement({ actions: ['s3:PutBucketCORS'], resources: [props.uploadsBucket.bucketArn] }),
      ]),
      installLatestAwsSdk: false,
      timeout: Duration.minutes(1),
    });

    if (props.webDist && existsSync(props.webDist)) {
      this.deployment = new s3deploy.BucketDeployment(this, 'DeploySpa', {
        sources: [s3deploy.Source.asset(props.webDist)],
        destinationBucket: props.webBucket,
        destinationKeyPrefix: WEB_PREFIX,
        // Old hashed chunks stay: a tab opened before the release still lazy-loads its routes.
        prune: false,
        memoryLimit: 512,
        distribution: this.distribution,
        distributionPaths: [`/${WEB_PREFIX}*`],
      });
      // The copy is done by CDK's own handler (a singleton function of the stack); its role and
      // runtime are aws-cdk-lib's, not ours.
      const handlerRole = this.deployment.handlerRole;
      acknowledge(
        handlerRole,
        "CDK's BucketDeployment handler: the AWS managed policy only lets it write its own logs.",
        'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
      );
      acknowledgeWildcardsOfCdkHandler(
        handlerRole,
        "CDK's BucketDeployment handler copies the built SPA from the CDK asset bucket into the web bucket and invalidates the distribution; CDK writes this policy.",
      );
      if (handlerRole.node.scope) {
        acknowledge(handlerRole.node.scope, "CDK's BucketDeployment handler: aws-cdk-lib chooses and updates its runtime.", 'AwsSolutions-L1');
      }
    }

    Annotations.of(this).acknowledgeWarning(
      '@aws-cdk/aws-cloudfront-origins:updateImportedBucketPolicyOac',
      'The web bucket policy (WebBucketPolicy, above) admits this distribution for the SPA prefix.',
    );
    acknowledge(this.distribution, 'The console serves dealerships and their staff in many countries (SPEC §5 languages); no country is excluded.', 'AwsSolutions-CFR1');
    if (!props.customDomain) {
      acknowledge(
        this.distribution,
        'Without a custom domain CloudFront serves its default *.cloudfront.net certificate, whose TLS policy cannot be chosen; deploy with -c domainName and -c certificateArn to enforce TLS 1.2.',
        'AwsSolutions-CFR4',
      );
    }
  }
}
