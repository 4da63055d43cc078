/**
 * "E-mail me the receipt" on the visit page's payment part (`POST …/payment/email_receipt`
 * `{ name, email }`), checked at the edge. A refusal is the error id of RECEIPT_EMAIL_ERRORS and its
 * field, which the page words in the customer's language at that field. Kept apart from visit.ts so
 * the part's view, which only shows the server's answer, does not carry zod to a customer's phone.
 */
import * as z from 'zod/mini';
import { MAX_EMAIL_LENGTH } from '../schemas/auth.js';
import { RECEIPT_EMAIL_FIELD, RECEIPT_NAME_MAX, type ReceiptEmailErrorId } from './visit.js';

export const receiptEmailSchema = z.object({
  name: z.string({ error: 'name_required' }).check(z.trim(), z.minLength(1, 'name_required'), z.maxLength(RECEIPT_NAME_MAX, 'name_too_long')),
  email: z.pipe(
    z.string({ error: 'email_invalid' }).check(z.trim(), z.maxLength(MAX_EMAIL_LENGTH, 'email_invalid')),
    z.email({ message: 'email_invalid' }),
  ),
});
export type ReceiptEmailBody = z.infer<typeof receiptEmailSchema>;

export type ReceiptEmailCheck = { ok: true; value: ReceiptEmailBody } | { ok: false; id: ReceiptEmailErrorId; field: 'name' | 'email' };

/** The body, or its first refusal (the name's before the e-mail's, as the form reads). */
export function checkReceiptEmail(body: unknown): ReceiptEmailCheck {
  const parsed = receiptEmailSchema.safeParse(body ?? {});
  if (parsed.success) return { ok: true, value: parsed.data };
  const issues = parsed.error.issues;
  const first = issues.find((i) => i.path[0] === 'name') ?? issues.find((i) => i.path[0] === 'email') ?? issues[0];
  const id: ReceiptEmailErrorId = first && isFieldError(first.message) ? first.message : first?.path[0] === 'email' ? 'email_invalid' : 'name_required';
  return { ok: false, id, field: RECEIPT_EMAIL_FIELD[id] ?? 'email' };
}

const isFieldError = (message: string): message is ReceiptEmailErrorId => Object.hasOwn(RECEIPT_EMAIL_FIELD, message);
