/**
 * The appointments board's part in the history search (appointment tab): an appointment is found
 * by its customer's name and cell number and its vehicle's VIN. An appointment has no closing of
 * its own: its closed time is its time (the visit), so "closed from / to" finds the appointments
 * of those days.
 */
import { getCustomer, searchContact } from '../customers/records.js';
import { searchSource } from '../lib/searchSource.js';
import { appointmentOfItem } from './records.js';

export const appointmentSearch = searchSource(appointmentOfItem, async (record) => {
  const customer = await getCustomer(record.company_id, record.customer_id, true);
  return {
    tab: 'appointment',
    company_id: record.company_id,
    location_id: record.location_id,
    owner: { kind: 'appointment', id: record.id },
    customer_id: record.customer_id,
    ...searchContact(customer),
    ...(record.vehicle?.vin ? { vin: record.vehicle.vin } : {}),
    title: record.scheduled_at,
    advisor_id: record.agent?.id ?? null,
    closed_at: record.scheduled_at,
    archived: record.archived,
  };
});
