/**
 * The records behind a figure (drill-down, issue 24): its facts, with the customers' and agents'
 * names and where the console opens each, paged; the total is the figure's count.
 */
import type { DayRange, FigureRecord, ReportType } from '../../shared/reports/types.js';
import { getCustomers } from '../customers/records.js';
import { getAgents } from '../lib/agents.js';
import { boardOfKind } from '../lib/boardList.js';
import type { LocationRecord } from '../lib/locations.js';
import { countersOf } from './counters.js';
import { factPages, factsOf, type StoredFact } from './facts.js';

/** Facts as the records route answers them: customers' and agents' names, and where the console opens each. */
async function recordsOf(companyId: string, facts: readonly StoredFact[]): Promise<FigureRecord[]> {
  const customerIds = [...new Set(facts.flatMap((f) => (f.customer_id ? [f.customer_id] : [])))];
  const agentIds = [...new Set(facts.flatMap((f) => (f.dims.agent_id && f.dims.agent_id !== 'none' ? [f.dims.agent_id] : [])))];
  const [customers, agents] = await Promise.all([getCustomers(companyId, customerIds), getAgents(companyId, agentIds)]);
  return facts.map((fact): FigureRecord => {
    const customer = fact.customer_id ? customers.get(fact.customer_id) : undefined;
    const agent = fact.dims.agent_id ? agents.get(fact.dims.agent_id) : undefined;
    const link = boardOfKind(fact.record.kind)?.conversations?.consoleLink?.replace('{id}', encodeURIComponent(fact.record.id)) ?? null;
    return {
      id: fact.id,
      at: fact.at,
      location_id: fact.location_id,
      record: fact.record,
      customer: customer ? { id: customer.id, name: `${customer.first_name} ${customer.last_name}`.trim(), phone: customer.phones.cell } : null,
      agent: agent ? { id: agent.id, name: `${agent.first_name} ${agent.last_name}`.trim() } : null,
      value: fact.value,
      link,
    };
  });
}

/** A row of a company's sheet names its store (`location_id`): not a fact's dimension but where to read. */
function whereToRead<L extends { id: string }>(locations: readonly L[], asked: Record<string, string>): { locations: readonly L[]; dims: Record<string, string> } {
  const { location_id: onlyAt, ...dims } = asked;
  return { locations: onlyAt === undefined ? locations : locations.filter((l) => l.id === onlyAt), dims };
}

export async function figureRecords(input: {
  companyId: string;
  locations: readonly Pick<LocationRecord, 'id' | 'timezone'>[];
  type: ReportType;
  figure: string;
  dims: Record<string, string>;
  range: DayRange;
  offset: number;
  limit: number;
}): Promise<{ records: FigureRecord[]; total: number }> {
  const { locations, dims } = whereToRead(input.locations, input.dims);
  if (locations.length === 0) return { records: [], total: 0 };
  const counters = await countersOf({ companyId: input.companyId, locationIds: locations.map((l) => l.id), type: input.type, range: input.range });
  const total = counters
    .filter((row) => row.figure === input.figure && Object.entries(dims).every(([k, v]) => row.dims[k] === v))
    .reduce((sum, row) => sum + row.count, 0);
  // Past the figure's count there is nothing to read (a page far out reads nothing, not every fact).
  if (input.offset >= total) return { records: [], total };
  const facts = await factsOf({ companyId: input.companyId, locations, type: input.type, figure: input.figure, dims, range: input.range, offset: input.offset, limit: input.limit });
  return { records: await recordsOf(input.companyId, facts), total };
}

/**
 * Every record behind a figure, in pages (an export of a figure's records): the facts are read
 * once, each location's Query continuing where it stopped, whatever the number of rows.
 */
export async function* figureRecordPages(input: {
  companyId: string;
  locations: readonly Pick<LocationRecord, 'id' | 'timezone'>[];
  type: ReportType;
  figure: string;
  dims: Record<string, string>;
  range: DayRange;
  pageSize: number;
}): AsyncGenerator<FigureRecord[]> {
  const { locations, dims } = whereToRead(input.locations, input.dims);
  for await (const facts of factPages({ companyId: input.companyId, locations, type: input.type, figure: input.figure, dims, range: input.range }, input.pageSize)) {
    yield await recordsOf(input.companyId, facts);
  }
}

