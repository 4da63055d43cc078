/**
 * The pure parts of "a text reaches the carrier at most once, and the client is told the truth":
 * which errors mean "the store could not be reached" (503, retry), the API's answer for them, and
 * the request fingerprint an Idempotency-Key is bound to.
 */
import { randomUUID } from 'node:crypto';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { isServiceUnavailable } from '../../functions/lib/errors.js';
import { areaHandler, publicRoute } from '../../functions/lib/http.js';
import { bodyHash, canonicalJson } from '../../functions/lib/idempotency.js';
import { buildHttpEvent, lambdaContext } from '../../infra/local/lambda-event.js';

const named = (name: string, extra: Record<string, unknown> = {}) => Object.assign(new Error(name), { name, ...extra });

describe('isServiceUnavailable', () => {
  it.each([
    ['a refused connection', Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:8000'), { code: 'ECONNREFUSED' })],
    ['a reset connection', Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' })],
    ['the SDK giving up on a silent table', named('TimeoutError', { code: 'ETIMEDOUT' })],
    ['throttling', named('ThrottlingException')],
    ['a partition over its throughput', named('ProvisionedThroughputExceededException')],
    ['the account over its request rate', named('RequestLimitExceeded')],
    ["DynamoDB's own failure", named('InternalServerError')],
    ['a service unavailable', named('ServiceUnavailable')],
    ['a transaction that lost a race', named('TransactionConflictException')],
    ['an unnamed 5xx of an AWS service', named('SomethingNew', { $fault: 'server', $metadata: { httpStatusCode: 502 } })],
    ['a refused localhost connection reported as an AggregateError', new AggregateError([Object.assign(new Error('connect ECONNREFUSED ::1:8000'), { code: 'ECONNREFUSED' })], 'connect failed')],
    ['a refusal wrapped as a cause', new TypeError('fetch failed', { cause: Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }) })],
    ['a transaction cancelled by a conflict', named('TransactionCanceledException', { CancellationReasons: [{ Code: 'None' }, { Code: 'TransactionConflict' }] })],
  ])('is true for %s', (_why, err) => {
    expect(isServiceUnavailable(err)).toBe(true);
  });

  it.each([
    ['a failed condition', named('ConditionalCheckFailedException')],
    ['a transaction cancelled by a condition', named('TransactionCanceledException', { CancellationReasons: [{ Code: 'ConditionalCheckFailed' }, { Code: 'TransactionConflict' }] })],
    ['a bad request of ours', named('ValidationException', { $fault: 'client', $metadata: { httpStatusCode: 400 } })],
    ['a bug', new TypeError("Cannot read properties of undefined (reading 'id')")],
    ['nothing', undefined],
    ['a string', 'ECONNREFUSED'],
  ])('is false for %s', (_why, err) => {
    expect(isServiceUnavailable(err)).toBe(false);
  });
});

describe('the API answer while the store cannot be reached', () => {
  async function answerOf(thrown: unknown): Promise<APIGatewayProxyStructuredResultV2> {
    const handler = areaHandler('probe', {
      'GET /probe': publicRoute(async () => {
        throw thrown;
      }),
    });
    const event: APIGatewayProxyEventV2 = buildHttpEvent(
      { method: 'GET', url: '/probe', httpVersion: '1.1', headers: { host: 'localhost' }, rawHeaders: ['host', 'localhost'], body: Buffer.alloc(0), sourceIp: '127.0.0.1' },
      { routeKey: 'GET /probe' },
    );
    return (await handler(event, lambdaContext('probe', randomUUID()))) as APIGatewayProxyStructuredResultV2;
  }

  it('is 503 service_unavailable with retry-after, never 500', async () => {
    const res = await answerOf(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:8000'), { code: 'ECONNREFUSED' }));
    expect(res.statusCode).toBe(503);
    expect(Number(res.headers?.['retry-after'])).toBeGreaterThan(0);
    expect(JSON.parse(res.body ?? '').error.id).toBe('service_unavailable');
  });

  it('stays 500 for an error of our own', async () => {
    const res = await answerOf(new TypeError('bug'));
    expect(res.statusCode).toBe(500);
    expect(res.headers?.['retry-after']).toBeUndefined();
  });
});

describe('the request fingerprint of an Idempotency-Key', () => {
  it('is the same for the same body whatever the order of its keys', () => {
    expect(canonicalJson({ message: { text: 'Hi', attachments: [] }, a: 1 })).toBe(canonicalJson({ a: 1, message: { attachments: [], text: 'Hi' } }));
    expect(bodyHash({ message: { text: 'Hi', send_at: undefined } })).toBe(bodyHash({ message: { text: 'Hi' } }));
  });

  it('differs for a different text, a different order of list items, or no body', () => {
    const hash = bodyHash({ message: { text: 'See you at 4' } });
    expect(bodyHash({ message: { text: 'See you at 5' } })).not.toBe(hash);
    expect(bodyHash({ ids: [1, 2] })).not.toBe(bodyHash({ ids: [2, 1] }));
    expect(bodyHash(undefined)).not.toBe(bodyHash({}));
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
  });
});
