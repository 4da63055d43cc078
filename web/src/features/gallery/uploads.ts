/**
 * One photo or video joins the album: checked here first (type, SPEC §9 512 MB), renditions made in
 * the browser (lib/renditions.ts), the attachment registered (it shows as processing to everyone),
 * the file and its renditions PUT straight to storage (the original with progress), then confirmed.
 */
import { MAX_ALBUM_FILE_BYTES, type AlbumAttachment } from '../../../../shared/gallery/album.js';
import { makeRenditions, mediaKind } from '../../lib/renditions.js';
import { putToStorage } from '../../lib/storageUpload.js';
import { confirmUpload, registerUpload } from './requests.js';

/** Why a picked file is not sent at all, or null when it may go. */
export function albumFileRefusal(file: { type: string; size: number }): 'type' | 'size' | null {
  if (!mediaKind(file.type) || file.type === 'image/svg+xml') return 'type';
  if (file.size > MAX_ALBUM_FILE_BYTES) return 'size';
  return null;
}

/** The small rendition's size, so the customer's page reserves its box; null when unknown. */
async function pixelsOf(small: Blob): Promise<{ width: number; height: number } | null> {
  try {
    const bitmap = await createImageBitmap(small);
    const size = { width: bitmap.width, height: bitmap.height };
    bitmap.close();
    return size;
  } catch {
    return null;
  }
}

/** The whole upload; `onProgress` hears 0 to 1 of the original's bytes. Answers the ready attachment. */
export async function uploadToAlbum(roId: string, file: File, onProgress: (fraction: number) => void): Promise<AlbumAttachment> {
  const renditions = await makeRenditions(file);
  const { attachment, slots } = await registerUpload(roId, { name: file.name, content_type: file.type, size: file.size, renditions: renditions !== null });
  await putToStorage(slots.upload, file, (sent) => onProgress(Math.min(1, sent / Math.max(1, file.size))));
  let keys: { small_key: string | null; thumb_key: string | null } = { small_key: null, thumb_key: null };
  if (renditions && slots.small && slots.thumb) {
    await Promise.all([putToStorage(slots.small, renditions.small), putToStorage(slots.thumb, renditions.thumb)]);
    keys = { small_key: slots.small.key, thumb_key: slots.thumb.key };
  }
  const pixels = renditions ? await pixelsOf(renditions.small) : null;
  const confirmed = await confirmUpload(roId, attachment.id, { key: slots.upload.key, ...keys, width: pixels?.width ?? null, height: pixels?.height ?? null });
  return confirmed.attachment;
}
