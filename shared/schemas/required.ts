/**
 * A field a request leaves out answers SPEC §5's text, never the validator's own words ("Invalid
 * input: expected string, received undefined"). A field with a text of its own (a first name, the
 * phone) says the same whether it came empty, blank or not at all: its schema carries the text as its
 * type error, so the form and the server keep one contract. Every other field left out answers
 * SPEC §5's pattern, "Missing Required Field: Phone", through `missingFields` at each parse of a request.
 */
import * as z from 'zod/mini';

/** A string that must not be empty after trimming (SPEC §5), with one text for empty, blank and missing. */
export const requiredText = (message: string, max: number) => z.string({ error: message }).check(z.trim(), z.minLength(1, { message }), z.maxLength(max));

/** "first_name" → "First name": the field as SPEC §5's texts name one. */
function fieldLabel(path: readonly PropertyKey[]): string {
  const name = [...path].reverse().find((segment): segment is string => typeof segment === 'string') ?? 'value';
  const words = name.replace(/_/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export const missingFieldText = (path: readonly PropertyKey[]): string => `Missing Required Field: ${fieldLabel(path)}`;

/**
 * The parse-level customiser (`schema.safeParse(input, { error: missingFields })`): a field left out
 * gets SPEC §5's text; a schema's own text, where it has one, comes first (zod asks it before this).
 */
export const missingFields: z.core.$ZodErrorMap = (issue) =>
  issue.code === 'invalid_type' && issue.input === undefined ? missingFieldText(issue.path ?? []) : undefined;
