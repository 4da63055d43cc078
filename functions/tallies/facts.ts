/**
 * The reports' facts (issue 24): one item per thing counted (an opt-out, a text sent, a wait
 * answered), kept once by its id and written in one transaction with the three counters it adds to,
 * so a fact seen twice (a retried stream batch) counts once. A figure's drill-down reads them.
 * The only code that knows the facts' keys (docs/data-model.md "Reports").
 */
import type { DayRange, ReportType } from '../../shared/reports/types.js';
import type { Fact } from '../lib/boardModule.js';
import { dayAfter, dayStart, storeDay } from '../../shared/reports/periods.js';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { config } from '../lib/config.js';
import { logger } from '../lib/log.js';
import { db, readPage, transactWrite, type QueryInput } from '../lib/table.js';
import { counterWrites } from './counters.js';

/** Keys of the records this store owns (docs/data-model.md "Reports"). */
const factKeys = {
  /** A location's facts of one figure, by time: `sk = {at}#{fact id}`. */
  facts: (companyId: string, locationId: string, type: ReportType, figure: string) => `COMPANY#${companyId}#LOCATION#${locationId}#FACTS#${type}#${figure}`,
} as const;

export type StoredFact = Required<Pick<Fact, 'id' | 'type' | 'figure' | 'location_id' | 'at' | 'record'>> & {
  dims: Record<string, string>;
  value: number | null;
  customer_id: string | null;
};

/** An instant as facts keep it (ISO, UTC, milliseconds), or the fallback's when the value is none or not a time. */
export function instantOf(value: string | null | undefined, fallback: string): string {
  const t = Date.parse(value ?? '');
  return new Date(Number.isNaN(t) ? Date.parse(fallback) : t).toISOString();
}

/** Whether a cancelled transaction failed on its first write's condition: the fact was there. */
function factWasThere(err: unknown): boolean {
  if ((err as { name?: string }).name !== 'TransactionCanceledException') return false;
  return (err as { CancellationReasons?: { Code?: string }[] }).CancellationReasons?.[0]?.Code === 'ConditionalCheckFailed';
}

function isConflict(err: unknown): boolean {
  if ((err as { name?: string }).name !== 'TransactionCanceledException') return false;
  return ((err as { CancellationReasons?: { Code?: string }[] }).CancellationReasons ?? []).some((r) => r.Code === 'TransactionConflict');
}

/**
 * Keeps a fact once and adds it to its day's, month's and year's counters, all or none. Answers
 * whether it was counted now (false: it had been already). `timeZone` is its location's: the day
 * is the store's calendar day of the fact. `bucket` (a first response's, `b15`) is added to as well.
 */
export async function countFact(fact: Fact, timeZone: string, options: { bucket?: string } = {}): Promise<boolean> {
  // A fact without a real time could never be counted: retrying its batch would hold up every change after it.
  if (Number.isNaN(Date.parse(fact.at))) {
    logger.error('A fact without a valid time was not counted', { fact: fact.id, at: fact.at });
    return false;
  }
  const dims = fact.dims ?? {};
  const item: StoredFact & { pk: string; sk: string } = {
    pk: factKeys.facts(fact.company_id, fact.location_id, fact.type, fact.figure),
    sk: `${fact.at}#${fact.id}`,
    id: fact.id,
    type: fact.type,
    figure: fact.figure,
    location_id: fact.location_id,
    at: fact.at,
    record: fact.record,
    dims,
    value: fact.value ?? null,
    customer_id: fact.customer_id ?? null,
  };
  const writes = [
    { Put: { Item: item, ConditionExpression: 'attribute_not_exists(pk)' } },
    ...counterWrites({ companyId: fact.company_id, locationId: fact.location_id, type: fact.type, figure: fact.figure, dims, day: storeDay(fact.at, timeZone), value: fact.value ?? 0, ...options }),
  ];
  // Two facts of the same counter in flight at once cancel one transaction; a few tries settle it.
  for (let attempt = 0; ; attempt++) {
    try {
      await transactWrite(writes);
      return true;
    } catch (err) {
      if (factWasThere(err)) return false;
      if (!isConflict(err) || attempt >= 5) throw err;
      await new Promise((r) => setTimeout(r, 20 * 2 ** attempt));
    }
  }
}

interface FactsAsked {
  companyId: string;
  locations: readonly { id: string; timezone: string }[];
  type: ReportType;
  figure: string;
  dims: Readonly<Record<string, string>>;
  range: DayRange;
}

/** The Query of a location's facts of the figure over the range, newest first, those with every dimension asked for. */
function factsQuery(input: FactsAsked, location: { id: string; timezone: string }): QueryInput {
  const entries = Object.entries(input.dims);
  const names = Object.fromEntries(entries.map(([k], i) => [`#d${i}`, k]));
  const values = Object.fromEntries(entries.map(([, v], i) => [`:d${i}`, v]));
  return {
    KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
    ...(entries.length > 0 ? { FilterExpression: entries.map((_, i) => `dims.#d${i} = :d${i}`).join(' AND '), ExpressionAttributeNames: names } : {}),
    // Instants are ISO in UTC: the store's days' bounds compare as strings.
    ExpressionAttributeValues: { ':pk': factKeys.facts(input.companyId, location.id, input.type, input.figure), ':from': dayStart(input.range.from, location.timezone), ':to': dayAfter(input.range.to, location.timezone), ...values },
    ScanIndexForward: false,
  };
}

const stored = ({ id, type, figure, location_id, at, record, dims, value, customer_id }: StoredFact): StoredFact => ({ id, type, figure, location_id, at, record, dims, value, customer_id });
const newestFirst = (a: StoredFact, b: StoredFact) => (a.at < b.at ? 1 : a.at > b.at ? -1 : a.id < b.id ? 1 : -1);

/**
 * The facts behind a figure at the locations over the range (drill-down), newest first, those whose
 * dimensions include every one asked for. Each location is read only up to offset + limit facts:
 * for a page on screen; an export reads them all with `factPages`.
 */
export async function factsOf(input: FactsAsked & { offset: number; limit: number }): Promise<StoredFact[]> {
  const wanted = input.offset + input.limit;
  const perLocation = await Promise.all(input.locations.map((location) => readPage<StoredFact>(factsQuery(input, location), 0, wanted)));
  return perLocation.flat().sort(newestFirst).slice(input.offset, wanted).map(stored);
}

/** One location's facts, newest first, a Query page at a time (each page continues where the last stopped). */
async function* locationFacts(input: FactsAsked, location: { id: string; timezone: string }, pageSize: number): AsyncGenerator<StoredFact> {
  let start: Record<string, unknown> | undefined;
  do {
    const out = await db().send(new QueryCommand({ ...factsQuery(input, location), TableName: config.tableName, ExclusiveStartKey: start, Limit: pageSize }));
    for (const item of out.Items ?? []) yield stored(item as StoredFact);
    start = out.LastEvaluatedKey;
  } while (start);
}

/**
 * Every fact behind a figure (an export of its records), newest first across the locations, in
 * pages of `pageSize`: each location's Query continues from where it stopped, so a million facts
 * are read once, not again for every page.
 */
export async function* factPages(input: FactsAsked, pageSize: number): AsyncGenerator<StoredFact[]> {
  const heads = await Promise.all(
    input.locations.map(async (location) => {
      const it = locationFacts(input, location, pageSize);
      const first = await it.next();
      return { it, head: first.done ? undefined : first.value };
    }),
  );
  let page: StoredFact[] = [];
  for (;;) {
    let pick: (typeof heads)[number] | undefined;
    for (const h of heads) if (h.head && (!pick || newestFirst(h.head, pick.head!) < 0)) pick = h;
    if (!pick) break;
    page.push(pick.head!);
    const next = await pick.it.next();
    pick.head = next.done ? undefined : next.value;
    if (page.length === pageSize) {
      yield page;
      page = [];
    }
  }
  if (page.length > 0) yield page;
}
