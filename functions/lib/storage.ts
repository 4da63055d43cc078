/** S3 access for uploads, reports and logos; presigned URLs so the browser talks to S3 directly. */
import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { config } from './config.js';

let client: S3Client | undefined;

export function s3(): S3Client {
  client ??= new S3Client({
    region: config.region,
    endpoint: config.s3Endpoint,
    forcePathStyle: Boolean(config.s3Endpoint),
    // Without this, presigned browser uploads carry checksum parameters real S3 then rejects.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  return client;
}

export async function downloadUrl(bucket: string, key: string, seconds = 3600): Promise<string> {
  return getSignedUrl(s3(), new GetObjectCommand({ Bucket: bucket, Key: key }), { expiresIn: seconds });
}
