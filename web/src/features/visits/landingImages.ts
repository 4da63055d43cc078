/**
 * The landing pages tab's images: a slot from the API, the file PUT straight to storage, then the
 * confirmation (the server checks what storage holds), as the inspection photos go.
 */
import { LANDING_IMAGE_TYPES, MAX_LANDING_IMAGE_BYTES, type LandingImage, type LandingImages, type LandingImageSlot } from '../../../../shared/visits/branding.js';
import { api } from '../../lib/api.js';

export const imagesPath = (locationId: string) => `/api/locations/${encodeURIComponent(locationId)}/landing_images`;

export type ImageRefusal = 'type' | 'size';

/** Why a picked file is not sent at all, or null when it may go. */
export function imageRefusal(file: { type: string; size: number }): ImageRefusal | null {
  if (!(LANDING_IMAGE_TYPES as readonly string[]).includes(file.type)) return 'type';
  if (file.size > MAX_LANDING_IMAGE_BYTES) return 'size';
  return null;
}

export class ImageUploadFailed extends Error {
  constructor(readonly status: number) {
    super(`Upload to storage failed (${status})`);
    this.name = 'ImageUploadFailed';
  }
}

export async function uploadLandingImage(locationId: string, image: LandingImage, file: File): Promise<LandingImages> {
  const path = imagesPath(locationId);
  const { upload } = await api.request<{ upload: LandingImageSlot }>(path, { method: 'POST', body: { image, content_type: file.type, size: file.size } });
  const stored = await fetch(upload.upload_url, { method: 'PUT', headers: upload.headers, body: file });
  if (!stored.ok) throw new ImageUploadFailed(stored.status);
  return (await api.request<{ images: LandingImages }>(path, { method: 'PUT', body: { image, key: upload.key } })).images;
}

export async function removeLandingImage(locationId: string, image: LandingImage): Promise<LandingImages> {
  return (await api.request<{ images: LandingImages }>(imagesPath(locationId), { method: 'PUT', body: { image, key: null } })).images;
}
