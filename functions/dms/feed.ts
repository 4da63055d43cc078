/**
 * What every record of a DMS batch is ingested with: the location it is for, its DMS settings,
 * how its phone numbers are read, and its agents (advisors are named by e-mail in the feed).
 * Batches answer one result per record, so a bad record is reported and the others still land.
 */
import { countryOfLocation } from '../lib/phones.js';
import type { ZodMiniType } from 'zod/mini';
import type { AgentRef } from '../../shared/people.js';
import type { LineType } from '../../shared/customers.js';
import type { DmsBatchResult } from '../../shared/schemas/dms.js';
import type { SettingsOf } from '../../shared/schemas/settings.js';
import { missingFields } from '../../shared/schemas/required.js';
import { agentRef, agentsOfLocation, type AgentRecord } from '../lib/agents.js';
import { smsCarrier } from '../lib/carrier.js';
import { notFound } from '../lib/errors.js';
import { getLocation, type LocationRecord } from '../lib/locations.js';
import { logger } from '../lib/log.js';
import { readSettings } from '../lib/settings.js';

export interface FeedContext {
  companyId: string;
  location: LocationRecord;
  settings: SettingsOf<'dms_settings'>;
  /** Numbers the DMS writes without `+<country code>` are the store's country's. */
  country: string;
  /** What kind of line a cell number is (the carrier's lookup; a fixed answer in the demo seed). */
  lineType: (e164: string) => Promise<LineType>;
  /** The location's active agent with this e-mail who works the service board, if any. */
  advisorByEmail: (email: string) => Promise<AgentRef | null>;
  /** Any active agent of the location with this e-mail (who took a call), if any. */
  agentByEmail: (email: string) => Promise<AgentRef | null>;
}

export interface FeedOptions {
  lineType?: (e164: string) => Promise<LineType>;
}

export { countryOfLocation };

export async function feedContext(companyId: string, locationId: string, options: FeedOptions = {}): Promise<FeedContext> {
  const [location, settings] = await Promise.all([getLocation(companyId, locationId), readSettings(companyId, locationId, 'dms_settings')]);
  if (!location) throw notFound('Location not found');
  // One read of the location's agents per batch, and only when a record names someone.
  let agents: Promise<AgentRecord[]> | undefined;
  const active = async () => (await (agents ??= agentsOfLocation(companyId, locationId))).filter((a) => a.active);
  const byEmail = (list: AgentRecord[], email: string) => list.find((a) => a.email === email.trim().toLowerCase());
  return {
    companyId,
    location,
    settings,
    country: countryOfLocation(location),
    lineType: options.lineType ?? ((e164) => smsCarrier().lookup(e164)),
    advisorByEmail: async (email) => {
      const agent = byEmail(await active(), email);
      return agent?.access_level.service ? agentRef(agent) : null;
    },
    agentByEmail: async (email) => {
      const agent = byEmail(await active(), email);
      return agent ? agentRef(agent) : null;
    },
  };
}

/** A record the feed cannot take, with the text its result carries. */
export class RecordError extends Error {}

export type RecordStatus = 'created' | 'updated' | 'unchanged';
export type FeedResult = DmsBatchResult['results'][number] & { dms_id: string | null };

/** Whether the DMS sent this field at all: fields it leaves out keep what the console has. */
export function sent(raw: unknown, field: string): boolean {
  return typeof raw === 'object' && raw !== null && Object.hasOwn(raw, field);
}

export function objectField(raw: unknown, field: string): unknown {
  return sent(raw, field) ? (raw as Record<string, unknown>)[field] : undefined;
}

/** An ISO-8601 time with an offset, in UTC as the console stores times. */
export const utc = (time: string): string => new Date(time).toISOString();

/**
 * Runs each record of a batch on its own: validated with its schema, ingested, and answered as
 * created/updated/unchanged, or error with the reason. Records go in order, so two records of the
 * same DMS id in one batch land as the DMS sent them.
 */
export async function ingestEach<T>(
  records: unknown[],
  schema: ZodMiniType<T>,
  ids: (raw: unknown) => { id: string | null; dmsId: string | null },
  ingest: (record: T, raw: unknown) => Promise<RecordStatus>,
): Promise<FeedResult[]> {
  const results: FeedResult[] = [];
  for (const raw of records) {
    const { id, dmsId } = ids(raw);
    const base = { id: id ?? '', dms_id: dmsId };
    const parsed = schema.safeParse(raw, { error: missingFields });
    if (!parsed.success) {
      const error = parsed.error.issues.map((i) => (i.path.length ? `${i.path.join('.')}: ${i.message}` : i.message)).join('; ');
      results.push({ ...base, status: 'error', error });
      continue;
    }
    try {
      results.push({ ...base, status: await ingest(parsed.data, raw) });
    } catch (err) {
      if (err instanceof RecordError) {
        results.push({ ...base, status: 'error', error: err.message });
        continue;
      }
      logger.error('DMS record failed', { dms_id: dmsId, error: (err as Error).message, stack: (err as Error).stack });
      results.push({ ...base, status: 'error', error: 'The record could not be stored; send it again' });
    }
  }
  return results;
}

/** The DMS id a raw record carries under `field`, if it is a usable string. */
export function dmsIdOf(raw: unknown, field: string): string | null {
  const value = objectField(raw, field);
  return typeof value === 'string' && value.trim() !== '' && value.trim().length <= 64 ? value.trim() : null;
}
