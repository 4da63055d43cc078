/**
 * The "Add order" form's rules, checked in the browser with the server's own schema
 * (shared/inventory/schemas.ts) and the shared person check (lib/personForm.ts), SPEC §5's texts
 * translated by key.
 */
import type { CountryCode } from 'libphonenumber-js/min';
import { ITEM_KINDS, type ItemKind } from '../../../../shared/inventory/orders.js';
import { INVENTORY_ORDER_ERRORS, orderInput, type NewOrderBody } from '../../../../shared/inventory/schemas.js';
import { PERSON_ERRORS, PHONE_ERRORS } from '../../../../shared/schemas/people.js';
import { checkPerson, EMPTY_PERSON, type PersonDraft, type PersonField } from '../../lib/personForm.js';

export type OrderField = 'description' | 'stock_number';
export type FormField = PersonField | OrderField | 'customer' | 'form';
/** Locale keys (or, for a text the console has no words for, the server's own) at each field. */
export type FieldErrors = Partial<Record<FormField, string>>;

/** Each SPEC or schema text the form can show, by its English, to its key in the inventory namespace. */
const TEXT_KEYS: Record<string, string> = {
  [PERSON_ERRORS.first_name]: 'inventory.error_first_name',
  [PERSON_ERRORS.last_name]: 'inventory.error_last_name',
  [PERSON_ERRORS.email]: 'inventory.error_email',
  [PHONE_ERRORS.missing]: 'inventory.error_phone_missing',
  [PHONE_ERRORS.invalid]: 'inventory.error_phone_invalid',
  [PHONE_ERRORS.too_short]: 'inventory.error_phone_too_short',
  [INVENTORY_ORDER_ERRORS.description]: 'inventory.error_description',
  [INVENTORY_ORDER_ERRORS.stock_number]: 'inventory.error_stock_number',
  [INVENTORY_ORDER_ERRORS.customer]: 'inventory.error_pick_customer',
};

export function errorKey(text: string): string | null {
  return Object.hasOwn(TEXT_KEYS, text) ? TEXT_KEYS[text]! : null;
}

export interface OrderDraft extends PersonDraft {
  item_kind: ItemKind;
  description: string;
  stock_number: string;
}

export const EMPTY_ORDER: OrderDraft = { ...EMPTY_PERSON, item_kind: ITEM_KINDS[0], description: '', stock_number: '' };

/**
 * The request for the customer picked (`customerId`) or the new one typed in (`customerId` null and
 * `newCustomer`), or the texts to show at each field.
 */
export function checkOrder(draft: OrderDraft, who: { customerId: string | null; newCustomer: boolean; country: CountryCode }): { body: NewOrderBody | null; errors: FieldErrors } {
  const errors: FieldErrors = {};
  const order = orderInput.safeParse({ item_kind: draft.item_kind, description: draft.description, stock_number: draft.stock_number });
  if (!order.success) {
    for (const issue of order.error.issues) {
      const field = issue.path[0] as OrderField | undefined;
      if (field && !errors[field]) errors[field] = errorKey(issue.message) ?? 'inventory.error_field';
    }
  }
  if (!who.newCustomer) {
    if (!who.customerId) errors.customer = 'inventory.error_pick_customer';
    if (!order.success || !who.customerId || Object.keys(errors).length > 0) return { body: null, errors };
    return { body: { order: order.data, customer_id: who.customerId }, errors };
  }
  const { person, problems } = checkPerson(draft, who.country);
  for (const [field, text] of Object.entries(problems) as [PersonField, string][]) errors[field] = errorKey(text) ?? 'inventory.error_field';
  if (!order.success || !person || Object.keys(errors).length > 0) return { body: null, errors };
  return { body: { order: order.data, customer: person }, errors };
}

/** A 422's `errors[].path` ("customer.phone", "order.stock_number") to the form's field. */
export function fieldOfPath(path: string | undefined): FormField | null {
  const last = path?.split('.').pop();
  const fields: readonly FormField[] = ['first_name', 'last_name', 'phone', 'email', 'description', 'stock_number', 'customer'];
  return last && (fields as readonly string[]).includes(last) ? (last as FormField) : null;
}
