/** The service board (api3 "Service board"): lists, one order, and the detail panel's actions. */
import { actionTextBody, assignAgentBody } from '../../shared/schemas/messages.js';
import { SERVICE_PAGE_SIZE } from '../../shared/repairOrders/repairOrders.js';
import { forbidden, notFound } from '../lib/errors.js';
import { agentRoute, areaHandler, ok, pagedBody, paging, parse, type AgentRequest, type Routes } from '../lib/http.js';
import '../messages/boards.js';
import { customerView, getCustomer } from '../customers/records.js';
import { assignAdvisor, markRead, previewVehicleReady, sendVehicleReady, setArchived } from './actions.js';
import { seesWholeBoard, visibleLocation } from '../lib/access.js';
import { assertWorksServiceBoard, visibleRepairOrder } from './access.js';
import {
  repairOrdersOfAgent,
  repairOrdersOfLocation,
  repairOrderView,
  repairOrderViewFor,
  repairOrderViews,
  type RepairOrderRecord,
} from './records.js';

const orderId = (req: AgentRequest) => req.params.id ?? '';

/** The order as the acting agent sees it (their unread flag). */
async function answer(req: AgentRequest, ro: RepairOrderRecord) {
  return ok({ repair_order: await repairOrderViewFor(req.auth.companyId, req.auth.actingAs.id, ro) });
}

/** Right after a read-mark write the flag is known: no (eventually consistent) read of the mark. */
async function answerMarked(ro: RepairOrderRecord, unread: boolean) {
  const customer = await getCustomer(ro.company_id, ro.customer_id);
  if (!customer) throw notFound('Repair order not found');
  return ok({ repair_order: repairOrderView(ro, customerView(customer), unread) });
}

export const routes: Routes = {
  'GET /api/locations/{id}/repair_orders': agentRoute(async (req) => {
    const { auth, query } = req;
    assertWorksServiceBoard(auth);
    const locationId = await visibleLocation(auth, req.params.id ?? '');
    if (!seesWholeBoard(auth.actingAs.access_level)) throw forbidden('Only managers and admins see every repair order of a location');
    const { offset, limit } = paging(query, SERVICE_PAGE_SIZE);
    const list = query.archived === '1' || query.archived === 'true' ? 'archived' : 'board';
    const page = await repairOrdersOfLocation(auth.companyId, locationId, list, offset, limit);
    const views = await repairOrderViews(auth.companyId, auth.actingAs.id, page.records);
    return ok(pagedBody('repair_orders', views, page.total, offset, limit));
  }),

  'GET /api/locations/{id}/repair_orders/inbox': agentRoute(async (req) => {
    const { auth, query } = req;
    assertWorksServiceBoard(auth);
    const locationId = await visibleLocation(auth, req.params.id ?? '');
    const { offset, limit } = paging(query, SERVICE_PAGE_SIZE);
    const page = await repairOrdersOfAgent(auth.companyId, auth.actingAs.id, locationId, offset, limit);
    const views = await repairOrderViews(auth.companyId, auth.actingAs.id, page.records);
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
    return answerMarked(ro, false);
  }),

  'PUT /api/repair_orders/{id}/unread': agentRoute(async (req) => {
    const ro = await visibleRepairOrder(req.auth, orderId(req), true);
    await markRead(ro, req.auth.actingAs.id, true);
    return answerMarked(ro, true);
  }),

  'GET /api/repair_orders/{id}/vehicle_ready': agentRoute(async (req) => {
    const ro = await visibleRepairOrder(req.auth, orderId(req), true);
    return ok(await previewVehicleReady(ro));
  }),

  'POST /api/repair_orders/{id}/vehicle_ready': agentRoute(async (req) => {
    const ro = await visibleRepairOrder(req.auth, orderId(req), true);
    const { ro: after, message } = await sendVehicleReady(ro, req.auth.actingAs, parse(actionTextBody, req.body));
    const view = await repairOrderViewFor(req.auth.companyId, req.auth.actingAs.id, after);
    return ok({ repair_order: view, message });
  }),
};

export const handler = areaHandler('repairOrders', routes);
