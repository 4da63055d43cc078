/**
 * The CloudFront side: the /app router function's behaviour, and a deployment on the console's
 * own domain in another region with a web build present (the SPA is deployed, TLS 1.2 enforced).
 */
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Match } from 'aws-cdk-lib/assertions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_AREAS, CARRIER_TOPICS, JOBS_ENTRY, SIP_MEDIA_APPLICATION_ENTRY } from '../../functions/areas.js';
import { TABLE_STREAM_ENTRY } from '../../infra/tableStream.js';
import { API_PATH_PATTERNS, SPA_ROUTER_CODE } from '../../infra/web.js';
import { resources, synthesise, unacknowledgedNagFindings, type Synthesised } from './synth.js';

interface ViewerRequest {
  uri: string;
}
type RouterAnswer = ViewerRequest | { statusCode: number; headers: { location: { value: string } } };

// The function source runs as CloudFront would run it: a `handler(event)` in plain JavaScript.
const route = new Function(`${SPA_ROUTER_CODE}; return handler;`)() as (event: { request: ViewerRequest }) => RouterAnswer;
const uriFor = (uri: string): string | undefined => {
  const answer = route({ request: { uri } });
  return 'uri' in answer ? answer.uri : undefined;
};

describe('the distribution', () => {
  it('sends every route of every API area to the API, none to the SPA', () => {
    // CloudFront path patterns: `*` matches any characters, `?` one.
    const patterns = API_PATH_PATTERNS.map((p) => new RegExp(`^${p.replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*').replace(/\?/g, '.')}$`));
    const unserved = Object.values(API_AREAS)
      .flatMap((area) => area.routes.map((route) => route.split(' ')[1]!))
      .filter((path) => !patterns.some((pattern) => pattern.test(path.replace(/\{[^}]+\}/g, 'x'))));
    expect(unserved).toEqual([]);
  });
});

describe('the /app router function', () => {
  it('serves index.html for client-side routes of the console', () => {
    for (const path of ['/app', '/app/', '/app/sign_in', '/app/appointments', '/app/public/location/abc123/wizard', '/app/login/seamless_error']) {
      expect(uriFor(path), path).toBe('/app/index.html');
    }
  });

  it("serves the customer's visit page for a visit link and the inspection and survey links sent before it, whatever the token looks like", () => {
    for (const path of ['/app/public/visits/abc', '/app/public/visits/Zx_9-Qa.b1', '/app/public/inspections/abc', '/app/public/inspections/Zx_9-Qa.b1', '/app/public/surveys/abc']) {
      expect(uriFor(path), path).toBe('/app/visit.html');
    }
  });

  it('keeps the console for /app paths near the customer links', () => {
    for (const path of ['/app/public/visits', '/app/public/visits/', '/app/public/inspections', '/app/public/inspections/', '/app/public/surveys/', '/app/public/location/abc/wizard']) {
      expect(uriFor(path), path).toBe('/app/index.html');
    }
    expect(uriFor('/app/visit.html')).toBe('/app/visit.html');
  });

  it('passes files through untouched', () => {
    for (const path of ['/app/assets/index-3f9a1c.js', '/app/assets/app.css', '/app/notusable.html', '/app/favicon.ico', '/app/index.html']) {
      expect(uriFor(path), path).toBe(path);
    }
  });

  it('leaves paths outside /app alone, so the API and the bucket answer for themselves', () => {
    for (const path of ['/api/agents/me', '/application', '/robots.txt']) expect(uriFor(path), path).toBe(path);
  });

  it("serves the console's index.html for the phone site's routes (SPEC §2: /m/), and sends /m to /m/", () => {
    for (const path of ['/m/', '/m/appointments', '/m/sign_in', '/m/login/seamless_error']) expect(uriFor(path), path).toBe('/app/index.html');
    expect(route({ request: { uri: '/m' } })).toMatchObject({ statusCode: 302, headers: { location: { value: '/m/' } } });
    // The console's files live under /app/ only; /mail or /media are not the phone site.
    for (const path of ['/m/app.js', '/mail', '/media/x']) expect(uriFor(path), path).toBe(path);
  });

  it('sends the bare origin to the console', () => {
    expect(route({ request: { uri: '/' } })).toMatchObject({ statusCode: 302, headers: { location: { value: '/app/' } } });
  });
});

describe('a deployment on its own domain, in eu-west-1, with a web build', () => {
  const domainName = 'console.dealer.example';
  const certificateArn = 'arn:aws:acm:us-east-1:123456789012:certificate/0f0e0d0c-1111-2222-3333-444455556666';
  const apiCertificateArn = 'arn:aws:acm:eu-west-1:123456789012:certificate/9a8b7c6d-1111-2222-3333-444455556666';
  let webDist: string;
  let s: Synthesised;

  beforeAll(() => {
    webDist = mkdtempSync(join(tmpdir(), 'console-web-dist-'));
    mkdirSync(join(webDist, 'assets'));
    writeFileSync(join(webDist, 'index.html'), '<!doctype html><div id="root"></div>');
    writeFileSync(join(webDist, 'assets', 'index-abc123.js'), 'console.log("console");');
    s = synthesise({ webDist, context: { region: 'eu-west-1', domainName, certificateArn, apiCertificateArn } });
  });
  afterAll(() => rmSync(webDist, { recursive: true, force: true }));

  it('names the stacks after the region from context', () => {
    expect(s.built.dataStack.stackName).toBe('DealerConsole-Data-eu-west-1');
    expect(s.built.appStack.stackName).toBe('DealerConsole-App-eu-west-1');
    expect(s.built.appStack.region).toBe('eu-west-1');
  });

  it('answers on the domain with its certificate and at least TLS 1.2', () => {
    s.app.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: {
        Aliases: [domainName],
        ViewerCertificate: { AcmCertificateArn: certificateArn, MinimumProtocolVersion: 'TLSv1.2_2021', SslSupportMethod: 'sni-only' },
      },
    });
  });

  it('uses the domain as the console origin: PUBLIC_URL and the uploads CORS origin', () => {
    const publicUrls = Object.values(resources(s.app, 'AWS::Lambda::Function'))
      .map((fn) => (fn.Properties?.Environment as { Variables?: Record<string, unknown> } | undefined)?.Variables?.PUBLIC_URL)
      .filter((url) => url !== undefined);
    // Every console function but the event stream (an origin of the distribution).
    const servers = new Set([...Object.values(API_AREAS).map((a) => a.entry), ...Object.values(CARRIER_TOPICS).map((t) => t.entry), JOBS_ENTRY, TABLE_STREAM_ENTRY, SIP_MEDIA_APPLICATION_ENTRY]);
    expect(publicUrls).toEqual(Array(servers.size).fill(`https://${domainName}`));
    const cors = Object.values(resources(s.app, 'Custom::UploadsBucketCors'))[0]?.Properties?.Update as { 'Fn::Join': [string, unknown[]] };
    const call = cors['Fn::Join'][1].map((part) => (typeof part === 'string' ? part : JSON.stringify(part))).join('');
    expect(call).toContain(`"AllowedOrigins":["https://${domainName}"]`);
  });

  it('gives the HTTP API its own name on the domain, reached there by CloudFront, and switches its execute-api endpoint off', () => {
    const apiName = `api.${domainName}`;
    const [apiId, api] = Object.entries(resources(s.app, 'AWS::ApiGatewayV2::Api'))[0]!;
    expect(api.Properties?.DisableExecuteApiEndpoint).toBe(true);
    const [domainId] = Object.entries(resources(s.app, 'AWS::ApiGatewayV2::DomainName'))[0]!;
    s.app.hasResourceProperties('AWS::ApiGatewayV2::DomainName', {
      DomainName: apiName,
      DomainNameConfigurations: [{ CertificateArn: apiCertificateArn, EndpointType: 'REGIONAL', SecurityPolicy: 'TLS_1_2' }],
    });
    s.app.hasResourceProperties('AWS::ApiGatewayV2::ApiMapping', { ApiId: { Ref: apiId }, DomainName: { Ref: domainId }, Stage: Match.anyValue() });
    const config = Object.values(resources(s.app, 'AWS::CloudFront::Distribution'))[0]!.Properties!.DistributionConfig as {
      CacheBehaviors: { PathPattern: string; TargetOriginId: string }[];
      Origins: { Id: string; DomainName: unknown; OriginCustomHeaders?: { HeaderName: string }[] }[];
    };
    const apiOrigin = config.Origins.find((o) => o.Id === config.CacheBehaviors.find((b) => b.PathPattern === '/api/*')!.TargetOriginId)!;
    expect(apiOrigin.DomainName).toBe(apiName);
    // The custom domain is as public as execute-api was: the origin gate's secret still goes along.
    expect(apiOrigin.OriginCustomHeaders?.map((h) => h.HeaderName)).toContain('x-origin-verify');
    s.app.hasOutput('ApiOriginDnsTarget', { Value: { 'Fn::GetAtt': [domainId, 'RegionalDomainName'] } });
    expect(Object.keys((s.app.toJSON() as { Outputs: Record<string, unknown> }).Outputs)).not.toContain('HttpApiEndpoint');
  });

  it('deploys the web build under app/ and invalidates the console paths', () => {
    s.app.resourceCountIs('Custom::CDKBucketDeployment', 1);
    s.app.hasResourceProperties('Custom::CDKBucketDeployment', {
      DestinationBucketKeyPrefix: 'app/',
      DistributionPaths: ['/app/*'],
      Prune: false,
    });
  });

  it('guards the eu-west-1 distribution with a web ACL of its own edge stack in us-east-1', () => {
    expect(s.built.edgeStack?.stackName).toBe('DealerConsole-Edge-eu-west-1');
    expect(s.built.edgeStack?.region).toBe('us-east-1');
    const distribution = Object.values(resources(s.app, 'AWS::CloudFront::Distribution'))[0]!;
    expect((distribution.Properties?.DistributionConfig as { WebACLId: unknown }).WebACLId).toMatchObject({
      'Fn::GetStackOutput': { StackName: 'DealerConsole-Edge-eu-west-1', Region: 'us-east-1' },
    });
    // Read by stack output: no SSM writer or reader custom resources (and their Lambdas) are needed.
    expect(Object.keys(resources(s.app)).filter((id) => /ExportsReader|ExportsWriter/.test(id))).toEqual([]);
  });

  it('still passes cdk-nag AwsSolutions with every exception acknowledged', () => {
    expect(unacknowledgedNagFindings(s.built)).toEqual([]);
  });
});
