/**
 * The store's landing-page images (issue 21 part 5): the header image (landing_settings) and the
 * logo (vcard_settings), uploaded straight to storage through a presigned PUT, then confirmed.
 */
import * as z from 'zod/mini';

export const LANDING_IMAGES = ['header', 'logo'] as const;
export type LandingImage = (typeof LANDING_IMAGES)[number];

export const LANDING_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
/** A header or a logo has no need of more (a phone downloads it on every visit). */
export const MAX_LANDING_IMAGE_BYTES = 5 * 1024 * 1024;

export const LANDING_IMAGE_ERRORS = {
  type: 'Please choose a JPEG, PNG or WebP image',
  size: 'The image is too large: at most 5 MB',
  not_uploaded: 'The image was not uploaded. Please try again.',
} as const;

const image = z.enum(LANDING_IMAGES);

/** POST …/landing_images: a slot for one image. */
export const landingImageSlotBody = z.object({
  image,
  content_type: z.enum(LANDING_IMAGE_TYPES, { error: LANDING_IMAGE_ERRORS.type }),
  size: z.number().check(z.int(), z.gte(1), z.lte(MAX_LANDING_IMAGE_BYTES, { error: LANDING_IMAGE_ERRORS.size })),
});

/** PUT …/landing_images: the uploaded image becomes the store's (key), or the store has none (null). */
export const landingImageConfirmBody = z.object({
  image,
  key: z.nullable(z.string().check(z.maxLength(300))),
});

/** What the landing pages tab shows of the images (signed addresses, null where there is none). */
export interface LandingImages {
  header_image_url: string | null;
  logo_url: string | null;
}

export interface LandingImageSlot {
  key: string;
  upload_url: string;
  headers: Record<string, string>;
}
