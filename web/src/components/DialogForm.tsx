/**
 * A dialog's form that creates something (a booking, an order): one Idempotency-Key per attempt, so
 * a lost answer asked again creates one record, not two; SPEC §5's texts at the fields, the first
 * field that needs the agent taking the keyboard; a 422's texts at their fields in the agent's
 * language where the form has words for them, else the server's; any other failure the standard
 * way. The texts are locale keys of the form's namespace (or the server's own words).
 */
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { reportFailure } from '../lib/failures.js';
import { ApiError } from '../lib/request.js';

export type FormTexts<F extends string> = Partial<Record<F | 'form', string>>;

/** How a form reads the server's 422: its field for a path, and its key for a text. */
export interface ServerTexts<F extends string> {
  fieldOf: (path: string | undefined) => F | null;
  keyOf: (text: string) => string | null;
  /** The key for a text the form has no words for, when the server said nothing either. */
  fallback: string;
}

export function serverFieldTexts<F extends string>(error: ApiError, read: ServerTexts<F>): FormTexts<F> {
  const found: FormTexts<F> = {};
  const listed = (error.body as { errors?: { message?: string; path?: string }[] } | null)?.errors ?? [];
  for (const item of listed) found[read.fieldOf(item.path) ?? 'form'] ??= read.keyOf(item.message ?? '') ?? item.message ?? read.fallback;
  if (!listed.length) found.form = error.message;
  return found;
}

export function useDialogForm<F extends string>(namespace: string, read: ServerTexts<F>) {
  const { t } = useTranslation(namespace);
  const [texts, setTexts] = useState<FormTexts<F>>({});
  const [sending, setSending] = useState(false);
  const attempt = useRef(crypto.randomUUID());
  const form = useRef<HTMLFormElement>(null);

  const show = (found: FormTexts<F>) => {
    setTexts(found);
    // The keyboard goes to the first field that needs the agent.
    requestAnimationFrame(() => form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
  };

  return {
    form,
    sending,
    show,
    /** The text at a field in the agent's language, or null. */
    textAt: (field: F | 'form') => {
      const value = texts[field];
      return value ? t(value, { defaultValue: value }) : null;
    },
    /** The agent changed something: the next send is another attempt. */
    changed: () => {
      attempt.current = crypto.randomUUID();
    },
    /** Sends with this attempt's key; `done` takes the answer. */
    send<T>(request: (key: string) => Promise<T>, done: (answer: T) => void) {
      setTexts({});
      setSending(true);
      request(attempt.current)
        .then((answer) => {
          attempt.current = crypto.randomUUID();
          done(answer);
        })
        .catch((error: unknown) => (error instanceof ApiError && error.status === 422 ? show(serverFieldTexts(error, read)) : reportFailure(error)))
        .finally(() => setSending(false));
    },
  };
}

/** The form's own refusal (one the server made of the whole request), then Close and the submit button. */
export function DialogFormActions({
  formText,
  closeLabel,
  submitLabel,
  sending,
  submitTestId,
  onClose,
}: {
  formText: string | null;
  closeLabel: string;
  /** The button's words, and while sending. */
  submitLabel: [idle: string, sending: string];
  sending: boolean;
  submitTestId: string;
  onClose: () => void;
}) {
  return (
    <>
      {formText ? (
        <p className="notice notice--error" role="alert">
          {formText}
        </p>
      ) : null}
      <div className="dialog__actions">
        <button type="button" className="button" onClick={onClose}>
          {closeLabel}
        </button>
        <button type="submit" className="button button--primary" disabled={sending} data-testid={submitTestId}>
          {sending ? submitLabel[1] : submitLabel[0]}
        </button>
      </div>
    </>
  );
}
