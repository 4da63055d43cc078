/**
 * Partner sign-in (issue 23) in the CDK app: off unless `-c partnerIssuer` is given; then every
 * API function learns the partner's settings (PARTNER_*) and the console may connect to the
 * partner's origin (the browser runs the password grant and the revocation there), nothing else.
 */
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../infra/app.js';
import { contentSecurityPolicy } from '../../infra/csp.js';
import { resources, synthesise } from './synth.js';

type Env = Record<string, unknown>;
const envOf = (fn: { Properties?: Record<string, unknown> }): Env =>
  ((fn.Properties?.Environment as { Variables?: Env } | undefined)?.Variables ?? {});

describe('partner sign-in in the CDK app', () => {
  it('is off without partnerIssuer: no PARTNER_* anywhere', () => {
    const { app } = synthesise({ validateTemplates: false });
    for (const [id, fn] of Object.entries(resources(app, 'AWS::Lambda::Function'))) {
      expect(Object.keys(envOf(fn)).filter((k) => k.startsWith('PARTNER_')), id).toEqual([]);
    }
  });

  it('passes the partner settings to every API function and lets the browser connect to the partner', () => {
    const { app, built } = synthesise({
      validateTemplates: false,
      context: {
        partnerIssuer: 'https://login.partner.example/oidc/',
        partnerClientId: 'dealer-console',
        partnerConnectUrl: 'https://connect.partner.example/',
        partnerName: 'CAO Connect',
        partnerCookieDomain: '.dealer.example',
      },
    });
    const areas = Object.values(built.appStack.api.areas).map((area) => built.appStack.getLogicalId(area.fn.node.defaultChild as never));
    const functions = resources(app, 'AWS::Lambda::Function');
    expect(areas.length).toBeGreaterThan(5);
    for (const id of areas) {
      expect(envOf(functions[id]!), id).toMatchObject({
        PARTNER_ISSUER: 'https://login.partner.example/oidc',
        PARTNER_CLIENT_ID: 'dealer-console',
        PARTNER_CONNECT_URL: 'https://connect.partner.example/',
        PARTNER_NAME: 'CAO Connect',
        PARTNER_COOKIE_DOMAIN: '.dealer.example',
      });
    }
    const policy = JSON.stringify(resources(app, 'AWS::CloudFront::ResponseHeadersPolicy'));
    expect(policy).toMatch(/connect-src 'self' https:\/\/[^;]*https:\/\/login\.partner\.example[;"]/);
  });

  it('refuses a partner issuer that is not https, and partner settings without an issuer', () => {
    expect(() => buildApp({ context: { partnerIssuer: 'http://login.partner.example', 'aws:cdk:bundling-stacks': [] } })).toThrow(/https/);
    expect(() => buildApp({ context: { partnerName: 'CAO', 'aws:cdk:bundling-stacks': [] } })).toThrow(/partnerIssuer/);
  });

  it('the policy names the partner origin in connect-src only, and never an open source', () => {
    const policy = contentSecurityPolicy({ uploads: ['https://u.example'], partner: ['https://login.partner.example'] });
    expect(policy).toContain("connect-src 'self' https://u.example https://login.partner.example;");
    expect(policy.match(/login\.partner\.example/g)).toHaveLength(1);
    expect(() => contentSecurityPolicy({ uploads: [], partner: ['https:'] })).toThrow(/must name origins/);
  });
});
