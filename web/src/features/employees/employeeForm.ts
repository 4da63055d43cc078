/**
 * The employee form's rules: the draft checked in the browser with the server's own schema
 * (shared/employees/schemas.ts) and SPEC §5's texts, translated by key; what only the server can
 * tell (a number too short or impossible in the store's country, another employee's number, an
 * agent of another store) comes back as a 422 and is shown at its field the same way.
 */
import type { Employee } from '../../../../shared/employees/employees.js';
import { EMPLOYEE_ERRORS, employeeBody, type EmployeeBody, type EmployeeInput } from '../../../../shared/employees/schemas.js';
import { PERSON_ERRORS, PHONE_ERRORS } from '../../../../shared/schemas/people.js';
import { formatPhone } from '../../lib/phone.js';

export type EmployeeField = keyof EmployeeInput;

/** Each text the server or the schema answers, by its English, to the form's locale key. */
const WORDS_OF: ReadonlyMap<string, string> = new Map([
  [PERSON_ERRORS.first_name, 'employees.error_first_name'],
  [PERSON_ERRORS.last_name, 'employees.error_last_name'],
  [PHONE_ERRORS.missing, 'employees.error_phone_missing'],
  [PHONE_ERRORS.invalid, 'employees.error_phone_invalid'],
  [PHONE_ERRORS.too_short, 'employees.error_phone_too_short'],
  [EMPLOYEE_ERRORS.phone_taken, 'employees.error_phone_taken'],
  [EMPLOYEE_ERRORS.agent, 'employees.error_agent'],
]);

/** A text the console has words for, as its key; any other (a field too long) as the server wrote it. */
export const errorWords = (message: string): string => WORDS_OF.get(message) ?? message;

/** The form's fields as the inputs hold them. */
export type EmployeeDraft = Record<Exclude<EmployeeField, 'agent_id'>, string> & { agent_id: string };

export const BLANK_DRAFT: EmployeeDraft = { first_name: '', last_name: '', phone: '', position: '', team: '', agent_id: '' };

/** An employee as the form edits them. */
export function draftOf(employee: Employee): EmployeeDraft {
  return {
    first_name: employee.first_name,
    last_name: employee.last_name,
    // As the store writes it; the server reads it back the same way.
    phone: formatPhone(employee.contact.phones.cell),
    position: employee.position,
    team: employee.team,
    agent_id: employee.agent?.id ?? '',
  };
}

/** Texts (locale keys, or the server's words) at each field; `form` for a refusal of the whole. */
export type FormErrors = Partial<Record<EmployeeField | 'form', string>>;

const FIELDS: readonly string[] = ['first_name', 'last_name', 'phone', 'position', 'team', 'agent_id'];

/** The request body, or the texts to show at each field. */
export function checkDraft(draft: EmployeeDraft): { body: EmployeeBody | null; errors: FormErrors } {
  const parsed = employeeBody.safeParse({ employee: { ...draft, agent_id: draft.agent_id || null } });
  if (parsed.success) return { body: parsed.data, errors: {} };
  return { body: null, errors: errorsAt(parsed.error.issues.map((issue) => ({ message: issue.message, path: issue.path.join('.') }))) };
}

/** A 422's `errors[]` (paths like "employee.phone") at the form's fields, the first text of each. */
export function errorsAt(listed: readonly { message?: string; path?: string }[]): FormErrors {
  const errors: FormErrors = {};
  for (const { message = '', path = '' } of listed) {
    const last = path.split('.').pop() ?? '';
    const field = (FIELDS.includes(last) ? last : 'form') as EmployeeField | 'form';
    errors[field] ??= errorWords(message);
  }
  return errors;
}
