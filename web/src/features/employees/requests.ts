/** The employees board's calls (SPEC §7 and the board's own routes), with the paths of shared/employees/routes.ts and answers typed. */
import { EMPLOYEE_PAGE_SIZE, type Employee } from '../../../../shared/employees/employees.js';
import { employeePaths } from '../../../../shared/employees/routes.js';
import type { EmployeeBody } from '../../../../shared/employees/schemas.js';
import { api, send, worthRetrying } from '../../lib/api.js';
import { requestWithKey } from '../../lib/keyedRequest.js';
import { ApiError } from '../../lib/request.js';
import { retry } from '../../lib/retry.js';
import type { EmployeePage } from './employeeList.js';

/** SPEC §8/§9: list fetches are tried 5 times, 1 s apart. */
const TRIES = { tries: 5, delayMs: 1000 };

const passing = (error: unknown) => worthRetrying(error) || (error instanceof ApiError && error.action.kind === 'offline');
const readAgain = <T>(path: string): Promise<T> => retry(() => api.request<T>(path), { ...TRIES, shouldRetry: passing });

export const employeePagePath = (locationId: string, pageIndex: number): string =>
  `${employeePaths.list(locationId)}?offset=${pageIndex * EMPLOYEE_PAGE_SIZE}&limit=${EMPLOYEE_PAGE_SIZE}`;

export const fetchEmployeePage = (path: string) => readAgain<EmployeePage>(path);

export const fetchEmployee = (locationId: string, id: string): Promise<Employee> =>
  readAgain<{ employee: Employee }>(employeePaths.employee(locationId, id)).then((b) => b.employee);

/** Refusals of the form (422) come back to it, which shows them at their fields. */
export function addEmployee(locationId: string, body: EmployeeBody, key: string): Promise<Employee> {
  return requestWithKey<{ employee: Employee }>(employeePaths.list(locationId), key, { method: 'POST', body, expected: { statuses: [422] } }).then((b) => b.employee);
}

export function changeEmployee(locationId: string, id: string, body: EmployeeBody): Promise<Employee> {
  return api.request<{ employee: Employee }>(employeePaths.employee(locationId, id), { method: 'PUT', body, expected: { statuses: [422] } }).then((b) => b.employee);
}

/** For good; a failure is shown the standard way. */
export function deleteEmployee(locationId: string, id: string): Promise<void> {
  return send<void>(employeePaths.employee(locationId, id), { method: 'DELETE' });
}
