/** The summary PDF of a wizard's answers as saved, drawn by the lazily loaded chunk (pdfChunk.ts). */
import { isLocale, type Locale } from '../../shared/locales.js';
import type { WizardPdf } from '../../shared/wizard/schemas.js';
import { lazyChunk } from '../lib/lazyChunk.js';
import { getLocation } from '../lib/locations.js';
import { currentValues, dealershipName } from './answers.js';
import type { WizardLinkRecord } from './links.js';
import { wizardNotFound } from './links.js';
import { WIZARD_PDF_CHUNK } from './pdfChunk.js';

const drawing = lazyChunk<typeof import('./wizardPdf.js')>(WIZARD_PDF_CHUNK.file, import.meta.url);

/** The page's language, else the store's; `debug` and unknown ones read English. */
function pdfLocale(asked: string | undefined, store: Locale): Exclude<Locale, 'debug'> {
  const locale = asked && isLocale(asked) ? asked : store;
  return locale === 'debug' ? 'en-us' : locale;
}

export async function wizardSummary(link: WizardLinkRecord, askedLocale: string | undefined, now = new Date()): Promise<WizardPdf> {
  const location = await getLocation(link.company_id, link.location_id);
  if (!location) throw wizardNotFound();
  const [values, dealership, { renderWizardPdf }] = await Promise.all([currentValues(link.company_id, link.location_id), dealershipName(link.company_id, link.location_id, location.name), drawing()]);
  const bytes = await renderWizardPdf({ locale: pdfLocale(askedLocale, location.locale), dealership, timeZone: location.timezone, savedAt: now.toISOString(), values });
  const slug = dealership.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '').toLowerCase() || 'dealership';
  return { file_name: `setup-${slug}.pdf`, content_base64: Buffer.from(bytes).toString('base64') };
}
