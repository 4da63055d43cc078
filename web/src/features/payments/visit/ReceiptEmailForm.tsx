/** @jsxImportSource preact */
/**
 * "E-mail me the receipt" under the paid receipt: the customer's name (the order's, to start with)
 * and e-mail, labelled as the store set them or in the part's own words. The server checks them
 * (shared/payments/receiptEmail.ts) and answers a refusal's error id, which is worded here at its
 * field in the customer's language; what was typed stays, so nothing is lost.
 */
import type { JSX } from 'preact';
import { useState } from 'preact/hooks';
import { RECEIPT_EMAIL_FIELD, type ReceiptEmailErrorId, type ReceiptEmailForm as FormData } from '../../../../../shared/payments/visit.js';

type Field = 'name' | 'email';

interface Props {
  form: FormData;
  w: (key: string, vars?: Record<string, string>) => string;
  act: (action: string, body?: unknown) => Promise<void>;
}

/** The refusal's error id (the visit page's call rejects with the API's `error.id` as `errorId`). */
function refusalOf(failure: unknown): ReceiptEmailErrorId | null {
  const id = typeof failure === 'object' && failure !== null && 'errorId' in failure ? failure.errorId : null;
  return id === 'name_required' || id === 'name_too_long' || id === 'email_invalid' || id === 'receipt_not_paid' || id === 'receipt_email_limit' ? id : null;
}

export function ReceiptEmailForm({ form, w, act }: Props) {
  const [name, setName] = useState(form.name);
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const [fieldError, setFieldError] = useState<{ field: Field; key: string } | null>(null);
  const [formError, setFormError] = useState<string | null>(null);

  async function submit(event: Event) {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setFieldError(null);
    setFormError(null);
    try {
      await act('email_receipt', { name, email });
    } catch (failure) {
      const id = refusalOf(failure);
      const field = id ? RECEIPT_EMAIL_FIELD[id] : undefined;
      if (id && field) {
        setFieldError({ field, key: `error_${id}` });
        // The refused field takes the focus, so a keyboard or screen-reader user lands on what to fix.
        document.getElementById(`receipt-${field}`)?.focus();
      } else setFormError(id ? `error_${id}` : 'error_failed');
    } finally {
      setBusy(false);
    }
  }

  const errorOf = (field: Field) => (fieldError?.field === field ? w(fieldError.key) : null);
  /** What each input carries: its id, and its refusal (with the text that describes it) when it has one. */
  const described = (field: Field) => {
    const error = errorOf(field);
    return { id: `receipt-${field}`, name: field, 'aria-invalid': error ? ('true' as const) : undefined, 'aria-describedby': error ? `receipt-${field}-error` : undefined };
  };
  const row = (field: Field, label: string, input: JSX.Element) => {
    const error = errorOf(field);
    return (
      <p class="receipt-field">
        <label for={`receipt-${field}`}>{label}</label>
        {input}
        {error ? (
          <span id={`receipt-${field}-error`} class="receipt-error">
            {error}
          </span>
        ) : null}
      </p>
    );
  };

  const sent = form.sent ? (
    <p class="receipt-sent" role="status">
      {w('receipt_sent', { email: form.sent.to })}
    </p>
  ) : null;
  if (form.remaining === 0) {
    return (
      <div class="receipt-email">
        {sent}
        <p class="payment-note">{w('error_receipt_email_limit')}</p>
      </div>
    );
  }
  return (
    <form class="receipt-email" aria-labelledby="receipt-email-title" onSubmit={submit} noValidate>
      <h3 id="receipt-email-title">{w('email_title')}</h3>
      {sent}
      {row('name', form.name_label ?? w('name_label'), <input {...described('name')} type="text" autocomplete="name" value={name} onInput={(event) => setName(event.currentTarget.value)} />)}
      {row('email', form.email_label ?? w('email_label'), <input {...described('email')} type="email" autocomplete="email" value={email} onInput={(event) => setEmail(event.currentTarget.value)} />)}
      {formError ? (
        <p class="receipt-error" role="alert">
          {w(formError)}
        </p>
      ) : null}
      <button type="submit" class="receipt-send" disabled={busy}>
        {busy ? w('sending') : w('send_receipt')}
      </button>
    </form>
  );
}
