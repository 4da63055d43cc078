/**
 * Keeps the history search's items from the table's stream (functions/lib/boardModule.ts
 * `TableListener`): a change of a board's searchable record rewrites that record's entry (every
 * board's `searchable` says what it is found by), and a change of a customer's name or cell number
 * follows into the entries of all their records. Idempotent: an entry is made from the record's
 * version and a change older than the entry's is dropped, so a change told twice, or changes of
 * one record out of order, leave the entry of the newest version; a customer's change reads the
 * customer as it is now, so however late it comes, the entries end with the current name.
 */
import type { SearchEntry, TableChange, TableListener } from '../lib/boardModule.js';
import { boards } from '../lib/boardList.js';
import { customerOfItem, getCustomer, searchContact } from '../customers/records.js';
import { getLocation } from '../lib/locations.js';
import { EntryChanged, entriesOfCustomer, getEntry, historyKeys, saveEntry } from './records.js';

/** A write that met another writer of the same entry reads again; more than this many in a row is a fault (the batch is retried). */
const ATTEMPTS = 5;

async function keepEntry(recordPk: string, make: () => Promise<{ entry: SearchEntry | null; version: number } | undefined>): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    const previous = await getEntry(recordPk);
    const next = await make();
    if (!next) return;
    try {
      await saveEntry(recordPk, next.entry, next.version, previous, next.entry ? await timeZoneOf(next.entry.company_id, next.entry.location_id) : 'UTC');
      return;
    } catch (err) {
      if (!(err instanceof EntryChanged) || attempt >= ATTEMPTS) throw err;
    }
  }
}

/**
 * A store's time zone, read once per container: the day counters count in the store's days. A
 * store that changes its time zone keeps the days its records were counted under until they change.
 */
const timeZones = new Map<string, Promise<string>>();
function timeZoneOf(companyId: string, locationId: string): Promise<string> {
  const key = `${companyId}#${locationId}`;
  let zone = timeZones.get(key);
  if (!zone) {
    zone = getLocation(companyId, locationId).then((location) => location?.timezone ?? 'UTC');
    zone.catch(() => timeZones.delete(key));
    timeZones.set(key, zone);
  }
  return zone;
}

const versionOf = (change: TableChange): number => Number((change.new ?? change.old)?.version ?? 0) || 0;

/** The entries of a customer's records take the customer's name and number as they are now. */
async function followCustomer(companyId: string, customerId: string): Promise<void> {
  const entries = await entriesOfCustomer(companyId, customerId);
  if (entries.length === 0) return;
  const contact = searchContact(await getCustomer(companyId, customerId, true));
  for (const stored of entries) {
    const recordPk = historyKeys.recordOf(stored.pk);
    await keepEntry(recordPk, async () => {
      const current = await getEntry(recordPk);
      if (!current?.entry || current.entry.customer_id !== customerId) return undefined;
      return { entry: { ...current.entry, ...contact }, version: current.source_version };
    });
  }
}

async function applyChange(change: TableChange): Promise<void> {
  const customer = customerOfItem(change.new) ?? customerOfItem(change.old);
  if (customer) {
    const before = customerOfItem(change.old);
    const after = customerOfItem(change.new);
    const moved = !before || !after || JSON.stringify(searchContact(before)) !== JSON.stringify(searchContact(after));
    if (moved) await followCustomer(customer.company_id, customer.id);
    return;
  }
  for (const board of boards()) {
    if (!board.searchable) continue;
    const entry = await board.searchable(change);
    if (entry === undefined) continue;
    await keepEntry(change.keys.pk, async () => ({ entry, version: versionOf(change) }));
    return;
  }
}

export const searchListener: TableListener = {
  name: 'history_search',
  // Tenant items other than the search's own; the boards' sources tell their records from the rest by the item.
  wants: (keys) => keys.pk.startsWith('COMPANY#') && !keys.pk.includes('#HISTORY'),
  apply: async (changes) => {
    for (const change of changes) await applyChange(change);
  },
};
