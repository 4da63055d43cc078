/** The templates' paths (SPEC §7 `GET /api/templates/me`; the manage routes beside it). */
import type { OwnerRef } from '../conversations.js';
import type { TemplateLevel } from './templates.js';

const enc = encodeURIComponent;

export const templatePaths = {
  /** Every template the acting agent may use; with a conversation, only those its board offers, filled in for it. */
  mine: (owner?: OwnerRef) => (owner ? `/api/templates/me?owner_kind=${enc(owner.kind)}&owner_id=${enc(owner.id)}` : '/api/templates/me'),
  /** One level's list to manage. */
  level: (level: TemplateLevel, locationId?: string) => `/api/templates?level=${level}${locationId ? `&location_id=${enc(locationId)}` : ''}`,
  create: () => '/api/templates',
  template: (id: string) => `/api/templates/${enc(id)}`,
};
