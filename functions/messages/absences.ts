/**
 * What an agent's absence (shared/presence.ts) leaves in conversations, kept by absence id:
 * - the auto-reply mark of each conversation that got the agent's auto-reply: written only if
 *   absent, so a conversation gets the reply once per absence however many texts (or deliveries of
 *   one text) come in;
 * - the routed conversations: one record in the colleague's partition (their list, read by their
 *   board) and a pointer in the absence's partition (so ending the absence finds every one of them
 *   with one consistent Query), written together and only while the agent still routes to that
 *   colleague in that absence.
 */
import { DeleteCommand } from '@aws-sdk/lib-dynamodb';
import type { OwnerRef } from '../../shared/conversations.js';
import type { AgentRef } from '../../shared/people.js';
import { config } from '../lib/config.js';
import { stillRoutingCheck } from '../lib/presence.js';
import { db, isConditionFailure, nowEpoch, putItemIf, queryAll, transactWrite, type TransactWrite } from '../lib/table.js';

/** Keys of the records this store owns (docs/data-model.md). */
export const absenceKeys = {
  /** An absence's partition: its auto-reply marks and the pointers to what it routed. */
  absence: (companyId: string, absenceId: string) => ({ pk: `COMPANY#${companyId}#ABSENCE#${absenceId}` }),
  autoReplied: (owner: OwnerRef) => `AUTOREPLY#${owner.kind}#${owner.id}`,
  routedPointer: (colleagueId: string, owner: OwnerRef) => `ROUTED#${colleagueId}#${owner.kind}#${owner.id}`,
  /** The conversations routed to a colleague, by kind and id. */
  routedTo: (companyId: string, colleagueId: string) => ({ pk: `COMPANY#${companyId}#AGENT#${colleagueId}#ROUTED` }),
  routedSort: (owner: OwnerRef) => `${owner.kind}#${owner.id}`,
} as const;

/** Absences end when the agent is back; these records outlive a forgotten one by a season at most. */
const ABSENCE_RECORD_TTL_SECONDS = 90 * 24 * 3600;

/**
 * Claims the auto-reply of this conversation for this absence: true for the first claim only.
 * Claimed before the reply is sent, so two texts at once get one reply.
 */
export async function claimAutoReply(companyId: string, absenceId: string, owner: OwnerRef, at: string): Promise<boolean> {
  try {
    await putItemIf(
      {
        ...absenceKeys.absence(companyId, absenceId),
        sk: absenceKeys.autoReplied(owner),
        owner: { kind: owner.kind, id: owner.id },
        claimed_at: at,
        expires_at: nowEpoch() + ABSENCE_RECORD_TTL_SECONDS,
      },
      'attribute_not_exists(pk)',
    );
    return true;
  } catch (err) {
    if (isConditionFailure(err)) return false;
    throw err;
  }
}

/** A conversation routed to a colleague while its agent is away. */
export interface RoutedConversation {
  owner: OwnerRef;
  location_id: string;
  /** The away agent whose conversation it is. */
  from: AgentRef;
  absence_id: string;
  /** When its latest routed text came in. */
  routed_at: string;
}

/**
 * Records that the conversation is routed to the colleague, on the condition that the agent is
 * still away in this absence and routes to this colleague; false when not (they came back, or
 * route elsewhere now). A later text of the same conversation writes it again (its time moves on).
 */
export async function recordRouting(companyId: string, colleagueId: string, routed: RoutedConversation): Promise<boolean> {
  const expiresAt = nowEpoch() + ABSENCE_RECORD_TTL_SECONDS;
  const writes: TransactWrite[] = [
    {
      Put: {
        Item: {
          ...absenceKeys.routedTo(companyId, colleagueId),
          sk: absenceKeys.routedSort(routed.owner),
          ...routed,
          colleague_id: colleagueId,
          expires_at: expiresAt,
        },
      },
    },
    {
      Put: {
        Item: {
          ...absenceKeys.absence(companyId, routed.absence_id),
          sk: absenceKeys.routedPointer(colleagueId, routed.owner),
          owner: routed.owner,
          location_id: routed.location_id,
          colleague_id: colleagueId,
          expires_at: expiresAt,
        },
      },
    },
    { ConditionCheck: stillRoutingCheck(companyId, routed.from.id, routed.absence_id, colleagueId) },
  ];
  try {
    await transactWrite(writes);
    return true;
  } catch (err) {
    if (isConditionFailure(err)) return false;
    throw err;
  }
}

/** The records routed to a colleague of one owner kind (a Query on the colleague's partition), whoever they came from. */
export async function routedRecordsOf(companyId: string, colleagueId: string, kind: string): Promise<RoutedConversation[]> {
  const items = await queryAll<RoutedConversation>({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :kind)',
    ExpressionAttributeValues: { ':pk': absenceKeys.routedTo(companyId, colleagueId).pk, ':kind': `${kind}#` },
  });
  return items.map(({ owner, location_id, from, absence_id, routed_at }) => ({ owner, location_id, from, absence_id, routed_at }));
}

/** What ending an absence's routing took away from one colleague. */
export interface EndedRouting {
  colleague_id: string;
  location_id: string;
  owners: OwnerRef[];
}

/**
 * Ends what the absence routed (to every colleague but `keepColleagueId`, who still gets the
 * agent's texts): the colleague's record goes only if it is still this absence's (a later absence
 * may have routed the same conversation to them again), then the pointer.
 */
export async function endRouting(companyId: string, absenceId: string, keepColleagueId: string | null = null): Promise<EndedRouting[]> {
  const pointers = await queryAll<{ sk: string; owner: OwnerRef; location_id: string; colleague_id: string }>({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :routed)',
    ExpressionAttributeValues: { ':pk': absenceKeys.absence(companyId, absenceId).pk, ':routed': 'ROUTED#' },
    ConsistentRead: true,
  });
  const ended = new Map<string, EndedRouting>();
  for (const pointer of pointers) {
    if (pointer.colleague_id === keepColleagueId) continue;
    await deleteIf(absenceKeys.routedTo(companyId, pointer.colleague_id).pk, absenceKeys.routedSort(pointer.owner), absenceId);
    await deleteIf(absenceKeys.absence(companyId, absenceId).pk, pointer.sk, null);
    const group = `${pointer.colleague_id}#${pointer.location_id}`;
    const entry = ended.get(group) ?? { colleague_id: pointer.colleague_id, location_id: pointer.location_id, owners: [] };
    entry.owners.push({ kind: pointer.owner.kind, id: pointer.owner.id });
    ended.set(group, entry);
  }
  return [...ended.values()];
}

/** Deletes an item (when `absenceId` is given, only while it is that absence's). */
async function deleteIf(pk: string, sk: string, absenceId: string | null): Promise<void> {
  try {
    await db().send(
      new DeleteCommand({
        TableName: config.tableName,
        Key: { pk, sk },
        ...(absenceId ? { ConditionExpression: 'absence_id = :absence', ExpressionAttributeValues: { ':absence': absenceId } } : {}),
      }),
    );
  } catch (err) {
    if (!isConditionFailure(err)) throw err;
  }
}
