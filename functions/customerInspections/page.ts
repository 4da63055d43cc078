/**
 * What the customer's inspection page shows (CustomerInspection): the dealership's branding, the
 * inspection with the photos and videos the advisor did not disapprove, and the recommended work
 * with prices and decisions, in the customer's language. Shop-internal notes, agents' ids and the
 * order's and sheet's ids stay out: the link is all the page needs.
 */
import { ownBrandingKey } from '../lib/brandingImages.js';
import type { CustomerInspection } from '../../shared/inspections/inspections.js';
import { DEFAULT_LOCALE, isLocale, type Locale } from '../../shared/locales.js';
import { config } from '../lib/config.js';
import { getLocation, type LocationRecord } from '../lib/locations.js';
import { readSettings } from '../lib/settings.js';
import { completeSettings } from '../../shared/schemas/settings.js';
import { countryOfLocation, displayPhone } from '../lib/phones.js';
import { downloadUrl } from '../lib/storage.js';
import { getCustomer } from '../customers/records.js';
import { getRepairOrder, type RepairOrderRecord } from '../repairOrders/records.js';
import { attachmentView, getSheet, type SheetRecord } from '../inspections/records.js';
import { linkNotFound, type InspectionLink } from '../recommendations/links.js';
import { storedPdfUrl } from '../recommendations/pdfStore.js';

export interface LinkedInspection {
  link: InspectionLink;
  ro: RepairOrderRecord;
  sheet: SheetRecord;
  /** The page's language: the customer's, else the location's. */
  locale: Locale;
  location: LocationRecord | undefined;
}

/** The order and sheet a valid link opens; a link to a sheet that was replaced opens nothing. */
export async function linkedInspection(link: InspectionLink): Promise<LinkedInspection> {
  const [ro, sheet, location] = await Promise.all([
    getRepairOrder(link.company_id, link.repair_order_id, true),
    getSheet(link.company_id, link.repair_order_id, true),
    getLocation(link.company_id, link.location_id),
  ]);
  if (!ro || !sheet || sheet.id !== link.sheet_id || !sheet.sent_to_customer_at) throw linkNotFound();
  const customer = await getCustomer(ro.company_id, ro.customer_id);
  const language = customer?.language ?? null;
  const locale = language && isLocale(language) && language !== 'debug' ? language : (location?.locale ?? DEFAULT_LOCALE);
  return { link, ro, sheet, locale, location };
}

const LOGO_URL_SECONDS = 3600;

/** What the page shows of a sheet: the link's own validity stands in `expires_at`. */
export interface ShownInspection {
  ro: RepairOrderRecord;
  sheet: SheetRecord;
  locale: Locale;
  location: LocationRecord | undefined;
  /** ISO: until when the customer's link opens the page. */
  validUntil: string;
}

export const shownOf = ({ link, ...rest }: LinkedInspection): ShownInspection => ({ ...rest, validUntil: link.valid_until });

export async function customerInspection({ ro, sheet, locale, location, validUntil }: ShownInspection): Promise<CustomerInspection> {
  const [business, landing, vcard] = await Promise.all([
    readSettings(ro.company_id, ro.location_id, 'business_information'),
    readSettings(ro.company_id, ro.location_id, 'landing_settings'),
    readSettings(ro.company_id, ro.location_id, 'vcard_settings'),
  ]);
  const shown = sheet.attachments.filter((a) => a.verdict !== 'disapproved');
  const logoKey = ownBrandingKey(ro.company_id, ro.location_id, 'logo', vcard.logo_key);
  const [attachments, logoUrl, pdfUrl] = await Promise.all([
    Promise.all(
      shown.map(async (stored) => {
        const { verdict: _verdict, agent: _agent, notes: _notes, ...view } = await attachmentView(stored);
        return view;
      }),
    ),
    logoKey ? downloadUrl(config.uploadsBucket, logoKey, LOGO_URL_SECONDS) : Promise.resolve(null),
    storedPdfUrl(sheet, locale),
  ]);
  const phone = business.phone.trim() || location?.phone || '';
  return {
    dealership: {
      name: business.dealership_name.trim() || location?.name || '',
      phone,
      phone_display: displayPhone(phone, countryOfLocation({ phone: location?.phone ?? '' })),
      colour: landing.colour,
      logo_url: logoUrl,
      url: business.url,
    },
    locale,
    currency_locale: location?.locale ?? DEFAULT_LOCALE,
    ro_id: ro.ro_id,
    customer_first_name: ro.customer_first_name,
    vehicle: ro.vehicle,
    advisor: ro.agent ? { name: `${ro.agent.first_name} ${ro.agent.last_name}`.trim() } : null,
    form_name: sheet.form_name,
    header: sheet.header,
    groups: sheet.groups,
    attachments,
    recommendations: sheet.recommendations.map(({ notes: _notes, metadata: _metadata, ...r }) => r),
    damage_details: sheet.damage_details,
    completed_at: sheet.completed_by_advisor_at,
    expires_at: validUntil,
    pdf_url: pdfUrl,
    answers: {
      yes: ownButtonText(landing.yes_button_text, LANDING_DEFAULTS.yes_button_text),
      no: ownButtonText(landing.no_button_text, LANDING_DEFAULTS.no_button_text),
      outro_positive: landing.outro_text_positive.trim(),
      outro_negative: landing.outro_text_negative.trim(),
    },
  };
}

const LANDING_DEFAULTS = completeSettings('landing_settings', {});

/** A button text the store wrote itself; its default (English) gives way to the page's own wording in the customer's language. */
function ownButtonText(value: string, byDefault: string): string | null {
  const text = value.trim();
  return text === '' || text === byDefault ? null : text;
}
