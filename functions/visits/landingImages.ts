/**
 * The store's landing-page images (issue 21 part 5): a slot (a presigned PUT under the location's
 * own prefix), then the confirmation, which checks what storage holds (a presigned PUT binds
 * neither size nor type) and makes it the store's header image (landing_settings.header_image_key)
 * or logo (vcard_settings.logo_key). Keys outside the prefix answer as if nothing was uploaded.
 */
import { LANDING_IMAGE_ERRORS, LANDING_IMAGE_TYPES, MAX_LANDING_IMAGE_BYTES, type LandingImage, type LandingImages, type LandingImageSlot } from '../../shared/visits/branding.js';
import { brandingPrefix as prefixOf, isOwnBrandingKey, ownBrandingKey } from '../lib/brandingImages.js';
import { config } from '../lib/config.js';
import { refused } from '../lib/errors.js';
import { newId } from '../lib/ids.js';
import { readSettings, saveSettingsAs } from '../lib/settings.js';
import { downloadUrl, s3 } from '../lib/storage.js';

const SLOT_SECONDS = 10 * 60;
const PREVIEW_SECONDS = 3600;
const EXTENSION: Record<(typeof LANDING_IMAGE_TYPES)[number], string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp' };

const notUploaded = () => refused('image_not_uploaded', LANDING_IMAGE_ERRORS.not_uploaded);

export async function landingImageSlot(companyId: string, locationId: string, image: LandingImage, contentType: (typeof LANDING_IMAGE_TYPES)[number]): Promise<LandingImageSlot> {
  const key = `${prefixOf(companyId, locationId, image)}${newId('img')}.${EXTENSION[contentType]}`;
  const { client, PutObjectCommand, getSignedUrl } = await s3();
  const upload_url = await getSignedUrl(client, new PutObjectCommand({ Bucket: config.uploadsBucket, Key: key, ContentType: contentType }), { expiresIn: SLOT_SECONDS });
  return { key, upload_url, headers: { 'content-type': contentType } };
}

/** The object under a key of this store's prefix, checked as an image of the allowed size. */
async function uploadedImage(companyId: string, locationId: string, image: LandingImage, key: string): Promise<void> {
  if (!isOwnBrandingKey(companyId, locationId, image, key)) throw notUploaded();
  const { client, HeadObjectCommand } = await s3();
  const head = await client.send(new HeadObjectCommand({ Bucket: config.uploadsBucket, Key: key })).catch((error: unknown) => {
    const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
    if (status === 404 || (error as Error).name === 'NotFound') throw notUploaded();
    throw error;
  });
  const type = (head.ContentType ?? '').split(';')[0]!.trim().toLowerCase();
  if (!(LANDING_IMAGE_TYPES as readonly string[]).includes(type)) throw refused('image_type', LANDING_IMAGE_ERRORS.type);
  if ((head.ContentLength ?? 0) > MAX_LANDING_IMAGE_BYTES) throw refused('image_size', LANDING_IMAGE_ERRORS.size);
}

/** Stores an image the function received itself (the vCard form's logo) where the presigned upload puts it; answers its key. */
export async function storeLandingImage(companyId: string, locationId: string, image: LandingImage, bytes: Uint8Array, contentType: (typeof LANDING_IMAGE_TYPES)[number]): Promise<string> {
  const key = `${prefixOf(companyId, locationId, image)}${newId('img')}.${EXTENSION[contentType]}`;
  const { client, PutObjectCommand } = await s3();
  await client.send(new PutObjectCommand({ Bucket: config.uploadsBucket, Key: key, Body: bytes, ContentType: contentType }));
  return key;
}

/** Makes the uploaded image (or none, for null) the store's header image or logo. */
export async function setLandingImage(companyId: string, locationId: string, image: LandingImage, key: string | null, agentId: string): Promise<LandingImages> {
  if (key !== null) await uploadedImage(companyId, locationId, image, key);
  if (image === 'header') {
    const landing = await readSettings(companyId, locationId, 'landing_settings');
    await saveSettingsAs(companyId, locationId, 'landing_settings', { ...landing, header_image_key: key }, agentId);
  } else {
    const vcard = await readSettings(companyId, locationId, 'vcard_settings');
    await saveSettingsAs(companyId, locationId, 'vcard_settings', { ...vcard, logo_key: key }, agentId);
  }
  return landingImages(companyId, locationId);
}

export async function landingImages(companyId: string, locationId: string): Promise<LandingImages> {
  const [landing, vcard] = await Promise.all([readSettings(companyId, locationId, 'landing_settings'), readSettings(companyId, locationId, 'vcard_settings')]);
  const signed = (key: string | null) => (key ? downloadUrl(config.uploadsBucket, key, PREVIEW_SECONDS) : Promise.resolve(null));
  const [header, logo] = await Promise.all([
    signed(ownBrandingKey(companyId, locationId, 'header', landing.header_image_key)),
    signed(ownBrandingKey(companyId, locationId, 'logo', vcard.logo_key)),
  ]);
  return { header_image_url: header, logo_url: logo };
}
