/**
 * The templates area: the acting agent's templates for the composer (SPEC §7 `GET /api/templates/me`,
 * paged 50 per SPEC §9), each level's list to manage, and writing them (functions/templates/access.ts
 * says who may).
 */
import { newTemplateBody, templateChangeBody, templateListQuery } from '../../shared/templates/schemas.js';
import { BOARD_OF_OWNER_KIND, TEMPLATES_PAGE_SIZE, fillTemplate, type MessageTemplate } from '../../shared/templates/templates.js';
import { conflict, notFound } from '../lib/errors.js';
import { agentRoute, areaHandler, noContent, ok, pagedBody, paging, parse, type Routes } from '../lib/http.js';
import { newId } from '../lib/ids.js';
import '../messages/boards.js';
import { registeredKinds, visibleOwner } from '../messages/owners.js';
import { changeableTemplate, ownersOfAgent, readableOwner, writableOwner } from './access.js';
import { announceTemplate } from './announce.js';
import { factsOf } from './facts.js';
import { createTemplate, deleteTemplate, replaceTemplate, templatesOfOwner, templatesOfOwners, type TemplateRecord } from './records.js';

const view = ({ company_id: _company, ...template }: TemplateRecord): MessageTemplate => template;

export const routes: Routes = {
  /**
   * With a conversation (`owner_kind`, `owner_id`): only the templates its board offers, each with
   * `filled`, its text with the conversation's placeholders filled in.
   */
  'GET /api/templates/me': agentRoute(async ({ auth, query }) => {
    const { offset, limit } = paging(query, TEMPLATES_PAGE_SIZE);
    const kind = query.owner_kind;
    const ownerId = query.owner_id;
    if (!kind || !ownerId) {
      const page = await templatesOfOwners(auth.companyId, ownersOfAgent(auth), null, offset, limit);
      return ok(pagedBody('templates', page.templates.map(view), page.total, offset, limit));
    }
    if (!registeredKinds().includes(kind)) throw notFound('Conversation not found');
    const owner = await visibleOwner(auth, { kind, id: ownerId });
    const [page, facts] = await Promise.all([templatesOfOwners(auth.companyId, ownersOfAgent(auth), BOARD_OF_OWNER_KIND[kind] ?? 'all', offset, limit), factsOf(auth, owner)]);
    const templates = page.templates.map((template) => ({ ...view(template), filled: fillTemplate(template.text, facts) }));
    return ok(pagedBody('templates', templates, page.total, offset, limit));
  }),

  'GET /api/templates': agentRoute(async ({ auth, query }) => {
    const { level, location_id } = parse(templateListQuery, { level: query.level, location_id: query.location_id });
    const ownerId = await readableOwner(auth, level, location_id);
    const { offset, limit } = paging(query, TEMPLATES_PAGE_SIZE);
    const page = await templatesOfOwner(auth.companyId, level, ownerId, offset, limit);
    return ok(pagedBody('templates', page.templates.map(view), page.total, offset, limit));
  }),

  'POST /api/templates': agentRoute(async ({ auth, body }) => {
    const { template: input } = parse(newTemplateBody, body);
    const ownerId = await writableOwner(auth, input.level, input.location_id);
    const at = new Date().toISOString();
    const record: TemplateRecord = {
      id: newId('tpl'),
      company_id: auth.companyId,
      level: input.level,
      owner_id: ownerId,
      name: input.name,
      text: input.text,
      board: input.board,
      created_by: auth.actingAs.id,
      created_at: at,
      updated_by: auth.actingAs.id,
      updated_at: at,
    };
    await createTemplate(record);
    await announceTemplate(record, 'created');
    return ok({ template: view(record) }, 201);
  }),

  'PUT /api/templates/{id}': agentRoute(async ({ auth, params, body }) => {
    const { template: change } = parse(templateChangeBody, body);
    const current = await changeableTemplate(auth, params.id ?? '');
    const next: TemplateRecord = {
      ...current,
      name: change.name ?? current.name,
      text: change.text ?? current.text,
      board: change.board ?? current.board,
      updated_by: auth.actingAs.id,
      updated_at: new Date().toISOString(),
    };
    if (!(await replaceTemplate(current, next))) throw conflict('template_changed', 'Someone changed or deleted this template meanwhile. Open it again.');
    await announceTemplate(next, 'updated');
    return ok({ template: view(next) });
  }),

  'DELETE /api/templates/{id}': agentRoute(async ({ auth, params }) => {
    const current = await changeableTemplate(auth, params.id ?? '');
    if (!(await deleteTemplate(current))) throw notFound('Template not found');
    await announceTemplate(current, 'deleted');
    return noContent();
  }),
};

export const handler = areaHandler('templates', routes);
