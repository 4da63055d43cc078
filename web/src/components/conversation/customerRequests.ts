/** The customer's calls of the customer card (consent, calls, opt-out, block), the same on every board. */
import type { Customer } from '../../../../shared/customers.js';
import { send } from '../../lib/api.js';

const enc = encodeURIComponent;

export const consentPath = (customerId: string) => `/api/customers/${enc(customerId)}/consent`;
/** SPEC §7 `GET /api/customers/{id}/{board}/calls`: each board keeps its own calls of the customer. */
export const callsPath = (customerId: string, board = 'service') => `/api/customers/${enc(customerId)}/${enc(board)}/calls?limit=10&offset=0`;

export type CustomerAction = 'opt_out' | 'block' | 'unblock';

export function customerAction(customerId: string, action: CustomerAction): Promise<Customer> {
  return send<{ customer: Customer }>(`/api/customers/${enc(customerId)}/${action}`, { method: 'PUT' }).then((b) => b.customer);
}
