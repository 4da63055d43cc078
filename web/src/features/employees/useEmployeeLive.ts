/**
 * The board kept live from the event stream (shared/employees/events.ts EmployeeEvent): an employee
 * added, changed or removed anywhere is read again and put in their place (or taken off: a removed
 * one answers 404); a text moves its employee up and an employee's reply turns them unread, with a
 * desktop notice while the tab is hidden; read marks from the agent's other tabs apply; an
 * employee's consent or block reaches their row. After a lost connection came back, the list asks again.
 */
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { Customer } from '../../../../shared/customers.js';
import { EMPLOYEE_EVENTS, type EmployeeEvent } from '../../../../shared/employees/events.js';
import type { Employee } from '../../../../shared/employees/employees.js';
import { api } from '../../lib/api.js';
import { notifyWhenHidden } from '../../lib/notifications.js';
import { isCatchUpEvent, useStreamEvents } from '../../lib/realtime.js';
import { ApiError } from '../../lib/request.js';
import { employeeName, findEmployee } from './employeeList.js';
import { fetchEmployee } from './requests.js';
import type { EmployeeListState } from './useEmployeeList.js';
import { arrivalPreview } from '../../components/conversation/arrivalPreview.js';

export interface LiveEmployeesOptions {
  list: EmployeeListState;
  locationId: string;
  /** The employee open in this tab. */
  openId: string | null;
  /** A reply came into the open conversation: the board marks it read as the agent reads it. */
  onReadingArrival: (id: string) => void;
  /** A desktop notice was clicked: open that employee. */
  onOpen: (id: string) => void;
  /** An employee was read again (the open one may not be on the list: its own cache follows). */
  onFetched: (employee: Employee) => void;
}

export function useEmployeeLive(options: LiveEmployeesOptions): void {
  const { t } = useTranslation('employees');
  const latest = useRef(options);
  latest.current = options;
  // Each read of an employee is numbered: an answer older than the latest asked for is dropped.
  const asked = useRef(new Map<string, number>());

  function readAgain(id: string) {
    const turn = (asked.current.get(id) ?? 0) + 1;
    asked.current.set(id, turn);
    const current = () => asked.current.get(id) === turn;
    fetchEmployee(latest.current.locationId, id).then(
      (employee) => {
        if (!current()) return;
        latest.current.list.apply({ type: 'replace', employee });
        latest.current.onFetched(employee);
      },
      (error: unknown) => {
        // Removed, or not this agent's to see any more: off the board.
        if (current() && error instanceof ApiError && (error.status === 404 || error.status === 403)) latest.current.list.apply({ type: 'remove', id });
      },
    );
  }

  function contactChanged(customerId: string) {
    if (!latest.current.list.rows.some((e) => e.contact.id === customerId)) return;
    api.request<{ customer: Customer }>(`/api/customers/${encodeURIComponent(customerId)}`).then(
      ({ customer }) => latest.current.list.apply({ type: 'contact', contact: customer }),
      () => latest.current.list.revalidate(),
    );
  }

  function heard(event: EmployeeEvent) {
    const { list, locationId, openId } = latest.current;
    if (event.type === 'employee.changed') {
      if (event.data.location_id === locationId) readAgain(event.data.id);
    } else if (event.type === 'read.changed') {
      if ('employee_id' in event.data) list.apply({ type: 'read', id: event.data.employee_id, unread: event.data.is_unread });
    } else if (event.type === 'customer.changed') {
      if (event.data.location_id === locationId) contactChanged(event.data.customer_id);
    } else if (event.type === 'message.created') {
      // Other boards' conversations share the event; an employee's names itself by employee_id.
      if (!('employee_id' in event.data) || event.data.location_id !== locationId) return;
      const id = event.data.employee_id;
      const inbound = event.data.message.metadata.direction === 'inbound';
      const row = findEmployee(list.pages, id);
      const reading = openId === id;
      if (row) list.apply({ type: 'bump', id, at: event.data.message.created_at, inbound, reading });
      else readAgain(id);
      if (!inbound) return;
      if (reading) latest.current.onReadingArrival(id);
      if (isCatchUpEvent()) return;
      notifyWhenHidden({
        title: row ? t('employees.notice_title', { name: employeeName(row) }) : t('employees.notice_title_unknown'),
        body: arrivalPreview(event.data.message, t),
        tag: `employee-${id}`,
        onOpen: () => latest.current.onOpen(id),
      });
    }
  }

  useStreamEvents<EmployeeEvent>(heard, () => latest.current.list.revalidate(), EMPLOYEE_EVENTS);
}
