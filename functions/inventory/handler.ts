/**
 * The inventory board (SPEC §2 menu "inventory (inbox vs all; add inventory order)", §7): the
 * store's open orders (access level above 0) or the agent's own (`/inbox`), one order, adding one
 * (for a customer found by the core's customer search, or a new one), closing it, sending its
 * failed text again, read marks, and the board's settings. The conversation's routes are the
 * conversation core's (functions/messages/handler.ts, at `…/orders/{order_id}/messages`).
 */
import { INVENTORY_PAGE_SIZE } from '../../shared/inventory/orders.js';
import { INVENTORY_ORDER_ERRORS, newOrderBody } from '../../shared/inventory/schemas.js';
import { agentRef } from '../lib/agents.js';
import { forbidden, notFound, ValidationError } from '../lib/errors.js';
import { agentRoute, areaHandler, ok, pagedBody, paging, parse, type Routes } from '../lib/http.js';
import { visibleLocation } from '../lib/access.js';
import { channels, publish } from '../lib/realtime.js';
import type { Auth } from '../lib/session.js';
import { readSettings } from '../lib/settings.js';
import { specSettingsRoutes } from '../lib/settingsRoutes.js';
import { addCustomer } from '../customers/newCustomer.js';
import { contactKindOf, getCustomer } from '../customers/records.js';
import '../messages/boards.js';
import { writeReadMark } from '../messages/readMarks.js';
import { messageView } from '../messages/records.js';
import { assertWorksInventory, seesStoreOrders, visibleOrder } from './access.js';
import { addOrder, closeOrder, orderViews, resendFailedText } from './orders.js';
import { heldOrders, storeOrders, type InventoryOrderRecord } from './records.js';

async function boardLocation(auth: Auth, locationId: string): Promise<string> {
  assertWorksInventory(auth);
  return visibleLocation(auth, locationId);
}

/** The order at the location of the path (404 at any other). */
async function orderAt(auth: Auth, params: Record<string, string>, consistent = false): Promise<InventoryOrderRecord> {
  const locationId = await boardLocation(auth, params.id ?? '');
  const record = await visibleOrder(auth, params.order_id ?? '', consistent);
  if (record.location_id !== locationId) throw notFound('Inventory order not found');
  return record;
}

async function viewOf(auth: Auth, record: InventoryOrderRecord) {
  const [view] = await orderViews(auth.companyId, auth.actingAs.id, [record]);
  if (!view) throw notFound('Inventory order not found');
  return view;
}

function readRoute(unread: boolean) {
  return agentRoute(async ({ auth, params }) => {
    const record = await orderAt(auth, params, true);
    await writeReadMark(auth.companyId, { kind: 'inventory_order', id: record.id }, auth.actingAs.id, unread);
    // The agent's other tabs follow (their own channel).
    await publish(auth.companyId, channels.agent(auth.actingAs.id), { type: 'read.changed', data: { inventory_order_id: record.id, is_unread: unread } });
    return ok({ order: await viewOf(auth, record) });
  });
}

export const routes: Routes = {
  /** SPEC §6: access level above 0 lists every open order of the store (so does everyone, where the store has no inboxes). */
  'GET /api/locations/{id}/inventory/orders': agentRoute(async ({ auth, params, query }) => {
    const locationId = await boardLocation(auth, params.id ?? '');
    if (!(await seesStoreOrders(auth, locationId))) throw forbidden('Only managers see every order of the store; your orders are in your inbox');
    const { offset, limit } = paging(query, INVENTORY_PAGE_SIZE);
    const { records, total } = await storeOrders(auth.companyId, locationId, offset, limit);
    return ok(pagedBody('orders', await orderViews(auth.companyId, auth.actingAs.id, records), total, offset, limit));
  }),

  'GET /api/locations/{id}/inventory/orders/inbox': agentRoute(async ({ auth, params, query }) => {
    const locationId = await boardLocation(auth, params.id ?? '');
    const { offset, limit } = paging(query, INVENTORY_PAGE_SIZE);
    const { records, total } = await heldOrders(auth.companyId, locationId, auth.actingAs.id, offset, limit);
    return ok(pagedBody('orders', await orderViews(auth.companyId, auth.actingAs.id, records), total, offset, limit));
  }),

  'GET /api/locations/{id}/inventory/orders/{order_id}': agentRoute(async ({ auth, params }) => ok({ order: await viewOf(auth, await orderAt(auth, params)) })),

  /** A known customer of the store (`customer_id`, from the customer search) or a new one (`customer`, SPEC §5 texts). */
  'POST /api/locations/{id}/inventory/orders': agentRoute(async ({ auth, params, body }) => {
    const input = parse(newOrderBody, body);
    if (input.customer_id === undefined && input.customer === undefined) throw new ValidationError([{ message: INVENTORY_ORDER_ERRORS.customer, path: 'customer' }]);
    if (input.customer_id !== undefined && input.customer !== undefined) throw new ValidationError([{ message: INVENTORY_ORDER_ERRORS.both_customers, path: 'customer' }]);
    const locationId = await boardLocation(auth, params.id ?? '');
    let customer;
    if (input.customer) {
      customer = await addCustomer(auth.companyId, locationId, input.customer, new Date().toISOString());
    } else {
      customer = await getCustomer(auth.companyId, input.customer_id ?? '', true);
      // Only the store's customers: another board's contacts (employees) are not customers.
      if (!customer || customer.location_id !== locationId || contactKindOf(customer) !== 'customer') throw notFound('Customer not found');
    }
    return ok({ order: await viewOf(auth, await addOrder(customer, agentRef(auth.actingAs), input.order)) }, 201);
  }),

  'PUT /api/locations/{id}/inventory/orders/{order_id}/close': agentRoute(async ({ auth, params }) => {
    const record = await orderAt(auth, params, true);
    const { record: after } = await closeOrder(auth.companyId, record.id, agentRef(auth.actingAs));
    return ok({ order: await viewOf(auth, after) });
  }),

  /** SPEC §7 `PUT {loc}/inventory/orders/{id}/resend`: 409 nothing_to_resend without a failed text; the texting rules' refusals as the composer's. */
  'PUT /api/locations/{id}/inventory/orders/{order_id}/resend': agentRoute(async ({ auth, params }) => {
    const record = await orderAt(auth, params, true);
    const message = await resendFailedText(record);
    return ok({ message: await messageView(message), order: await viewOf(auth, await orderAt(auth, params, true)) });
  }),

  'PUT /api/locations/{id}/inventory/orders/{order_id}/agents/null/read': readRoute(false),
  'PUT /api/locations/{id}/inventory/orders/{order_id}/agents/null/unread': readRoute(true),

  /** SPEC §7 "GET … /inventory/settings": the board's settings group, for everyone who works the board. */
  'GET /api/locations/{id}/inventory/settings': agentRoute(async ({ auth, params }) => {
    const locationId = await boardLocation(auth, params.id ?? '');
    return ok({ inventory_settings: await readSettings(auth.companyId, locationId, 'inventory_settings') });
  }),

  /** SPEC §7 `GET|POST /inventory/settings`: the group at the acting agent's location (an admin's `?location_id=`), as the generic settings route answers it. */
  ...specSettingsRoutes('/inventory/settings', 'inventory_settings'),
};

export const handler = areaHandler('inventory', routes);
