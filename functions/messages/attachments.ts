/**
 * Attachments of texts: the browser asks for an upload slot (a presigned PUT into the uploads
 * bucket under the agent's company) and sends the file straight to S3; the message then names the
 * key. The size limit (SPEC §9: 512 MB) and the file types are checked twice: when the slot is
 * given, and on the stored object when a message names it, since a presigned PUT does not bind
 * the size and local S3 checks nothing.
 */
import * as z from 'zod/mini';
import type { attachmentUpload } from '../../shared/schemas/messages.js';
import { config } from '../lib/config.js';
import { newId } from '../lib/ids.js';
import { s3 } from '../lib/storage.js';
import type { StoredAttachment } from './records.js';
import { DomainError, refused } from '../lib/errors.js';

export const MAX_ATTACHMENT_BYTES = 512 * 1024 * 1024;
const UPLOAD_URL_SECONDS = 15 * 60;

export const ATTACHMENT_ERRORS = {
  too_large: 'File size limit is 512 MB',
  unsupported_type: 'This file type is not supported',
  svg_refused: 'SVG images are not supported: send a photo (JPEG, PNG, HEIC) or a PDF',
  not_uploaded: 'The attachment has not been uploaded',
} as const;

/** What a phone can show or a customer can open: pictures, video, sound, PDFs, plain text and contact cards. */
const SENDABLE_TYPES = [/^image\/[\w.+-]+$/, /^video\/[\w.+-]+$/, /^audio\/[\w.+-]+$/, /^application\/pdf$/, /^text\/plain$/, /^text\/(?:x-)?vcard$/];

/** The bare, lowercased media type of a Content-Type value (parameters dropped). */
export const mediaType = (contentType: string): string => contentType.split(';')[0]!.trim().toLowerCase();

/**
 * SVG is an image that runs script: opened from our bucket's URL it executes in the browser, and
 * phones do not show it as a picture anyway. Refused wherever a file is attached.
 */
export const isSvg = (contentType: string): boolean => mediaType(contentType) === 'image/svg+xml';

export function isSendableType(contentType: string): boolean {
  const bare = mediaType(contentType);
  return !isSvg(bare) && SENDABLE_TYPES.some((pattern) => pattern.test(bare));
}

/** Refused with the reason: SVG said by name, any other type as unsupported. */
export const unsupportedType = (contentType: string): DomainError =>
  isSvg(contentType)
    ? refused('unsupported_type', ATTACHMENT_ERRORS.svg_refused)
    : refused('unsupported_type', ATTACHMENT_ERRORS.unsupported_type);

export const uploadRequestBody = z.object({
  name: z.string().check(z.trim(), z.minLength(1), z.maxLength(200)),
  content_type: z.string().check(z.trim(), z.minLength(1), z.maxLength(100)),
  size: z.number().check(z.int(), z.gte(1)),
});
export type UploadRequest = z.infer<typeof uploadRequestBody>;

/** A file name safe in a key and a URL: letters, digits, dot, dash and underscore. */
export function safeFileName(name: string): string {
  const cleaned = name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[^A-Za-z0-9._-]+/g, '_')
    .replace(/^[._]+/, '')
    .slice(-100);
  return cleaned || 'file';
}

type AttachmentUpload = z.infer<typeof attachmentUpload>;

const companyPrefix = (companyId: string) => `attachments/${companyId}/`;

export interface UploadSlot {
  key: string;
  upload_url: string;
  headers: Record<string, string>;
}

export async function uploadSlot(companyId: string, request: UploadRequest): Promise<UploadSlot> {
  if (request.size > MAX_ATTACHMENT_BYTES) throw new DomainError('too_large', 'too_large', ATTACHMENT_ERRORS.too_large);
  if (!isSendableType(request.content_type)) throw unsupportedType(request.content_type);
  const key = `${companyPrefix(companyId)}${newId('upl')}/${safeFileName(request.name)}`;
  const { client, PutObjectCommand, getSignedUrl } = await s3();
  const command = new PutObjectCommand({ Bucket: config.uploadsBucket, Key: key, ContentType: request.content_type });
  const upload_url = await getSignedUrl(client, command, { expiresIn: UPLOAD_URL_SECONDS });
  return { key, upload_url, headers: { 'content-type': request.content_type } };
}

/**
 * The message's attachments as stored: each key must be an upload of the agent's company that is
 * really there, within the limits (any other key answers as if it were not uploaded).
 */
export async function storedAttachments(companyId: string, uploads: AttachmentUpload[]): Promise<StoredAttachment[]> {
  return Promise.all(
    uploads.map(async (upload): Promise<StoredAttachment> => {
      if (!upload.key.startsWith(companyPrefix(companyId)) || upload.key.includes('..')) {
        throw refused('attachment_not_found', ATTACHMENT_ERRORS.not_uploaded);
      }
      let head;
      try {
        const { client, HeadObjectCommand } = await s3();
        head = await client.send(new HeadObjectCommand({ Bucket: config.uploadsBucket, Key: upload.key }));
      } catch (err) {
        const status = (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
        if (status === 404 || (err as Error).name === 'NotFound' || (err as Error).name === 'NoSuchKey') {
          throw refused('attachment_not_found', ATTACHMENT_ERRORS.not_uploaded);
        }
        throw err;
      }
      const size = head.ContentLength ?? upload.size;
      if (size > MAX_ATTACHMENT_BYTES) throw new DomainError('too_large', 'too_large', ATTACHMENT_ERRORS.too_large);
      const contentType = head.ContentType ?? upload.content_type;
      if (!isSendableType(contentType)) throw unsupportedType(contentType);
      return { id: newId('att'), key: upload.key, name: upload.name, content_type: contentType, size };
    }),
  );
}
