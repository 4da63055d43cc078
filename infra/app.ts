/**
 * The CDK app: one pair of stacks per region, DealerConsole-Data-<region> and
 * DealerConsole-App-<region>, plus DealerConsole-Edge-<region> in us-east-1 holding the WAF web
 * ACL of that region's distribution (CloudFront's ACLs live only there). All checked by cdk-nag's
 * AWS Solutions rules.
 *
 *   npx cdk synth -c region=eu-west-1        (offline, no credentials: nothing is looked up)
 *   npx cdk deploy -c region=eu-west-1 --all
 *
 * Context: region (default us-east-1), mailFrom (verified SES sender), optionally domainName
 * with certificateArn (ACM, us-east-1) to serve the console on its own domain (the HTTP API then
 * answers on apiDomainName, default api.<domainName>, with apiCertificateArn, an ACM certificate
 * in the region, default certificateArn in us-east-1, and its execute-api endpoint is off), and optionally
 * webAclArn (an existing CLOUDFRONT-scoped web ACL) instead of the edge stack, and optionally
 * voiceNumbers (`+16175550100,+16175550101`, or a list in cdk.json): the Chime SDK Voice numbers
 * whose calls the console takes (infra/telephony.ts).
 * Tests build the same app in-process with buildApp().
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { App, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { EDGE_REGION, EdgeStack } from './edge.js';
import { AppStack, DataStack } from './stacks.js';
import { appVersion } from './version.js';
import type { CustomDomain } from './web.js';
import type { PartnerSettings } from './server-function.js';

export const DEFAULT_REGION = 'us-east-1';
export const DEFAULT_MAIL_FROM = 'no-reply@example.com';

const PROJECT_ROOT = fileURLToPath(new URL('..', import.meta.url));

export interface BuildOptions {
  /** Overrides the `region` context. */
  readonly region?: string;
  /** Extra context, e.g. `{ 'aws:cdk:bundling-stacks': [] }` to skip bundling in tests. */
  readonly context?: Record<string, unknown>;
  /** Project root; default the directory above infra/. */
  readonly root?: string;
  /** The built SPA to deploy; default `<root>/web/dist`, deployed only if it exists. */
  readonly webDist?: string;
}

export interface ConsoleApp {
  readonly app: App;
  readonly region: string;
  readonly dataStack: DataStack;
  readonly appStack: AppStack;
  /** Absent when `-c webAclArn` names a web ACL made elsewhere. */
  readonly edgeStack?: EdgeStack;
}

export function stackNames(region: string): { data: string; app: string; edge: string } {
  return { data: `DealerConsole-Data-${region}`, app: `DealerConsole-App-${region}`, edge: `DealerConsole-Edge-${region}` };
}

export function buildApp(options: BuildOptions = {}): ConsoleApp {
  const root = options.root ?? PROJECT_ROOT;
  // The feature flags of cdk.json apply to in-process builds too, so tests see what `cdk synth`
  // sees; when the CLI runs the app its own context (the same file, plus -c) takes precedence.
  const app = new App({ context: { ...cdkJsonContext(root), ...options.context } });

  const region = options.region ?? stringContext(app, 'region') ?? DEFAULT_REGION;
  if (!/^[a-z]{2}(-[a-z]+)+-\d+$/.test(region)) throw new Error(`Not an AWS region: ${region}`);
  const env = { account: process.env.CDK_DEFAULT_ACCOUNT, region };
  const customDomain = customDomainFrom(app, region);
  const names = stackNames(region);
  const givenWebAclArn = webAclArnFrom(app);

  const edgeStack = givenWebAclArn
    ? undefined
    : new EdgeStack(app, names.edge, {
        env: { account: env.account, region: EDGE_REGION },
        description: `Dealer console: WAF web ACL of the ${region} distribution (CloudFront web ACLs live in ${EDGE_REGION})`,
        // Its ARN is read by the App stack in another region (by stack output: cdk.json's
        // defaultCrossStackReferences is weak, so no SSM writer/reader custom resources).
        crossRegionReferences: true,
      });

  const dataStack = new DataStack(app, names.data, {
    env,
    description: 'Dealer console: stateful resources (table, buckets, signing key)',
  });
  const appStack = new AppStack(app, names.app, {
    env,
    description: 'Dealer console: API, event stream, messaging, jobs and CloudFront',
    data: dataStack.data,
    root,
    appVersion: appVersion(root),
    mailFrom: stringContext(app, 'mailFrom') ?? DEFAULT_MAIL_FROM,
    ...partnerFrom(app),
    webDist: options.webDist ?? join(root, 'web', 'dist'),
    customDomain,
    webAclArn: edgeStack ? edgeStack.acl.arn : (givenWebAclArn as string),
    voiceNumbers: voiceNumbersFrom(app),
    crossRegionReferences: edgeStack !== undefined,
  });
  appStack.addStackDependency(dataStack, 'App resources use the Data stack table, buckets and secret');
  if (edgeStack) appStack.addStackDependency(edgeStack, 'The distribution is guarded by the Edge stack web ACL');

  Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
  return { app, region, dataStack, appStack, edgeStack };
}

function cdkJsonContext(root: string): Record<string, unknown> {
  const file = join(root, 'cdk.json');
  if (!existsSync(file)) return {};
  const json = JSON.parse(readFileSync(file, 'utf8')) as { context?: Record<string, unknown> };
  return json.context ?? {};
}

/** Partner sign-in (issue 23) from context: `-c partnerIssuer=https://…` turns it on; the rest refine it. */
function partnerFrom(app: App): { partner?: PartnerSettings } {
  const issuer = stringContext(app, 'partnerIssuer');
  const others = ['partnerClientId', 'partnerConnectUrl', 'partnerName', 'partnerCookieDomain', 'partnerRequiredRole'].filter((key) => stringContext(app, key));
  if (!issuer) {
    if (others.length > 0) throw new Error(`${others.join(', ')} need -c partnerIssuer too`);
    return {};
  }
  const url = new URL(issuer);
  // Tokens and passwords cross the network to it: never in clear.
  if (url.protocol !== 'https:') throw new Error(`partnerIssuer must be https: ${issuer}`);
  const optional = (key: string, name: keyof PartnerSettings) => {
    const value = stringContext(app, key);
    return value ? { [name]: value } : {};
  };
  return {
    partner: {
      issuer: issuer.replace(/\/$/, ''),
      ...optional('partnerClientId', 'clientId'),
      ...optional('partnerConnectUrl', 'connectUrl'),
      ...optional('partnerName', 'name'),
      ...optional('partnerCookieDomain', 'cookieDomain'),
      ...optional('partnerRequiredRole', 'requiredRole'),
    },
  };
}

function stringContext(app: App, key: string): string | undefined {
  const value: unknown = app.node.tryGetContext(key);
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value !== 'string') throw new Error(`Context ${key} must be a string`);
  return value;
}

function customDomainFrom(app: App, region: string): CustomDomain | undefined {
  const domainName = stringContext(app, 'domainName');
  const certificateArn = stringContext(app, 'certificateArn');
  const apiDomainName = stringContext(app, 'apiDomainName');
  const apiCertificateArn = stringContext(app, 'apiCertificateArn');
  if (!domainName && !certificateArn) {
    if (apiDomainName || apiCertificateArn) throw new Error('apiDomainName and apiCertificateArn need the console domain too (-c domainName, -c certificateArn)');
    return undefined;
  }
  if (!domainName || !certificateArn) throw new Error('Give both -c domainName and -c certificateArn (ACM, us-east-1), or neither');
  // An ACM certificate serves its own region only: the console's (us-east-1, for CloudFront) can
  // serve the API's name too when the API is in us-east-1 and the certificate covers that name.
  const apiCertificate = apiCertificateArn ?? (region === EDGE_REGION ? certificateArn : undefined);
  if (!apiCertificate) {
    throw new Error(`With a custom domain the HTTP API gets its own name on it: give -c apiCertificateArn, an ACM certificate in ${region} covering ${apiDomainName ?? `api.${domainName}`}`);
  }
  return { domainName, certificateArn, api: { domainName: apiDomainName ?? `api.${domainName}`, certificateArn: apiCertificate } };
}

/** `-c voiceNumbers=+1…,+1…` (the CLI's context is a string) or a list (cdk.json); absent: none. */
export function voiceNumbersFrom(app: App): string[] {
  const value: unknown = app.node.tryGetContext('voiceNumbers');
  if (value === undefined || value === null || value === '') return [];
  const list = typeof value === 'string' ? value.split(',') : value;
  if (!Array.isArray(list) || !list.every((n): n is string => typeof n === 'string')) throw new Error('Context voiceNumbers must be E.164 numbers separated by commas, or a list of them');
  return list.map((n) => n.trim()).filter((n) => n !== '');
}

function webAclArnFrom(app: App): string | undefined {
  const arn = stringContext(app, 'webAclArn');
  if (arn !== undefined && !/^arn:aws[a-z-]*:wafv2:us-east-1:\d{12}:global\/webacl\/[\w-]+\/[\w-]+$/.test(arn)) {
    throw new Error(`webAclArn must be a CLOUDFRONT-scoped WAFv2 web ACL (arn:aws:wafv2:us-east-1:<account>:global/webacl/<name>/<id>): ${arn}`);
  }
  return arn;
}

// Run by the CDK CLI (cdk.json: `npx tsx infra/app.ts`), not when imported by tests.
if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  buildApp().app.synth();
}
