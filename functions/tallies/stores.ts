/**
 * What counting needs to know of a store: its timezone (a fact counts on the store's calendar day)
 * and its reports settings (opening hours). Kept a minute per warm Lambda: a stream batch holds
 * many changes of the same few stores.
 */
import { getLocation } from '../lib/locations.js';
import { readReportsSettings } from './settings.js';
import type { ReportsSettingsValues } from './sheets.js';

export interface StoreFacts {
  timezone: string;
  settings: ReportsSettingsValues;
}

const KEEP_MS = 60_000;
const known = new Map<string, { at: number; store: Promise<StoreFacts> }>();

export function storeFacts(companyId: string, locationId: string): Promise<StoreFacts> {
  const key = `${companyId}\u0000${locationId}`;
  const hit = known.get(key);
  if (hit && Date.now() - hit.at < KEEP_MS) return hit.store;
  const store = (async () => {
    const [location, settings] = await Promise.all([getLocation(companyId, locationId), readReportsSettings(companyId, locationId)]);
    // A location read while it is being created has no record yet: its company's default zone is UTC's.
    return { timezone: location?.timezone ?? 'UTC', settings };
  })();
  known.set(key, { at: Date.now(), store });
  store.catch(() => known.delete(key));
  return store;
}

/** Forgets what was kept (a test that changes a store's settings). */
export function forgetStores(): void {
  known.clear();
}
