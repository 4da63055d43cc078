/**
 * The "E-mail me the receipt" body as the edge checks it (shared/payments/receiptEmail.ts): trimmed
 * values, and each refusal's id and field, the name's first as the form reads.
 */
import { describe, expect, it } from 'vitest';
import { checkReceiptEmail } from '../../../shared/payments/receiptEmail.js';
import { RECEIPT_NAME_MAX } from '../../../shared/payments/visit.js';

describe('checkReceiptEmail', () => {
  it('takes a name and an e-mail address, trimmed', () => {
    expect(checkReceiptEmail({ name: '  Ana Silva ', email: ' ana.silva@example.pt ' })).toEqual({ ok: true, value: { name: 'Ana Silva', email: 'ana.silva@example.pt' } });
    expect(checkReceiptEmail({ name: 'x'.repeat(RECEIPT_NAME_MAX), email: 'a@b.co' }).ok).toBe(true);
  });

  it.each([
    [{ name: '', email: 'a@b.co' }, 'name_required', 'name'],
    [{ name: ' \t ', email: 'a@b.co' }, 'name_required', 'name'],
    [{ email: 'a@b.co' }, 'name_required', 'name'],
    [{ name: 7, email: 'a@b.co' }, 'name_required', 'name'],
    [{ name: 'x'.repeat(RECEIPT_NAME_MAX + 1), email: 'a@b.co' }, 'name_too_long', 'name'],
    [{ name: 'Ana', email: 'ana' }, 'email_invalid', 'email'],
    [{ name: 'Ana', email: 'ana@example' }, 'email_invalid', 'email'],
    [{ name: 'Ana', email: 'ana silva@example.com' }, 'email_invalid', 'email'],
    [{ name: 'Ana' }, 'email_invalid', 'email'],
    [{ name: '', email: 'nope' }, 'name_required', 'name'],
    [null, 'name_required', 'name'],
    ['Ana <ana@example.com>', 'name_required', 'name'],
  ])('refuses %j with %s at %s', (body, id, field) => {
    expect(checkReceiptEmail(body)).toEqual({ ok: false, id, field });
  });
});
