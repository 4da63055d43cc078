/** Writing a message template (POST /api/templates, PUT /api/templates/{id}): the same checks in the form and on the server. */
import * as z from 'zod/mini';
import { MAX_ID_LENGTH } from '../schemas/auth.js';
import { TEMPLATE_BOARDS, TEMPLATE_ERRORS, TEMPLATE_LEVELS, TEMPLATE_NAME_MAX, TEMPLATE_TEXT_MAX } from './templates.js';

const templateName = z.string({ error: TEMPLATE_ERRORS.name }).check(
  z.trim(),
  z.minLength(1, { message: TEMPLATE_ERRORS.name }),
  z.maxLength(TEMPLATE_NAME_MAX, { message: TEMPLATE_ERRORS.name_too_long }),
);
const templateText = z.string({ error: TEMPLATE_ERRORS.text }).check(
  z.trim(),
  z.minLength(1, { message: TEMPLATE_ERRORS.text }),
  z.maxLength(TEMPLATE_TEXT_MAX, { message: TEMPLATE_ERRORS.text_too_long }),
);
const templateBoard = z._default(z.enum(TEMPLATE_BOARDS, { error: TEMPLATE_ERRORS.board }), 'all');

/**
 * A new template: its level, and for a location's the location (a company's belongs to the caller's
 * company, an agent's to the caller).
 */
export const newTemplateBody = z.object({
  template: z.object({
    level: z.enum(TEMPLATE_LEVELS, { error: TEMPLATE_ERRORS.level }),
    location_id: z.optional(z.string({ error: TEMPLATE_ERRORS.location_id }).check(z.minLength(1, { message: TEMPLATE_ERRORS.location_id }), z.maxLength(MAX_ID_LENGTH))),
    name: templateName,
    text: templateText,
    board: templateBoard,
  }),
});
export type NewTemplateBody = z.infer<typeof newTemplateBody>;

/** A change: its level and owner stay; name, text and board may change. */
export const templateChangeBody = z.object({
  template: z.object({
    name: z.optional(templateName),
    text: z.optional(templateText),
    board: z.optional(z.enum(TEMPLATE_BOARDS, { error: TEMPLATE_ERRORS.board })),
  }),
});
export type TemplateChangeBody = z.infer<typeof templateChangeBody>;

/** The manage list's query: one level, and for a location's the location. */
export const templateListQuery = z.object({
  level: z.enum(TEMPLATE_LEVELS, { error: TEMPLATE_ERRORS.level }),
  location_id: z.optional(z.string().check(z.minLength(1), z.maxLength(MAX_ID_LENGTH))),
});
