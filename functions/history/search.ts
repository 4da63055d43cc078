/**
 * One history search (issue 24; SPEC §5 "History search"): the stores it covers (the asked one, or
 * for `scope=company` every store the agent reaches), the token partitions the box names, one Query
 * each, intersected for several name words and narrowed by the filters; for one word start alone,
 * each word's records by closing time read only as deep as the page, counted by the word counters;
 * with filters alone, the advisor's or the closed records' partition read only as deep as the page,
 * counted by the day counters. Exact identifiers first, then the most recently closed (still open
 * ones before any closed one).
 */
import { dayAfter, dayStart } from '../../shared/reports/periods.js';
import type { CheckedHistoryQuery } from '../../shared/history/schemas.js';
import type { HistoryResult, HistoryTab } from '../../shared/history/types.js';
import { historyConversationPath } from '../../shared/history/routes.js';
import type { SearchEntry } from '../lib/boardModule.js';
import { boards } from '../lib/boardList.js';
import { forbidden } from '../lib/errors.js';
import { getAgents } from '../lib/agents.js';
import { getLocation, locationsOfCompany, type LocationRecord } from '../lib/locations.js';
import { visibleLocation } from '../lib/access.js';
import type { Auth } from '../lib/session.js';
import { OPEN, filteredHits, getEntries, hitsOfToken, wordStartHits, type Filters, type Hit, type Viewer } from './records.js';
import { matchOf, queryTokens, type Token } from './tokens.js';

type QueryTokens = ReturnType<typeof queryTokens>;

/** The most stores a company scope covers (a group's stores: dozens). */
const MAX_STORES = 200;

/** The stores the search covers: the asked one, or every one the agent reaches. */
async function storesOf(auth: Auth, locationId: string, scope: CheckedHistoryQuery['scope']): Promise<LocationRecord[]> {
  if (scope === 'company' && auth.actingAs.access_level.admin) return (await locationsOfCompany(auth.companyId, 0, MAX_STORES)).locations;
  // Everyone else reaches their own store alone (functions/lib/access.ts): the company scope is that store.
  const location = await getLocation(auth.companyId, scope === 'company' ? auth.actingAs.location_id : locationId);
  return location ? [location] : [];
}

/**
 * Who searches at this store: 404 for a store they do not reach (another company's, another store
 * for an agent of one), 403 without a board whose records can be found; else the kinds of record
 * their boards show (the others are never found by them).
 */
export async function searcherAt(auth: Auth, locationId: string): Promise<Viewer> {
  await visibleLocation(auth, locationId);
  const kinds = boards().flatMap((board) => (board.searchable && board.conversations && board.opens(auth.actingAs.access_level) ? [board.conversations.kind] : []));
  if (kinds.length === 0) throw forbidden('You do not have access to the history search');
  return { agentId: auth.actingAs.id, kinds };
}

const sees = (viewer: Viewer, hit: Hit) => viewer.kinds.includes(hit.owner_kind) && (!hit.audience || hit.audience.includes(viewer.agentId));

/** An instant as the items keep it (`…Z`): the store's day starts come with their offset. */
const utc = (iso: string) => new Date(iso).toISOString();

/** The filters as instants of the store's days. */
function filtersAt(query: CheckedHistoryQuery, location: LocationRecord): Filters {
  return {
    ...(query.advisor_id ? { advisorId: query.advisor_id } : {}),
    ...(query.closed_from ? { from: utc(dayStart(query.closed_from, location.timezone)), fromDay: query.closed_from } : {}),
    ...(query.closed_to ? { to: utc(dayAfter(query.closed_to, location.timezone)), toDay: query.closed_to } : {}),
  };
}

function passes(hit: Hit, filters: Filters): boolean {
  if (filters.advisorId && hit.advisor_id !== filters.advisorId) return false;
  if (filters.from === undefined && filters.to === undefined) return true;
  if (!hit.closed_at) return false;
  return (filters.from === undefined || hit.closed_at >= filters.from) && (filters.to === undefined || hit.closed_at < filters.to);
}

/** The records of one store an identifier of the box finds (a phone, its end, an RO number, a VIN, its end). */
const identifierHits = (companyId: string, location: LocationRecord, tab: HistoryTab, anyOf: Token[]) =>
  Promise.all(anyOf.map((token) => hitsOfToken(companyId, location.id, tab, token))).then((lists) => lists.flat());

/** Every record of one store the box finds, with what it matched (the best of it). */
async function boxHits(companyId: string, location: LocationRecord, tab: HistoryTab, { anyOf, allWords }: QueryTokens): Promise<Hit[]> {
  const [identifiers, ...words] = await Promise.all([
    identifierHits(companyId, location, tab, anyOf),
    // One word: its starts' partition. Several: the pairs of the first with each other one, each a small partition.
    ...(allWords.length === 1
      ? [hitsOfToken(companyId, location.id, tab, { field: 'word', value: allWords[0]! })]
      : allWords.slice(1).map((other) => hitsOfToken(companyId, location.id, tab, { field: 'pair', value: `${allWords[0]}#${other}` }))),
  ]);
  const hits = [...identifiers!];
  if (words.length > 0) {
    // Every pair must find the record.
    const inAll = words.slice(1).reduce((kept, list) => {
      const found = new Set(list.map((h) => h.entry_pk));
      return kept.filter((h) => found.has(h.entry_pk));
    }, words[0]!);
    hits.push(...inAll);
  }
  return hits;
}

const sortOf = (hit: Hit) => hit.closed_at ?? OPEN;
const byRank = (a: Hit, b: Hit) => Number(b.exact) - Number(a.exact) || (sortOf(a) < sortOf(b) ? 1 : sortOf(a) > sortOf(b) ? -1 : a.entry_pk.localeCompare(b.entry_pk));
const byClosed = (a: Hit, b: Hit) => (sortOf(a) < sortOf(b) ? 1 : sortOf(a) > sortOf(b) ? -1 : a.entry_pk.localeCompare(b.entry_pk));

/** One line per record, its best match first. */
function bestOf(hits: Hit[], order: (a: Hit, b: Hit) => number): Hit[] {
  const best = new Map<string, Hit>();
  for (const hit of [...hits].sort(order)) if (!best.has(hit.entry_pk)) best.set(hit.entry_pk, hit);
  return [...best.values()];
}

/**
 * One word start and no filters (`smith`, the commonest search): exact identifiers first, then the
 * page of the words' records by closing time, each word's list read only as deep as the page and
 * the total from the word counters; undefined where records with an audience are among them.
 */
async function oneWordPage(companyId: string, stores: LocationRecord[], tab: HistoryTab, { anyOf, allWords }: QueryTokens, viewer: Viewer, offset: number, limit: number) {
  const perStore = await Promise.all(
    stores.map(async (store) => {
      const [identifiers, words] = await Promise.all([identifierHits(companyId, store, tab, anyOf), wordStartHits(companyId, store.id, tab, allWords[0]!, viewer, offset + limit)]);
      return words && { identifiers: identifiers.filter((hit) => sees(viewer, hit)), words };
    }),
  );
  if (perStore.some((found) => found === undefined)) return undefined;
  const found = perStore.flatMap((f) => (f ? [f] : []));
  const identified = bestOf(found.flatMap((f) => f.identifiers), byRank);
  const shown = new Set(identified.map((hit) => hit.entry_pk));
  const named = bestOf(found.flatMap((f) => f.words.hits), byClosed).filter((hit) => !shown.has(hit.entry_pk));
  const all = [...identified, ...named];
  return { hits: all.slice(offset, offset + limit), total: identified.length + found.reduce((sum, f) => sum + f.words.total, 0) };
}

/** The page of hits and how many there are. */
async function rankedHits(auth: Auth, stores: LocationRecord[], tab: HistoryTab, query: CheckedHistoryQuery, viewer: Viewer): Promise<{ hits: Hit[]; total: number }> {
  const { q, offset, limit } = query;
  if (q) {
    const tokens = queryTokens(q);
    if (tokens.allWords.length === 1 && !query.advisor_id && !query.closed_from && !query.closed_to) {
      const page = await oneWordPage(auth.companyId, stores, tab, tokens, viewer, offset, limit);
      if (page) return page;
    }
    const perStore = await Promise.all(stores.map(async (store) => (await boxHits(auth.companyId, store, tab, tokens)).filter((hit) => sees(viewer, hit) && passes(hit, filtersAt(query, store)))));
    const all = bestOf(perStore.flat(), byRank);
    return { hits: all.slice(offset, offset + limit), total: all.length };
  }
  const perStore = await Promise.all(stores.map((store) => filteredHits(auth.companyId, store.id, tab, filtersAt(query, store), viewer, offset + limit)));
  const all = perStore.flatMap((p) => p.hits).sort(byClosed);
  return { hits: all.slice(offset, offset + limit), total: perStore.reduce((sum, p) => sum + p.total, 0) };
}

function resultOf(hit: Hit, entry: SearchEntry, store: LocationRecord | undefined, advisorName: string | null, matched: boolean): HistoryResult {
  const named = entry.customer_name !== null || entry.phone !== null;
  return {
    owner: entry.owner,
    tab: entry.tab,
    location: { id: entry.location_id, name: store?.name ?? '' },
    // A chat-tab conversation's person (an employee, a room's colleagues) has no customer record: the owner stands for it.
    customer: named ? { id: entry.customer_id ?? entry.owner.id, name: entry.customer_name ?? '', phone: entry.phone } : null,
    identifiers: { ...(entry.ro_number ? { ro_number: entry.ro_number } : {}), ...(entry.vin ? { vin: entry.vin } : {}), ...(entry.title ? { title: entry.title } : {}) },
    advisor: entry.advisor_id ? { id: entry.advisor_id, name: advisorName ?? '' } : null,
    closed_at: entry.closed_at,
    archived: entry.archived,
    match: matched && hit.field !== 'closed' && hit.field !== 'advisor' ? matchOf(hit.field) : null,
    exact: hit.exact,
    link: historyConversationPath(entry.tab, entry.owner.kind, entry.owner.id),
  };
}

/** The search's page of results and how many there are in all. */
export async function searchHistory(auth: Auth, viewer: Viewer, locationId: string, tab: HistoryTab, query: CheckedHistoryQuery): Promise<{ results: HistoryResult[]; total: number }> {
  const stores = await storesOf(auth, locationId, query.scope);
  const { hits, total } = await rankedHits(auth, stores, tab, query, viewer);
  const entries = await getEntries(hits.map((h) => h.entry_pk));
  const advisors = await getAgents(auth.companyId, [...new Set([...entries.values()].flatMap((e) => (e.entry?.advisor_id ? [e.entry.advisor_id] : [])))]);
  const storeById = new Map(stores.map((s) => [s.id, s]));
  const results = hits.flatMap((hit) => {
    const entry = entries.get(hit.entry_pk)?.entry;
    if (!entry) return [];
    const advisor = entry.advisor_id ? advisors.get(entry.advisor_id) : undefined;
    return [resultOf(hit, entry, storeById.get(entry.location_id), advisor ? `${advisor.first_name} ${advisor.last_name}`.trim() : null, query.q !== undefined)];
  });
  return { results, total };
}
