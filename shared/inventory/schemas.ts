/**
 * Adding an inventory order (the console's "Add inventory order", SPEC §2): the vehicle or part, its
 * stock number, and the customer, found (`customer_id`) or new (`customer`, SPEC §5's texts).
 */
import * as z from 'zod/mini';
import { MAX_ID_LENGTH } from '../schemas/auth.js';
import { newPerson } from '../schemas/people.js';
import { requiredText } from '../schemas/required.js';
import { ITEM_KINDS } from './orders.js';

export const INVENTORY_ORDER_ERRORS = {
  description: 'Please describe the vehicle or part',
  stock_number: 'Missing Required Field: Stock number',
  customer: 'Missing Required Field: Customer',
  both_customers: 'Choose a customer or add a new one, not both',
} as const;

export const orderInput = z.object({
  item_kind: z._default(z.enum(ITEM_KINDS), 'vehicle'),
  description: requiredText(INVENTORY_ORDER_ERRORS.description, 200),
  stock_number: requiredText(INVENTORY_ORDER_ERRORS.stock_number, 40),
});
export type OrderInput = z.infer<typeof orderInput>;

/** POST {loc}/inventory/orders: the order, and either the customer's id or a new customer. */
export const newOrderBody = z.object({
  order: orderInput,
  customer_id: z.optional(z.string().check(z.minLength(1), z.maxLength(MAX_ID_LENGTH))),
  customer: z.optional(newPerson),
});
export type NewOrderBody = z.infer<typeof newOrderBody>;
