/** The store's customers as the boards that find them ask for them (SPEC §7 `POST {loc}/customers/search?limit=50`). */
import { CUSTOMER_SEARCH_LIMIT, type Customer } from '../../../../shared/customers.js';
import { paths } from '../../../../shared/routes.js';
import { api } from '../../lib/api.js';

export function searchCustomers(locationId: string, query: string, signal?: AbortSignal): Promise<Customer[]> {
  return api
    .request<{ customers: Customer[] }>(`${paths.customerSearch(locationId)}?limit=${CUSTOMER_SEARCH_LIMIT}`, { method: 'POST', body: { query }, signal })
    .then((b) => b.customers);
}
