import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Guest } from '../../../../shared/guests/guests.js';
import { convertBody, GUEST_REFUSALS } from '../../../../shared/guests/schemas.js';
import { PERSON_ERRORS } from '../../../../shared/schemas/people.js';
import { Dialog } from '../../components/Dialog.js';
import { reportFailure } from '../../lib/failures.js';
import { ApiError } from '../../lib/request.js';
import { convertGuest } from './requests.js';

type Field = 'first_name' | 'last_name' | 'email';
type Problems = Partial<Record<Field | 'form', string>>;

/** SPEC §5's texts (the schema's English, as the server answers them too) to the board's words. */
const WORDS_OF: Record<string, string> = {
  [PERSON_ERRORS.first_name]: 'guests.error_first_name',
  [PERSON_ERRORS.last_name]: 'guests.error_last_name',
  [PERSON_ERRORS.email]: 'guests.error_email',
  [GUEST_REFUSALS.already_customer]: 'guests.error_already_customer',
};

/** What the form shows for a text of the schema or the server: the board's words when it has them. */
export const problemKey = (message: string): string => (Object.hasOwn(WORDS_OF, message) ? WORDS_OF[message]! : message);

/** The form's problems, by field, from the schema's or the server's list (`path` "customer.first_name"). */
export function problemsOf(issues: readonly { message: string; path?: string | readonly PropertyKey[] }[]): Problems {
  const problems: Problems = {};
  for (const issue of issues) {
    const path = typeof issue.path === 'string' ? issue.path.split('.') : (issue.path ?? []).map(String);
    const field = path.at(-1);
    const at: Field | 'form' = field === 'first_name' || field === 'last_name' || field === 'email' ? field : 'form';
    problems[at] ??= problemKey(issue.message);
  }
  return problems;
}

/**
 * Making the guest a customer of the store: first and last name (SPEC §5 texts at the fields, in the
 * agent's language), an e-mail when they gave one. The conversation and its messages stay.
 */
export function ConvertDialog({ open, guest, onClose, onConverted }: { open: boolean; guest: Guest; onClose: () => void; onConverted: (guest: Guest) => void }) {
  const titleId = useId();
  return (
    <Dialog open={open} onClose={onClose} labelledBy={titleId}>
      <ConvertForm titleId={titleId} guest={guest} onClose={onClose} onConverted={onConverted} />
    </Dialog>
  );
}

function ConvertForm({ titleId, guest, onClose, onConverted }: { titleId: string; guest: Guest; onClose: () => void; onConverted: (guest: Guest) => void }) {
  const { t } = useTranslation('guests');
  // The lead's form already named them: the agent starts from that.
  const [draft, setDraft] = useState<Record<Field, string>>({
    first_name: guest.customer.first_name || guest.lead?.first_name || '',
    last_name: guest.customer.last_name || guest.lead?.last_name || '',
    email: guest.customer.email ?? guest.lead?.email ?? '',
  });
  const [problems, setProblems] = useState<Problems>({});
  const [saving, setSaving] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  const ids = { first_name: useId(), last_name: useId(), email: useId() };

  function show(found: Problems) {
    setProblems(found);
    requestAnimationFrame(() => form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = convertBody.safeParse({ customer: draft });
    if (!parsed.success) return show(problemsOf(parsed.error.issues));
    setProblems({});
    setSaving(true);
    convertGuest(guest.id, parsed.data)
      .then(onConverted)
      .catch((error: unknown) => {
        if (!(error instanceof ApiError) || (error.status !== 422 && error.status !== 409)) return reportFailure(error);
        const body = error.body as { errors?: { message: string; path?: string }[]; error?: { message: string } } | null;
        show(body?.errors ? problemsOf(body.errors) : { form: problemKey(body?.error?.message ?? error.message) });
      })
      .finally(() => setSaving(false));
  }

  const field = (name: Field, type: 'text' | 'email', autoComplete: string) => {
    const problem = problems[name];
    return (
      <div className="field">
        <label htmlFor={ids[name]}>{t(`guests.${name}`)}</label>
        <input
          id={ids[name]}
          type={type}
          value={draft[name]}
          autoComplete={autoComplete}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${ids[name]}-problem` : undefined}
          data-testid={`convert-${name}`}
          onChange={(e) => setDraft((d) => ({ ...d, [name]: e.target.value }))}
        />
        {problem ? (
          <p className="guest-form__problem" id={`${ids[name]}-problem`} data-testid={`convert-${name}-error`}>
            {t(problem, { defaultValue: problem })}
          </p>
        ) : null}
      </div>
    );
  };

  return (
    <form ref={form} className="form guest-form" noValidate onSubmit={submit} data-testid="convert-form">
      <h2 className="dialog__title" id={titleId}>
        {t('guests.convert_title')}
      </h2>
      <p className="guest-form__hint">{t('guests.convert_hint')}</p>
      <div className="guest-form__grid">
        {field('first_name', 'text', 'off')}
        {field('last_name', 'text', 'off')}
        {field('email', 'email', 'off')}
      </div>
      {problems.form ? (
        <p className="notice notice--error" role="alert">
          {t(problems.form, { defaultValue: problems.form })}
        </p>
      ) : null}
      <div className="dialog__actions">
        <button type="button" className="button" onClick={onClose}>
          {t('common.cancel')}
        </button>
        <button type="submit" className="button button--primary" disabled={saving} data-testid="convert-submit">
          {saving ? t('guests.saving') : t('guests.convert')}
        </button>
      </div>
    </form>
  );
}
