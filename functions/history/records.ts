/**
 * The history search's items (docs/data-model.md "History search"): the only code that knows their
 * keys. Each searchable record has one entry item beside it (its own partition's key with
 * `#HISTORY`) that holds what it is found by and the keys of the token items written for it; each
 * token item is one line in a small partition of its store and tab (`…#HISTORY#repair#PHONE#6175550142`),
 * so every field is one Query, never a Scan, and the company id leads every key.
 */
import type { SearchEntry } from '../lib/boardModule.js';
import type { HistoryTab } from '../../shared/history/types.js';
import { storeDay } from '../../shared/reports/periods.js';
import { batchGet, isConditionFailure, queryAll, queryPage, readPage, transactWrite, type Keys, type QueryInput, type TransactWrite } from '../lib/table.js';
import { EXACT_FIELDS, entryTokens, nameWords, namePartition, type Token, type TokenField } from './tokens.js';

/** Still open: sorts after every instant, so a descending read lists open records first, and a range of days never reaches them. */
export const OPEN = 'OPEN';

const FIELD_KEY: Record<TokenField, string> = { phone: 'PHONE', phone_last4: 'PHONE4', ro_number: 'RO', vin: 'VIN', vin_last8: 'VIN8', word: 'WORD', pair: 'PAIR', word_closed: 'WORDCLOSED' };
const isName = (field: TokenField) => field === 'word' || field === 'pair';

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
  /** Records with this token: a whole value, or a name word (a pair of them) under its first three letters. */
  token: (companyId: string, locationId: string, tab: HistoryTab, token: Token) =>
    `${historyKeys.base(companyId, locationId, tab)}#${FIELD_KEY[token.field]}#${isName(token.field) ? namePartition(token.value) : token.value}`,
  /** Closed records by the instant they closed. */
  closed: (companyId: string, locationId: string, tab: HistoryTab) => `${historyKeys.base(companyId, locationId, tab)}#CLOSED`,
  /**
   * How many records a store's tab has per closed day (the store's days) and kind, overall
   * (`CLOSED#{day}#{kind}`) and per advisor (`ADVISOR#{agent}#{day or OPEN}#{kind}`), and per name
   * word (`WORD#{word}#{kind}`): the total of a search by filters alone or by one word start, and
   * which words start so, without reading the records. A record only some agents may find (an
   * audience) counts under `{kind}!A`.
   */
  counts: (companyId: string, locationId: string, tab: HistoryTab) => `${historyKeys.base(companyId, locationId, tab)}#COUNTS`,
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
  /** The day counters it counts in (they go down by one when it leaves them). */
  counted?: Keys[];
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
  const items = entryTokens(entry).map((token) => line(historyKeys.token(cid, lid, tab, token), isName(token.field) ? token.value : closedSort(entry), token.field));
  if (entry.closed_at) items.push(line(historyKeys.closed(cid, lid, tab), entry.closed_at, 'closed'));
  if (entry.advisor_id) items.push(line(historyKeys.advisor(cid, lid, tab, entry.advisor_id), closedSort(entry), 'advisor'));
  return items;
}

/**
 * The items a record's entry is kept as, written at once (the bench's seed, in bulk): the same
 * items the listener writes for it.
 */
export function entryItems(recordPk: string, entry: SearchEntry, timeZone: string): { items: object[]; counted: Keys[] } {
  const { pk } = historyKeys.entry(recordPk);
  const tokens = tokenItems(pk, entry);
  const counted = counterKeys(entry, timeZone);
  return { items: [entryItem(recordPk, entry, tokens, counted, 1, 1), ...tokens], counted };
}

/** Counter items as a bulk load writes them (the bench's seed): how many entries count in each. */
export function counterItems(counted: Keys[]): object[] {
  const sums = new Map<string, { pk: string; sk: string; n: number }>();
  for (const { pk, sk } of counted) {
    const key = `${pk}\u0000${sk}`;
    const item = sums.get(key) ?? { pk, sk, n: 0 };
    item.n += 1;
    sums.set(key, item);
  }
  return [...sums.values()];
}

function entryItem(recordPk: string, entry: SearchEntry | null, tokens: Keys[], counted: Keys[], version: number, revision: number): EntryItem {
  const keys = historyKeys.entry(recordPk);
  return {
    ...keys,
    entry,
    tokens: tokens.map(({ pk, sk }) => ({ pk, sk })),
    counted,
    source_version: version,
    revision,
    ...(entry?.customer_id ? { ...historyKeys.entriesOfCustomer(entry.company_id, entry.customer_id), gsi1sk: keys.pk } : {}),
  };
}

/** The counters an entry counts in, its closed day in the store's time zone. */
export function counterKeys(entry: SearchEntry, timeZone: string): Keys[] {
  const pk = historyKeys.counts(entry.company_id, entry.location_id, entry.tab);
  const kind = entry.audience ? `${entry.owner.kind}${AUDIENCE_MARK}` : entry.owner.kind;
  const day = entry.closed_at ? storeDay(entry.closed_at, timeZone) : null;
  return [
    ...(day ? [{ pk, sk: `CLOSED#${day}#${kind}` }] : []),
    ...(entry.advisor_id ? [{ pk, sk: `ADVISOR#${entry.advisor_id}#${day ?? OPEN}#${kind}` }] : []),
    ...nameWords(entry.customer_name ?? '').map((word) => ({ pk, sk: `WORD#${word}#${kind}` })),
  ];
}

/** A counter of records only some agents may find. */
const AUDIENCE_MARK = '!A';

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

/** The counters that move when an entry leaves `before`'s and joins `after`'s: one update each. */
function counterMoves(before: Keys[], after: Keys[]): TransactWrite[] {
  const moves = new Map<string, { key: Keys; by: number }>();
  const move = (key: Keys, by: number) => {
    const id = `${key.pk}\u0000${key.sk}`;
    moves.set(id, { key, by: (moves.get(id)?.by ?? 0) + by });
  };
  for (const key of before) move(key, -1);
  for (const key of after) move(key, 1);
  return [...moves.values()]
    .filter(({ by }) => by !== 0)
    .map(({ key, by }) => ({ Update: { Key: { pk: key.pk, sk: key.sk }, UpdateExpression: 'ADD n :by', ExpressionAttributeValues: { ':by': by } } }));
}

/**
 * Writes a record's entry made from its version `version` (`null`: it has none any more) with its
 * token items, taking away the ones it no longer has, in one transaction. A change older than the
 * entry's is dropped (false); the same entry again writes nothing. Each entry has at most a few
 * dozen token items (a transaction holds 100 writes).
 */
export async function saveEntry(recordPk: string, next: SearchEntry | null, version: number, previous: EntryItem | undefined, timeZone: string): Promise<boolean> {
  if (previous && (previous.source_version > version || (previous.entry === null && previous.source_version === version && next !== null))) return false;
  if (previous ? sameJson(previous.entry, next) : next === null) return true;
  const keys = historyKeys.entry(recordPk);
  const items = next ? tokenItems(keys.pk, next) : [];
  const kept = new Set(items.map((i) => `${i.pk}\u0000${i.sk}`));
  const counted = next ? counterKeys(next, timeZone) : [];
  const writes: TransactWrite[] = [
    {
      Put: {
        Item: entryItem(recordPk, next, items, counted, version, (previous?.revision ?? 0) + 1),
        // As read: a writer that got in meanwhile wins, and this change is applied again on top of it.
        ...(previous
          ? { ConditionExpression: 'revision = :r', ExpressionAttributeValues: { ':r': previous.revision } }
          : { ConditionExpression: 'attribute_not_exists(pk)' }),
      },
    },
    ...(previous?.tokens ?? []).filter((k) => !kept.has(`${k.pk}\u0000${k.sk}`)).map((Key): TransactWrite => ({ Delete: { Key } })),
    ...items.map((Item): TransactWrite => ({ Put: { Item } })),
    ...counterMoves(previous?.counted ?? [], counted),
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

/**
 * Every record of a store's tab with this token: a whole value; a name word, every word that starts
 * so; a pair of word starts (`joh#smi`), every name with a word that starts with each.
 */
export async function hitsOfToken(companyId: string, locationId: string, tab: HistoryTab, token: Token): Promise<Hit[]> {
  const pk = historyKeys.token(companyId, locationId, tab, token);
  const [first, second] = token.value.split('#') as [string, string | undefined];
  const hits = await queryAll<Hit & { sk: string }>({
    KeyConditionExpression: isName(token.field) ? 'pk = :pk AND begins_with(sk, :first)' : 'pk = :pk',
    ExpressionAttributeValues: { ':pk': pk, ...(isName(token.field) ? { ':first': first } : {}) },
    ProjectionExpression: `${hitProjection}, sk`,
    ExpressionAttributeNames: { '#field': 'field' },
  });
  // A pair's second word is the second part of its sort key (`john#smith#…`).
  const kept = token.field === 'pair' && second ? hits.filter((hit) => hit.sk.split('#')[1]!.startsWith(second)) : hits;
  return kept.map(({ sk: _sk, ...hit }) => hit);
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
  /** The same days as the store names them (YYYY-MM-DD): where the day counters are. */
  fromDay?: string;
  toDay?: string;
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
  const [hits, counted] = await Promise.all([readPage<Hit>(input, 0, wanted), countedTotal(companyId, locationId, tab, filters, viewer)]);
  if (counted !== undefined) return { hits, total: counted };
  // Records only some agents may find are among them: count what this agent may see.
  return { hits, total: (await queryPage<Hit>(input, 0, 0)).total };
}

/**
 * How many records the filters find, from the day counters (a few hundred small items for years of
 * records); undefined when some of them have an audience, which counters cannot tell apart.
 */
async function countedTotal(companyId: string, locationId: string, tab: HistoryTab, filters: Filters, viewer: Viewer): Promise<number | undefined> {
  const prefix = filters.advisorId ? `ADVISOR#${filters.advisorId}#` : 'CLOSED#';
  const ranged = filters.fromDay !== undefined || filters.toDay !== undefined;
  const counters = await countersOf(
    companyId,
    locationId,
    tab,
    // Days sort before OPEN: a range of days never counts the open ones.
    ranged ? { from: `${prefix}${filters.fromDay ?? '0000'}`, to: filters.toDay ? `${prefix}${filters.toDay}#~` : `${prefix}9999` } : { prefix },
  );
  return sumFor(counters, viewer);
}

async function countersOf(companyId: string, locationId: string, tab: HistoryTab, range: { prefix: string } | { from: string; to: string }) {
  return queryAll<{ sk: string; n: number }>({
    KeyConditionExpression: 'prefix' in range ? 'pk = :pk AND begins_with(sk, :prefix)' : 'pk = :pk AND sk BETWEEN :from AND :to',
    ExpressionAttributeValues: { ':pk': historyKeys.counts(companyId, locationId, tab), ...('prefix' in range ? { ':prefix': range.prefix } : { ':from': range.from, ':to': range.to }) },
  });
}

/** What the counters add up to for this agent; undefined when some count records with an audience. */
function sumFor(counters: { sk: string; n: number }[], viewer: Viewer): number | undefined {
  let total = 0;
  for (const { sk, n } of counters) {
    const kind = sk.slice(sk.lastIndexOf('#') + 1);
    const shared = kind.endsWith(AUDIENCE_MARK);
    if (!viewer.kinds.includes(shared ? kind.slice(0, -AUDIENCE_MARK.length) : kind)) continue;
    if (shared && n > 0) return undefined;
    total += n;
  }
  return total;
}

/**
 * The first `wanted` records of a store's tab whose name has a word that starts so, most recently
 * closed first, and how many there are (a record with two such words counts twice): the words that
 * start so and their counts from the word counters, then each word's records by closing time, read
 * only as deep as the page. Undefined when records with an audience are among them.
 */
export async function wordStartHits(companyId: string, locationId: string, tab: HistoryTab, start: string, viewer: Viewer, wanted: number): Promise<{ hits: Hit[]; total: number } | undefined> {
  const counters = await countersOf(companyId, locationId, tab, { prefix: `WORD#${start}` });
  const total = sumFor(counters, viewer);
  if (total === undefined) return undefined;
  const words = [...new Set(counters.filter((c) => c.n > 0).map((c) => c.sk.split('#')[1]!))];
  const lists = await Promise.all(
    words.map((word) =>
      readPage<Hit>(
        {
          KeyConditionExpression: 'pk = :pk',
          FilterExpression: `owner_kind IN (${viewer.kinds.map((_, i) => `:k${i}`).join(', ')})`,
          ExpressionAttributeValues: { ':pk': historyKeys.token(companyId, locationId, tab, { field: 'word_closed', value: word }), ...Object.fromEntries(viewer.kinds.map((kind, i) => [`:k${i}`, kind])) },
          ProjectionExpression: hitProjection,
          ExpressionAttributeNames: { '#field': 'field' },
          ScanIndexForward: false,
        },
        0,
        wanted,
      ),
    ),
  );
  return { hits: lists.flat(), total };
}