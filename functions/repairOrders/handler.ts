/** The service board (api3 "Service board"): lists, one order, and the detail panel's actions. */
import { actionTextBody, assignAgentBody } from '../../shared/schemas/messages.js';
import { SERVICE_PAGE_SIZE } from '../../shared/repairOrders/repairOrders.js';
import { forbidden, notFound } from '../lib/errors.js';
import { agentRoute, areaHandler, ok, pagedBody, paging, parse, type AgentRequest, type Routes } from '../lib/http.js';
import '../messages/boards.js';
import { pageWithRouted, routedTo } from '../messages/away.js';
import type { Auth } from '../lib/session.js';
import { customerView, getCustomer } from '../customers/records.js';
import { assignAdvisor, markRead, previewVehicleReady, sendVehicleReady, setArchived } from './actions.js';
import { seesWholeBoard, visibleLocation } from '../lib/access.js';
import { assertWorksServiceBoard, visibleRepairOrder } from './access.js';
import {
  getRepairOrders,
  repairOrderKeys,
  repairOrdersOfAgent,
  repairOrdersOfLocation,
  repairOrderView,
  repairOrderViewFor,
  repairOrderViews,
  type RepairOrderRecord,
  type RoutedFrom,
} from './records.js';

const orderId = (req: AgentRequest) => req.params.id ?? '';

/**
 * The orders an away advisor routes to the acting agent (shared/presence.ts): each answers the
 * advisor it comes from while it is still theirs (an order assigned to someone else since is not).
 */
async function routedToActing(auth: Auth): Promise<RoutedFrom & { ids: string[] }> {
  const me = auth.actingAs.id;
  const routed = new Map((await routedTo(auth.companyId, me, 'repair_order')).map((r) => [r.owner.id, r.from]));
  const routedFrom: RoutedFrom = (ro) => {
    const from = routed.get(ro.id);
    return from && ro.agent?.id === from.id && from.id !== me ? from : null;
  };
  return Object.assign(routedFrom, { ids: [...routed.keys()] });
}

/** The order as the acting agent sees it (their unread flag, whether it is routed to them). */
async function answer(req: AgentRequest, ro: RepairOrderRecord) {
  return ok({ repair_order: await repairOrderViewFor(req.auth.companyId, req.auth.actingAs.id, ro, undefined, await routedToActing(req.auth)) });
}

/** Right after a read-mark write the flag is known: no (eventually consistent) read of the mark. */
async function answerMarked(req: AgentRequest, ro: RepairOrderRecord, unread: boolean) {
  const [customer, routedFrom] = await Promise.all([getCustomer(ro.company_id, ro.customer_id), routedToActing(req.auth)]);
  if (!customer) throw notFound('Repair order not found');
  return ok({ repair_order: repairOrderView(ro, customerView(customer), unread, routedFrom) });
}

export const routes: Routes = {
  'GET /api/locations/{id}/repair_orders': agentRoute(async (req) => {
    const { auth, query } = req;
    assertWorksServiceBoard(auth);
    const locationId = await visibleLocation(auth, req.params.id ?? '');
    if (!seesWholeBoard(auth.actingAs.access_level)) throw forbidden('Only managers and admins see every repair order of a location');
    const { offset, limit } = paging(query, SERVICE_PAGE_SIZE);
    const list = query.archived === '1' || query.archived === 'true' ? 'archived' : 'board';
    const [page, routedFrom] = await Promise.all([repairOrdersOfLocation(auth.companyId, locationId, list, offset, limit), routedToActing(auth)]);
    const views = await repairOrderViews(auth.companyId, auth.actingAs.id, page.records, routedFrom);
    return ok(pagedBody('repair_orders', views, page.total, offset, limit));
  }),

  'GET /api/locations/{id}/repair_orders/inbox': agentRoute(async (req) => {
    const { auth, query } = req;
    assertWorksServiceBoard(auth);
    const locationId = await visibleLocation(auth, req.params.id ?? '');
    const { offset, limit } = paging(query, SERVICE_PAGE_SIZE);
    // The advisor's own orders, and those an away colleague routes to them, in one list by activity.
    const routedFrom = await routedToActing(auth);
    const routed = routedFrom.ids.length
      ? [...(await getRepairOrders(auth.companyId, routedFrom.ids)).values()].filter((ro) => ro.location_id === locationId && !ro.archived && routedFrom(ro) !== null)
      : [];
    const page = await pageWithRouted({
      offset,
      limit,
      routed,
      sortKey: (ro) => repairOrderKeys.activitySort(ro.activity_at, ro.id),
      readOwn: (from, count) => repairOrdersOfAgent(auth.companyId, auth.actingAs.id, locationId, from, count),
    });
    const views = await repairOrderViews(auth.companyId, auth.actingAs.id, page.records, routedFrom);
    return ok(pagedBody('repair_orders', views, page.total, offset, limit));
  }),

  'GET /api/repair_orders/{id}': agentRoute(async (req) => answer(req, await visibleRepairOrder(req.auth, orderId(req)))),

  'PUT /api/repair_orders/{id}/agent': agentRoute(async (req) => {
    const ro = await visibleRepairOrder(req.auth, orderId(req));
    const { agent_id: agentId } = parse(assignAgentBody, req.body);
    return answer(req, await assignAdvisor(ro, agentId));
  }),

  'PUT /api/repair_orders/{id}/archive': agentRoute(async (req) => {
    const ro = await visibleRepairOrder(req.auth, orderId(req));
    return answer(req, await setArchived(ro, true));
  }),

  'PUT /api/repair_orders/{id}/unarchive': agentRoute(async (req) => {
    const ro = await visibleRepairOrder(req.auth, orderId(req));
    return answer(req, await setArchived(ro, false));
  }),

  'PUT /api/repair_orders/{id}/read': agentRoute(async (req) => {
    const ro = await visibleRepairOrder(req.auth, orderId(req), true);
    await markRead(ro, req.auth.actingAs.id, false);
    return answerMarked(req, ro, false);
  }),

  'PUT /api/repair_orders/{id}/unread': agentRoute(async (req) => {
    const ro = await visibleRepairOrder(req.auth, orderId(req), true);
    await markRead(ro, req.auth.actingAs.id, true);
    return answerMarked(req, ro, true);
  }),

  'GET /api/repair_orders/{id}/vehicle_ready': agentRoute(async (req) => {
    const ro = await visibleRepairOrder(req.auth, orderId(req), true);
    return ok(await previewVehicleReady(ro));
  }),

  'POST /api/repair_orders/{id}/vehicle_ready': agentRoute(async (req) => {
    const ro = await visibleRepairOrder(req.auth, orderId(req), true);
    const { ro: after, message } = await sendVehicleReady(ro, req.auth.actingAs, parse(actionTextBody, req.body));
    const view = await repairOrderViewFor(req.auth.companyId, req.auth.actingAs.id, after, undefined, await routedToActing(req.auth));
    return ok({ repair_order: view, message });
  }),
};

export const handler = areaHandler('repairOrders', routes);
