import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { emailAddress } from '../../../../shared/schemas/auth.js';
import { Dialog } from '../../components/Dialog.js';
import { api } from '../../lib/api.js';
import { firstProblem } from './validation.js';

type Step = { at: 'asking'; problem: string | null } | { at: 'sending' } | { at: 'sent' };

/** The forgot-password dialog (SPEC §5, §8): checks the address, asks the server to mail a reset link. */
export function ForgotPasswordDialog({
  open,
  initialEmail,
  onClose,
  onSent,
}: {
  open: boolean;
  initialEmail: string;
  onClose: () => void;
  /** The reset mail is on its way (the page behind drops what it asked of the agent before). */
  onSent?: () => void;
}) {
  const { t } = useTranslation();
  const ids = useId();
  const [email, setEmail] = useState(initialEmail);
  const [step, setStep] = useState<Step>({ at: 'asking', problem: null });

  useEffect(() => {
    if (!open) return;
    setEmail(initialEmail);
    setStep({ at: 'asking', problem: null });
  }, [open, initialEmail]);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = emailAddress.safeParse(email);
    if (!parsed.success) {
      setStep({ at: 'asking', problem: firstProblem(parsed.error).key });
      return;
    }
    setStep({ at: 'sending' });
    try {
      await api.request('/password_reset_request', { method: 'POST', body: { agent: { email: parsed.data } }, auth: false });
      setStep({ at: 'sent' });
      onSent?.();
    } catch {
      setStep({ at: 'asking', problem: 'forgot.failure' });
    }
  }

  const titleId = `${ids}-title`;
  if (step.at === 'sent') {
    return (
      <Dialog open={open} onClose={onClose} labelledBy={titleId}>
        <h2 className="dialog__title" id={titleId}>
          {t('forgot.sent_title')}
        </h2>
        <p role="status">{t('forgot.sent_text')}</p>
        <div className="dialog__actions">
          <button type="button" className="button button--primary" onClick={onClose} autoFocus>
            {t('common.close')}
          </button>
        </div>
      </Dialog>
    );
  }
  const problem = step.at === 'asking' ? step.problem : null;
  const sending = step.at === 'sending';
  return (
    <Dialog open={open} onClose={onClose} labelledBy={titleId}>
      <h2 className="dialog__title" id={titleId}>
        {t('forgot.title')}
      </h2>
      <p className="dialog__intro">{t('forgot.intro')}</p>
      <form className="form" noValidate onSubmit={(event) => void submit(event)}>
        {problem ? (
          <div className="notice notice--error" role="alert" id={`${ids}-error`}>
            {t(problem)}
          </div>
        ) : null}
        <div className="field">
          <label htmlFor={`${ids}-email`}>{t('forgot.email')}</label>
          <input
            id={`${ids}-email`}
            type="email"
            autoComplete="username"
            inputMode="email"
            autoCapitalize="none"
            spellCheck={false}
            value={email}
            aria-invalid={problem === 'forgot.invalid_email' ? true : undefined}
            aria-describedby={problem ? `${ids}-error` : undefined}
            onChange={(event) => setEmail(event.target.value)}
            autoFocus
          />
        </div>
        <div className="dialog__actions">
          <button type="button" className="button" onClick={onClose}>
            {t('common.cancel')}
          </button>
          <button type="submit" className="button button--primary" disabled={sending} aria-busy={sending}>
            {sending ? t('forgot.sending') : t('forgot.submit')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
