/**
 * The WAF web ACL in front of the console's CloudFront distribution. A CLOUDFRONT-scoped web ACL
 * can only be created in us-east-1, while the console deploys one stack pair per region; so each
 * region's ACL lives in its own small stack pinned to us-east-1, DealerConsole-Edge-<region>, and
 * the App stack reads its ARN by a cross-region reference (app.ts). `-c webAclArn=…` uses an ACL
 * made elsewhere instead and leaves this stack out.
 */
import { Stack, type StackProps } from 'aws-cdk-lib';
import * as wafv2 from 'aws-cdk-lib/aws-wafv2';
import { Construct } from 'constructs';
import { API_AREAS, type ApiArea } from '../functions/areas.js';

/** The only region where CloudFront's web ACLs (scope CLOUDFRONT) can live. */
export const EDGE_REGION = 'us-east-1';

/**
 * Paths of sign-in, password reset and magic links (SPEC §7; CloudFront sends them to the API,
 * web.ts), as URI prefixes: where guessing passwords or flooding a mailbox with reset links
 * would happen.
 */
export const SIGN_IN_PATH_PREFIXES = ['/agent_sessions/', '/password_reset', '/magic_sessions'] as const;

/**
 * Requests to those paths one viewer address may make per window before WAF answers 429 until
 * its rate falls. A store's staff share one address: 60 agents signing in at opening (two
 * requests each) plus hourly token refreshes stay far below; a script trying passwords does not.
 * The accounts' own lockout (functions/sessions) stops slow guessing below this.
 */
export const SIGN_IN_RATE_LIMIT = 300;
export const SIGN_IN_RATE_WINDOW_SECONDS = 300;

/**
 * Everything else that reaches a function: the console's API, the DMS feeds and the payment
 * settings (SPEC §7 `/payments/...`). A store's staff
 * share one address; 60 consoles open at once, each loading boards, conversations and previews
 * (a busy agent makes about a request a second) and a DMS pushing its repair orders stay far below
 * 20,000 requests in 5 minutes (about 65 a second). A script walking ids or replaying requests at
 * machine speed does not.
 */
export const API_PATH_PREFIXES = ['/api/', '/dms/', '/payments/', '/business_info', '/inventory/settings', '/tech/mpi/settings', '/calls_settings/', '/vcard_settings', '/gatekeeper_settings'] as const;
export const API_RATE_LIMIT = 20_000;
export const API_RATE_WINDOW_SECONDS = 300;

/**
 * The customer routes that need no sign-in (the inspection page behind its texted link: functions
 * /customerInspections), and any other area's token routes its declaration names (the setup
 * wizard's `/api/wizard/`: a store's staff save a handful of pages). One customer opens one link
 * and approves a few items; 1,000 requests in 5 minutes leaves room for many customers behind one
 * carrier NAT, and stops token guessing early.
 */
export const PUBLIC_PATH_PREFIXES: readonly string[] = [
  '/api/public/',
  ...new Set(Object.values(API_AREAS).flatMap((area: ApiArea) => area.publicPathPrefixes ?? [])),
];
export const PUBLIC_RATE_LIMIT = 1_000;
export const PUBLIC_RATE_WINDOW_SECONDS = 300;

/**
 * Rules of AWS's common rule set that only count. SizeRestrictions_BODY blocks bodies over 8 KB,
 * and the console sends bigger ones: an inspection sheet with its items and notes
 * (`PUT /api/tech/mpi/repair_orders/{id}/sheet`), sheet templates, DMS feeds of repair orders
 * (`/dms/v1/...`). Each area's zod schema bounds its body instead; files never pass CloudFront
 * (the browser PUTs them to S3 by presigned URL).
 */
export const COMMON_RULES_COUNTED = ['SizeRestrictions_BODY'] as const;

/** The JSON error WAF answers a throttled viewer with, in the API's own error shape. */
const TOO_MANY_REQUESTS_BODY = JSON.stringify({
  error: { id: 'too_many_requests', message: 'Too many requests from this network. Wait a few minutes and try again.' },
});

export class ConsoleWebAcl extends Construct {
  readonly webAcl: wafv2.CfnWebACL;
  readonly arn: string;

  constructor(scope: Construct, id: string) {
    super(scope, id);
    const visibility = (metricName: string): wafv2.CfnWebACL.VisibilityConfigProperty => ({
      cloudWatchMetricsEnabled: true,
      metricName,
      sampledRequestsEnabled: true,
    });
    const pathStartsWith = (prefix: string): wafv2.CfnWebACL.StatementProperty => ({
      byteMatchStatement: {
        fieldToMatch: { uriPath: {} },
        positionalConstraint: 'STARTS_WITH',
        searchString: prefix,
        // CloudFront's path patterns are case-sensitive: another case never reaches the API.
        textTransformations: [{ priority: 0, type: 'NONE' }],
      },
    });

    const throttled = { block: { customResponse: { responseCode: 429, customResponseBodyKey: 'tooManyRequests' } } };
    const perAddress = (limit: number, evaluationWindowSec: number, prefixes: readonly string[]): wafv2.CfnWebACL.StatementProperty => ({
      rateBasedStatement: {
        limit,
        evaluationWindowSec,
        aggregateKeyType: 'IP',
        scopeDownStatement:
          prefixes.length === 1 ? pathStartsWith(prefixes[0]!) : { orStatement: { statements: prefixes.map(pathStartsWith) } },
      },
    });

    this.webAcl = new wafv2.CfnWebACL(this, 'WebAcl', {
      scope: 'CLOUDFRONT',
      description: 'Dealer console: per-address rate limits and AWS common rules',
      defaultAction: { allow: {} },
      visibilityConfig: visibility('DealerConsole'),
      customResponseBodies: {
        tooManyRequests: { contentType: 'APPLICATION_JSON', content: TOO_MANY_REQUESTS_BODY },
      },
      rules: [
        {
          name: 'SignInRateLimit',
          priority: 0,
          action: throttled,
          statement: perAddress(SIGN_IN_RATE_LIMIT, SIGN_IN_RATE_WINDOW_SECONDS, SIGN_IN_PATH_PREFIXES),
          visibilityConfig: visibility('SignInRateLimit'),
        },
        {
          name: 'PublicRateLimit',
          priority: 1,
          action: throttled,
          statement: perAddress(PUBLIC_RATE_LIMIT, PUBLIC_RATE_WINDOW_SECONDS, PUBLIC_PATH_PREFIXES),
          visibilityConfig: visibility('PublicRateLimit'),
        },
        {
          name: 'ApiRateLimit',
          priority: 2,
          action: throttled,
          statement: perAddress(API_RATE_LIMIT, API_RATE_WINDOW_SECONDS, API_PATH_PREFIXES),
          visibilityConfig: visibility('ApiRateLimit'),
        },
        {
          name: 'AWSManagedRulesCommonRuleSet',
          priority: 3,
          overrideAction: { none: {} },
          statement: {
            managedRuleGroupStatement: {
              vendorName: 'AWS',
              name: 'AWSManagedRulesCommonRuleSet',
              ruleActionOverrides: COMMON_RULES_COUNTED.map((name) => ({ name, actionToUse: { count: {} } })),
            },
          },
          visibilityConfig: visibility('AWSManagedRulesCommonRuleSet'),
        },
      ],
    });
    this.arn = this.webAcl.attrArn;
  }
}

export class EdgeStack extends Stack {
  readonly acl: ConsoleWebAcl;

  constructor(scope: Construct, id: string, props: StackProps) {
    if (props.env?.region !== EDGE_REGION) throw new Error(`The edge stack must be deployed to ${EDGE_REGION}`);
    super(scope, id, props);
    this.acl = new ConsoleWebAcl(this, 'Waf');
  }
}
