/**
 * Where a store's landing images (the header image and the logo) live in the uploads bucket, and
 * whether a stored key is one of that store's own. Only the image routes (functions/visits/
 * landingImages.ts, `POST /vcard_settings`) write these keys; whoever signs a download of one checks
 * it first, so a key pointed elsewhere (another store's attachment) is never signed.
 */
import type { LandingImage } from '../../shared/visits/branding.js';

export const brandingPrefix = (companyId: string, locationId: string, image: LandingImage): string => `branding/${companyId}/${locationId}/${image}/`;

/** The key as the image routes name an image: `img_<id>.<jpg|png|webp>` under the store's prefix. */
export function isOwnBrandingKey(companyId: string, locationId: string, image: LandingImage, key: string): boolean {
  const prefix = brandingPrefix(companyId, locationId, image);
  return key.startsWith(prefix) && /^img_[a-z0-9]+\.(jpg|png|webp)$/.test(key.slice(prefix.length));
}

/** The stored key when it is the store's own image, else null (nothing to show). */
export function ownBrandingKey(companyId: string, locationId: string, image: LandingImage, key: string | null): string | null {
  return key && isOwnBrandingKey(companyId, locationId, image, key) ? key : null;
}

/** The settings fields that hold an image's key: set by the image routes only, never by a settings save. */
export const IMAGE_KEY_FIELDS: Readonly<Record<string, { field: string; image: LandingImage }>> = {
  landing_settings: { field: 'header_image_key', image: 'header' },
  vcard_settings: { field: 'logo_key', image: 'logo' },
};
