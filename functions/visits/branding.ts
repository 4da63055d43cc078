/**
 * The store's landing-page branding as the visit page shows it (SPEC §3 `landing_settings`, the logo
 * of `vcard_settings`): the images are private uploads, signed for a while the page stays open.
 */
import type { VisitBranding } from '../../shared/visits/page.js';
import { config } from '../lib/config.js';
import { readSettings } from '../lib/settings.js';
import { downloadUrl } from '../lib/storage.js';

const IMAGE_URL_SECONDS = 3600;

const signed = (key: string | null): Promise<string | null> => (key ? downloadUrl(config.uploadsBucket, key, IMAGE_URL_SECONDS) : Promise.resolve(null));

/** Only https links leave the page: a stored link of another scheme is not offered to the customer. */
const safeLink = (link: string): string => (/^https:\/\/\S+$/.test(link.trim()) ? link.trim() : '');

export async function brandingOf(companyId: string, locationId: string): Promise<VisitBranding> {
  const [landing, vcard] = await Promise.all([readSettings(companyId, locationId, 'landing_settings'), readSettings(companyId, locationId, 'vcard_settings')]);
  const [headerImageUrl, logoUrl] = await Promise.all([signed(landing.header_image_key), signed(vcard.logo_key)]);
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
