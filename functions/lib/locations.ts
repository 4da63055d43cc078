/** Location records; the tenant check is the key itself (company id leads the partition). */
import type { Location, LocationRef } from '../../shared/api.js';
import { keys } from './keys.js';
import { fields, getItem, type Item } from './table.js';

export type LocationRecord = Location;

export async function getLocation(companyId: string, locationId: string): Promise<LocationRecord | undefined> {
  const item = await getItem<LocationRecord>(keys.location(companyId, locationId));
  return item && fields(item);
}

export function locationItem(location: LocationRecord): Item<LocationRecord> {
  return { ...keys.location(location.company_id, location.id), ...keys.allLocations(), gsi2sk: `${location.company_id}#${location.id}`, ...location };
}

export function locationRef(location: LocationRecord): LocationRef {
  return { id: location.id, name: location.name, timezone: location.timezone, theme: location.theme, whitelabel: location.whitelabel };
}
