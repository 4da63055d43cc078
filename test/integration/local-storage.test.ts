import { GetObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, inject, it } from 'vitest';

const env = inject('stackEnv');
/** Configured like functions/lib/storage.ts configures it from the same environment. */
const s3 = new S3Client({
  region: env.AWS_REGION,
  endpoint: env.S3_ENDPOINT,
  forcePathStyle: true,
  credentials: { accessKeyId: env.AWS_ACCESS_KEY_ID!, secretAccessKey: env.AWS_SECRET_ACCESS_KEY! },
  requestChecksumCalculation: 'WHEN_REQUIRED',
  responseChecksumValidation: 'WHEN_REQUIRED',
});
afterAll(() => s3.destroy());

describe('local S3 (s3rver)', () => {
  it('has the uploads and reports buckets the handlers are told about', async () => {
    for (const bucket of [env.UPLOADS_BUCKET!, env.REPORTS_BUCKET!]) {
      const key = `probe/${randomUUID()}.txt`;
      await s3.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: 'hello', ContentType: 'text/plain' }));
      const got = await s3.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
      expect(await got.Body!.transformToString()).toBe('hello');
    }
  });

  it('lists past the first page (continuation tokens need the legacy OpenSSL provider in s3rver)', async () => {
    const prefix = `paged/${randomUUID()}/`;
    for (const name of ['a', 'b', 'c']) await s3.send(new PutObjectCommand({ Bucket: env.UPLOADS_BUCKET!, Key: `${prefix}${name}`, Body: name }));
    const keys: string[] = [];
    let token: string | undefined;
    do {
      const page = await s3.send(new ListObjectsV2Command({ Bucket: env.UPLOADS_BUCKET!, Prefix: prefix, MaxKeys: 1, ContinuationToken: token }));
      keys.push(...(page.Contents ?? []).map((o) => o.Key!));
      token = page.NextContinuationToken;
    } while (token);
    expect(keys).toEqual([`${prefix}a`, `${prefix}b`, `${prefix}c`]);
  });

  it('serves a presigned URL to a plain HTTP client, as the browser will use it', async () => {
    const key = `logos/${randomUUID()}.svg`;
    await s3.send(new PutObjectCommand({ Bucket: env.UPLOADS_BUCKET!, Key: key, Body: '<svg/>', ContentType: 'image/svg+xml' }));
    const url = await getSignedUrl(s3, new GetObjectCommand({ Bucket: env.UPLOADS_BUCKET!, Key: key }), { expiresIn: 60 });
    const res = await fetch(url, { headers: { origin: 'http://localhost:3000' } });
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('<svg/>');
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
  });
});
