/**
 * The HTTP API's door: a Lambda authorizer (payload 2.0, simple responses) that admits a request
 * only when it carries CloudFront's `x-origin-verify` secret, so the API's execute-api endpoint
 * answers nobody who goes around CloudFront (and its WAF). The header is the authorizer's
 * identity source: API Gateway refuses a request without it (401) before calling anything, and
 * caches this function's answer per header value (infra/api.ts), so CloudFront's traffic costs one
 * call per cache period, not one per request.
 */
import { timingSafeEqual } from 'node:crypto';
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import type { APIGatewayRequestAuthorizerEventV2, APIGatewaySimpleAuthorizerResult } from 'aws-lambda';
import { ORIGIN_VERIFY_HEADER } from '../lib/clientIp.js';

/** After a mismatch the secret is read again if the copy held is older than this: a rotation is picked up. */
export const REREAD_AFTER_MS = 60_000;

function same(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * `admits(presented)` for a secret read by `readSecret`. A failed read throws: API Gateway then
 * answers 500 and caches nothing, where a refusal would be cached for every CloudFront request.
 */
export function originGate(readSecret: () => Promise<string>, now: () => number = Date.now): (presented: string | undefined) => Promise<boolean> {
  let held: { value: string; readAt: number } | undefined;
  const read = async () => {
    held = { value: await readSecret(), readAt: now() };
    return held.value;
  };
  return async (presented) => {
    if (!presented) return false;
    const expected = held?.value ?? (await read());
    if (same(presented, expected)) return true;
    if (held && now() - held.readAt < REREAD_AFTER_MS) return false;
    return same(presented, await read());
  };
}

let client: SecretsManagerClient | undefined;

async function readOriginVerifySecret(): Promise<string> {
  const arn = process.env.ORIGIN_VERIFY_SECRET_ARN;
  if (!arn) throw new Error('Missing environment variable ORIGIN_VERIFY_SECRET_ARN');
  client ??= new SecretsManagerClient({ region: process.env.AWS_REGION });
  const out = await client.send(new GetSecretValueCommand({ SecretId: arn }));
  if (!out.SecretString) throw new Error('The origin-verify secret is empty');
  return out.SecretString;
}

const admits = originGate(readOriginVerifySecret);

export async function handler(event: APIGatewayRequestAuthorizerEventV2): Promise<APIGatewaySimpleAuthorizerResult> {
  return { isAuthorized: await admits(event.headers?.[ORIGIN_VERIFY_HEADER]) };
}
