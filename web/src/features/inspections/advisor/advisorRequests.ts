/**
 * The advisor's MPI calls (contract: shared/inspections/inspections.ts, functions/areas.ts): paths in one place,
 * answers typed. Refusals (4xx) are left to the caller, which words them (mpi_errors.<id>); a
 * network or server failure is reported the standard way by whoever catches it (showMpiFailure).
 */
import type { Colleague, Location } from '../../../../../shared/api.js';
import type { SheetReply, SheetTemplate, Technician } from '../../../../../shared/inspections/inspections.js';
import type { Message } from '../../../../../shared/messages.js';
import type { QuietHoursAnswer } from '../../../../../shared/schemas/messages.js';
import type { RepairOrder } from '../../../../../shared/repairOrders/repairOrders.js';
import { api } from '../../../lib/api.js';
import type { RequestOptions } from '../../../lib/request.js';

const enc = encodeURIComponent;

/** Refusals this feature words itself; anything else (offline, 5xx, a dead session) goes the standard way. */
export const MPI_REFUSAL_STATUSES: readonly number[] = [400, 403, 404, 409, 410, 413, 422];

const sheetBase = (roId: string) => `/api/tech/mpi/repair_orders/${enc(roId)}`;
const locationBase = (locationId: string) => `/api/locations/${enc(locationId)}`;

export const techniciansPath = (locationId: string) => `${locationBase(locationId)}/tech/mpi/technicians`;
export const agentsPath = (locationId: string) => `${locationBase(locationId)}/agents`;
export const locationPath = (locationId: string) => locationBase(locationId);
export const templatesPath = (locationId: string) => `${locationBase(locationId)}/tech/mpi/sheet_templates?offset=0&limit=50`;
export const repairOrderPath = (roId: string) => `/api/repair_orders/${enc(roId)}`;

export type TechniciansAnswer = { technicians: Technician[] };
export type AgentsAnswer = { agents: Colleague[] };
export type LocationAnswer = { location: Location };
export type TemplatesAnswer = { sheet_templates: SheetTemplate[] };
export type RepairOrderAnswer = { repair_order: RepairOrder };

function call<T>(path: string, options: RequestOptions): Promise<T> {
  return api.request<T>(path, { ...options, expected: { statuses: MPI_REFUSAL_STATUSES } });
}

export type SheetTransition = 'advisor/claim' | 'advisor/complete';

/** Claim or complete as advisor, naming the version on screen so a stale screen is told (mpi_changed). */
export function transition(roId: string, which: SheetTransition, version: number): Promise<SheetReply> {
  return call(`${sheetBase(roId)}/${which}`, { method: 'PUT', body: { version } });
}

export function reclaim(roId: string, agentId: string): Promise<SheetReply> {
  return call(`${sheetBase(roId)}/reclaim`, { method: 'PUT', body: { agent_id: agentId } });
}

export function retemplate(roId: string, templateId: string): Promise<SheetReply> {
  return call(`${sheetBase(roId)}/template`, { method: 'PUT', body: { template_id: templateId } });
}

export function previewPdf(roId: string): Promise<{ pdf: { url: string; generated_at: string } }> {
  return call(`${sheetBase(roId)}/pdf`, { method: 'POST' });
}

/** Texts the sheet to the customer, with the agent's quiet-hours answer once asked (the refusal is the caller's question). */
export function sendToCustomer(roId: string, answer: QuietHoursAnswer = {}): Promise<SheetReply & { message: Message }> {
  return call(`${sheetBase(roId)}/send_to_customer`, { method: 'POST', body: answer });
}

export function decide(roId: string, recommendationId: string, approved: boolean | null): Promise<SheetReply> {
  return call(`${sheetBase(roId)}/recommendations/${enc(recommendationId)}`, { method: 'PUT', body: { approved } });
}
