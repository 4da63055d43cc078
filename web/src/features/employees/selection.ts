/** Which employees a mass text goes to: the shared selection model over employees, whose opt-out the "skip opted-out" box reads. */
import type { Employee } from '../../../../shared/employees/employees.js';
import { boardSelection } from '../../components/massText/selection.js';
import { isOptedOut } from './employeeList.js';

export const employeeSelection = boardSelection<Employee>('employees', isOptedOut);
