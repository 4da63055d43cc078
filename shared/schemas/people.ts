/**
 * A person the console adds by hand (a customer for an appointment; later an employee): SPEC §5's
 * name, e-mail and phone rules and their texts. The form and the server check the same schema; the
 * server also checks that the phone number can exist in the store's country (functions/lib/phones.ts).
 */
import * as z from 'zod/mini';
import { requiredText } from './required.js';

export const PERSON_ERRORS = {
  first_name: 'please enter a first name',
  last_name: 'please enter a last name',
  email: 'Please enter valid email address.',
} as const;

/** SPEC §5's texts for a phone field that cannot be used. */
export const PHONE_ERRORS = {
  missing: 'Missing Required Field: Phone',
  invalid: 'The Phone number entered is invalid',
  too_short: 'Phone number is too short',
} as const;
export type PhoneProblem = keyof typeof PHONE_ERRORS;

export const newPerson = z.object({
  first_name: requiredText(PERSON_ERRORS.first_name, 80),
  last_name: requiredText(PERSON_ERRORS.last_name, 80),
  email: z.pipe(z.string({ error: PERSON_ERRORS.email }).check(z.trim(), z.toLowerCase(), z.maxLength(200)), z.email({ message: PERSON_ERRORS.email })),
  phone: requiredText(PHONE_ERRORS.missing, 32),
});
export type NewPerson = z.infer<typeof newPerson>;

/** "Customer and employee names are first and last separated by a space" (SPEC §5). */
export const fullName = (p: { first_name: string; last_name: string }): string => [p.first_name, p.last_name].filter(Boolean).join(' ');
