/** The S3 client, its commands and the presigner: a chunk of its own (S3_CHUNK), loaded by storage.ts on first use. */
export { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
export { getSignedUrl } from '@aws-sdk/s3-request-presigner';
