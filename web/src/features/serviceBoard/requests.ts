/**
 * The service board's calls (api contract, issue 3): paths in one place, answers typed. Its
 * conversation's calls are the shared conversation's (components/conversation/conversationRequests.ts).
 */
import { repairOrderConversation } from '../../../../shared/repairOrders/routes.js';
import { paths, type ConversationAt } from '../../../../shared/routes.js';
import type { Message } from '../../../../shared/messages.js';
import type { QuietHoursAnswer } from '../../../../shared/schemas/messages.js';
import { QUIET_HOURS_EXPECTED } from '../../components/conversation/QuietHoursQuestion.js';
import type { RepairOrder } from '../../../../shared/repairOrders/repairOrders.js';
import { SERVICE_PAGE_SIZE } from '../../../../shared/repairOrders/repairOrders.js';
import { messagesPagePath as ownerMessagesPagePath } from '../../components/conversation/conversationPages.js';
import { api, send } from '../../lib/api.js';
import { ApiError } from '../../lib/request.js';
import { retry } from '../../lib/retry.js';
import type { BoardView, RepairOrderPage } from './boardRows.js';

const enc = encodeURIComponent;

/** SPEC §8/§9: a repair-order fetch is tried 5 times, 1 s apart. */
export const REPAIR_ORDER_TRIES = 5;
export const REPAIR_ORDER_RETRY_MS = 1000;

export function boardPagePath(locationId: string, view: BoardView, pageIndex: number): string {
  const base = `/api/locations/${enc(locationId)}/repair_orders${view.scope === 'inbox' ? '/inbox' : ''}`;
  const archived = view.archived ? '&archived=1' : '';
  return `${base}?offset=${pageIndex * SERVICE_PAGE_SIZE}&limit=${SERVICE_PAGE_SIZE}${archived}`;
}

/** The order as the owner of its conversation (shared/conversations.ts). */
export const orderOwner = (orderId: string): ConversationAt => repairOrderConversation(orderId);

export function messagesPagePath(orderId: string, pageIndex: number): string {
  return ownerMessagesPagePath(orderOwner(orderId), pageIndex);
}

export const repairOrderPath = (id: string) => orderOwner(id).path;
export const agentsPath = (locationId: string) => `/api/locations/${enc(locationId)}/agents`;

/** A refusal will not turn into an answer by asking again; a network or server failure may. */
function worthAnotherTry(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true;
  if (error.action.kind === 'session_expired' || error.action.kind === 'inactive' || error.action.kind === 'aborted') return false;
  return error.status === 0 || error.status >= 500;
}

function persistently<T>(path: string): Promise<T> {
  return retry(() => api.request<T>(path), { tries: REPAIR_ORDER_TRIES, delayMs: REPAIR_ORDER_RETRY_MS, shouldRetry: worthAnotherTry });
}

export const fetchBoardPage = (path: string) => persistently<RepairOrderPage>(path);
export const fetchRepairOrder = (id: string) => persistently<{ repair_order: RepairOrder }>(repairOrderPath(id)).then((b) => b.repair_order);

export type OrderAction = 'archive' | 'unarchive';

/** Archive, unarchive: failures shown the standard way (read marks are the conversation's markRead). */
export function orderAction(id: string, action: OrderAction): Promise<RepairOrder> {
  return send<{ repair_order: RepairOrder }>(`${repairOrderPath(id)}/${action}`, { method: 'PUT' }).then((b) => b.repair_order);
}

export function assignAdvisor(id: string, agentId: string | null): Promise<RepairOrder> {
  return send<{ repair_order: RepairOrder }>(`${repairOrderPath(id)}/agent`, { method: 'PUT', body: { agent_id: agentId } }).then((b) => b.repair_order);
}

/** The vehicle-ready text as it would go now, for the agent to confirm (GET …/vehicle_ready). */
export function vehicleReadyPreviewPath(id: string): string {
  return `${repairOrderPath(id)}/vehicle_ready`;
}

/** Sends (or, with the agent's quiet-hours answer, schedules) the vehicle-ready text; the quiet-hours refusal is left to the caller's question. */
export function sendVehicleReady(id: string, answer: QuietHoursAnswer = {}): Promise<{ repair_order: RepairOrder; message: Message }> {
  return send(`${repairOrderPath(id)}/vehicle_ready`, { method: 'POST', body: answer, expected: QUIET_HOURS_EXPECTED });
}
