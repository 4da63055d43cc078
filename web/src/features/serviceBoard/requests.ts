/** The service board's calls (api contract, issue 3): paths in one place, answers typed. */
import type { SendMessageBody } from '../../../../shared/schemas/messages.js';
import type { Customer, Message, RepairOrder } from '../../../../shared/serviceBoard.js';
import { MESSAGE_FIRST_PAGE, SERVICE_PAGE_SIZE } from '../../../../shared/serviceBoard.js';
import { api, send } from '../../lib/api.js';
import { requestWithKey } from '../../lib/keyedRequest.js';
import { ApiError } from '../../lib/request.js';
import { retry } from '../../lib/retry.js';
import type { BoardView, RepairOrderPage } from './boardRows.js';
import type { MessagePage } from './conversationPages.js';

const enc = encodeURIComponent;

/** SPEC §8/§9: a repair-order fetch is tried 5 times, 1 s apart. */
export const REPAIR_ORDER_TRIES = 5;
export const REPAIR_ORDER_RETRY_MS = 1000;

export function boardPagePath(locationId: string, view: BoardView, pageIndex: number): string {
  const base = `/api/locations/${enc(locationId)}/repair_orders${view.scope === 'inbox' ? '/inbox' : ''}`;
  const archived = view.archived ? '&archived=1' : '';
  return `${base}?offset=${pageIndex * SERVICE_PAGE_SIZE}&limit=${SERVICE_PAGE_SIZE}${archived}`;
}

export function messagesPagePath(orderId: string, pageIndex: number): string {
  return `/api/repair_orders/${enc(orderId)}/messages?offset=${pageIndex * MESSAGE_FIRST_PAGE}&limit=${MESSAGE_FIRST_PAGE}`;
}

export const repairOrderPath = (id: string) => `/api/repair_orders/${enc(id)}`;
export const consentPath = (customerId: string) => `/api/customers/${enc(customerId)}/consent`;
export const callsPath = (customerId: string) => `/api/customers/${enc(customerId)}/service/calls?limit=10&offset=0`;
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
export const fetchMessagePage = (path: string) => api.request<MessagePage>(path);

export type OrderAction = 'archive' | 'unarchive' | 'read' | 'unread';

/** Archive, unarchive, read, unread: failures shown the standard way. */
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

export function sendVehicleReady(id: string): Promise<{ repair_order: RepairOrder; message: Message }> {
  return send(`${repairOrderPath(id)}/vehicle_ready`, { method: 'POST' });
}

export type CustomerAction = 'opt_out' | 'block' | 'unblock';

export function customerAction(customerId: string, action: CustomerAction): Promise<Customer> {
  return send<{ customer: Customer }>(`/api/customers/${enc(customerId)}/${action}`, { method: 'PUT' }).then((b) => b.customer);
}

export interface SentMessage {
  message: Message;
  warnings: string[];
}

/**
 * One send attempt. The key stays the same when the same attempt is tried again (a lost answer),
 * so the server makes one message of it. Failures are left to the composer, which words them.
 */
export function postMessage(orderId: string, body: SendMessageBody, key: string): Promise<SentMessage> {
  return requestWithKey<SentMessage>(`${repairOrderPath(orderId)}/messages`, key, { method: 'POST', body });
}

export function retryMessage(messageId: string): Promise<Message> {
  return send<{ message: Message }>(`/api/messages/${enc(messageId)}/retry`, { method: 'PUT' }).then((b) => b.message);
}

export interface UploadSlot {
  key: string;
  upload_url: string;
  headers: Record<string, string>;
}

/** An attachment: a slot from the API, then the file PUT straight to storage. */
export async function uploadAttachment(file: File, signal?: AbortSignal): Promise<{ key: string; name: string; content_type: string; size: number }> {
  const content_type = file.type || 'application/octet-stream';
  const slot = await api.request<UploadSlot>('/api/attachments', {
    method: 'POST',
    body: { name: file.name, content_type, size: file.size },
    signal,
    expected: { statuses: [400, 413, 422] },
  });
  const response = await fetch(slot.upload_url, { method: 'PUT', body: file, headers: slot.headers, signal });
  if (!response.ok) throw new Error(`Upload failed: HTTP ${response.status}`);
  return { key: slot.key, name: file.name, content_type, size: file.size };
}
