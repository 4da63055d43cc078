/**
 * Where a found conversation's messages are read, by its owner's kind: the path each board's shared
 * routes give its conversations (functions/<board>/board.ts `conversations`). A store's own paths
 * need the store the result came from, which the read-only page carries in its address.
 */
import { appointmentConversation } from '../../../../shared/appointments/routes.js';
import { chatroomConversation } from '../../../../shared/chat/routes.js';
import { employeeConversation } from '../../../../shared/employees/routes.js';
import { guestConversation } from '../../../../shared/guests/routes.js';
import { historyConversationPath } from '../../../../shared/history/routes.js';
import type { HistoryResult } from '../../../../shared/history/types.js';
import { inventoryOrderConversation } from '../../../../shared/inventory/routes.js';
import { repairOrderConversation } from '../../../../shared/repairOrders/routes.js';
import type { ConversationAt } from '../../../../shared/routes.js';

const OWNERS: Record<string, (id: string, locationId: string) => ConversationAt> = {
  repair_order: (id) => repairOrderConversation(id),
  appointment: (id) => appointmentConversation(id),
  inventory_order: (id, locationId) => inventoryOrderConversation(locationId, id),
  chatroom: (id) => chatroomConversation(id),
  guest: (id) => guestConversation(id),
  employee: (id, locationId) => employeeConversation(locationId, id),
};

/** null: a kind no board of this console owns (an address typed by hand). */
export function conversationOf(kind: string, id: string, locationId: string): ConversationAt | null {
  return Object.hasOwn(OWNERS, kind) ? OWNERS[kind]!(id, locationId) : null;
}

/** The read-only page of a result, with the store it belongs to. */
export function resultPath(result: Pick<HistoryResult, 'tab' | 'owner' | 'location'>): string {
  return `${historyConversationPath(result.tab, result.owner.kind, result.owner.id)}?${new URLSearchParams({ location: result.location.id }).toString()}`;
}
