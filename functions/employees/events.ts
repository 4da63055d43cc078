/**
 * Who hears about an employee: everyone working the location's employees board, on its employees
 * channel (its board.ts gives it to HR agents and to managers).
 */
import type { EmployeeBoardEvent } from '../../shared/employees/events.js';
import { publishTo } from '../lib/realtime.js';
import { employeesChannel } from './channels.js';
import type { EmployeeRecord } from './records.js';

export const channelsOfEmployee = (record: Pick<EmployeeRecord, 'location_id'>): string[] => [employeesChannel(record.location_id)];

export const employeeChanged = (record: Pick<EmployeeRecord, 'id' | 'location_id'>, reason: string): EmployeeBoardEvent => ({
  type: 'employee.changed',
  data: { id: record.id, location_id: record.location_id, reason },
});

export async function announceEmployee(record: Pick<EmployeeRecord, 'id' | 'company_id' | 'location_id'>, reason: string): Promise<void> {
  await publishTo(record.company_id, channelsOfEmployee(record), employeeChanged(record, reason));
}
