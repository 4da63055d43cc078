/** Multi-point inspections (SPEC §7 "MPI"): templates, queues, claims, the sheet, its photos and videos, MPI settings. */
import { MAX_MPI_ATTACHMENT_BYTES, MPI_PAGE_SIZE } from '../../shared/inspections/inspections.js';
import {
  attachmentConfirmBody,
  attachmentSlotBody,
  reclaimBody,
  retemplateBody,
  saveSheetBody,
  sheetTemplateBody,
  transitionBody,
} from '../../shared/inspections/schemas.js';
import { notFound } from '../lib/errors.js';
import { agentRoute, areaHandler, ok, pagedBody, paging, parse, type AgentRequest, type Reply, type Routes } from '../lib/http.js';
import { specSettingsRoutes } from '../lib/settingsRoutes.js';
import '../messages/boards.js';
import type { RepairOrderRecord } from '../repairOrders/records.js';
import {
  assertAdvisor,
  assertEditsConfiguration,
  assertManager,
  assertTechnician,
  inspectionLocation,
  inspectionRepairOrder,
} from './access.js';
import { attachmentSlots, confirmAttachment, gallery, tooLarge } from './attachments.js';
import { claimAsAdvisor, claimAsTechnician, completeAsAdvisor, completeAsTechnician, reclaim } from './claims.js';
import { forClaim, inboxOf, managerInbox, toAdvisor, type QueuePage } from './queues.js';
import { refusal } from './refusals.js';
import { requireSheet, type SheetRecord } from './records.js';
import { changeMpiSettings, mpiSettings } from './settings.js';
import { retemplate, saveSheetEdit, sheetReply } from './sheets.js';
import { techniciansOf } from './technicians.js';
import { archiveTemplate, createTemplate, editTemplate, makeDefault, requireTemplate, templatesOfLocation, templateView } from './templates.js';

const locationOf = (req: AgentRequest) => inspectionLocation(req.auth, req.params.id ?? '');
const orderOf = (req: AgentRequest) => inspectionRepairOrder(req.auth, req.params.id ?? '');

async function queueReply(req: AgentRequest, name: 'sheets' | 'repair_orders', read: (offset: number, limit: number) => Promise<QueuePage>): Promise<Reply> {
  const { offset, limit } = paging(req.query, MPI_PAGE_SIZE);
  const page = await read(offset, limit);
  return ok(pagedBody(name, page.entries, page.total, offset, limit));
}

/** The order and its sheet, for a route that reads or changes it. */
async function orderAndSheet(req: AgentRequest): Promise<{ ro: RepairOrderRecord; sheet: SheetRecord }> {
  const ro = await orderOf(req);
  return { ro, sheet: await requireSheet(ro.company_id, ro.id, true) };
}

/** A sheet transition: the order the caller may work, the change, and `{ sheet, repair_order }`. */
function transition(assert: (req: AgentRequest) => void, change: (ro: RepairOrderRecord, req: AgentRequest, version?: number) => Promise<SheetRecord>) {
  return agentRoute(async (req) => {
    assert(req);
    const ro = await orderOf(req);
    const { version } = parse(transitionBody, req.body ?? {});
    return ok(await sheetReply(await change(ro, req, version), ro));
  });
}

const technician = (req: AgentRequest) => assertTechnician(req.auth);
const advisor = (req: AgentRequest) => assertAdvisor(req.auth);

export const routes: Routes = {
  'GET /api/locations/{id}/tech/mpi/sheets/{type}': agentRoute(async (req) => {
    const locationId = await locationOf(req);
    const { companyId, actingAs } = req.auth;
    switch (req.params.type) {
      case 'for_claim':
        return queueReply(req, 'sheets', (offset, limit) => forClaim(companyId, locationId, offset, limit));
      case 'inbox':
        return queueReply(req, 'sheets', (offset, limit) => inboxOf(companyId, locationId, actingAs.id, offset, limit));
      default:
        throw notFound('Unknown queue');
    }
  }),

  'GET /api/locations/{id}/tech/mpi/sheets/inbox/manager': agentRoute(async (req) => {
    const locationId = await locationOf(req);
    assertManager(req.auth);
    return queueReply(req, 'sheets', (offset, limit) => managerInbox(req.auth.companyId, locationId, offset, limit));
  }),

  'GET /api/locations/{id}/tech/mpi/repair_orders/inbox': agentRoute(async (req) => {
    const locationId = await locationOf(req);
    return queueReply(req, 'repair_orders', (offset, limit) => toAdvisor(req.auth.companyId, locationId, req.auth.actingAs, offset, limit));
  }),

  'GET /api/locations/{id}/tech/mpi/sheet_templates': agentRoute(async (req) => {
    const locationId = await locationOf(req);
    const { offset, limit } = paging(req.query, MPI_PAGE_SIZE);
    const archived = req.query.archived === '1' || req.query.archived === 'true';
    const page = await templatesOfLocation(req.auth.companyId, locationId, archived, offset, limit);
    return ok(pagedBody('sheet_templates', page.records.map(templateView), page.total, offset, limit));
  }),

  'POST /api/locations/{id}/tech/mpi/sheet_templates': agentRoute(async (req) => {
    const locationId = await locationOf(req);
    assertEditsConfiguration(req.auth);
    const { sheet_template: body } = parse(sheetTemplateBody, req.body);
    return ok({ sheet_template: templateView(await createTemplate(req.auth.companyId, locationId, body)) }, 201);
  }),

  'PUT /api/locations/{id}/tech/mpi/sheet_templates/{template_id}': agentRoute(async (req) => {
    const locationId = await locationOf(req);
    assertEditsConfiguration(req.auth);
    const current = await requireTemplate(req.auth.companyId, locationId, req.params.template_id ?? '');
    const { sheet_template: body } = parse(sheetTemplateBody, req.body);
    return ok({ sheet_template: templateView(await editTemplate(current, body)) });
  }),

  'PUT /api/locations/{id}/tech/mpi/sheet_templates/{template_id}/archive': agentRoute(async (req) => {
    const locationId = await locationOf(req);
    assertEditsConfiguration(req.auth);
    const current = await requireTemplate(req.auth.companyId, locationId, req.params.template_id ?? '');
    return ok({ sheet_template: templateView(await archiveTemplate(current)) });
  }),

  'PUT /api/locations/{id}/tech/mpi/sheet_templates/{template_id}/default': agentRoute(async (req) => {
    const locationId = await locationOf(req);
    assertEditsConfiguration(req.auth);
    return ok({ sheet_template: templateView(await makeDefault(req.auth.companyId, locationId, req.params.template_id ?? '')) });
  }),

  'GET /api/locations/{id}/tech/mpi/settings': agentRoute(async (req) => {
    const locationId = await locationOf(req);
    return ok({ mpi_settings: await mpiSettings(req.auth.companyId, locationId) });
  }),

  'PUT /api/locations/{id}/tech/mpi/settings': agentRoute(async (req) => {
    const locationId = await locationOf(req);
    assertEditsConfiguration(req.auth);
    const raw = (req.body as Record<string, unknown> | null)?.mpi_settings;
    return ok({ mpi_settings: await changeMpiSettings(req.auth.companyId, locationId, raw, req.auth.agent.id) });
  }),

  /** SPEC §7 `GET|POST /tech/mpi/settings`: the group at the acting agent's location (an admin's `?location_id=`), as the generic settings route answers it. */
  ...specSettingsRoutes('/tech/mpi/settings', 'mpi_settings'),

  'GET /api/locations/{id}/tech/mpi/technicians': agentRoute(async (req) => {
    const locationId = await locationOf(req);
    return ok({ technicians: await techniciansOf(req.auth.companyId, locationId) });
  }),

  'GET /api/tech/mpi/repair_orders/{id}/technician/sheet': agentRoute(async (req) => {
    assertTechnician(req.auth);
    const { ro, sheet } = await orderAndSheet(req);
    return ok(await sheetReply(sheet, ro));
  }),

  'GET /api/tech/mpi/repair_orders/{id}/advisor/sheet': agentRoute(async (req) => {
    assertAdvisor(req.auth);
    const { ro, sheet } = await orderAndSheet(req);
    return ok(await sheetReply(sheet, ro));
  }),

  'PUT /api/tech/mpi/repair_orders/{id}/sheet': agentRoute(async (req) => {
    const ro = await orderOf(req);
    const { sheet: body } = parse(saveSheetBody, req.body);
    return ok(await sheetReply(await saveSheetEdit(ro, body, req.auth.actingAs), ro));
  }),

  'PUT /api/tech/mpi/repair_orders/{id}/technician/claim': transition(technician, (ro, req, version) => claimAsTechnician(ro, req.auth.actingAs, version)),
  'PUT /api/tech/mpi/repair_orders/{id}/advisor/claim': transition(advisor, (ro, req, version) => claimAsAdvisor(ro, req.auth.actingAs, version)),
  'PUT /api/tech/mpi/repair_orders/{id}/technician/complete': transition(technician, (ro, req, version) => completeAsTechnician(ro, req.auth.actingAs, version)),
  'PUT /api/tech/mpi/repair_orders/{id}/advisor/complete': transition(advisor, (ro, req, version) => completeAsAdvisor(ro, req.auth.actingAs, version)),

  'PUT /api/tech/mpi/repair_orders/{id}/reclaim': agentRoute(async (req) => {
    assertAdvisor(req.auth);
    const ro = await orderOf(req);
    // SPEC §6: reclaiming only by naming the agent who takes it over.
    const named = reclaimBody.safeParse(req.body ?? {});
    if (!named.success) throw refusal('refused', 'agent_required');
    const { version } = parse(transitionBody, req.body ?? {});
    return ok(await sheetReply(await reclaim(ro, named.data.agent_id, version), ro));
  }),

  'PUT /api/tech/mpi/repair_orders/{id}/template': agentRoute(async (req) => {
    const ro = await orderOf(req);
    const named = retemplateBody.safeParse(req.body ?? {});
    if (!named.success) throw refusal('refused', 'template_not_saved');
    return ok(await sheetReply(await retemplate(ro, named.data.template_id, req.auth.actingAs), ro));
  }),

  'GET /api/tech/mpi/repair_orders/{id}/technician/service_attachments': agentRoute(async (req) => {
    const { sheet } = await orderAndSheet(req);
    return ok({ service_attachments: await gallery(sheet) });
  }),

  'POST /api/tech/mpi/repair_orders/{id}/service_attachments': agentRoute(async (req) => {
    const { ro, sheet } = await orderAndSheet(req);
    // 413 for a file over the limit, before the body's own checks would call it invalid.
    const size = (req.body as { size?: unknown } | null)?.size;
    if (typeof size === 'number' && size > MAX_MPI_ATTACHMENT_BYTES) throw tooLarge();
    const request = parse(attachmentSlotBody, req.body);
    return ok(await attachmentSlots(ro, sheet, req.auth.actingAs, request), 201);
  }),

  'PUT /api/tech/mpi/repair_orders/{id}/service_attachments': agentRoute(async (req) => {
    const ro = await orderOf(req);
    const body = parse(attachmentConfirmBody, req.body);
    return ok(await sheetReply(await confirmAttachment(ro, req.auth.actingAs, body), ro));
  }),
};

export const handler = areaHandler('inspections', routes);
