/**
 * Photos and videos the browser sends straight to storage (an inspection's items, an order's album):
 * presigned PUT slots under the caller's own prefix `<prefix><att_id>/`, the original and, when the
 * browser made them, `small.jpg` and `thumb.jpg` beside it; then the confirmation checks the stored
 * objects, because a presigned PUT binds neither size nor type and local S3 checks nothing.
 */
import { MAX_RENDITION_BYTES, RENDITION_TYPE, type MediaSlots, type UploadSlot } from '../../shared/media.js';
import { ATTACHMENT_ERRORS, isSvg, mediaType, safeFileName, unsupportedType } from '../messages/attachments.js';
import { config } from './config.js';
import { DomainError, refused } from './errors.js';
import { newId } from './ids.js';
import { downloadUrl, s3 } from './storage.js';

export type { MediaSlots, UploadSlot };

const UPLOAD_URL_SECONDS = 15 * 60;

/** The stored keys of one photo or video: the original and its renditions (null when the browser made none). */
export interface MediaKeys {
  key: string;
  small_key: string | null;
  thumb_key: string | null;
}

/** Pictures and video only. */
export function isMedia(contentType: string): boolean {
  const bare = mediaType(contentType);
  // SVG is no photo of a car, and it runs script where it is opened.
  return !isSvg(bare) && /^(image|video)\/[\w.+-]+$/.test(bare);
}

export const mediaKindOf = (contentType: string): 'photo' | 'video' => (contentType.startsWith('video/') ? 'video' : 'photo');

export const tooLarge = () => new DomainError('too_large', 'too_large', ATTACHMENT_ERRORS.too_large);
const notUploaded = () => refused('attachment_not_found', ATTACHMENT_ERRORS.not_uploaded);

async function slot(key: string, contentType: string): Promise<UploadSlot> {
  const { client, PutObjectCommand, getSignedUrl } = await s3();
  const command = new PutObjectCommand({ Bucket: config.uploadsBucket, Key: key, ContentType: contentType });
  return { key, upload_url: await getSignedUrl(client, command, { expiresIn: UPLOAD_URL_SECONDS }), headers: { 'content-type': contentType } };
}

/** The announced size and type of a file about to be uploaded. */
export function assertMedia(request: { content_type: string; size: number }, maxBytes: number): void {
  if (request.size > maxBytes) throw tooLarge();
  if (!isMedia(request.content_type)) throw unsupportedType(request.content_type);
}

/** Slots for one photo or video under `prefix` (which ends in `/`), after its announced size and type are checked. */
export async function mediaSlots(prefix: string, request: { name: string; content_type: string; size: number; renditions: boolean }, maxBytes: number): Promise<MediaSlots> {
  assertMedia(request, maxBytes);
  const folder = `${prefix}${newId('att')}/`;
  const [upload, small, thumb] = await Promise.all([
    slot(`${folder}${safeFileName(request.name)}`, request.content_type),
    request.renditions ? slot(`${folder}small.jpg`, RENDITION_TYPE) : null,
    request.renditions ? slot(`${folder}thumb.jpg`, RENDITION_TYPE) : null,
  ]);
  return { upload, small, thumb };
}

/** Size and type of a stored object; missing answers "not uploaded". */
export async function storedObject(key: string): Promise<{ size: number; contentType: string }> {
  try {
    const { client, HeadObjectCommand } = await s3();
    const head = await client.send(new HeadObjectCommand({ Bucket: config.uploadsBucket, Key: key }));
    return { size: head.ContentLength ?? 0, contentType: (head.ContentType ?? '').split(';')[0]!.trim().toLowerCase() };
  } catch (err) {
    const status = (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
    if (status === 404 || (err as Error).name === 'NotFound' || (err as Error).name === 'NoSuchKey') throw notUploaded();
    throw err;
  }
}

/**
 * The keys of a confirmation, checked against the caller's prefix: the original under one
 * attachment folder, the renditions `small.jpg` and `thumb.jpg` in the same folder. Anything
 * else answers as if it had not been uploaded.
 */
export function confirmedMediaKeys(prefix: string, body: MediaKeys): { id: string; folder: string } {
  const match = body.key.startsWith(prefix) ? /^(att_[a-z0-9]+)\/([A-Za-z0-9._-]+)$/.exec(body.key.slice(prefix.length)) : null;
  if (!match || match[2] === 'small.jpg' || match[2] === 'thumb.jpg') throw notUploaded();
  const folder = `${prefix}${match[1]}/`;
  if (body.small_key !== null && body.small_key !== `${folder}small.jpg`) throw notUploaded();
  if (body.thumb_key !== null && body.thumb_key !== `${folder}thumb.jpg`) throw notUploaded();
  return { id: match[1]!, folder };
}

async function storedRendition(key: string | null): Promise<void> {
  if (key === null) return;
  const rendition = await storedObject(key);
  if (rendition.size > MAX_RENDITION_BYTES) throw tooLarge();
  if (rendition.contentType !== RENDITION_TYPE) throw unsupportedType(rendition.contentType);
}

/** The stored original (size and type checked) once its renditions, if any, are checked too. */
export async function storedMedia(keys: MediaKeys, maxBytes: number): Promise<{ size: number; contentType: string }> {
  const [original] = await Promise.all([storedObject(keys.key), storedRendition(keys.small_key), storedRendition(keys.thumb_key)]);
  if (original.size > maxBytes) throw tooLarge();
  if (!isMedia(original.contentType)) throw unsupportedType(original.contentType);
  return original;
}

/** Signed GET links of the original and its renditions; a missing rendition is served by the next larger one. */
export async function mediaLinks(keys: MediaKeys, seconds: number): Promise<{ orig: string; small: string; thumb: string }> {
  const [orig, small, thumb] = await Promise.all([
    downloadUrl(config.uploadsBucket, keys.key, seconds),
    keys.small_key ? downloadUrl(config.uploadsBucket, keys.small_key, seconds) : null,
    keys.thumb_key ? downloadUrl(config.uploadsBucket, keys.thumb_key, seconds) : null,
  ]);
  return { orig, small: small ?? orig, thumb: thumb ?? small ?? orig };
}
