/**
 * What a conversation fills a template's placeholders with: its customer's names, the store's name
 * as its texts sign (business information's dealership name, else the location's), the agent who
 * writes, and what the owner's record says of the vehicle and the repair order.
 */
import type { TemplateFacts } from '../../shared/templates/templates.js';
import { vehicleName } from '../../shared/templates/templates.js';
import { getCustomer } from '../customers/records.js';
import { getLocation } from '../lib/locations.js';
import type { Auth } from '../lib/session.js';
import { readSettings } from '../lib/settings.js';
import type { ConversationOwner } from '../messages/owners.js';

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/** The vehicle an owner's record carries (a repair order's, an appointment's, an inventory order's), if any. */
function vehicleOf(record: unknown): string {
  if (!isRecord(record) || !isRecord(record.vehicle)) return '';
  const { year, make, model } = record.vehicle;
  return vehicleName({ year: typeof year === 'number' ? year : null, make: typeof make === 'string' ? make : '', model: typeof model === 'string' ? model : '' });
}

/** The DMS's repair-order number, for a repair order's conversation. */
function repairOrderNumberOf(owner: ConversationOwner): string {
  if (owner.kind !== 'repair_order' || !isRecord(owner.record)) return '';
  return typeof owner.record.ro_id === 'string' ? owner.record.ro_id : '';
}

export async function factsOf(auth: Auth, owner: ConversationOwner): Promise<TemplateFacts> {
  const [customer, business, location] = await Promise.all([
    owner.customer_id ? getCustomer(owner.company_id, owner.customer_id) : Promise.resolve(undefined),
    readSettings(owner.company_id, owner.location_id, 'business_information'),
    getLocation(owner.company_id, owner.location_id),
  ]);
  const first = customer?.first_name.trim() ?? '';
  const last = customer?.last_name.trim() ?? '';
  const me = auth.actingAs;
  return {
    customer_first_name: first,
    customer_last_name: last,
    customer_name: [first, last].filter(Boolean).join(' '),
    dealership: business.dealership_name.trim() || location?.name || '',
    advisor_name: [me.first_name.trim(), me.last_name.trim()].filter(Boolean).join(' '),
    advisor_first_name: me.first_name.trim(),
    vehicle: vehicleOf(owner.record),
    ro_number: repairOrderNumberOf(owner),
  };
}
