/**
 * The shared zod schemas (shared/schemas/auth.ts) speak the server's English; the forms show the
 * same rule in the page's language. Each schema text maps to its locale key here.
 */
import type * as z from 'zod/mini';
import { PASSWORD_MIN } from '../../../../shared/schemas/auth.js';

export interface FieldProblem {
  key: string;
  values?: Record<string, string | number>;
  /** The form field the rule is about, when the schema says. */
  field: string | null;
}

const SCHEMA_TEXTS: Record<string, { key: string; values?: Record<string, number> }> = {
  'Provide credentials': { key: 'sign_in.provide_credentials' },
  'Please enter valid email address.': { key: 'forgot.invalid_email' },
  'Missing token': { key: 'reset.missing_token' },
  "Password can't be blank": { key: 'reset.password_blank' },
  [`Password is too short (minimum is ${PASSWORD_MIN} characters)`]: { key: 'reset.password_too_short', values: { count: PASSWORD_MIN } },
  "Password confirmation doesn't match Password": { key: 'reset.password_mismatch' },
};

/** The first rule a form broke, as a locale key; a text the map does not know falls back to the generic error. */
export function firstProblem(error: z.core.$ZodError): FieldProblem {
  const issue = error.issues[0];
  const known = issue ? SCHEMA_TEXTS[issue.message] : undefined;
  const last = issue?.path[issue.path.length - 1];
  return {
    key: known?.key ?? 'errors.generic_text',
    ...(known?.values ? { values: known.values } : {}),
    field: typeof last === 'string' ? last : null,
  };
}

/** Every schema text this map knows (the unit test checks the schemas produce no other). */
export const KNOWN_SCHEMA_TEXTS = Object.keys(SCHEMA_TEXTS);
