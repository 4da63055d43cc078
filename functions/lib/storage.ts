/**
 * S3 access for uploads, reports and logos; presigned URLs so the browser talks to S3 directly.
 * The S3 client and the presigner are a chunk of their own (S3_CHUNK), loaded by the first request
 * that touches S3: most requests of most functions never do.
 */
import type { S3Client } from '@aws-sdk/client-s3';
import { config } from './config.js';
import { lazyChunk, S3_CHUNK } from './lazyChunk.js';

type S3Sdk = typeof import('./s3Client.js');
export type S3Access = Pick<S3Sdk, 'DeleteObjectCommand' | 'GetObjectCommand' | 'HeadObjectCommand' | 'PutObjectCommand' | 'getSignedUrl'> & { client: S3Client };

const s3Sdk = lazyChunk<S3Sdk>(S3_CHUNK.file, import.meta.url);
let access: Promise<S3Access> | undefined;

/** The client (created once) with the commands and the presigner it is used with. */
export function s3(): Promise<S3Access> {
  access ??= s3Sdk().then(({ S3Client, DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, PutObjectCommand, getSignedUrl }) => ({
    client: new S3Client({
      region: config.region,
      endpoint: config.s3Endpoint,
      forcePathStyle: Boolean(config.s3Endpoint),
      // Without this, presigned browser uploads carry checksum parameters real S3 then rejects.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    }),
    DeleteObjectCommand,
    GetObjectCommand,
    HeadObjectCommand,
    PutObjectCommand,
    getSignedUrl,
  }));
  return access;
}

export async function downloadUrl(bucket: string, key: string, seconds = 3600): Promise<string> {
  const { client, GetObjectCommand, getSignedUrl } = await s3();
  return getSignedUrl(client, new GetObjectCommand({ Bucket: bucket, Key: key }), { expiresIn: seconds });
}

/** Removes a stored file (a report's old or deleted workbook); a file already gone is no error. */
export async function deleteStored(bucket: string, key: string): Promise<void> {
  const { client, DeleteObjectCommand } = await s3();
  await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
}

/** A stored file's bytes (a report attached to an e-mail). */
export async function readStored(bucket: string, key: string): Promise<Uint8Array> {
  const { client, GetObjectCommand } = await s3();
  const out = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
  return out.Body!.transformToByteArray();
}

/**
 * Stores a PDF the server drew in the uploads bucket, opened in the browser (not downloaded) under
 * a readable file name (`name`: letters, digits, `-` and `_` kept).
 */
export async function storePdf(key: string, bytes: Uint8Array, name: string, metadata?: Record<string, string>): Promise<void> {
  const { client, PutObjectCommand } = await s3();
  await client.send(
    new PutObjectCommand({
      Bucket: config.uploadsBucket,
      Key: key,
      Body: bytes,
      ContentType: 'application/pdf',
      ContentDisposition: `inline; filename="${name.replace(/[^\w-]/g, '')}.pdf"`,
      ...(metadata ? { Metadata: metadata } : {}),
    }),
  );
}

/** When the stored file was made (its `generated-at` metadata, else when it was written), or null when there is none. */
export async function storedAt(key: string, bucket = config.uploadsBucket): Promise<string | null> {
  try {
    const { client, HeadObjectCommand } = await s3();
    const head = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
    return head.Metadata?.['generated-at'] ?? head.LastModified?.toISOString() ?? new Date().toISOString();
  } catch (err) {
    const status = (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
    if (status === 404 || (err as Error).name === 'NotFound' || (err as Error).name === 'NoSuchKey') return null;
    throw err;
  }
}
