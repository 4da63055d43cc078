/** The technician's MPI calls (api contract, issue 4): paths in one place, answers typed. */
import type { PagedMeta } from '../../../../shared/api.js';
import { MPI_PAGE_SIZE, type SheetListEntry, type SheetReply } from '../../../../shared/inspections/inspections.js';
import type { SaveSheetBody } from '../../../../shared/inspections/schemas.js';
import { api } from '../../lib/api.js';
import type { Expected } from '../../lib/request-errors.js';
import type { MediaSlots } from '../../lib/storageUpload.js';

const enc = encodeURIComponent;

/**
 * The lists of the MPI area: the pool, the caller's claimed sheets, every claimed sheet (managers),
 * and the sheets technicians completed for the advisors.
 */
export type QueueView = 'pool' | 'mine' | 'manager' | 'to_advisor';

export type QueuePage = PagedMeta & { entries: SheetListEntry[] };

const QUEUE_PATHS: Record<QueueView, string> = {
  pool: 'sheets/for_claim',
  mine: 'sheets/inbox',
  manager: 'sheets/inbox/manager',
  to_advisor: 'repair_orders/inbox',
};

export function queuePagePath(locationId: string, queue: QueueView, pageIndex: number): string {
  return `/api/locations/${enc(locationId)}/tech/mpi/${QUEUE_PATHS[queue]}?offset=${pageIndex * MPI_PAGE_SIZE}&limit=${MPI_PAGE_SIZE}`;
}

/** One page of a queue; the repair-order inbox names its list `repair_orders`, the others `sheets`. */
export async function fetchQueuePage(path: string): Promise<QueuePage> {
  const body = await api.request<PagedMeta & { sheets?: SheetListEntry[]; repair_orders?: SheetListEntry[] }>(path);
  return { meta: body.meta, entries: body.sheets ?? body.repair_orders ?? [] };
}

const sheetBase = (roId: string) => `/api/tech/mpi/repair_orders/${enc(roId)}`;

/** Technicians without the service flag read the technician's view; service agents the advisor's. */
export type SheetSide = 'technician' | 'advisor';

export function sheetPath(roId: string, side: SheetSide): string {
  return `${sheetBase(roId)}/${side}/sheet`;
}

/** Refusals the sheet screen words itself (MPI_ERRORS ids arrive with these statuses). */
const OWN_REFUSALS: Expected = { statuses: [403, 404, 409, 413, 422] };

export function fetchSheet(roId: string, side: SheetSide, signal?: AbortSignal): Promise<SheetReply> {
  return api.request<SheetReply>(sheetPath(roId, side), { signal, expected: { statuses: [403, 404] } });
}

export function claimSheet(roId: string, side: SheetSide): Promise<SheetReply> {
  return api.request<SheetReply>(`${sheetBase(roId)}/${side}/claim`, { method: 'PUT', body: {}, expected: OWN_REFUSALS });
}

export function saveSheet(roId: string, sheet: SaveSheetBody): Promise<SheetReply> {
  return api.request<SheetReply>(`${sheetBase(roId)}/sheet`, { method: 'PUT', body: { sheet }, expected: OWN_REFUSALS });
}

export function completeAsTechnician(roId: string, version: number): Promise<SheetReply> {
  return api.request<SheetReply>(`${sheetBase(roId)}/technician/complete`, { method: 'PUT', body: { version }, expected: OWN_REFUSALS });
}


export function requestAttachmentSlots(
  roId: string,
  body: { group: string; item: string; name: string; content_type: string; size: number; renditions: boolean },
  signal?: AbortSignal,
): Promise<MediaSlots> {
  return api.request<MediaSlots>(`${sheetBase(roId)}/service_attachments`, { method: 'POST', body, signal, expected: OWN_REFUSALS });
}

export function confirmAttachment(
  roId: string,
  body: { key: string; small_key: string | null; thumb_key: string | null; group: string; item: string; name: string; notes: string },
): Promise<SheetReply> {
  return api.request<SheetReply>(`${sheetBase(roId)}/service_attachments`, { method: 'PUT', body, expected: OWN_REFUSALS });
}

export const locationPath = (locationId: string) => `/api/locations/${enc(locationId)}`;
