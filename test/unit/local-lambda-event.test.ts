import { describe, expect, it } from 'vitest';
import { buildHttpEvent, httpResult, lambdaContext, requestTime, type RawRequest } from '../../infra/local/lambda-event.js';

function request(overrides: Partial<RawRequest> = {}): RawRequest {
  return {
    method: 'POST',
    url: '/api/locations/loc%5F1/dms_settings?tag=a&tag=b&q=hello%20world',
    httpVersion: '1.1',
    headers: {},
    rawHeaders: [
      'Host', 'localhost:3000',
      'User-Agent', 'vitest',
      'Content-Type', 'application/json',
      'X-Trace', 'one',
      'x-trace', 'two',
      'Cookie', 'theme=dark; lang=de',
    ],
    body: Buffer.from('{"a":1}'),
    sourceIp: '203.0.113.9',
    ...overrides,
  };
}

describe('buildHttpEvent (API Gateway HTTP API payload 2.0)', () => {
  it('builds the event AWS sends for a route', () => {
    // Act
    const event = buildHttpEvent(request(), {
      routeKey: 'POST /api/locations/{id}/{settings_key}',
      pathParameters: { id: 'loc_1', settings_key: 'dms_settings' },
    });
    // Assess
    expect(event).toMatchObject({
      version: '2.0',
      routeKey: 'POST /api/locations/{id}/{settings_key}',
      rawPath: '/api/locations/loc%5F1/dms_settings',
      rawQueryString: 'tag=a&tag=b&q=hello%20world',
      cookies: ['theme=dark', 'lang=de'],
      headers: { host: 'localhost:3000', 'user-agent': 'vitest', 'content-type': 'application/json', 'x-trace': 'one,two' },
      queryStringParameters: { tag: 'a,b', q: 'hello world' },
      pathParameters: { id: 'loc_1', settings_key: 'dms_settings' },
      body: '{"a":1}',
      isBase64Encoded: false,
      requestContext: {
        accountId: '000000000000',
        apiId: 'local',
        domainName: 'localhost:3000',
        domainPrefix: 'localhost',
        http: { method: 'POST', path: '/api/locations/loc%5F1/dms_settings', protocol: 'HTTP/1.1', sourceIp: '203.0.113.9', userAgent: 'vitest' },
        routeKey: 'POST /api/locations/{id}/{settings_key}',
        stage: '$default',
      },
    });
    expect(event.headers.cookie).toBeUndefined();
    expect(event.requestContext.requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(event.requestContext.time).toMatch(/^\d{2}\/[A-Z][a-z]{2}\/\d{4}:\d{2}:\d{2}:\d{2} \+0000$/);
    expect(Math.abs(event.requestContext.timeEpoch - Date.now())).toBeLessThan(5000);
  });

  it('leaves out query, path parameters, cookies and body when the request has none', () => {
    const event = buildHttpEvent(request({ method: 'GET', url: '/api/agents/me', rawHeaders: ['Host', 'localhost'], body: Buffer.alloc(0) }), {
      routeKey: 'GET /api/agents/me',
    });
    expect(event.rawQueryString).toBe('');
    expect(event).not.toHaveProperty('queryStringParameters');
    expect(event).not.toHaveProperty('pathParameters');
    expect(event).not.toHaveProperty('cookies');
    expect(event).not.toHaveProperty('body');
    expect(event.isBase64Encoded).toBe(false);
  });

  it('passes text bodies as UTF-8 and every other content type base64-encoded, as AWS does', () => {
    const body = Buffer.from('agent%5Bemail%5D=a%40b.c');
    const form = buildHttpEvent(request({ rawHeaders: ['Content-Type', 'application/x-www-form-urlencoded'], body }), { routeKey: '$default' });
    expect(form.isBase64Encoded).toBe(true);
    expect(Buffer.from(form.body!, 'base64').toString()).toBe(body.toString());

    const none = buildHttpEvent(request({ rawHeaders: [], body: Buffer.from([0, 1, 2]) }), { routeKey: '$default' });
    expect(none).toMatchObject({ isBase64Encoded: true, body: 'AAEC' });

    for (const type of ['text/plain; charset=utf-8', 'application/json; charset=utf-8', 'application/xml', 'application/javascript']) {
      const text = buildHttpEvent(request({ rawHeaders: ['Content-Type', type], body: Buffer.from('héllo') }), { routeKey: '$default' });
      expect(text).toMatchObject({ isBase64Encoded: false, body: 'héllo' });
    }
  });

  it('keeps the cookie header for a function URL event', () => {
    const event = buildHttpEvent(request(), { routeKey: '$default' }, { kind: 'function-url', apiId: 'events' });
    expect(event.headers.cookie).toBe('theme=dark; lang=de');
    expect(event.cookies).toEqual(['theme=dark', 'lang=de']);
    expect(event.requestContext.apiId).toBe('events');
  });

  it('formats requestContext.time like API Gateway', () => {
    expect(requestTime(new Date(Date.UTC(2020, 2, 12, 19, 3, 58)))).toBe('12/Mar/2020:19:03:58 +0000');
  });
});

describe('lambdaContext', () => {
  it('describes the invocation and counts down the remaining time', () => {
    const context = lambdaContext('dealer-console-agents', 'req-1', 1000);
    expect(context).toMatchObject({
      functionName: 'dealer-console-agents',
      awsRequestId: 'req-1',
      invokedFunctionArn: 'arn:aws:lambda:us-east-1:000000000000:function:dealer-console-agents',
    });
    expect(context.getRemainingTimeInMillis()).toBeLessThanOrEqual(1000);
    expect(context.getRemainingTimeInMillis()).toBeGreaterThan(900);
  });
});

describe('httpResult (how the HTTP API reads a handler result)', () => {
  it('takes status, lowercased headers, cookies and a base64 body from a structured result', () => {
    const result = httpResult({
      statusCode: 201,
      headers: { 'Content-Type': 'image/png', 'X-Count': 3 },
      cookies: ['a=1', 'b=2'],
      body: Buffer.from([1, 2, 3]).toString('base64'),
      isBase64Encoded: true,
    });
    expect(result).toEqual({ statusCode: 201, headers: { 'content-type': 'image/png', 'x-count': '3' }, cookies: ['a=1', 'b=2'], body: Buffer.from([1, 2, 3]) });
  });

  it('answers 200 JSON for a result without statusCode, and 500 for an invalid one', () => {
    expect(httpResult({ ok: true })).toMatchObject({ statusCode: 200, headers: { 'content-type': 'application/json' }, body: Buffer.from('{"ok":true}') });
    expect(httpResult('"text"')).toMatchObject({ statusCode: 200, body: Buffer.from('"text"') });
    expect(httpResult({ statusCode: 'teapot' }).statusCode).toBe(500);
    expect(httpResult(undefined).statusCode).toBe(500);
  });
});
