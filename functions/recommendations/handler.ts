/**
 * The advisor's side of recommended work (issue 4): decisions on each recommendation, the PDF
 * preview, and sending the inspection to the customer. Every route works from a repair order the
 * caller may work on the service board (another company's or location's answers 404).
 */
import type { SheetReply } from '../../shared/inspections/inspections.js';
import { decisionBody } from '../../shared/inspections/schemas.js';
import { actionTextBody } from '../../shared/schemas/messages.js';
import { agentRoute, areaHandler, ok, parse, type AgentRequest, type Routes } from '../lib/http.js';
import '../messages/boards.js';
import { getLocation } from '../lib/locations.js';
import { agentRef } from '../lib/agents.js';
import { visibleRepairOrder } from '../repairOrders/access.js';
import { requireSheet, sheetRepairOrder, sheetView, type SheetRecord } from '../inspections/records.js';
import type { RepairOrderRecord } from '../repairOrders/records.js';
import { agentDecisionRefusal, decide } from './decisions.js';
import { sendToCustomer } from './sendToCustomer.js';
import { inspectionPdf } from './storedPdf.js';

const orderId = (req: AgentRequest) => req.params.id ?? '';

async function sheetReply(sheet: SheetRecord, ro: RepairOrderRecord): Promise<SheetReply> {
  return { sheet: await sheetView(sheet), repair_order: sheetRepairOrder(ro) };
}

export const routes: Routes = {
  'PUT /api/tech/mpi/repair_orders/{id}/recommendations/{recommendation_id}': agentRoute(async (req) => {
    const ro = await visibleRepairOrder(req.auth, orderId(req), true);
    const { approved } = parse(decisionBody, req.body);
    const outcome = await decide({
      ro,
      recommendationId: req.params.recommendation_id ?? '',
      approved,
      approver: { initiator: 'agent', agent: agentRef(req.auth.actingAs) },
      refusal: agentDecisionRefusal,
    });
    return ok(await sheetReply(outcome.sheet, ro));
  }),

  'POST /api/tech/mpi/repair_orders/{id}/pdf': agentRoute(async (req) => {
    const ro = await visibleRepairOrder(req.auth, orderId(req), true);
    const [sheet, location] = await Promise.all([requireSheet(ro.company_id, ro.id, true), getLocation(ro.company_id, ro.location_id)]);
    // The advisor's preview is in the location's language.
    const pdf = await inspectionPdf(sheet, ro, location?.locale ?? 'en-us');
    return ok({ pdf: { url: pdf.url, generated_at: pdf.generated_at } });
  }),

  'POST /api/tech/mpi/repair_orders/{id}/send_to_customer': agentRoute(async (req) => {
    const ro = await visibleRepairOrder(req.auth, orderId(req), true);
    // Only this route texts the customer: the carrier's SNS and Pinpoint clients load with its first
    // text (functions/lib/carrier.ts). A dynamic import() here would not keep them out of the bundle,
    // and it made esbuild keep whole packages behind it (date-fns, every DynamoDB command).
    const { sheet, message } = await sendToCustomer(ro, req.auth.actingAs, parse(actionTextBody, req.body));
    return ok({ ...(await sheetReply(sheet, ro)), message });
  }),
};

export const handler = areaHandler('recommendations', routes);
