/**
 * What a visit token opens (issue 21 part 5): the order, everything a part is loaded with (the
 * customer's language, else the store's; the time; the link's life) and the page's header (the
 * dealership as its texts name it, the order, the branding). Knows no part, and no board: a part's
 * own route (the inspection's PDF) opens its visit with it too.
 */
import { DEFAULT_LOCALE, isLocale, type Locale } from '../../shared/locales.js';
import type { VisitPage } from '../../shared/visits/page.js';
import { getLocation } from '../lib/locations.js';
import { countryOfLocation, displayPhone } from '../lib/phones.js';
import { readSettings } from '../lib/settings.js';
import type { VisitContext } from './part.js';
import { getCustomer } from '../customers/records.js';
import { dealershipOf } from '../messages/send.js';
import { getRepairOrder } from '../repairOrders/records.js';
import { brandingOf } from './branding.js';
import { openVisit, visitNotFound } from './links.js';

const pageLocale = (value: string | null | undefined): Locale | null => (value && isLocale(value) && value !== 'debug' ? value : null);

/** What a token opens: the order and everything a part is loaded with, and the page's header. */
export async function visitOf(token: string, now = new Date()): Promise<{ context: VisitContext; header: Omit<VisitPage, 'parts'> }> {
  const visit = await openVisit(token, now);
  const [ro, location, business, branding] = await Promise.all([
    getRepairOrder(visit.company_id, visit.repair_order_id, true),
    getLocation(visit.company_id, visit.location_id),
    readSettings(visit.company_id, visit.location_id, 'business_information'),
    brandingOf(visit.company_id, visit.location_id),
  ]);
  // An order that moved to another store (or is gone) is not the visit the link was sent about.
  if (!ro || !location || ro.location_id !== visit.location_id) throw visitNotFound();
  const customer = await getCustomer(ro.company_id, ro.customer_id);
  const storeLocale = pageLocale(location.locale) ?? DEFAULT_LOCALE;
  const locale = pageLocale(customer?.language) ?? storeLocale;
  const { dealership, phone } = dealershipOf({ business, location });
  const vehicle = [ro.vehicle.year, ro.vehicle.make, ro.vehicle.model].filter((part) => part !== null && String(part).trim() !== '').join(' ');
  return {
    context: { visit: { company_id: visit.company_id, location_id: visit.location_id, repair_order_id: visit.repair_order_id }, ro, locale, storeLocale, valid_until: visit.valid_until, now },
    header: { dealership, phone, phone_display: displayPhone(phone, countryOfLocation({ phone: location.phone })), locale, store_locale: storeLocale, order: { number: ro.ro_id, vehicle: vehicle || null }, valid_until: visit.valid_until, branding },
  };
}
