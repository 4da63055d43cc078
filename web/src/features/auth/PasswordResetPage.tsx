import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { PASSWORD_MIN, passwordResetBody } from '../../../../shared/schemas/auth.js';
import { api } from '../../lib/api.js';
import { serverMessage } from '../../lib/request-errors.js';
import { ApiError } from '../../lib/request.js';
import { session, signedIn } from '../../lib/session.js';
import { tokenClaims, tokensFrom } from '../../lib/tokens.js';
import { AuthFrame } from './AuthFrame.js';
import { firstProblem, type FieldProblem } from './validation.js';

type Problem = { kind: 'field'; problem: FieldProblem } | { kind: 'server'; message: string | null };

/** /password_reset?token= (SPEC §2, §5, §8): choose a new password, then signed in and landed. */
export function PasswordResetPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const ids = useId();
  const token = params.get('token') ?? '';
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<Problem | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = passwordResetBody.safeParse({ agent: { token, password, password_confirmation: confirmation } });
    if (!parsed.success) {
      setProblem({ kind: 'field', problem: firstProblem(parsed.error) });
      return;
    }
    setProblem(null);
    setBusy(true);
    try {
      const body = await api.request<unknown>('/password_reset', { method: 'POST', body: parsed.data, auth: false });
      const tokens = tokensFrom(body);
      if (!tokens) throw new Error('Password reset answer without tokens');
      await signedIn(tokens, tokenClaims(tokens.access_token)?.agent_email ?? '');
      if (session.get().status !== 'ready') throw new Error('Password changed, but the agent could not be loaded');
      navigate('/', { replace: true });
    } catch (error) {
      setProblem({ kind: 'server', message: error instanceof ApiError ? serverMessage(error.body) || null : null });
    } finally {
      setBusy(false);
    }
  }

  const errorId = `${ids}-error`;
  const missingToken = !token.trim();
  const field = problem?.kind === 'field' ? problem.problem.field : null;
  const message = !problem
    ? null
    : problem.kind === 'field'
      ? t(problem.problem.key, problem.problem.values)
      : (problem.message ?? t('reset.unknown_error'));
  return (
    <AuthFrame title={t('reset.title')}>
      <form className="form" noValidate onSubmit={(event) => void submit(event)}>
        {message ? (
          <div className="notice notice--error preserve-lines" role="alert" id={errorId}>
            {message}
          </div>
        ) : missingToken ? (
          <div className="notice notice--error" role="alert" id={errorId}>
            {t('reset.missing_token')}
          </div>
        ) : null}
        <div className="field">
          <label htmlFor={`${ids}-password`}>{t('reset.password')}</label>
          <input
            id={`${ids}-password`}
            type="password"
            autoComplete="new-password"
            value={password}
            aria-invalid={field === 'password' ? true : undefined}
            aria-describedby={field === 'password' ? errorId : `${ids}-hint`}
            onChange={(event) => setPassword(event.target.value)}
          />
          <p className="field__hint" id={`${ids}-hint`}>
            {t('reset.hint', { count: PASSWORD_MIN })}
          </p>
        </div>
        <div className="field">
          <label htmlFor={`${ids}-confirmation`}>{t('reset.confirmation')}</label>
          <input
            id={`${ids}-confirmation`}
            type="password"
            autoComplete="new-password"
            value={confirmation}
            aria-invalid={field === 'password_confirmation' ? true : undefined}
            aria-describedby={field === 'password_confirmation' ? errorId : undefined}
            onChange={(event) => setConfirmation(event.target.value)}
          />
        </div>
        <button type="submit" className="button button--primary button--block" disabled={busy} aria-busy={busy}>
          {busy ? t('reset.saving') : t('reset.submit')}
        </button>
      </form>
    </AuthFrame>
  );
}
