/**
 * Photos and videos uploaded straight to storage with renditions the browser makes (an inspection's
 * items, an order's album): the rendition sizes both sides agree on.
 */

/** Browser-made renditions (JPEG): a small preview and a thumbnail, each at most this long on its longer side. */
export const RENDITION_EDGE = { small: 1280, thumb: 320 } as const;
export const MAX_RENDITION_BYTES = 5 * 1024 * 1024;
export const RENDITION_TYPE = 'image/jpeg';

/** A presigned PUT the browser sends one file to. */
export interface UploadSlot {
  key: string;
  upload_url: string;
  headers: Record<string, string>;
}

/** The original's slot and, when the browser made renditions, theirs. */
export interface MediaSlots {
  upload: UploadSlot;
  small: UploadSlot | null;
  thumb: UploadSlot | null;
}
