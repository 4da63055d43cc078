/**
 * The reports' facts (issue 24): one item per thing counted (an opt-out, a text sent, a wait
 * answered), kept once by its id and written in one transaction with the two counters it adds to,
 * so a fact seen twice (a retried stream batch) counts once. A figure's drill-down reads them.
 * The only code that knows the facts' keys (docs/data-model.md "Reports").
 */
import type { DayRange, ReportType } from '../../shared/reports/types.js';
import type { Fact } from '../lib/boardModule.js';
import { dayAfter, dayStart, storeDay } from '../../shared/reports/periods.js';
import { readPage, transactWrite } from '../lib/table.js';
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
 * Keeps a fact once and adds it to its day's and month's counters, all or none. Answers whether
 * it was counted now (false: it had been already). `timeZone` is its location's: the day is the
 * store's calendar day of the fact.
 */
export async function countFact(fact: Fact, timeZone: string): Promise<boolean> {
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
    ...counterWrites({ companyId: fact.company_id, locationId: fact.location_id, type: fact.type, figure: fact.figure, dims, day: storeDay(fact.at, timeZone), value: fact.value ?? 0 }),
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

/**
 * The facts behind a figure at the locations over the range (drill-down), newest first, those whose
 * dimensions include every one asked for. Each location is read only up to offset + limit facts.
 */
export async function factsOf(input: {
  companyId: string;
  locations: readonly { id: string; timezone: string }[];
  type: ReportType;
  figure: string;
  dims: Readonly<Record<string, string>>;
  range: DayRange;
  offset: number;
  limit: number;
}): Promise<StoredFact[]> {
  const entries = Object.entries(input.dims);
  const names = Object.fromEntries(entries.map(([k], i) => [`#d${i}`, k]));
  const values = Object.fromEntries(entries.map(([, v], i) => [`:d${i}`, v]));
  const wanted = input.offset + input.limit;
  const perLocation = await Promise.all(
    input.locations.map((location) =>
      readPage<StoredFact>(
        {
          KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
          ...(entries.length > 0 ? { FilterExpression: entries.map((_, i) => `dims.#d${i} = :d${i}`).join(' AND '), ExpressionAttributeNames: names } : {}),
          // Instants are ISO in UTC: the store's days' bounds compare as strings.
          ExpressionAttributeValues: { ':pk': factKeys.facts(input.companyId, location.id, input.type, input.figure), ':from': dayStart(input.range.from, location.timezone), ':to': dayAfter(input.range.to, location.timezone), ...values },
          ScanIndexForward: false,
        },
        0,
        wanted,
      ),
    ),
  );
  return perLocation
    .flat()
    .sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : a.id < b.id ? 1 : -1))
    .slice(input.offset, wanted)
    .map(({ id, type, figure, location_id, at, record, dims, value, customer_id }) => ({ id, type, figure, location_id, at, record, dims, value, customer_id }));
}
