/**
 * Guest records and the lists they sit on: the only code that knows their keys. A guest is on its
 * location's open list until it is archived, then on the archive, both by last activity (gsi1,
 * mirrored keys-only on gsi3 so deep pages skip on keys); a counter per list gives the paging
 * total without counting the list; a link in the contact's partition lets a text of theirs, and a
 * consent change, find their guest conversations. One transaction writes the record, moves the
 * counters and the link, conditional on the version it read.
 */
import type { Conversion, GuestList, GuestSource, LeadDetails } from '../../shared/guests/guests.js';
import { notFound } from '../lib/errors.js';
import { updateVersioned, type VersionedUpdate } from '../lib/versioned.js';
import { batchGet, fields, getItem, isConditionFailure, queryAll, readPage, readPageByKeys, transactWrite, type Item, type TransactWrite } from '../lib/table.js';

/** Keys of the records this store owns (docs/data-model.md). */
export const guestKeys = {
  guest: (companyId: string, id: string) => ({ pk: `COMPANY#${companyId}#GUEST#${id}`, sk: 'GUEST' }),
  /** gsi1 (and keys-only gsi3) on guests: a location's open guests or its archive, by last activity. */
  guestsOfLocation: (companyId: string, locationId: string, list: GuestList) => ({ gsi1pk: `COMPANY#${companyId}#LOCATION#${locationId}#GUESTS#${list}` }),
  /** Guest links in the contact's partition, `sk = GUEST#{created_at}#{id}`: threading, consent notes. */
  guestsOfCustomer: (companyId: string, customerId: string) => ({ pk: `COMPANY#${companyId}#CUSTOMER#${customerId}`, skPrefix: 'GUEST#' }),
  /** A list's size, moved by the same transactions that move guests between lists. */
  listCount: (companyId: string, locationId: string, list: GuestList) => ({ pk: `COUNT#${companyId}#LOCATION#${locationId}#GUESTS#${list}`, sk: 'COUNT' }),
} as const;

/** A lead as stored: what the form sent, and how far the store got in answering it. */
export interface StoredLead extends LeadDetails {
  /** SHA-256 of the request's canonical body: the same Idempotency-Key with other words is refused. */
  request_hash: string;
  /** The id of the conversation's first message, the lead's words (a ULID of when the lead came, so it sorts first). */
  message_id: string;
  /** When the auto-reply was claimed (it goes at most once), or null. */
  replied_at: string | null;
  /** When the button's recipients were told, or null. */
  notified_at: string | null;
}

export interface GuestRecord {
  id: string;
  company_id: string;
  location_id: string;
  /** The contact record the conversation is with (a guest contact, or the customer it became or was linked to). */
  customer_id: string;
  source: GuestSource;
  lead: StoredLead | null;
  archived: boolean;
  converted: Conversion | null;
  /** Newest message of any direction, else when it opened: the lists' order. */
  activity_at: string;
  bumped_at: string | null;
  /** Newest message from the guest: unread for agents who read before it. */
  last_inbound_at: string | null;
  message_count: number;
  created_at: string;
  updated_at: string;
  version: number;
}

/** Thread id of a guest's conversation. */
export const guestThreadOf = (id: string): string => `thr_${id}`;

const listOf = (record: Pick<GuestRecord, 'archived'>): GuestList => (record.archived ? 'archived' : 'open');
const activitySort = (at: string, id: string) => `${at}#${id}`;

export function newGuestRecord(base: Pick<GuestRecord, 'id' | 'company_id' | 'location_id' | 'customer_id' | 'source' | 'lead'>, now: string): GuestRecord {
  return { ...base, archived: false, converted: null, activity_at: now, bumped_at: null, last_inbound_at: null, message_count: 0, created_at: now, updated_at: now, version: 1 };
}

export function guestItem(record: GuestRecord): Item<GuestRecord> {
  const { gsi1pk } = guestKeys.guestsOfLocation(record.company_id, record.location_id, listOf(record));
  const sort = activitySort(record.activity_at, record.id);
  return { ...guestKeys.guest(record.company_id, record.id), gsi1pk, gsi1sk: sort, gsi3pk: gsi1pk, gsi3sk: sort, ...record };
}

/** The guest's line in its contact's partition. */
export function customerLinkItem(record: Pick<GuestRecord, 'company_id' | 'customer_id' | 'created_at' | 'id' | 'location_id'>) {
  const { pk, skPrefix } = guestKeys.guestsOfCustomer(record.company_id, record.customer_id);
  return { pk, sk: `${skPrefix}${record.created_at}#${record.id}`, guest_id: record.id, location_id: record.location_id };
}

function counterWrite(companyId: string, locationId: string, list: GuestList, delta: number): TransactWrite {
  return {
    Update: {
      Key: guestKeys.listCount(companyId, locationId, list),
      UpdateExpression: 'ADD #n :d',
      ExpressionAttributeNames: { '#n': 'count' },
      ExpressionAttributeValues: { ':d': delta },
    },
  };
}

/** The record changed under the writer (another write got in first): read again and retry. */
export class GuestChanged extends Error {
  override readonly name = 'GuestChanged';
}

/** Writes `next` (version bumped by the caller, 1 for a new one), its list counters and its contact link. */
export async function saveGuest(next: GuestRecord, previous: GuestRecord | null): Promise<void> {
  const writes: TransactWrite[] = [
    {
      Put: {
        Item: guestItem(next),
        ...(previous ? { ConditionExpression: 'version = :v', ExpressionAttributeValues: { ':v': previous.version } } : { ConditionExpression: 'attribute_not_exists(pk)' }),
      },
    },
  ];
  const [before, after] = [previous ? listOf(previous) : null, listOf(next)];
  if (before !== after) {
    writes.push(counterWrite(next.company_id, next.location_id, after, 1));
    if (before) writes.push(counterWrite(next.company_id, next.location_id, before, -1));
  }
  if (!previous || previous.customer_id !== next.customer_id) writes.push({ Put: { Item: customerLinkItem(next) } });
  if (previous && previous.customer_id !== next.customer_id) {
    const { pk, sk } = customerLinkItem(previous);
    writes.push({ Delete: { Key: { pk, sk } } });
  }
  try {
    await transactWrite(writes);
  } catch (err) {
    if (isConditionFailure(err)) throw new GuestChanged(`Guest ${next.id} changed meanwhile`);
    throw err;
  }
}

/**
 * Writes a new guest unless one with its id is there already (a text delivered twice, a lead posted
 * again with its key): answers the guest as stored and whether this call made it.
 */
export async function createGuest(record: GuestRecord): Promise<{ guest: GuestRecord; created: boolean }> {
  try {
    await saveGuest(record, null);
    return { guest: record, created: true };
  } catch (err) {
    if (!(err instanceof GuestChanged)) throw err;
    const stored = await getGuest(record.company_id, record.id, true);
    if (!stored) throw err;
    return { guest: stored, created: false };
  }
}

export async function getGuest(companyId: string, id: string, consistent = false): Promise<GuestRecord | undefined> {
  const item = await getItem<GuestRecord>(guestKeys.guest(companyId, id), consistent);
  return item && fields(item);
}

export async function requireGuest(companyId: string, id: string, consistent = false): Promise<GuestRecord> {
  const record = await getGuest(companyId, id, consistent);
  if (!record) throw notFound('Guest not found');
  return record;
}

export async function getGuests(companyId: string, ids: string[], consistent = false): Promise<GuestRecord[]> {
  const items = await batchGet<GuestRecord>(ids.map((id) => guestKeys.guest(companyId, id)), consistent);
  return items.map(fields);
}

/** Changes the guest as it is now, read again and retried on a conflict (see updateVersioned). */
export async function updateGuest(companyId: string, id: string, change: (record: GuestRecord) => Partial<GuestRecord> | null): Promise<VersionedUpdate<GuestRecord>> {
  return updateVersioned({ read: () => requireGuest(companyId, id, true), save: saveGuest, isConflict: (err) => err instanceof GuestChanged }, change);
}

/**
 * A message was added at `at`: the guest moves up its list and counts it. One update without a read
 * (messages never wait on other writers); the version bump makes a concurrent save retry.
 */
export function guestBumpWrite(record: GuestRecord, at: string, inbound: boolean): TransactWrite {
  const sort = activitySort(at, record.id);
  return {
    Update: {
      Key: guestKeys.guest(record.company_id, record.id),
      UpdateExpression: 'SET activity_at = :at, bumped_at = :at, gsi1sk = :sort, gsi3sk = :sort' + (inbound ? ', last_inbound_at = :at' : '') + ' ADD message_count :one, version :one',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':at': at, ':sort': sort, ':one': 1 },
    },
  };
}

async function listCount(companyId: string, locationId: string, list: GuestList): Promise<number> {
  const item = await getItem<{ count: number }>(guestKeys.listCount(companyId, locationId, list));
  return Math.max(0, item?.count ?? 0);
}

/**
 * One page of a location's open guests or its archive, newest activity first. The first page is one
 * query; deeper pages skip `offset` on the keys-only mirror and then read the page by key; the
 * total is the list's counter.
 */
export async function guestsOfLocation(companyId: string, locationId: string, list: GuestList, offset: number, limit: number): Promise<{ records: GuestRecord[]; total: number }> {
  const pk = guestKeys.guestsOfLocation(companyId, locationId, list).gsi1pk;
  const page =
    offset === 0
      ? readPage<GuestRecord>({ IndexName: 'gsi1', KeyConditionExpression: 'gsi1pk = :pk', ExpressionAttributeValues: { ':pk': pk }, ScanIndexForward: false }, 0, limit)
      : readPageByKeys<GuestRecord>({ IndexName: 'gsi3', KeyConditionExpression: 'gsi3pk = :pk', ExpressionAttributeValues: { ':pk': pk }, ScanIndexForward: false }, offset, limit);
  const [items, total] = await Promise.all([page, listCount(companyId, locationId, list)]);
  return { records: items.map(fields), total };
}

/**
 * A location's open guests with no activity since `before`, oldest first, up to `limit`: one Query
 * on the open list's own index (`gsi1sk < before`), so it reads only the guests that are due.
 */
export async function idleGuests(companyId: string, locationId: string, before: string, limit: number): Promise<GuestRecord[]> {
  const items = await readPage<GuestRecord>(
    {
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :pk AND gsi1sk < :before',
      ExpressionAttributeValues: { ':pk': guestKeys.guestsOfLocation(companyId, locationId, 'open').gsi1pk, ':before': before },
      ScanIndexForward: true,
    },
    0,
    limit,
  );
  return items.map(fields);
}

/** The guest conversations of a contact record, every location (a few at most). */
export async function guestLinksOfCustomer(companyId: string, customerId: string): Promise<{ guest_id: string; location_id: string }[]> {
  const { pk, skPrefix } = guestKeys.guestsOfCustomer(companyId, customerId);
  return queryAll({ KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)', ExpressionAttributeValues: { ':pk': pk, ':prefix': skPrefix } });
}

/** The guests of these contacts at a location, read consistently (where their text goes, what a consent change notes). */
export async function guestsOfCustomers(companyId: string, customerIds: string[], locationId: string | null): Promise<GuestRecord[]> {
  const links = (await Promise.all(customerIds.map((id) => guestLinksOfCustomer(companyId, id)))).flat();
  const here = links.filter((link) => locationId === null || link.location_id === locationId);
  if (here.length === 0) return [];
  const ids = new Set(customerIds);
  return (await getGuests(companyId, [...new Set(here.map((link) => link.guest_id))], true)).filter((g) => ids.has(g.customer_id) && (locationId === null || g.location_id === locationId));
}

/** Items for loading many guests straight into the table (the bench), with the counter totals they add. */
export function bulkGuestItems(records: GuestRecord[]): { items: Item<object>[]; counts: Map<string, { key: { pk: string; sk: string }; count: number }> } {
  const counts = new Map<string, { key: { pk: string; sk: string }; count: number }>();
  const items: Item<object>[] = [];
  for (const record of records) {
    items.push(guestItem(record), customerLinkItem(record));
    const key = guestKeys.listCount(record.company_id, record.location_id, listOf(record));
    const entry = counts.get(key.pk) ?? { key, count: 0 };
    entry.count += 1;
    counts.set(key.pk, entry);
  }
  return { items, counts };
}

/** Adds to a list's counter (the bench's bulk load, after writing the items). */
export async function addToListCount(key: { pk: string; sk: string }, delta: number): Promise<void> {
  await transactWrite([{ Update: { Key: key, UpdateExpression: 'ADD #n :d', ExpressionAttributeNames: { '#n': 'count' }, ExpressionAttributeValues: { ':d': delta } } }]);
}
