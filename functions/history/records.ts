/**
 * The history search's items (docs/data-model.md "History search"): the only code that knows their
 * keys. Each searchable record has one entry item beside it (its own partition's key with
 * `#HISTORY`) that holds what it is found by and the keys of the token items written for it; each
 * token item is one line in a small partition of its store and tab (`…#HISTORY#repair#PHONE#6175550142`),
 * so every field is one Query, never a Scan, and the company id leads every key.
 */
import type { SearchEntry } from '../lib/boardModule.js';
import type { HistoryTab } from '../../shared/history/types.js';
import { batchGet, isConditionFailure, queryAll, queryPage, transactWrite, type Keys, type QueryInput, type TransactWrite } from '../lib/table.js';
import { EXACT_FIELDS, entryTokens, type Token, type TokenField } from './tokens.js';

/** Still open: sorts after every instant, so a descending read lists open records first, and a range of days never reaches them. */
export const OPEN = 'OPEN';

const FIELD_KEY: Record<TokenField, string> = { phone: 'PHONE', phone_last4: 'PHONE4', ro_number: 'RO', vin: 'VIN', vin_last8: 'VIN8', word: 'WORD' };

/** Keys of the items this store owns. */
export const historyKeys = {
  /** The entry of the record whose item has this partition key, beside it. */
  entry: (recordPk: string) => ({ pk: `${recordPk}#HISTORY`, sk: 'ENTRY' }),
  /** The partition key of the record an entry is beside. */
  recordOf: (entryPk: string) => entryPk.replace(/#HISTORY$/, ''),
  /** gsi1 on entries: every entry of a customer (a new name or number follows into them). */
  entriesOfCustomer: (companyId: string, customerId: string) => ({ gsi1pk: `COMPANY#${companyId}#HISTORY#CUSTOMER#${customerId}` }),
  /** The partitions of one store's tab. */
  base: (companyId: string, locationId: string, tab: HistoryTab) => `COMPANY#${companyId}#LOCATION#${locationId}#HISTORY#${tab}`,
  /** Records with this token: a whole value, or a name word under its first three letters. */
  token: (companyId: string, locationId: string, tab: HistoryTab, token: Token) =>
    `${historyKeys.base(companyId, locationId, tab)}#${FIELD_KEY[token.field]}#${token.field === 'word' ? token.value.slice(0, 3) : token.value}`,
  /** Closed records by the instant they closed. */
  closed: (companyId: string, locationId: string, tab: HistoryTab) => `${historyKeys.base(companyId, locationId, tab)}#CLOSED`,
  /** An advisor's records by the instant they closed (open ones last in the partition). */
  advisor: (companyId: string, locationId: string, tab: HistoryTab, advisorId: string) => `${historyKeys.base(companyId, locationId, tab)}#ADVISOR#${advisorId}`,
} as const;

/** The stored entry: what the record is found by, and the token items written for it (to take them away again). */
export interface EntryItem {
  pk: string;
  sk: string;
  /** Null: the record was removed or is no longer searchable (kept, so a late change of it does not bring it back). */
  entry: SearchEntry | null;
  tokens: Keys[];
  /** The record's version this entry was made from: an older change arriving late is dropped. */
  source_version: number;
  /** Every write of the entry counts one: a write is conditional on the one it read. */
  revision: number;
  gsi1pk?: string;
  gsi1sk?: string;
}

/** One line of a token partition: enough to rank, filter and count without reading the entry. */
export interface Hit {
  owner_kind: string;
  owner_id: string;
  entry_pk: string;
  field: TokenField | 'closed' | 'advisor';
  exact: boolean;
  closed_at: string | null;
  advisor_id: string | null;
  audience?: string[];
}

const ownerSort = (entry: SearchEntry) => `${entry.owner.kind}#${entry.owner.id}`;
const closedSort = (entry: SearchEntry) => entry.closed_at ?? OPEN;

/** Every token item of an entry. */
function tokenItems(entryPk: string, entry: SearchEntry): (Keys & Hit)[] {
  const line = (pk: string, sortFirst: string, field: Hit['field']) => ({
    pk,
    sk: `${sortFirst}#${ownerSort(entry)}`,
    owner_kind: entry.owner.kind,
    owner_id: entry.owner.id,
    entry_pk: entryPk,
    field,
    exact: field !== 'closed' && field !== 'advisor' && EXACT_FIELDS.has(field),
    closed_at: entry.closed_at,
    advisor_id: entry.advisor_id,
    ...(entry.audience ? { audience: entry.audience } : {}),
  });
  const { company_id: cid, location_id: lid, tab } = entry;
  const items = entryTokens(entry).map((token) => line(historyKeys.token(cid, lid, tab, token), token.field === 'word' ? token.value : closedSort(entry), token.field));
  if (entry.closed_at) items.push(line(historyKeys.closed(cid, lid, tab), entry.closed_at, 'closed'));
  if (entry.advisor_id) items.push(line(historyKeys.advisor(cid, lid, tab, entry.advisor_id), closedSort(entry), 'advisor'));
  return items;
}

/**
 * The items a record's entry is kept as, written at once (the bench's seed, in bulk): the same
 * items the listener writes for it.
 */
export function entryItems(recordPk: string, entry: SearchEntry): object[] {
  const { pk } = historyKeys.entry(recordPk);
  const tokens = tokenItems(pk, entry);
  return [entryItem(recordPk, entry, tokens, 1, 1), ...tokens];
}

function entryItem(recordPk: string, entry: SearchEntry | null, tokens: Keys[], version: number, revision: number): EntryItem {
  const keys = historyKeys.entry(recordPk);
  return {
    ...keys,
    entry,
    tokens: tokens.map(({ pk, sk }) => ({ pk, sk })),
    source_version: version,
    revision,
    ...(entry?.customer_id ? { ...historyKeys.entriesOfCustomer(entry.company_id, entry.customer_id), gsi1sk: keys.pk } : {}),
  };
}

export async function getEntries(entryPks: string[], consistent = false): Promise<Map<string, EntryItem>> {
  const items = await batchGet<EntryItem>(entryPks.map((pk) => ({ pk, sk: 'ENTRY' })), consistent);
  return new Map(items.map((item) => [item.pk, item]));
}

/** The entry of the record whose item has this partition key, as written last. */
export async function getEntry(recordPk: string): Promise<EntryItem | undefined> {
  const { pk } = historyKeys.entry(recordPk);
  return (await getEntries([pk], true)).get(pk);
}

/** Entries of a customer's records (any tab). */
export async function entriesOfCustomer(companyId: string, customerId: string): Promise<EntryItem[]> {
  return queryAll<EntryItem>({
    IndexName: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :pk',
    ExpressionAttributeValues: { ':pk': historyKeys.entriesOfCustomer(companyId, customerId).gsi1pk },
  });
}

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Writes a record's entry made from its version `version` (`null`: it has none any more) with its
 * token items, taking away the ones it no longer has, in one transaction. A change older than the
 * entry's is dropped (false); the same entry again writes nothing. Each entry has at most a few
 * dozen token items (a transaction holds 100 writes).
 */
export async function saveEntry(recordPk: string, next: SearchEntry | null, version: number, previous: EntryItem | undefined): Promise<boolean> {
  if (previous && (previous.source_version > version || (previous.entry === null && previous.source_version === version && next !== null))) return false;
  if (previous ? sameJson(previous.entry, next) : next === null) return true;
  const keys = historyKeys.entry(recordPk);
  const items = next ? tokenItems(keys.pk, next) : [];
  const kept = new Set(items.map((i) => `${i.pk}\u0000${i.sk}`));
  const writes: TransactWrite[] = [
    {
      Put: {
        Item: entryItem(recordPk, next, items, version, (previous?.revision ?? 0) + 1),
        // As read: a writer that got in meanwhile wins, and this change is applied again on top of it.
        ...(previous
          ? { ConditionExpression: 'revision = :r', ExpressionAttributeValues: { ':r': previous.revision } }
          : { ConditionExpression: 'attribute_not_exists(pk)' }),
      },
    },
    ...(previous?.tokens ?? []).filter((k) => !kept.has(`${k.pk}\u0000${k.sk}`)).map((Key): TransactWrite => ({ Delete: { Key } })),
    ...items.map((Item): TransactWrite => ({ Put: { Item } })),
  ];
  try {
    await transactWrite(writes);
    return true;
  } catch (err) {
    if (isConditionFailure(err)) throw new EntryChanged(recordPk);
    throw err;
  }
}

/** Another change of the same record was written between the read and the write: read again. */
export class EntryChanged extends Error {
  override readonly name = 'EntryChanged';
}

const hitProjection = 'owner_kind, owner_id, entry_pk, #field, exact, closed_at, advisor_id, audience';

/** Every record of a store's tab with this token (a name word: every word that starts so). */
export async function hitsOfToken(companyId: string, locationId: string, tab: HistoryTab, token: Token): Promise<Hit[]> {
  const pk = historyKeys.token(companyId, locationId, tab, token);
  return queryAll<Hit>({
    KeyConditionExpression: token.field === 'word' ? 'pk = :pk AND begins_with(sk, :word)' : 'pk = :pk',
    ExpressionAttributeValues: { ':pk': pk, ...(token.field === 'word' ? { ':word': token.value } : {}) },
    ProjectionExpression: hitProjection,
    ExpressionAttributeNames: { '#field': 'field' },
  });
}

/** Who is asking: the kinds of record their boards show, and who they are (a record with an audience is theirs only if they are in it). */
export interface Viewer {
  agentId: string;
  kinds: readonly string[];
}

export interface Filters {
  advisorId?: string;
  /** First instant of the first day and first instant after the last day (ISO), the store's days. */
  from?: string;
  to?: string;
}

/**
 * The first `wanted` records of a store's tab by filters alone, most recently closed first, and how
 * many there are: an advisor's records (closed in the range when one is given), or the records
 * closed in the range.
 */
export async function filteredHits(companyId: string, locationId: string, tab: HistoryTab, filters: Filters, viewer: Viewer, wanted: number): Promise<{ hits: Hit[]; total: number }> {
  const pk = filters.advisorId ? historyKeys.advisor(companyId, locationId, tab, filters.advisorId) : historyKeys.closed(companyId, locationId, tab);
  const ranged = filters.from !== undefined || filters.to !== undefined;
  const input: QueryInput = {
    KeyConditionExpression: ranged ? 'pk = :pk AND sk BETWEEN :from AND :to' : 'pk = :pk',
    FilterExpression: `owner_kind IN (${viewer.kinds.map((_, i) => `:k${i}`).join(', ')}) AND (attribute_not_exists(audience) OR contains(audience, :me))`,
    ExpressionAttributeValues: {
      ':pk': pk,
      ':me': viewer.agentId,
      ...Object.fromEntries(viewer.kinds.map((kind, i) => [`:k${i}`, kind])),
      // Both bounds are instants; `to` is the next day's first, which every key of that instant sorts after.
      ...(ranged ? { ':from': filters.from ?? '0', ':to': filters.to ?? OPEN } : {}),
    },
    // No projection: the count drops it, and a token item is a few attributes anyway.
    ScanIndexForward: false,
  };
  const page = await queryPage<Hit>(input, 0, wanted);
  return { hits: page.items, total: page.total };
}
