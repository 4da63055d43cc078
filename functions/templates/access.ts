/**
 * Who may use and manage which templates (issue 22): a company's templates are every agent's to use
 * and the admins' to manage; a location's are its agents' to use and its managers' (and the admins')
 * to manage; an agent's own are theirs alone, and nobody else even sees them. Outside that, a
 * template answers 404 as another company's does; seen but not one's to change, 403.
 */
import { TEMPLATE_ERRORS, type TemplateLevel } from '../../shared/templates/templates.js';
import { forbidden, notFound } from '../lib/errors.js';
import { ValidationError } from '../lib/errors.js';
import { reachesLocation, visibleLocation } from '../lib/access.js';
import type { Auth } from '../lib/session.js';
import { getTemplate, type TemplateRecord } from './records.js';

/** The owners whose templates the acting agent uses: the company, their location, themself. */
export const ownersOfAgent = (auth: Auth): { level: TemplateLevel; ownerId: string }[] => [
  { level: 'company', ownerId: auth.companyId },
  { level: 'location', ownerId: auth.actingAs.location_id },
  { level: 'agent', ownerId: auth.actingAs.id },
];

function mayManage(auth: Auth, level: TemplateLevel): boolean {
  const flags = auth.actingAs.access_level;
  if (level === 'company') return flags.admin;
  if (level === 'location') return flags.admin || flags.manager;
  return true;
}

const REFUSALS: Record<TemplateLevel, string> = {
  company: 'Only company admins can change company templates',
  location: "Only the location's managers and company admins can change its templates",
  agent: 'Only the agent can change their own templates',
};

/**
 * The owner of a level's list the acting agent may read: the company; a location they reach (their
 * own unless admin; `locationId` defaults to their own); themself. 404 for a location out of reach.
 */
export async function readableOwner(auth: Auth, level: TemplateLevel, locationId: string | undefined): Promise<string> {
  if (level === 'company') return auth.companyId;
  if (level === 'agent') return auth.actingAs.id;
  return visibleLocation(auth, locationId ?? auth.actingAs.location_id);
}

/** The owner of a new template of this level, if the acting agent may write one there. */
export async function writableOwner(auth: Auth, level: TemplateLevel, locationId: string | undefined): Promise<string> {
  if (level === 'location' && !locationId) throw new ValidationError([{ message: TEMPLATE_ERRORS.location_id, path: 'template.location_id' }]);
  const owner = await readableOwner(auth, level, locationId);
  if (!mayManage(auth, level)) throw forbidden(REFUSALS[level]);
  return owner;
}

/** A template the acting agent may change (404 when they may not even see it, 403 when only see it). */
export async function changeableTemplate(auth: Auth, templateId: string): Promise<TemplateRecord> {
  const template = await getTemplate(auth.companyId, templateId, true);
  if (!template) throw notFound('Template not found');
  const seen =
    template.level === 'company' ||
    (template.level === 'location' && reachesLocation(auth.actingAs, template.owner_id)) ||
    (template.level === 'agent' && template.owner_id === auth.actingAs.id);
  if (!seen) throw notFound('Template not found');
  if (!mayManage(auth, template.level)) throw forbidden(REFUSALS[template.level]);
  return template;
}
