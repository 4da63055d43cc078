/**
 * Adding and changing an employee (`POST {loc}/employees`, `PUT {loc}/employees/{employee_id}`):
 * SPEC §5's name and phone texts, the same schema for the form and the server. The server also
 * checks that the number can exist in the store's country and is no other employee's there.
 */
import * as z from 'zod/mini';
import { MAX_ID_LENGTH } from '../schemas/auth.js';
import { newPerson } from '../schemas/people.js';

export const EMPLOYEE_ERRORS = {
  phone_taken: 'Another employee of this store has this phone number',
  agent: 'Choose an agent of this store',
} as const;

const optionalWords = z._default(z.string().check(z.trim(), z.maxLength(80)), '');

export const employeeInput = z.object({
  first_name: newPerson.shape.first_name,
  last_name: newPerson.shape.last_name,
  phone: newPerson.shape.phone,
  position: optionalWords,
  team: optionalWords,
  /** The console user this employee is (an agent of the store), or null. */
  agent_id: z._default(z.nullable(z.string().check(z.minLength(1), z.maxLength(MAX_ID_LENGTH))), null),
});
export type EmployeeInput = z.infer<typeof employeeInput>;

/** POST {loc}/employees and PUT {loc}/employees/{employee_id}: every field, as the form holds them. */
export const employeeBody = z.object({ employee: employeeInput });
export type EmployeeBody = z.infer<typeof employeeBody>;
