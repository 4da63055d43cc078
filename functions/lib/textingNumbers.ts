/**
 * The dealership's texting numbers (business_information.texting_numbers): which company, location
 * and module a number belongs to. An inbound text names only the number it was sent to; this is
 * how it finds its dealership. A number belongs to one location; saving business information
 * claims the location's numbers and releases the ones it no longer lists.
 */
import { normalizePhone } from './phones.js';
import { keys } from './keys.js';
import { conflict } from './errors.js';
import { fields, getItem, isConditionFailure, transactWrite, type TransactWrite } from './table.js';

/** Keys of the records this store owns (docs/data-model.md). */
const numberKeys = {
  /** A dealership texting number (business_information.texting_numbers) → its company, location and module. */
  textingNumber: (e164: string) => ({ pk: `NUMBER#${e164}`, sk: 'NUMBER' }),
} as const;

export type TextingModule = 'service' | 'appointment' | 'employees' | 'hotel' | 'internet_sales' | 'showroom_sales' | 'inventory';

export interface TextingNumber {
  number: string;
  company_id: string;
  location_id: string;
  module: TextingModule;
}

export async function textingNumber(e164: string): Promise<TextingNumber | undefined> {
  const item = await getItem<TextingNumber>(numberKeys.textingNumber(e164));
  return item && fields(item);
}

/** E.164 numbers per module from a business_information group (blank and invalid ones left out). */
export function numbersOf(texting: Partial<Record<TextingModule, string>>): Map<string, TextingModule> {
  const found = new Map<string, TextingModule>();
  for (const [module, raw] of Object.entries(texting) as [TextingModule, string][]) {
    const e164 = raw ? normalizePhone(raw) : null;
    if (e164 && !found.has(e164)) found.set(e164, module);
  }
  return found;
}

export async function registerTextingNumbers(
  companyId: string,
  locationId: string,
  before: Partial<Record<TextingModule, string>>,
  after: Partial<Record<TextingModule, string>>,
): Promise<void> {
  const old = numbersOf(before);
  const now = numbersOf(after);
  const writes: TransactWrite[] = [];
  for (const [number, module] of now) {
    writes.push({
      Put: {
        Item: { ...numberKeys.textingNumber(number), number, company_id: companyId, location_id: locationId, module },
        // A number another location already uses stays theirs.
        ConditionExpression: 'attribute_not_exists(pk) OR location_id = :loc',
        ExpressionAttributeValues: { ':loc': locationId },
      },
    });
  }
  for (const number of old.keys()) {
    if (now.has(number)) continue;
    writes.push({
      Delete: { Key: numberKeys.textingNumber(number), ConditionExpression: 'location_id = :loc', ExpressionAttributeValues: { ':loc': locationId } },
    });
  }
  if (writes.length === 0) return;
  try {
    await transactWrite(writes);
  } catch (err) {
    if (isConditionFailure(err)) throw conflict('texting_number_taken', 'A texting number is already used by another location');
    throw err;
  }
}
