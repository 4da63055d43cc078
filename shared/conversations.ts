/**
 * Conversations belong to an owner (DESIGN.md "Conversations: one core, many owners"): a repair
 * order, an appointment, and later an employee, an inventory order, a guest or a chat room. Both
 * sides name an owner the same way; the server's core reaches the owner through its port.
 */
export const OWNER_KINDS = ['repair_order', 'appointment'] as const;
export type OwnerKind = (typeof OWNER_KINDS)[number];

export interface OwnerRef {
  kind: OwnerKind;
  id: string;
}

/** The field that names the owner in events and answers (`repair_order_id`, `appointment_id`). */
export const OWNER_ID_FIELD = {
  repair_order: 'repair_order_id',
  appointment: 'appointment_id',
} as const satisfies Record<OwnerKind, string>;
export type OwnerIdField = (typeof OWNER_ID_FIELD)[OwnerKind];

/** An owner as events and answers name it: `{ repair_order_id }` or `{ appointment_id }`. */
export type OwnerField = { [K in OwnerKind]: { [F in (typeof OWNER_ID_FIELD)[K]]: string } }[OwnerKind];

export const ownerFieldOf = (ref: OwnerRef): OwnerField => ({ [OWNER_ID_FIELD[ref.kind]]: ref.id }) as OwnerField;

/** The owner an event or message is about, read from whichever owner field it carries. */
export function ownerOf(data: Partial<Record<OwnerIdField, unknown>>): OwnerRef | null {
  for (const kind of OWNER_KINDS) {
    const id = data[OWNER_ID_FIELD[kind]];
    if (typeof id === 'string' && id) return { kind, id };
  }
  return null;
}
