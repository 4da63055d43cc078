/**
 * The employees board's records as the API answers them (SPEC §3 "Employee": name parts, position,
 * team, opt status, unread, presence). An employee's phone, consent, line type and block live on
 * their contact record (functions/customers/records.ts, `contact: 'employee'`), so every texting and
 * consent rule holds for them as for a customer; the employee carries what HR knows of them.
 */
import type { Customer, OptStatus } from '../customers.js';
import type { AgentRef } from '../people.js';
import type { PresenceMode } from '../presence.js';

/** Whether a console user is there, from their activity (agents' `online_status`). */
export type PresenceStatus = 'online' | 'away' | 'offline';

/**
 * The presence of the console user an employee is (SPEC §3 "presence (online, away, away with
 * autoresponder, away with routing, both)"); null for one who is not an agent.
 */
export interface EmployeePresence {
  status: PresenceStatus;
  /** Their own choice (shared/presence.ts): an absence shows whatever their activity. */
  mode: PresenceMode;
}

export interface Employee {
  id: string;
  location_id: string;
  first_name: string;
  last_name: string;
  position: string;
  team: string;
  /** Their contact record: the phone texted, its consent, its line type, blocked. */
  contact: Customer;
  /** The contact's opt status (SPEC §3 names it on the employee). */
  opt_in: OptStatus;
  /** The console user this employee is, when they are one. */
  agent: AgentRef | null;
  presence: EmployeePresence | null;
  /** For the agent asking: the employee wrote after they last read the conversation. */
  is_unread: boolean;
  message_thread: { id: string; bumped_at: string | null };
  message_thread_id: string;
  created_at: string;
  metadata: { message_count: number };
}

/** SPEC §7/§9: the employees list pages hold 50. */
export const EMPLOYEE_PAGE_SIZE = 50;

/**
 * Where an employee without a conversation stands on the list: by "last first", lowercased,
 * accents and extra spaces gone. The server's list and the console's insertions order by the same key.
 */
export function employeeNameKey(person: Pick<Employee, 'first_name' | 'last_name'>): string {
  return `${person.last_name} ${person.first_name}`.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();
}
