/** Location records; the tenant check is the key itself (company id leads the partition). */
import type { Location, LocationRef } from '../../shared/api.js';
import { byPrefix, keys } from './keys.js';
import { fields, getItem, putItem, queryAll, queryPage, type Item } from './table.js';

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

/** One page of a company's locations (the spec's offset/limit). */
export async function locationsOfCompany(companyId: string, offset: number, limit: number): Promise<{ locations: LocationRecord[]; total: number }> {
  const page = await queryPage<LocationRecord>(byPrefix(keys.locationsOfCompany(companyId)), offset, limit);
  return { locations: page.items.map(fields), total: page.total };
}

export async function saveLocation(location: LocationRecord): Promise<void> {
  await putItem(locationItem(location));
}

/** Every location of every company (gsi2 `ALL#LOCATIONS`), ids only: what the jobs walk. */
export async function everyLocation(): Promise<Pick<LocationRecord, 'company_id' | 'id'>[]> {
  return queryAll<Pick<LocationRecord, 'company_id' | 'id'>>({
    IndexName: 'gsi2',
    KeyConditionExpression: 'gsi2pk = :pk',
    ExpressionAttributeValues: { ':pk': keys.allLocations().gsi2pk },
    ProjectionExpression: 'company_id, #id',
    ExpressionAttributeNames: { '#id': 'id' },
  });
}
