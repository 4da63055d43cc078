/**
 * Read and unread, per agent, for any board's conversation: a mark holds when the agent last read
 * it (or that they marked it unread by hand); a customer message after that makes it unread again.
 */
import type { OwnerKind, OwnerRef } from '../../shared/conversations.js';
import { batchGet, updateItem } from '../lib/table.js';

/** Keys of the records this store owns (docs/data-model.md). */
const readMarkKeys = {
  /**
   * An agent's read mark on a conversation, in its owner's partition: `<KIND>#…` (`APPOINTMENT#…`,
   * `EMPLOYEE#…`), and `RO#…` for repair orders, whose partition was named before the rule.
   */
  readMark: (companyId: string, owner: OwnerRef, agentId: string) => ({
    pk: `COMPANY#${companyId}#${owner.kind === 'repair_order' ? 'RO' : owner.kind.toUpperCase()}#${owner.id}`,
    sk: `READ#${agentId}`,
  }),
} as const;

export interface ReadMark {
  agent_id: string;
  read_at: string | null;
  /** The agent marked the conversation unread by hand. */
  marked_unread: boolean;
}

/** The agent's marks on owners of one kind, by owner id. */
export async function readMarksOf(companyId: string, agentId: string, kind: OwnerKind, ownerIds: string[]): Promise<Map<string, ReadMark>> {
  const items = await batchGet<ReadMark & { owner_id?: string; repair_order_id?: string }>(ownerIds.map((id) => readMarkKeys.readMark(companyId, { kind, id }, agentId)));
  return new Map(items.map((item) => [item.owner_id ?? item.repair_order_id ?? '', item]));
}

export async function writeReadMark(companyId: string, owner: OwnerRef, agentId: string, unread: boolean): Promise<void> {
  await updateItem({
    Key: readMarkKeys.readMark(companyId, owner, agentId),
    UpdateExpression: 'SET agent_id = :a, owner_id = :o, read_at = :t, marked_unread = :u',
    ExpressionAttributeValues: { ':a': agentId, ':o': owner.id, ':t': new Date().toISOString(), ':u': unread },
  });
}

export function isUnread(owner: { last_inbound_at: string | null }, mark: ReadMark | undefined): boolean {
  if (mark?.marked_unread) return true;
  if (!owner.last_inbound_at) return false;
  return !mark?.read_at || mark.read_at < owner.last_inbound_at;
}
