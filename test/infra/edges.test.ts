/**
 * The code at the console's edges that the CDK assertions cannot run: the /events ticket function
 * as CloudFront runs it, the API's origin gate, and the Content-Security-Policy as both CloudFront
 * and the local server send it. No synthesis here (stacks.test.ts checks the wiring).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { APIGatewayRequestAuthorizerEventV2 } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { originGate, REREAD_AFTER_MS, handler as originGateHandler } from '../../functions/originGate/handler.js';
import { saveSheetBody } from '../../shared/inspections/schemas.js';
import { contentSecurityPolicy } from '../../infra/csp.js';
import { COMMON_RULES_COUNTED } from '../../infra/edge.js';
import { builtSpa } from '../../infra/local/web.js';
import { VIEWER_AUTHORIZATION_HEADER } from '../../functions/lib/cloudfrontHeaders.js';
import { EVENTS_TICKET_CODE } from '../../infra/web.js';

interface ViewerRequest {
  uri: string;
  headers: Record<string, { value: string } | undefined>;
  querystring: Record<string, { value: string } | undefined>;
}

// The function source runs as CloudFront would run it: a `handler(event)` in plain JavaScript.
const moveTicket = new Function(`${EVENTS_TICKET_CODE}; return handler;`)() as (event: { request: ViewerRequest }) => ViewerRequest;
const viewerRequest = (headers: ViewerRequest['headers'], querystring: ViewerRequest['querystring'] = {}): ViewerRequest => ({
  uri: '/events',
  headers: { accept: { value: 'text/event-stream' }, ...headers },
  querystring: { iam: { value: 'main' }, ...querystring },
});

describe('the /events ticket function', () => {
  it("moves the viewer's Authorization (the stream ticket) aside, out of the header OAC signs and out of the URL", () => {
    const out = moveTicket({ request: viewerRequest({ authorization: { value: 'Bearer Zx_9-Qa1b2' }, 'last-event-id': { value: '01J0' } }) });
    expect(out.headers[VIEWER_AUTHORIZATION_HEADER]).toEqual({ value: 'Bearer Zx_9-Qa1b2' });
    expect(out.headers.authorization).toBeUndefined();
    expect(out.headers['last-event-id']).toEqual({ value: '01J0' });
    expect(out.querystring).toEqual({ iam: { value: 'main' } });
  });

  it("drops a viewer's own moved-aside header, so only its Authorization can fill it", () => {
    const forged = moveTicket({ request: viewerRequest({ [VIEWER_AUTHORIZATION_HEADER]: { value: 'Bearer someone-elses' } }) });
    expect(forged.headers[VIEWER_AUTHORIZATION_HEADER]).toBeUndefined();
    const both = moveTicket({ request: viewerRequest({ [VIEWER_AUTHORIZATION_HEADER]: { value: 'Bearer other' }, authorization: { value: 'Bearer mine' } }) });
    expect(both.headers[VIEWER_AUTHORIZATION_HEADER]).toEqual({ value: 'Bearer mine' });
  });

  it('leaves a request without Authorization otherwise alone (the handler answers 401)', () => {
    const out = moveTicket({ request: viewerRequest({}) });
    expect(out.headers).toEqual({ accept: { value: 'text/event-stream' } });
  });
});

describe('the API origin gate', () => {
  const secretReader = (values: string[]) => {
    let reads = 0;
    return {
      read: async () => values[Math.min(reads++, values.length - 1)]!,
      get reads() {
        return reads;
      },
    };
  };

  it("admits a request that carries CloudFront's secret and refuses a missing or wrong one", async () => {
    const reader = secretReader(['cloudfront-knows-this']);
    const admits = originGate(reader.read);
    expect(await admits('cloudfront-knows-this')).toBe(true);
    expect(await admits(undefined)).toBe(false);
    expect(await admits('')).toBe(false);
    expect(await admits('a-guess')).toBe(false);
    expect(await admits('cloudfront-knows-this-and-more')).toBe(false);
  });

  it('reads the secret once per container while requests match', async () => {
    const reader = secretReader(['s3cret']);
    const admits = originGate(reader.read);
    for (let i = 0; i < 5; i++) await admits('s3cret');
    expect(reader.reads).toBe(1);
  });

  it('picks up a rotated secret by reading again after a mismatch, at most once a minute', async () => {
    let clock = 1_000_000;
    const reader = secretReader(['old', 'new']);
    const admits = originGate(reader.read, () => clock);
    expect(await admits('old')).toBe(true);
    // Guesses right after a read cost no Secrets Manager call.
    expect(await admits('new')).toBe(false);
    expect(reader.reads).toBe(1);
    clock += REREAD_AFTER_MS;
    expect(await admits('new')).toBe(true);
    expect(reader.reads).toBe(2);
    expect(await admits('old')).toBe(false);
  });

  it('fails (API Gateway answers 500 and caches nothing) when the secret cannot be read, rather than refusing', async () => {
    const admits = originGate(async () => {
      throw new Error('Secrets Manager unavailable');
    });
    await expect(admits('anything')).rejects.toThrow(/unavailable/);
  });

  it('answers API Gateway with a simple response, refusing a request without the header without reading the secret', async () => {
    const before = process.env.ORIGIN_VERIFY_SECRET_ARN;
    delete process.env.ORIGIN_VERIFY_SECRET_ARN;
    try {
      const event = { type: 'REQUEST', headers: {} } as unknown as APIGatewayRequestAuthorizerEventV2;
      expect(await originGateHandler(event)).toEqual({ isAuthorized: false });
    } finally {
      if (before !== undefined) process.env.ORIGIN_VERIFY_SECRET_ARN = before;
    }
  });
});

const connectSources = (policy: string): string[] =>
  policy
    .split(';')
    .map((directive) => directive.trim().split(/\s+/))
    .find(([name]) => name === 'connect-src')!
    .slice(1);

describe('the Content-Security-Policy (infra/csp.ts)', () => {
  it("lets scripts connect to the console's own origin and the named origins only", () => {
    const policy = contentSecurityPolicy({ uploads: ['https://uploads.s3.eu-west-1.amazonaws.com'] });
    expect(connectSources(policy)).toEqual(["'self'", 'https://uploads.s3.eu-west-1.amazonaws.com']);
    expect(policy).toContain("default-src 'self'");
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).toContain("object-src 'none'");
  });

  it('refuses an open source in connect-src', () => {
    for (const open of ['https:', '*', 'http:', 'wss:']) {
      expect(() => contentSecurityPolicy({ uploads: [open] }), open).toThrow(/must name origins/);
    }
  });
});

describe('the local server sends the same CSP, with s3rver as the uploads bucket', () => {
  let dist: string;
  let server: Server;
  let base: string;
  const s3Before = process.env.S3_ENDPOINT;

  beforeAll(async () => {
    process.env.S3_ENDPOINT = 'http://127.0.0.1:4569';
    dist = mkdtempSync(join(tmpdir(), 'spa-csp-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
    writeFileSync(join(dist, 'visit.html'), '<!doctype html><div id="visit"></div>');
    writeFileSync(join(dist, 'assets', 'index-1.js'), 'console.log(1)');
    const spa = builtSpa(dist);
    server = createServer((req, res) => void spa.handle(req, res));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    rmSync(dist, { recursive: true, force: true });
    if (s3Before === undefined) delete process.env.S3_ENDPOINT;
    else process.env.S3_ENDPOINT = s3Before;
  });

  it("answers the console, the customer's visit page and assets with the policy CloudFront sends", async () => {
    for (const path of ['/app/', '/app/sign_in', '/app/public/visits/abc', '/app/public/inspections/abc', '/app/assets/index-1.js']) {
      const policy = (await fetch(`${base}${path}`)).headers.get('content-security-policy');
      expect(policy, path).toBe(contentSecurityPolicy({ uploads: ['http://127.0.0.1:4569'] }));
      expect(connectSources(policy!), path).toEqual(["'self'", 'http://127.0.0.1:4569']);
    }
  });

  it('lets the console show pictures and videos from s3rver, which is plain http', async () => {
    const policy = (await fetch(`${base}/app/`)).headers.get('content-security-policy')!;
    const sources = (name: string) => policy.split(';').map((d) => d.trim().split(/\s+/)).find(([n]) => n === name)!.slice(1);
    expect(sources('img-src')).toContain('http://127.0.0.1:4569');
    expect(sources('media-src')).toContain('http://127.0.0.1:4569');
  });
});

describe('the web ACL and the console\'s request bodies', () => {
  // AWSManagedRulesCommonRuleSet's SizeRestrictions_BODY blocks bodies over 8 KB.
  const SIZE_RESTRICTIONS_BODY_LIMIT = 8 * 1024;

  it('counts (does not block) large bodies: an ordinary inspection sheet save is over 8 KB', () => {
    // A usual multi-point inspection: 8 groups of 10 items, a short note on each, 6 recommendations.
    const groups = Array.from({ length: 8 }, (_, g) => ({
      name: `Group ${g + 1} (brakes, tyres, fluids…)`,
      items: Array.from({ length: 10 }, (_, i) => ({ name: `Check item ${g + 1}.${i + 1}`, dmg: 1, comment: 'Measured and within spec; recheck at next service.' })),
    }));
    const recommendations = Array.from({ length: 6 }, (_, r) => ({
      group: groups[r]!.name,
      item: groups[r]!.items[0]!.name,
      est_cost_in_cents: 12_500,
      comment: 'Worn beyond the service limit; replace before the next long trip.',
      notes: 'Customer informed at drop-off.',
    }));
    const body = JSON.stringify(saveSheetBody.parse({ sheet: { version: 3, groups, recommendations } }));
    expect(body.length).toBeGreaterThan(SIZE_RESTRICTIONS_BODY_LIMIT);
    expect(COMMON_RULES_COUNTED).toContain('SizeRestrictions_BODY');
  });
});
