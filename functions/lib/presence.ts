/**
 * Agent presence, two things side by side on the agent's item:
 * - `online_status`, from activity: sign-in and activity mark an agent online (or away, while they
 *   have chosen away), and the presence sweep job marks agents offline once they have been quiet
 *   for a while. Active agents sit in a sparse index (gsi2) by last-seen time, so the sweep is a
 *   Query, not a Scan.
 * - `presence`, the agent's own choice (shared/presence.ts): online, or away (with autoresponder,
 *   routing, or both). Activity and the sweep never write it: an absence (it has an id, from
 *   choosing away until choosing online) ends only when the agent says they are back.
 * Writes of either are conditional on what the other writer may have changed meanwhile.
 */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { PresenceMode } from '../../shared/presence.js';
import type { AgentRef } from '../../shared/people.js';
import { config } from './config.js';
import { keys } from './keys.js';
import { db, isConditionFailure, queryAll } from './table.js';
import type { AgentRecord } from './agents.js';

const ONLINE_INDEX_PK = 'PRESENCE#ONLINE';
/** Activity is recorded at most this often per agent, so reads don't each become writes. */
export const SEEN_THROTTLE_MS = 60_000;
export const AWAY_AFTER_MS = 15 * 60_000;

/** The chosen presence as stored on the agent's item (`presence`). */
export interface StoredPresence {
  mode: PresenceMode;
  auto_reply_text: string;
  routed_to: AgentRef | null;
  /** The current absence: set from choosing away until choosing online; absent while online. */
  absence_id?: string;
  away_since?: string;
  changed_at: string;
}

/** The agent's presence, read as online when they never chose one. */
export function presenceOf(agent: Pick<AgentRecord, 'presence'>): Required<Omit<StoredPresence, 'absence_id' | 'away_since'>> & { absence_id: string | null; away_since: string | null } {
  const stored = agent.presence;
  return {
    mode: stored?.mode ?? 'online',
    auto_reply_text: stored?.auto_reply_text ?? '',
    routed_to: stored?.routed_to ?? null,
    absence_id: stored?.absence_id ?? null,
    away_since: stored?.away_since ?? null,
    changed_at: stored?.changed_at ?? '',
  };
}

const NAMES = { '#presence': 'presence', '#absence': 'absence_id' };
const NO_ABSENCE = 'attribute_not_exists(#presence.#absence)';
const IN_ABSENCE = 'attribute_exists(#presence.#absence)';

/**
 * Activity: online, or away for an agent who chose away (activity never says they are back). The
 * status is written on the condition that the choice is still the one this request read; when an
 * absence began or ended meanwhile, the other status is the right one.
 */
export async function markSeen(agent: AgentRecord & { last_seen_at?: string }): Promise<void> {
  const away = presenceOf(agent).absence_id !== null;
  const status = away ? 'away' : 'online';
  const last = agent.last_seen_at ? Date.parse(agent.last_seen_at) : 0;
  if (agent.online_status === status && Date.now() - last < SEEN_THROTTLE_MS) return;
  if (await writeSeen(agent, status)) return;
  await writeSeen(agent, away ? 'online' : 'away');
}

async function writeSeen(agent: Pick<AgentRecord, 'company_id' | 'id'>, status: 'online' | 'away'): Promise<boolean> {
  const now = new Date().toISOString();
  try {
    await db().send(
      new UpdateCommand({
        TableName: config.tableName,
        Key: keys.agent(agent.company_id, agent.id),
        UpdateExpression: 'SET online_status = :status, last_seen_at = :now, gsi2pk = :idx, gsi2sk = :now',
        ConditionExpression: `attribute_exists(pk) AND ${status === 'away' ? IN_ABSENCE : NO_ABSENCE}`,
        ExpressionAttributeNames: NAMES,
        ExpressionAttributeValues: { ':status': status, ':now': now, ':idx': ONLINE_INDEX_PK },
      }),
    );
    return true;
  } catch (err) {
    if (isConditionFailure(err)) return false;
    throw err;
  }
}

/** Quiet (the sweep) or signed out: offline. The chosen presence stays as it is: being offline ends no absence. */
export async function markOffline(agent: Pick<AgentRecord, 'company_id' | 'id'>, onlyIfSeenAt?: string): Promise<boolean> {
  try {
    await db().send(
      new UpdateCommand({
        TableName: config.tableName,
        Key: keys.agent(agent.company_id, agent.id),
        UpdateExpression: 'SET online_status = :offline REMOVE gsi2pk, gsi2sk',
        ConditionExpression: onlyIfSeenAt ? 'attribute_exists(pk) AND last_seen_at = :seen' : 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':offline': 'offline', ...(onlyIfSeenAt ? { ':seen': onlyIfSeenAt } : {}) },
      }),
    );
    return true;
  } catch (err) {
    if ((err as Error).name === 'ConditionalCheckFailedException') return false;
    throw err;
  }
}

/**
 * The agent's choice, written on the condition that the absence is still the one the caller read
 * (`previousAbsenceId`, null: none), so two choices at once never both decide what an absence is.
 * Choosing is activity too: the agent is online, or away, right now. Answers false when the
 * condition failed (read the agent again and decide again).
 */
export async function writePresence(agent: Pick<AgentRecord, 'company_id' | 'id'>, next: StoredPresence, previousAbsenceId: string | null): Promise<boolean> {
  const now = next.changed_at;
  try {
    await db().send(
      new UpdateCommand({
        TableName: config.tableName,
        Key: keys.agent(agent.company_id, agent.id),
        UpdateExpression: 'SET #presence = :presence, online_status = :status, last_seen_at = :now, gsi2pk = :idx, gsi2sk = :now',
        ConditionExpression: `attribute_exists(pk) AND ${previousAbsenceId ? '#presence.#absence = :previous' : NO_ABSENCE}`,
        ExpressionAttributeNames: NAMES,
        ExpressionAttributeValues: {
          ':presence': next,
          ':status': next.absence_id ? 'away' : 'online',
          ':now': now,
          ':idx': ONLINE_INDEX_PK,
          ...(previousAbsenceId ? { ':previous': previousAbsenceId } : {}),
        },
      }),
    );
    return true;
  } catch (err) {
    if (isConditionFailure(err)) return false;
    throw err;
  }
}

/** An agent on the online index: who, and when last seen. */
export interface OnlineAgent {
  id: string;
  company_id: string;
  last_seen_at: string;
}

/** Online agents last seen before `cutoff` (a Query on the sparse online index, not a Scan). */
export async function agentsQuietSince(cutoff: string): Promise<OnlineAgent[]> {
  return queryAll<OnlineAgent>({
    IndexName: 'gsi2',
    KeyConditionExpression: 'gsi2pk = :pk AND gsi2sk < :cutoff',
    ExpressionAttributeValues: { ':pk': ONLINE_INDEX_PK, ':cutoff': cutoff },
  });
}

/**
 * The condition, for a write in another store's transaction, that the agent is still in this
 * absence and still routes to this colleague (a text routed while the agent came back is not).
 */
export function stillRoutingCheck(companyId: string, agentId: string, absenceId: string, colleagueId: string) {
  return {
    Key: keys.agent(companyId, agentId),
    ConditionExpression: '#presence.#absence = :absence AND #presence.#to.#id = :colleague AND #presence.#mode IN (:routing, :both)',
    ExpressionAttributeNames: { ...NAMES, '#to': 'routed_to', '#id': 'id', '#mode': 'mode' },
    ExpressionAttributeValues: { ':absence': absenceId, ':colleague': colleagueId, ':routing': 'away_routing', ':both': 'away_both' },
  };
}
