/**
 * The customer's visit page (issue 21 part 5): the token opens one repair order; every board's
 * parts (functions/boards.ts `visitParts`) are loaded in parallel and shown in position order. A
 * part that fails is left out and logged, so the customer still sees the rest of the visit.
 */
import { DEFAULT_LOCALE, isLocale, type Locale } from '../../shared/locales.js';
import type { VisitPage, VisitPartPayload } from '../../shared/visits/page.js';
import { boards } from '../lib/boardList.js';
import { getLocation } from '../lib/locations.js';
import { logger } from '../lib/log.js';
import { countryOfLocation, displayPhone } from '../lib/phones.js';
import { readSettings } from '../lib/settings.js';
import type { VisitContext, VisitPart } from '../lib/visitPart.js';
import { getCustomer } from '../customers/records.js';
import { dealershipOf } from '../messages/send.js';
import { getRepairOrder } from '../repairOrders/records.js';
import { brandingOf } from './branding.js';
import { openVisit, visitNotFound } from './links.js';

let parts: readonly VisitPart[] | undefined;

/** Every board's parts, lower position first (read when asked: the registry may still be loading). */
export function visitParts(): readonly VisitPart[] {
  parts ??= boards()
    .flatMap((board) => board.visitParts ?? [])
    .sort((a, b) => a.position - b.position);
  return parts;
}

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

async function loadPart(part: VisitPart, context: VisitContext): Promise<VisitPartPayload | null> {
  try {
    const data = await part.load(context);
    return data ? { kind: part.kind, data } : null;
  } catch (error) {
    logger.error('a part of the visit page failed to load', { part: part.kind, company_id: context.visit.company_id, repair_order_id: context.visit.repair_order_id, error: error as Error });
    return null;
  }
}

export async function visitPage(token: string, now = new Date(), declared: readonly VisitPart[] = visitParts()): Promise<VisitPage> {
  const { context, header } = await visitOf(token, now);
  const loaded = await Promise.all(declared.map((part) => loadPart(part, context)));
  return { ...header, parts: loaded.filter((p): p is VisitPartPayload => p !== null) };
}

/** A part's action (`POST …/{kind}/{action}`): 404 for a kind or action nobody declares. */
export async function actOnVisit(token: string, kind: string, action: string, body: unknown, now = new Date(), declared: readonly VisitPart[] = visitParts()): Promise<VisitPartPayload | null> {
  const part = declared.find((p) => p.kind === kind);
  const run = part?.actions && Object.hasOwn(part.actions, action) ? part.actions[action] : undefined;
  if (!part || !run) throw visitNotFound();
  const { context } = await visitOf(token, now);
  const data = await run(context, body);
  return data ? { kind: part.kind, data } : null;
}
