/**
 * Conversations belong to an owner (DESIGN.md "Conversations: one core, many owners"): a repair
 * order, an appointment, and whatever a board adds (an employee, an inventory order, a guest, a chat
 * room). Each board names its kind (functions/lib/boardModule.ts `conversations.kind`); both sides
 * name an owner the same way, and events and answers carry its id as `<kind>_id`
 * (`repair_order_id`, `appointment_id`) and the owner itself as `owner`.
 */

/** A board's kind of conversation owner: `repair_order`, `appointment`, … */
export type OwnerKind = string;

export interface OwnerRef {
  kind: OwnerKind;
  id: string;
}

/** The field that names an owner of this kind in events and answers. */
export const ownerIdField = (kind: OwnerKind): `${string}_id` => `${kind}_id`;

/** An owner as events and answers name it: `{ repair_order_id }` or `{ appointment_id }`. */
export type OwnerField = { [field: `${string}_id`]: string };

export const ownerFieldOf = (ref: OwnerRef): OwnerField => ({ [ownerIdField(ref.kind)]: ref.id });

/** `_id` fields that events carry beside their owner's and that never name one. */
const NOT_OWNERS = new Set(['location_id', 'customer_id', 'agent_id', 'sheet_id', 'recommendation_id', 'message_id', 'source_customer_id', 'holder_id']);

const isRef = (value: unknown): value is OwnerRef =>
  typeof value === 'object' && value !== null && typeof (value as OwnerRef).kind === 'string' && typeof (value as OwnerRef).id === 'string' && (value as OwnerRef).id !== '';

/** The owner an event or message is about: its `owner`, else whichever `<kind>_id` field it carries. */
export function ownerOf(data: Record<string, unknown>): OwnerRef | null {
  if (isRef(data.owner)) return { kind: data.owner.kind, id: data.owner.id };
  for (const [field, id] of Object.entries(data)) {
    if (!field.endsWith('_id') || NOT_OWNERS.has(field) || typeof id !== 'string' || !id) continue;
    return { kind: field.slice(0, -'_id'.length), id };
  }
  return null;
}
