/** Sheet template calls (SPEC §7 MPI; contract functions/areas.ts): paths in one place, answers typed. */
import { MPI_PAGE_SIZE, type SheetTemplate } from '../../../../shared/inspections/inspections.js';
import type { SheetTemplateBody } from '../../../../shared/inspections/schemas.js';
import { api } from '../../lib/api.js';
import { fetchAllPages } from '../../lib/paging.js';

const enc = encodeURIComponent;
const base = (locationId: string) => `/api/locations/${enc(locationId)}/tech/mpi/sheet_templates`;

/** Refusals the editor words itself (validation, stale version, archived). */
export const TEMPLATE_REFUSALS = { statuses: [400, 403, 404, 409, 422] } as const;

/** SWR key of a location's templates: live ones, or the archived ones. */
export function templatesKey(locationId: string, archived: boolean): string {
  return `${base(locationId)}${archived ? '?archived=1' : ''}`;
}

/** Every template of the list (page size 50; the remaining pages asked for at once). */
export function fetchTemplates(key: string): Promise<SheetTemplate[]> {
  return fetchAllPages<'sheet_templates', SheetTemplate>((path) => api.request(path), key, 'sheet_templates', MPI_PAGE_SIZE);
}

type One = { sheet_template: SheetTemplate };

export function createTemplate(locationId: string, body: SheetTemplateBody): Promise<SheetTemplate> {
  return api.request<One>(base(locationId), { method: 'POST', body: { sheet_template: body }, expected: TEMPLATE_REFUSALS }).then((a) => a.sheet_template);
}

export function updateTemplate(locationId: string, id: string, body: SheetTemplateBody): Promise<SheetTemplate> {
  return api.request<One>(`${base(locationId)}/${enc(id)}`, { method: 'PUT', body: { sheet_template: body }, expected: TEMPLATE_REFUSALS }).then((a) => a.sheet_template);
}

export function templateAction(locationId: string, id: string, action: 'archive' | 'default'): Promise<SheetTemplate> {
  return api.request<One>(`${base(locationId)}/${enc(id)}/${action}`, { method: 'PUT', expected: TEMPLATE_REFUSALS }).then((a) => a.sheet_template);
}
