/**
 * The store's employees as HR keeps them: added (with a contact record for their number, which
 * takes over the number's consent and line type as any record of the number does), changed,
 * removed for good, and the API's view of them for one agent. An employee's phone is one at the
 * store; the number must be one that can exist in the store's country.
 */
import type { LineType } from '../../shared/customers.js';
import type { Employee } from '../../shared/employees/employees.js';
import { EMPLOYEE_ERRORS, type EmployeeInput } from '../../shared/employees/schemas.js';
import { agentRef, agentsOfLocation, type AgentRecord } from '../lib/agents.js';
import { smsCarrier } from '../lib/carrier.js';
import { ValidationError } from '../lib/errors.js';
import { newId } from '../lib/ids.js';
import { getLocation } from '../lib/locations.js';
import { presenceOf } from '../lib/presence.js';
import { countryOfLocation, normalizePhone, phoneProblem, PHONE_ERRORS } from '../lib/phones.js';
import { transactWrite } from '../lib/table.js';
import { updateVersioned } from '../lib/versioned.js';
import { saveRecordTakingNumber } from '../customers/consent.js';
import { contactRemovalWrite, CustomerChanged, customerView, getCustomer, getCustomers, newCustomerRecord, type CustomerRecord } from '../customers/records.js';
import { isUnread, readMarksOf } from '../messages/readMarks.js';
import { announceEmployee } from './events.js';
import {
  contactIdOf,
  createEmployee,
  deleteEmployee,
  EmployeeChanged,
  EmployeePhoneTaken,
  employeeThreadOf,
  employeeWithPhone,
  requireEmployee,
  saveEmployee,
  type EmployeeRecord,
} from './records.js';

/** The kind of contact record an employee's number is (functions/customers/records.ts `contact`). */
export const EMPLOYEE_CONTACT = 'employee';

const phoneTaken = () => new ValidationError([{ message: EMPLOYEE_ERRORS.phone_taken, path: 'employee.phone' }]);

/** The cell number in E.164, or SPEC §5's text at the phone field. */
async function cellOf(companyId: string, locationId: string, phone: string): Promise<string> {
  const location = await getLocation(companyId, locationId);
  const country = countryOfLocation({ phone: location?.phone });
  const problem = phoneProblem(phone, country);
  const cell = problem ? null : normalizePhone(phone, country);
  if (!cell) throw new ValidationError([{ message: PHONE_ERRORS[problem ?? 'invalid'], path: 'employee.phone' }]);
  return cell;
}

/** The console user an employee is must be an active agent of the same store. */
async function agentOf(companyId: string, locationId: string, agentId: string | null): Promise<AgentRecord | null> {
  if (!agentId) return null;
  const agent = (await agentsOfLocation(companyId, locationId)).find((a) => a.id === agentId && a.active);
  if (!agent) throw new ValidationError([{ message: EMPLOYEE_ERRORS.agent, path: 'employee.agent_id' }]);
  return agent;
}

async function refuseTakenPhone(companyId: string, locationId: string, cell: string, self: string | null): Promise<void> {
  const holder = await employeeWithPhone(companyId, locationId, cell);
  if (holder && holder !== self) throw phoneTaken();
}

/** How a number's line type is found: the carrier's lookup (the demo's seed, before the carrier is up, knows it otherwise). */
export type LineLookup = (cell: string) => Promise<LineType>;
const carrierLookup: LineLookup = (cell) => smsCarrier().lookup(cell);

/** The line type, dated as the send rules date it (a failed lookup is asked again by the first text). */
async function lineOf(cell: string, now: string, lookup: LineLookup = carrierLookup): Promise<CustomerRecord['carrier']> {
  const type = await lookup(cell);
  return type === 'error' ? { type } : { type, checked_at: now };
}

/** Adds an employee of the location; their number's line type is looked up now, so the card tells a landline at once. */
export async function addEmployee(companyId: string, locationId: string, input: EmployeeInput, { now = new Date().toISOString(), lookup = carrierLookup } = {}): Promise<EmployeeRecord> {
  const cell = await cellOf(companyId, locationId, input.phone);
  const agent = await agentOf(companyId, locationId, input.agent_id);
  // Asked first, so a number already taken leaves no contact behind (the claim below settles a race).
  await refuseTakenPhone(companyId, locationId, cell, null);
  const id = newId('emp');
  const contact: CustomerRecord = {
    ...newCustomerRecord({ id: contactIdOf(id), companyId, locationId, dmsCustomerId: null, now }),
    first_name: input.first_name,
    last_name: input.last_name,
    phones: { cell, work: null, alternate: null },
    carrier: await lineOf(cell, now, lookup),
    contact: EMPLOYEE_CONTACT,
    version: 1,
  };
  await saveRecordTakingNumber(contact, undefined);
  const record: EmployeeRecord = {
    id,
    company_id: companyId,
    location_id: locationId,
    contact_id: contact.id,
    first_name: input.first_name,
    last_name: input.last_name,
    position: input.position,
    team: input.team,
    phone: cell,
    agent_id: agent?.id ?? null,
    created_at: now,
    updated_at: now,
    version: 1,
    // No conversation yet: listed by name.
    bumped_at: null,
    last_inbound_at: null,
    message_count: 0,
  };
  try {
    await createEmployee(record);
  } catch (err) {
    if (!(err instanceof EmployeePhoneTaken)) throw err;
    await transactWrite([contactRemovalWrite(companyId, contact.id, EMPLOYEE_CONTACT)]);
    throw phoneTaken();
  }
  await announceEmployee(record, 'added');
  return record;
}


/**
 * The contact record follows the employee's name and number. A new number takes over that number's
 * consent (an opt-out included) and its line type; the conversation hears of it.
 */
async function followContact(record: EmployeeRecord): Promise<void> {
  let line: CustomerRecord['carrier'] | null = null;
  for (let attempt = 0; ; attempt++) {
    const existing = await getCustomer(record.company_id, record.contact_id, true);
    if (!existing) return;
    const newNumber = existing.phones.cell !== record.phone;
    if (!newNumber && existing.first_name === record.first_name && existing.last_name === record.last_name) return;
    const now = new Date().toISOString();
    if (newNumber) line ??= await lineOf(record.phone, now);
    const next: CustomerRecord = {
      ...existing,
      first_name: record.first_name,
      last_name: record.last_name,
      phones: { ...existing.phones, cell: record.phone },
      // The once-per-number marks were the old number's.
      ...(newNumber && line ? { carrier: line, opt_notice_sent_at: null, opt_in_requested_at: null } : {}),
      updated_at: now,
      version: existing.version + 1,
    };
    try {
      await saveRecordTakingNumber(next, existing);
      return;
    } catch (err) {
      if (attempt >= 4 || !(err instanceof CustomerChanged)) throw err;
    }
  }
}

/** Changes what HR keeps of an employee (every field, as the form holds them). */
export async function changeEmployee(record: EmployeeRecord, input: EmployeeInput): Promise<EmployeeRecord> {
  const cell = await cellOf(record.company_id, record.location_id, input.phone);
  // The user they already are stays theirs (an agent since made inactive too); a new one is checked.
  const agentId = input.agent_id === record.agent_id ? record.agent_id : ((await agentOf(record.company_id, record.location_id, input.agent_id))?.id ?? null);
  if (cell !== record.phone) await refuseTakenPhone(record.company_id, record.location_id, cell, record.id);
  const wanted = { first_name: input.first_name, last_name: input.last_name, position: input.position, team: input.team, phone: cell, agent_id: agentId };
  let update;
  try {
    update = await updateVersioned(
      { read: () => requireEmployee(record.company_id, record.id, true), save: saveEmployee, isConflict: (err) => err instanceof EmployeeChanged },
      (now) => ((Object.keys(wanted) as (keyof typeof wanted)[]).every((key) => now[key] === wanted[key]) ? null : wanted),
    );
  } catch (err) {
    if (err instanceof EmployeePhoneTaken) throw phoneTaken();
    throw err;
  }
  await followContact(update.after);
  if (update.changed) await announceEmployee(update.after, 'changed');
  return update.after;
}

/**
 * Takes the employee off the board for good, with their contact record: their number is then no
 * longer a known contact of the store (a text from it is a stranger's; a STOP it sent still holds,
 * on the number). Their messages stay in the table as the store's record of what was texted.
 */
export async function removeEmployee(record: EmployeeRecord): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    const current = attempt === 0 ? record : await requireEmployee(record.company_id, record.id, true);
    try {
      await deleteEmployee(current, [contactRemovalWrite(current.company_id, current.contact_id, EMPLOYEE_CONTACT)]);
      break;
    } catch (err) {
      if (attempt >= 4 || !(err instanceof EmployeeChanged)) throw err;
    }
  }
  await announceEmployee(record, 'removed');
}

export function employeeView(record: EmployeeRecord, contact: CustomerRecord, unread: boolean, agent: AgentRecord | undefined): Employee {
  const thread = employeeThreadOf(record.id);
  return {
    id: record.id,
    location_id: record.location_id,
    first_name: record.first_name,
    last_name: record.last_name,
    position: record.position,
    team: record.team,
    contact: customerView(contact),
    opt_in: contact.opt_in,
    agent: agent ? agentRef(agent) : null,
    presence: agent ? { status: agent.online_status, mode: presenceOf(agent).mode } : null,
    is_unread: unread,
    message_thread: { id: thread, bumped_at: record.bumped_at },
    message_thread_id: thread,
    created_at: record.created_at,
    metadata: { message_count: record.message_count },
  };
}

/** The API view of several employees for one agent: contacts, read marks and the agents they are, joined in a few reads. */
export async function employeeViews(companyId: string, agentId: string, records: EmployeeRecord[]): Promise<Employee[]> {
  if (records.length === 0) return [];
  const locations = [...new Set(records.filter((r) => r.agent_id).map((r) => r.location_id))];
  const [contacts, marks, agents] = await Promise.all([
    getCustomers(companyId, records.map((r) => r.contact_id)),
    readMarksOf(companyId, agentId, 'employee', records.map((r) => r.id)),
    Promise.all(locations.map((locationId) => agentsOfLocation(companyId, locationId))),
  ]);
  const agentsById = new Map(agents.flat().map((a) => [a.id, a]));
  return records.flatMap((record) => {
    const contact = contacts.get(record.contact_id);
    const agent = record.agent_id ? agentsById.get(record.agent_id) : undefined;
    return contact ? [employeeView(record, contact, isUnread(record, marks.get(record.id)), agent)] : [];
  });
}
