/**
 * The employees board's part in the history search (chat tab): a conversation with an employee is
 * found by the employee's name and cell number. It never closes; its closed time is its newest
 * message (none yet: still open).
 */
import { searchSource } from '../lib/searchSource.js';
import { employeeOfItem } from './records.js';

export const employeeSearch = searchSource(employeeOfItem, (employee) => ({
  tab: 'chat',
  company_id: employee.company_id,
  location_id: employee.location_id,
  owner: { kind: 'employee', id: employee.id },
  // The employee's contact record is named after them and changes with them: nothing to follow.
  customer_id: null,
  customer_name: [employee.first_name, employee.last_name].join(' ').trim() || null,
  phone: employee.phone || null,
  title: employee.position || undefined,
  advisor_id: null,
  closed_at: employee.bumped_at,
  archived: false,
}));
