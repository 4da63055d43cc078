/**
 * The employees board's list as pages of `GET {loc}/employees` (SPEC §7 paging) and the changes the
 * board makes to it between fetches. The server lists the employees with a conversation first,
 * newest message first, then the rest by name; the board shows the agent's unread ones before all
 * of them (is_unread is each agent's own), the rest in the server's order. Pure, so every rule is
 * tested without a browser.
 */
import type { Paging } from '../../../../shared/api.js';
import type { Customer } from '../../../../shared/customers.js';
import { employeeNameKey, type Employee } from '../../../../shared/employees/employees.js';
import { findListed, insertListed, listedRows, patchListed, unreadRows, withoutListed, type PageRows } from '../../lib/pagedRows.js';

export interface EmployeePage {
  employees: Employee[];
  meta: { paging: Paging };
}

/** The contact's facts the rows show: consent, block, line type, phone. */
export type ContactFacts = Pick<Customer, 'id' | 'opt_in' | 'opt_metadata' | 'blocked_at' | 'carrier' | 'phones'>;

export type EmployeeChange =
  /** Added here or heard of for the first time: a row already listed is left alone. */
  | { type: 'add'; employee: Employee }
  /** Fetched again after a change: it replaces its row, in its new place. */
  | { type: 'replace'; employee: Employee }
  | { type: 'remove'; id: string }
  | { type: 'contact'; contact: ContactFacts }
  /** A message in the conversation: `inbound` from the employee; `reading` when this agent has it open right now. */
  | { type: 'bump'; id: string; at: string; inbound: boolean; reading: boolean }
  | { type: 'read'; id: string; unread: boolean };

const PAGES: PageRows<EmployeePage, Employee> = {
  read: (page) => page.employees,
  write: (page, rows) => ({ ...page, employees: rows }),
};

/** Whether `a` stands before `b` in the server's order (conversations newest first, then by name). */
export function listedBefore(a: Employee, b: Employee): boolean {
  const aAt = a.message_thread.bumped_at;
  const bAt = b.message_thread.bumped_at;
  if (aAt && bAt) return aAt === bAt ? a.id < b.id : aAt > bAt;
  if (aAt || bAt) return aAt !== null;
  const aName = employeeNameKey(a);
  const bName = employeeNameKey(b);
  return aName === bName ? a.id < b.id : aName < bName;
}

/** Every loaded employee once: the agent's unread ones first, each part in the server's order. */
export function employeeRows(pages: readonly EmployeePage[] | undefined): Employee[] {
  const rows = listedRows(PAGES, pages);
  return [...rows.filter((e) => e.is_unread), ...rows.filter((e) => !e.is_unread)];
}

export function findEmployee(pages: readonly EmployeePage[] | undefined, id: string): Employee | undefined {
  return findListed(PAGES, pages, id);
}

function placed(pages: EmployeePage[], employee: Employee): EmployeePage[] {
  return insertListed(PAGES, pages, employee, (row) => listedBefore(employee, row));
}

function bumped(row: Employee, at: string, inbound: boolean, reading: boolean): Employee {
  const previous = row.message_thread.bumped_at;
  return {
    ...row,
    message_thread: { ...row.message_thread, bumped_at: previous && previous > at ? previous : at },
    // The employee wrote and nobody is reading it here: unread. An agent's own text changes nothing.
    is_unread: inbound && !reading ? true : row.is_unread,
    metadata: { message_count: row.metadata.message_count + 1 },
  };
}

/** The list after one change. Pages without the row are kept as they were. */
export function reduceEmployees(pages: readonly EmployeePage[], change: EmployeeChange): EmployeePage[] {
  switch (change.type) {
    case 'add':
      return findEmployee(pages, change.employee.id) ? [...pages] : placed([...pages], change.employee);
    case 'replace':
      return placed(withoutListed(PAGES, pages, change.employee.id), change.employee);
    case 'remove':
      return withoutListed(PAGES, pages, change.id);
    case 'contact': {
      const { contact } = change;
      return patchListed(
        PAGES,
        pages,
        (e) => e.contact.id === contact.id,
        (e) => ({ ...e, opt_in: contact.opt_in, contact: { ...e.contact, ...contact } }),
      );
    }
    case 'bump': {
      const row = findEmployee(pages, change.id);
      // A message moves the employee to the top of the conversations.
      return row ? placed(withoutListed(PAGES, pages, change.id), bumped(row, change.at, change.inbound, change.reading)) : [...pages];
    }
    case 'read':
      return patchListed(PAGES, pages, (e) => e.id === change.id, (e) => ({ ...e, is_unread: change.unread }));
  }
}

export const unreadCount = (rows: readonly Employee[]): number => unreadRows(rows);

export const employeeName = (employee: Pick<Employee, 'first_name' | 'last_name'>): string => `${employee.first_name} ${employee.last_name}`.trim();

export const isOptedOut = (employee: Pick<Employee, 'opt_in'>): boolean => employee.opt_in === 'out';
