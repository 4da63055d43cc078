/**
 * A photo or video sent straight to storage by a presigned PUT (an inspection's items, an order's
 * album): the API gives the slots (functions/lib/mediaUploads.ts), the browser sends the bytes.
 */
import type { UploadSlot } from '../../../shared/media.js';

export type { MediaSlots, UploadSlot } from '../../../shared/media.js';

export class StorageUploadError extends Error {
  constructor(readonly status: number) {
    super(`Upload to storage failed (${status})`);
    this.name = 'StorageUploadError';
  }
}

/** PUT to a presigned URL; XMLHttpRequest because fetch does not report upload progress. */
export function putToStorage(slot: UploadSlot, body: Blob, onProgress?: (sent: number) => void, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('PUT', slot.upload_url);
    for (const [name, value] of Object.entries(slot.headers)) request.setRequestHeader(name, value);
    if (onProgress) request.upload.addEventListener('progress', (event) => onProgress(event.loaded));
    request.addEventListener('load', () => (request.status >= 200 && request.status < 300 ? resolve() : reject(new StorageUploadError(request.status))));
    request.addEventListener('error', () => reject(new StorageUploadError(0)));
    request.addEventListener('abort', () => reject(new DOMException('Upload cancelled', 'AbortError')));
    signal?.addEventListener('abort', () => request.abort(), { once: true });
    request.send(body);
  });
}
