/**
 * The board's employees (SPEC §7 paging, lib/pagedList.ts): the first page of 50, then the rest
 * together, earlier results kept. Events, the agent's own actions and resyncs change it through
 * `apply` (reduceEmployees).
 */
import { useCallback, useMemo } from 'react';
import { EMPLOYEE_PAGE_SIZE, type Employee } from '../../../../shared/employees/employees.js';
import { usePagedList, type ListFailure, type PagedList } from '../../lib/pagedList.js';
import { employeeRows, reduceEmployees, type EmployeeChange, type EmployeePage } from './employeeList.js';
import { employeePagePath, fetchEmployeePage } from './requests.js';

export interface EmployeeListState extends Omit<PagedList<EmployeePage>, 'update'> {
  /** Unread first, then the server's order. */
  rows: Employee[];
  apply(change: EmployeeChange): void;
}

const FAILURE: ListFailure = { textKey: 'employees:employees.fetch_failed', toastId: 'employees-fetch-failed', quietWhenForbidden: false };

export function useEmployeeList(locationId: string): EmployeeListState {
  const pagePath = useCallback((index: number) => employeePagePath(locationId, index), [locationId]);
  const paged = usePagedList<EmployeePage>({ pagePath, fetchPage: fetchEmployeePage, pageSize: EMPLOYEE_PAGE_SIZE, failure: FAILURE });
  const { update, pages } = paged;
  const rows = useMemo(() => employeeRows(pages), [pages]);
  return useMemo<EmployeeListState>(() => ({ ...paged, rows, apply: (change) => update((current) => reduceEmployees(current, change)) }), [paged, rows, update]);
}
