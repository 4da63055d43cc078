/**
 * The service board's part in the history search (repair tab): a repair order is found by its
 * customer's name and cell number, its RO number and its VIN. It closes when the DMS closes it
 * (`closed_at`); one archived without closing counts as closed when it was archived.
 */
import { getCustomer, searchContact } from '../customers/records.js';
import { searchSource } from '../lib/searchSource.js';
import { repairOrderOfItem } from './records.js';

export const repairOrderSearch = searchSource(repairOrderOfItem, async (ro) => {
  const customer = await getCustomer(ro.company_id, ro.customer_id, true);
  const contact = customer ? searchContact(customer) : { customer_name: [ro.customer_first_name, ro.customer_last_name].join(' ').trim() || null, phone: null };
  return {
    tab: 'repair',
    company_id: ro.company_id,
    location_id: ro.location_id,
    owner: { kind: 'repair_order', id: ro.id },
    customer_id: ro.customer_id,
    ...contact,
    ...(ro.ro_id ? { ro_number: ro.ro_id } : {}),
    ...(ro.vehicle.vin ? { vin: ro.vehicle.vin } : {}),
    advisor_id: ro.agent?.id ?? null,
    closed_at: ro.closed_at ?? (ro.archived ? ro.archived_at : null),
    archived: ro.archived,
  };
});
