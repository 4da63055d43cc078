/**
 * The templates' event (shared/events.ts `BoardEventSchemas`): a template was created, changed or
 * deleted; the lists that show its level read again. It goes where the template is offered: a
 * company's on every store's channel, a store's on its channel, an agent's own on the agent's.
 */
import * as z from 'zod/mini';
import { id, type EventsOf } from '../events.js';
import { TEMPLATE_LEVELS } from './templates.js';

export const TEMPLATE_EVENTS = {
  'template.changed': z.object({ id, level: z.enum(TEMPLATE_LEVELS), owner_id: id, change: z.enum(['created', 'updated', 'deleted']) }),
} as const;

declare module '../events.js' {
  interface BoardEventSchemas {
    'template.changed': (typeof TEMPLATE_EVENTS)['template.changed'];
  }
}

export type TemplateEvent = EventsOf<typeof TEMPLATE_EVENTS>;
