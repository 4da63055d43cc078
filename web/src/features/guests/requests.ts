/** The guests and leads board's calls, with the paths of shared/guests/routes.ts and answers typed. */
import { CUSTOMER_SEARCH_LIMIT, type Customer } from '../../../../shared/customers.js';
import { GUEST_PAGE_SIZE, type Guest, type GuestList } from '../../../../shared/guests/guests.js';
import { guestPaths } from '../../../../shared/guests/routes.js';
import type { ConvertBody } from '../../../../shared/guests/schemas.js';
import { paths } from '../../../../shared/routes.js';
import { api, send, worthRetrying } from '../../lib/api.js';
import { ApiError } from '../../lib/request.js';
import { retry } from '../../lib/retry.js';
import type { GuestPage } from './guestList.js';

/** SPEC §8/§9: list fetches are tried 5 times, 1 s apart. */
const TRIES = 5;
const RETRY_MS = 1000;

const retriable = (error: unknown) => worthRetrying(error) || (error instanceof ApiError && error.action.kind === 'offline');
const persistently = <T>(path: string): Promise<T> => retry(() => api.request<T>(path), { tries: TRIES, delayMs: RETRY_MS, shouldRetry: retriable });

export function guestPagePath(locationId: string, list: GuestList, pageIndex: number): string {
  const base = guestPaths.list(locationId, list);
  return `${base}${base.includes('?') ? '&' : '?'}offset=${pageIndex * GUEST_PAGE_SIZE}&limit=${GUEST_PAGE_SIZE}`;
}

export const fetchGuestPage = (path: string) => persistently<GuestPage>(path);
export const fetchGuest = (id: string) => persistently<{ guest: Guest }>(guestPaths.guest(id)).then((b) => b.guest);

export function archiveGuest(id: string, archived: boolean): Promise<Guest> {
  return send<{ guest: Guest }>(guestPaths.action(id, archived ? 'archive' : 'unarchive'), { method: 'PUT' }).then((b) => b.guest);
}

/** The form's refusals (422) come back to it, shown at their fields. */
export function convertGuest(id: string, body: ConvertBody): Promise<Guest> {
  return send<{ guest: Guest }>(guestPaths.action(id, 'convert'), { method: 'PUT', body, expected: { statuses: [422, 409] } }).then((b) => b.guest);
}

export function linkGuest(id: string, customerId: string): Promise<Guest> {
  return send<{ guest: Guest }>(guestPaths.action(id, 'link'), { method: 'PUT', body: { customer_id: customerId }, expected: { statuses: [422, 409] } }).then((b) => b.guest);
}

/** The store's customers by name or phone (the core's search, SPEC §7). */
export function findCustomers(locationId: string, query: string): Promise<Customer[]> {
  return api.request<{ customers: Customer[] }>(`${paths.customerSearch(locationId)}?limit=${CUSTOMER_SEARCH_LIMIT}`, { method: 'POST', body: { query } }).then((b) => b.customers);
}
