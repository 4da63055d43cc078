/**
 * Bodies of the MPI routes (SPEC §7 "MPI") and the sheet rules of SPEC §5: a sheet or template
 * cannot be emptied, needs at least one group with items, has no duplicate items in a group, and
 * an empty group is removed. The template editor and the sheet editor run the same checks
 * (`checkGroups`) before they save; the server runs them again.
 */
import * as z from 'zod/mini';
import { MAX_ID_LENGTH } from '../schemas/auth.js';
import { ITEM_STATUSES, MAX_MPI_ATTACHMENT_BYTES, MPI_ERRORS, VEHICLE_TYPES, type MpiErrorId } from './inspections.js';

const name = z.string().check(z.trim(), z.minLength(1), z.maxLength(120));
const comment = z._default(z.string().check(z.maxLength(1600)), '');

export const templateGroup = z.object({
  name,
  items: z.array(z.object({ name })).check(z.maxLength(200)),
});

/** POST …/sheet_templates and PUT …/sheet_templates/{id}: `{ sheet_template: … }`. */
export const sheetTemplateBody = z.object({
  sheet_template: z.object({
    form_name: name,
    vehicle_type: z._default(z.enum(VEHICLE_TYPES), 'car'),
    header: z._default(z.string().check(z.maxLength(1600)), ''),
    groups: z.array(templateGroup).check(z.maxLength(50)),
    /** PUT only: the version the editor loaded (a stale save answers 409 mpi_changed). */
    version: z.optional(z.number().check(z.int(), z.gte(1))),
  }),
});
export type SheetTemplateBody = z.infer<typeof sheetTemplateBody>['sheet_template'];

export const sheetItem = z.object({
  name,
  dmg: z._default(
    z.nullable(z.number().check(z.int(), z.refine((n) => (ITEM_STATUSES as readonly number[]).includes(n), { message: 'Item status is NA, GREEN, YELLOW or RED' }))),
    null,
  ),
  comment,
});

export const sheetGroup = z.object({ name, items: z.array(sheetItem).check(z.maxLength(200)) });

export const recommendationInput = z.object({
  /** Absent for new work; an existing id keeps its decision. */
  id: z.optional(z.string().check(z.minLength(1), z.maxLength(64))),
  group: name,
  item: name,
  est_cost_in_cents: z.number().check(z.int(), z.gte(0), z.lte(100_000_000)),
  comment,
  notes: comment,
});

export const attachmentEdit = z.object({
  id: z.string().check(z.minLength(1), z.maxLength(64)),
  notes: z._default(z.string().check(z.maxLength(1600)), ''),
  verdict: z._default(z.nullable(z.enum(['approved', 'disapproved'])), null),
});

/**
 * PUT /api/tech/mpi/repair_orders/{id}/sheet: the whole editable sheet, from the version the editor
 * loaded. Attachments listed keep their notes and verdicts; attachments left out are removed.
 */
export const saveSheetBody = z.object({
  sheet: z.object({
    version: z.number().check(z.int(), z.gte(1)),
    groups: z.array(sheetGroup).check(z.maxLength(50)),
    recommendations: z._default(z.array(recommendationInput).check(z.maxLength(200)), []),
    attachments: z._default(z.array(attachmentEdit).check(z.maxLength(500)), []),
    damage_details: z._default(z.object({ comment }), { comment: '' }),
  }),
});
export type SaveSheetBody = z.infer<typeof saveSheetBody>['sheet'];

/** PUT …/reclaim: SPEC §6 "Advisor reclaims (only by assigning an agent id)". */
export const reclaimBody = z.object({
  agent_id: z.string().check(z.trim(), z.minLength(1, { message: MPI_ERRORS.agent_required }), z.maxLength(MAX_ID_LENGTH, 'Id is too long')),
});
/** PUT …/template. */
export const retemplateBody = z.object({
  template_id: z.string().check(z.trim(), z.minLength(1, { message: MPI_ERRORS.template_not_saved }), z.maxLength(MAX_ID_LENGTH, 'Id is too long')),
});

/** Claim and complete may name the version the caller saw, so acting on a stale screen answers mpi_changed. */
export const transitionBody = z._default(z.object({ version: z.optional(z.number().check(z.int(), z.gte(1))) }), {});

/** An agent's or the customer's decision on one recommendation. null (agents only) makes it undecided again. */
export const decisionBody = z.object({ approved: z.nullable(z.boolean()) });
export const customerDecisionBody = z.object({ approved: z.boolean() });

/** POST …/service_attachments: upload slots for one photo or video of an item (SPEC §9 512 MB). */
export const attachmentSlotBody = z.object({
  group: name,
  item: name,
  name: z.string().check(z.trim(), z.minLength(1), z.maxLength(200)),
  content_type: z.string().check(z.trim(), z.minLength(1), z.maxLength(100)),
  size: z.number().check(z.int(), z.gte(1), z.lte(MAX_MPI_ATTACHMENT_BYTES, { message: 'File size limit is 512 MB' })),
  /** The browser made a small preview and a thumbnail (JPEG) and uploads them too. */
  renditions: z._default(z.boolean(), false),
});

/** PUT …/service_attachments: the uploaded file (and its renditions) joins the sheet. */
export const attachmentConfirmBody = z.object({
  version: z.optional(z.number().check(z.int(), z.gte(1))),
  key: z.string().check(z.minLength(1), z.maxLength(300)),
  small_key: z._default(z.nullable(z.string().check(z.minLength(1), z.maxLength(300))), null),
  thumb_key: z._default(z.nullable(z.string().check(z.minLength(1), z.maxLength(300))), null),
  group: name,
  item: name,
  name: z.string().check(z.trim(), z.minLength(1), z.maxLength(200)),
  notes: z._default(z.string().check(z.maxLength(1600)), ''),
});

export type GroupsCheck<G> = { ok: true; groups: G[] } | { ok: false; error: MpiErrorId; group?: string; item?: string };

/**
 * SPEC §5 on a sheet's or template's groups: empty groups are dropped; nothing left is refused
 * ('cannot be emptied' when nothing was given, 'needs at least one group with items' otherwise);
 * a group naming an item twice (ignoring case and spaces around it) is refused.
 */
export function checkGroups<G extends { name: string; items: { name: string }[] }>(groups: readonly G[]): GroupsCheck<G> {
  if (groups.length === 0) return { ok: false, error: 'sheet_empty' };
  const kept = groups.filter((g) => g.items.length > 0);
  if (kept.length === 0) return { ok: false, error: 'group_required' };
  for (const group of kept) {
    const seen = new Set<string>();
    for (const item of group.items) {
      const key = item.name.trim().toLowerCase();
      if (seen.has(key)) return { ok: false, error: 'duplicate_item', group: group.name, item: item.name };
      seen.add(key);
    }
  }
  return { ok: true, groups: kept };
}
