/**
 * The activity store (shared/activities.ts): one item per change, under the company, with a
 * location index for managers, newest first, kept two years. Each change is recorded once, where it
 * is written: settings groups (functions/lib/settings.ts changeGroup), the location
 * (functions/locations/handler.ts) and the users routes (functions/users/). The list's totals are
 * counter items written with each activity; an activity past its two years leaves the list (TTL)
 * but stays in the count, so after two years the total runs ahead of the list by what expired.
 */
import type { Activity, ActivityChange, ActivityKind, ActivityValue } from '../../shared/activities.js';
import { agentRef, getAgents } from './agents.js';
import { newId } from './ids.js';
import { batchWrite, fields, getItem, nowEpoch, readPage, transactWrite, type Item, type TransactWrite } from './table.js';

const KEEP_SECONDS = 2 * 365 * 24 * 3600;

/** Keys of the records this store owns (docs/data-model.md). */
const activityKeys = {
  activity: (companyId: string, at: string, id: string) => ({ pk: `COMPANY#${companyId}#ACTIVITIES`, sk: `${at}#${id}` }),
  /** gsi1: one location's activities, newest first. */
  ofLocation: (companyId: string, locationId: string) => `COMPANY#${companyId}#LOCATION#${locationId}#ACTIVITIES`,
  /** How many the company's list (location null) or a location's holds: the page's total without counting the list. */
  count: (companyId: string, locationId: string | null) => ({ pk: `COMPANY#${companyId}#ACTIVITIES#COUNT`, sk: locationId ? `LOCATION#${locationId}` : 'COMPANY' }),
} as const;

interface ActivityRecord {
  id: string;
  company_id: string;
  kind: ActivityKind;
  at: string;
  location_id: string | null;
  agent_id: string;
  subject_id: string | null;
  group: string | null;
  changes: ActivityChange[];
}

export interface NewActivity {
  kind: ActivityKind;
  locationId: string | null;
  agentId: string;
  subjectId?: string;
  group?: string;
  changes?: ActivityChange[];
}

function activityItem(companyId: string, activity: NewActivity, at: string): Item<ActivityRecord> {
  const id = newId('act');
  const record: ActivityRecord = {
    id,
    company_id: companyId,
    kind: activity.kind,
    at,
    location_id: activity.locationId,
    agent_id: activity.agentId,
    subject_id: activity.subjectId ?? null,
    group: activity.group ?? null,
    changes: activity.changes ?? [],
  };
  return {
    ...activityKeys.activity(companyId, at, id),
    ...(activity.locationId ? { gsi1pk: activityKeys.ofLocation(companyId, activity.locationId), gsi1sk: `${at}#${id}` } : {}),
    expires_at: nowEpoch() + KEEP_SECONDS,
    ...record,
  };
}

const counted = (companyId: string, locationId: string | null, by: number): TransactWrite => ({
  Update: { Key: activityKeys.count(companyId, locationId), UpdateExpression: 'ADD activities :by', ExpressionAttributeValues: { ':by': by } },
});

export async function recordActivity(companyId: string, activity: NewActivity): Promise<void> {
  // The item and its counts together, so a page's total never disagrees with its list.
  await transactWrite([
    { Put: { Item: activityItem(companyId, activity, new Date().toISOString()) } },
    counted(companyId, null, 1),
    ...(activity.locationId ? [counted(companyId, activity.locationId, 1)] : []),
  ]);
}

/** Many at once (the bench's history, a seed): batch writes, then each count once. */
export async function recordActivities(companyId: string, activities: readonly (NewActivity & { at: string })[]): Promise<void> {
  await batchWrite(activities.map((activity) => activityItem(companyId, activity, activity.at)));
  const perLocation = new Map<string | null, number>([[null, activities.length]]);
  for (const { locationId } of activities) if (locationId) perLocation.set(locationId, (perLocation.get(locationId) ?? 0) + 1);
  await transactWrite([...perLocation].map(([locationId, by]) => counted(companyId, locationId, by)));
}

// A secret's value never reaches the list, whatever group it sits in.
const SECRET_FIELD = /password|secret|token|api_key|account/i;

function shown(value: unknown): value is ActivityValue {
  return value === null || ['string', 'number', 'boolean'].includes(typeof value);
}

/** The fields that differ between two versions of a record, with values for the simple ones. */
export function changedFields(before: Record<string, unknown>, after: Record<string, unknown>): ActivityChange[] {
  const names = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort();
  return names.flatMap((field): ActivityChange[] => {
    const a = before[field];
    const b = after[field];
    if (JSON.stringify(a) === JSON.stringify(b)) return [];
    if (SECRET_FIELD.test(field) || !shown(a ?? null) || !shown(b ?? null)) return [{ field }];
    return [{ field, before: (a ?? null) as ActivityValue, after: (b ?? null) as ActivityValue }];
  });
}

/** One page, newest first: the company's, or one location's. */
export async function activitiesPage(
  companyId: string,
  locationId: string | null,
  offset: number,
  limit: number,
): Promise<{ activities: Activity[]; total: number }> {
  const input = locationId
    ? {
        IndexName: 'gsi1',
        KeyConditionExpression: 'gsi1pk = :pk',
        ExpressionAttributeValues: { ':pk': activityKeys.ofLocation(companyId, locationId) },
        ScanIndexForward: false,
      }
    : {
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': activityKeys.activity(companyId, '', '').pk },
        ScanIndexForward: false,
      };
  // Reads the page and one counter, however long the list: never the whole list to count it.
  const [items, counter] = await Promise.all([readPage<ActivityRecord>(input, offset, limit), getItem<{ activities?: number }>(activityKeys.count(companyId, locationId))]);
  const records = items.map(fields);
  const ids = [...new Set(records.flatMap((r) => (r.subject_id ? [r.agent_id, r.subject_id] : [r.agent_id])))];
  const agents = await getAgents(companyId, ids);
  const ref = (id: string | null) => {
    const agent = id ? agents.get(id) : undefined;
    return agent ? agentRef(agent) : null;
  };
  return {
    total: Number(counter?.activities ?? 0),
    activities: records.map((r) => ({
      id: r.id,
      kind: r.kind,
      at: r.at,
      location_id: r.location_id,
      agent: ref(r.agent_id),
      subject: ref(r.subject_id),
      group: r.group,
      changes: r.changes,
    })),
  };
}
