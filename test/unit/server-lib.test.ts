import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from '../../functions/lib/passwords.js';
import { ipAllowed } from '../../functions/lib/session.js';
import { sseFrame } from '../../functions/events/stream.js';
import { settingsChanges, completeSettings } from '../../shared/schemas/settings.js';

describe('password hashes', () => {
  it('verifies the right password and refuses a wrong one', async () => {
    const stored = await hashPassword('demo-dealer');
    expect(stored).toMatch(/^scrypt\$/);
    expect(await verifyPassword('demo-dealer', stored)).toBe(true);
    expect(await verifyPassword('demo-dealeR', stored)).toBe(false);
  });

  it('salts each hash', async () => {
    expect(await hashPassword('same')).not.toBe(await hashPassword('same'));
  });
});

describe('ipAllowed', () => {
  const at = (ip_allowlist: string[]) => ({ ip_allowlist });
  it('allows everyone when the list is empty', () => {
    expect(ipAllowed(at([]), '198.51.100.7', false)).toBe(true);
  });
  it('matches single addresses and CIDR ranges, IPv4-mapped IPv6 included', () => {
    expect(ipAllowed(at(['203.0.113.0/24']), '203.0.113.9', false)).toBe(true);
    expect(ipAllowed(at(['203.0.113.0/24']), '::ffff:203.0.113.9', false)).toBe(true);
    expect(ipAllowed(at(['203.0.113.5']), '203.0.113.5', false)).toBe(true);
    expect(ipAllowed(at(['203.0.113.0/24']), '198.51.100.7', false)).toBe(false);
    expect(ipAllowed(at(['2001:db8::/32']), '2001:db8::1', false)).toBe(true);
  });
  it('never locks out a company admin', () => {
    expect(ipAllowed(at(['203.0.113.0/24']), '198.51.100.7', true)).toBe(true);
  });
  it('refuses an unparsable source address', () => {
    expect(ipAllowed(at(['203.0.113.0/24']), 'not-an-ip', false)).toBe(false);
  });
});

describe('settings groups', () => {
  it('completes a never-saved group with defaults', () => {
    const service = completeSettings('service_settings', undefined);
    expect(service.mode).toBe('manual');
    expect(service.work_declined_notification_after_days).toBe(3);
  });

  it('takes only the named fields of a partial update', () => {
    const result = settingsChanges('service_settings', { safe_mode: true });
    expect(result).toEqual({ ok: true, changes: { safe_mode: true } });
  });

  it('refuses values outside the spec’s ranges', () => {
    const result = settingsChanges('service_settings', { work_declined_notification_after_days: 11 });
    expect(result.ok).toBe(false);
    const wizard = settingsChanges('appointments_settings', { remind_days_prior: 8 });
    expect(wizard.ok).toBe(false);
  });
});

describe('event stream', () => {
  it('writes SSE frames with event, id and data lines', () => {
    expect(sseFrame({ id: '01H', type: 'settings_updated', data: { key: 'x' } })).toBe(
      'event: settings_updated\nid: 01H\ndata: {"key":"x"}\n\n',
    );
  });
});

describe('clientIp', () => {
  const event = (headers: Record<string, string>) =>
    ({ headers, requestContext: { http: { sourceIp: '130.176.0.1' } } }) as unknown as import('aws-lambda').APIGatewayProxyEventV2;
  const viewer = { 'cloudfront-viewer-address': '198.51.100.10:46532' };

  async function withProxy(run: (clientIp: (e: ReturnType<typeof event>) => Promise<string>) => Promise<void>) {
    const { clientIp } = await import('../../functions/lib/clientIp.js');
    process.env.CLIENT_IP_HEADER = 'cloudfront-viewer-address';
    process.env.ORIGIN_VERIFY_SECRET = 'cloudfront-knows-this';
    try {
      await run(clientIp);
    } finally {
      delete process.env.CLIENT_IP_HEADER;
      delete process.env.ORIGIN_VERIFY_SECRET;
    }
  }

  it('takes the viewer address from CloudFront requests, IPv4 and IPv6', async () => {
    await withProxy(async (clientIp) => {
      const verify = { 'x-origin-verify': 'cloudfront-knows-this' };
      expect(await clientIp(event({ ...viewer, ...verify }))).toBe('198.51.100.10');
      expect(await clientIp(event({ 'cloudfront-viewer-address': '2001:db8::1:46532', ...verify }))).toBe('2001:db8::1');
      expect(await clientIp(event(verify))).toBe('130.176.0.1');
    });
  });

  it('does not believe the header from a caller going around CloudFront', async () => {
    await withProxy(async (clientIp) => {
      expect(await clientIp(event(viewer))).toBe('130.176.0.1');
      expect(await clientIp(event({ ...viewer, 'x-origin-verify': 'a-guess' }))).toBe('130.176.0.1');
    });
  });

  it('ignores the header when no proxy is trusted', async () => {
    const { clientIp } = await import('../../functions/lib/clientIp.js');
    expect(await clientIp(event({ ...viewer, 'x-origin-verify': 'x' }))).toBe('130.176.0.1');
  });
});

describe('clientKey: the client whose failed sign-ins are counted', () => {
  it('is an IPv4 address itself, and the /64 of an IPv6 address (one subscriber holds a whole /64)', async () => {
    const { clientKey } = await import('../../functions/lib/clientIp.js');
    expect(clientKey('198.51.100.7')).toBe('198.51.100.7');
    expect(clientKey('::ffff:198.51.100.7')).toBe('198.51.100.7');
    expect(clientKey('2001:db8:1:2:3:4:5:6')).toBe('2001:db8:1:2::/64');
    expect(clientKey('2001:db8:1:2::9')).toBe(clientKey('2001:db8:1:2:ffff::1'));
    expect(clientKey('2001:db8:1:3::9')).not.toBe(clientKey('2001:db8:1:2::9'));
  });
});

describe('carrier topic handler', () => {
  const snsEvent = (...messages: string[]) =>
    ({ Records: messages.map((Message, i) => ({ Sns: { Message, MessageId: `m${i}` } })) }) as unknown as import('aws-lambda').SNSEvent;

  // The first import of the inbound function's whole module graph: seconds on a loaded machine, which is not what is tested.
  it('counts, and does not store, messages that are not JSON or of no known shape', { timeout: 30_000 }, async () => {
    process.env.LOG_LEVEL = 'silent';
    const { handler } = await import('../../functions/inbound/handler.js');
    const result = await handler(snsEvent('not json', JSON.stringify({ hello: 'world' })));
    expect(result).toEqual({ inbound: 0, receipts: 0, rejected: 2 });
  });
});
