/**
 * A photo or video joins an item of the sheet (issue 4 part 4): checked here first (type, SPEC §9
 * 512 MB), renditions made in the browser, upload slots from the API, the file and its renditions
 * PUT straight to storage (the original with progress), then the API confirms and answers the sheet.
 */
import { MAX_MPI_ATTACHMENT_BYTES, type SheetReply } from '../../../../shared/inspections/inspections.js';
import { makeRenditions, mediaKind } from '../../lib/renditions.js';
import { putToStorage } from '../../lib/storageUpload.js';
import { confirmAttachment, requestAttachmentSlots } from './requests.js';

export { StorageUploadError } from '../../lib/storageUpload.js';

export type FileRefusal = 'type' | 'size';

/** Why a picked file is not sent at all, or null when it may go. */
export function fileRefusal(file: { type: string; size: number }): FileRefusal | null {
  if (!mediaKind(file.type)) return 'type';
  if (file.size > MAX_MPI_ATTACHMENT_BYTES) return 'size';
  return null;
}

export interface UploadTarget {
  roId: string;
  group: string;
  item: string;
}

/**
 * The whole upload; `onProgress` hears a fraction from 0 to 1 (the renditions are small and count
 * with the last step). Answers the sheet with the attachment on it. `aroundConfirm` wraps the one
 * call that changes the sheet (the editor holds back live reloads while it runs).
 */
export async function uploadItemFile(
  target: UploadTarget,
  file: File,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
  aroundConfirm: <T>(request: () => Promise<T>) => Promise<T> = (request) => request(),
): Promise<SheetReply> {
  const renditions = await makeRenditions(file);
  const content_type = file.type;
  const slots = await requestAttachmentSlots(
    target.roId,
    { group: target.group, item: target.item, name: file.name, content_type, size: file.size, renditions: renditions !== null },
    signal,
  );
  await putToStorage(slots.upload, file, (sent) => onProgress(Math.min(0.95, (sent / Math.max(1, file.size)) * 0.95)), signal);
  let smallKey: string | null = null;
  let thumbKey: string | null = null;
  if (renditions && slots.small && slots.thumb) {
    await Promise.all([putToStorage(slots.small, renditions.small, undefined, signal), putToStorage(slots.thumb, renditions.thumb, undefined, signal)]);
    smallKey = slots.small.key;
    thumbKey = slots.thumb.key;
  }
  const reply = await aroundConfirm(() =>
    confirmAttachment(target.roId, {
      key: slots.upload.key,
      small_key: smallKey,
      thumb_key: thumbKey,
      group: target.group,
      item: target.item,
      name: file.name,
      notes: '',
    }),
  );
  onProgress(1);
  return reply;
}
