/** The inventory board's calls (SPEC §7), with the paths of shared/inventory/routes.ts and answers typed. */
import { INVENTORY_PAGE_SIZE, type InventoryOrder } from '../../../../shared/inventory/orders.js';
import { inventoryPaths } from '../../../../shared/inventory/routes.js';
import type { NewOrderBody } from '../../../../shared/inventory/schemas.js';
import type { Message } from '../../../../shared/messages.js';
import { api, send, worthRetrying } from '../../lib/api.js';
import { requestWithKey } from '../../lib/keyedRequest.js';
import { ApiError } from '../../lib/request.js';
import { retry } from '../../lib/retry.js';
import type { OrderPage, OrderView } from './orderList.js';

/** SPEC §8/§9: list fetches are tried 5 times, 1 s apart. */
const LIST_TRIES = 5;
const LIST_RETRY_MS = 1000;

export function orderPagePath(locationId: string, view: OrderView['list'], pageIndex: number): string {
  const base = view === 'all' ? inventoryPaths.all(locationId) : inventoryPaths.inbox(locationId);
  return `${base}?offset=${pageIndex * INVENTORY_PAGE_SIZE}&limit=${INVENTORY_PAGE_SIZE}`;
}

/** Asked again while the server or the network may recover; a refusal will not turn into an answer. */
const mayRecover = (error: unknown) => worthRetrying(error) || (error instanceof ApiError && error.action.kind === 'offline');

export const fetchOrderPage = (path: string) => retry(() => api.request<OrderPage>(path), { tries: LIST_TRIES, delayMs: LIST_RETRY_MS, shouldRetry: mayRecover });

export const fetchOrder = (locationId: string, id: string) => api.request<{ order: InventoryOrder }>(inventoryPaths.order(locationId, id)).then((b) => b.order);

/** Validation refusals come back to the form (422), which shows them at their fields. */
export function addOrder(locationId: string, body: NewOrderBody, key: string): Promise<InventoryOrder> {
  return requestWithKey<{ order: InventoryOrder }>(inventoryPaths.add(locationId), key, { method: 'POST', body, expected: { statuses: [422] } }).then((b) => b.order);
}

export const closeOrder = (locationId: string, id: string) => send<{ order: InventoryOrder }>(inventoryPaths.close(locationId, id), { method: 'PUT' }).then((b) => b.order);

/** The order has no failed text (409): the board says so in its own words. */
export const NOTHING_TO_RESEND = 'nothing_to_resend';

/**
 * The order's failed text sent again. A texting rule's refusal (a landline…) is a toast in the
 * agent's language like the composer's; "nothing to resend" is the caller's to word.
 */
export const resendFailedText = (locationId: string, id: string) =>
  send<{ message: Message; order: InventoryOrder }>(inventoryPaths.resend(locationId, id), { method: 'PUT', expected: { ids: [NOTHING_TO_RESEND] } });
