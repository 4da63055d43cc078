/**
 * The store's landing-page branding as the visit page shows it (SPEC §3 `landing_settings`, the logo
 * of `vcard_settings`): the images are private uploads, signed for a while the page stays open.
 */
import type { VisitBranding } from '../../shared/visits/page.js';
import { completeSettings } from '../../shared/schemas/settings.js';
import { ownBrandingKey } from '../lib/brandingImages.js';
import { config } from '../lib/config.js';
import { logger } from '../lib/log.js';
import { readSettings } from '../lib/settings.js';
import { downloadUrl } from '../lib/storage.js';

const IMAGE_URL_SECONDS = 3600;

function unreadable<T>(group: string, error: unknown, defaults: T): T {
  logger.error('a branding group does not read: the visit page shows the defaults', { group, error: error as Error });
  return defaults;
}

const signed = (key: string | null): Promise<string | null> => (key ? downloadUrl(config.uploadsBucket, key, IMAGE_URL_SECONDS) : Promise.resolve(null));

/** Only https links leave the page: a stored link of another scheme is not offered to the customer. */
const safeLink = (link: string): string => (/^https:\/\/\S+$/.test(link.trim()) ? link.trim() : '');

/**
 * The store's branding; a group that no longer reads (saved before its schema tightened) shows the
 * page's own defaults rather than no page at all.
 */
export async function brandingOf(companyId: string, locationId: string): Promise<VisitBranding> {
  const [landing, vcard] = await Promise.all([
    readSettings(companyId, locationId, 'landing_settings').catch((error: unknown) => unreadable('landing_settings', error, completeSettings('landing_settings', {}))),
    readSettings(companyId, locationId, 'vcard_settings').catch((error: unknown) => unreadable('vcard_settings', error, completeSettings('vcard_settings', {}))),
  ]);
  const [headerImageUrl, logoUrl] = await Promise.all([
    signed(ownBrandingKey(companyId, locationId, 'header', landing.header_image_key)),
    signed(ownBrandingKey(companyId, locationId, 'logo', vcard.logo_key)),
  ]);
  return {
    colour: landing.colour,
    header_image_url: headerImageUrl,
    logo_url: logoUrl,
    text: landing.text.trim(),
    link: safeLink(landing.link),
    intro: landing.intro.trim(),
    body: landing.body.trim(),
    footer: landing.footer.trim(),
    disclaimer: landing.disclaimer.trim(),
  };
}
