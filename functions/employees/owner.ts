/**
 * Employees as owners of conversations (functions/messages/owners.ts): each employee has one
 * conversation, always open, with their contact record; texting needs no advisor and no op code
 * (those are the repair order's rules). An employee's text goes to their conversation (an open
 * one, as an open repair order is; the one the store last texted the number in wins, as for anyone).
 */
import { registerOwner, THREAD_TIERS, type ConversationOwner, type OwnerPort, type ThreadCandidate } from '../messages/owners.js';
import { contactKindOf } from '../customers/records.js';
import { visibleEmployee, worksEmployees } from './access.js';
import { employeesChannel } from './channels.js';
import { channelsOfEmployee, employeeChanged } from './events.js';
import { employeeBumpWrite, employeeIdOfContact, employeesPage, employeeThreadOf, getEmployee, getEmployees, type EmployeeRecord } from './records.js';

/**
 * "All" of a mass text reaches this many at most: one more than a mass text takes
 * (functions/messages/massTexts.ts MASS_MAX_RECIPIENTS), so a larger store's "all" is refused
 * there as too many rather than cut short here.
 */
const ALL_LIMIT = 5001;

export function employeeOwner(record: EmployeeRecord): ConversationOwner<EmployeeRecord> {
  return {
    kind: 'employee',
    id: record.id,
    company_id: record.company_id,
    location_id: record.location_id,
    customer_id: record.contact_id,
    agent: null,
    thread_id: employeeThreadOf(record.id),
    archived: false,
    message_count: record.message_count,
    rules: { closed: false, agent: null, opcodes: null, needsAdvisor: false },
    record,
  };
}

/** The employees whose contact records these are, at the location. */
async function employeesOfContacts(companyId: string, locationId: string | null, contactIds: string[]): Promise<EmployeeRecord[]> {
  const ids = contactIds.flatMap((id) => employeeIdOfContact(id) ?? []);
  if (ids.length === 0) return [];
  const records = await getEmployees(companyId, ids, true);
  return records.filter((r) => contactIds.includes(r.contact_id) && (locationId === null || r.location_id === locationId));
}

export const employeePort: OwnerPort<EmployeeRecord> = {
  kind: 'employee',
  owner: employeeOwner,
  load: (companyId, id, consistent) => getEmployee(companyId, id, consistent),
  visible: visibleEmployee,
  worksBoard: worksEmployees,
  async massRecipients(auth, locationId, pick) {
    if (pick === 'all') return (await employeesPage(auth.companyId, locationId, 0, ALL_LIMIT)).records;
    return (await getEmployees(auth.companyId, pick, true)).filter((r) => r.location_id === locationId);
  },
  bumpWrite: employeeBumpWrite,
  channels: (record) => channelsOfEmployee(record),
  changed: (record, reason) => employeeChanged(record, reason),
  // An employee's opt status and block show on the location's employees board.
  customerListeners: (customer) => (contactKindOf(customer) === 'employee' ? [employeesChannel(customer.location_id)] : []),
  // Never archived: the conversation is the employee's for as long as they are on the board.
  reopen: async (record) => record,
  async threadCandidates(companyId, locationId, customers): Promise<ThreadCandidate[]> {
    const contacts = customers.filter((c) => contactKindOf(c) === 'employee' && c.location_id === locationId).map((c) => c.id);
    const records = await employeesOfContacts(companyId, locationId, contacts);
    return records.map((r) => ({ owner: employeeOwner(r), tier: THREAD_TIERS.open_order, at: r.bumped_at ?? r.created_at }));
  },
  conversationsOfCustomer: (companyId, customerId) => employeesOfContacts(companyId, null, [customerId]),
};

registerOwner(employeePort);
