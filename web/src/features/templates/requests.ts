/** The templates' requests: whole lists (SPEC §7 paging, 50 a page per SPEC §9) and the writes. */
import type { OwnerRef } from '../../../../shared/conversations.js';
import { templatePaths } from '../../../../shared/templates/routes.js';
import type { NewTemplateBody, TemplateChangeBody } from '../../../../shared/templates/schemas.js';
import { TEMPLATES_PAGE_SIZE, type MessageTemplate, type TemplateLevel } from '../../../../shared/templates/templates.js';
import { api } from '../../lib/api.js';
import { fetchAllPages } from '../../lib/paging.js';

/** A template as the composer is offered it: its text filled in for the conversation. */
export type OfferedTemplate = MessageTemplate & { filled: string };

const get = <T,>(path: string) => api.request<T>(path);

export const levelListKey = (level: TemplateLevel, locationId: string) => templatePaths.level(level, level === 'location' ? locationId : undefined);

export const levelList = (key: string) => fetchAllPages<'templates', MessageTemplate>(get, key, 'templates', TEMPLATES_PAGE_SIZE);

export const offeredTemplates = (owner: OwnerRef) => fetchAllPages<'templates', OfferedTemplate>(get, templatePaths.mine(owner), 'templates', TEMPLATES_PAGE_SIZE);

const UNPROCESSABLE = { statuses: [422] };

export const createTemplate = (body: NewTemplateBody, key: string) =>
  api.request<{ template: MessageTemplate }>(templatePaths.create(), { method: 'POST', body, headers: { 'Idempotency-Key': key }, expected: UNPROCESSABLE });

export const changeTemplate = (id: string, body: TemplateChangeBody) => api.request<{ template: MessageTemplate }>(templatePaths.template(id), { method: 'PUT', body, expected: UNPROCESSABLE });

export const deleteTemplate = (id: string) => api.request<void>(templatePaths.template(id), { method: 'DELETE' });
