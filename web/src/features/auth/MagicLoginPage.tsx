import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { Spinner } from '../../components/Spinner.js';
import { api } from '../../lib/api.js';
import { serverMessage } from '../../lib/request-errors.js';
import { ApiError } from '../../lib/request.js';
import { session, signedIn } from '../../lib/session.js';
import { tokensFrom } from '../../lib/tokens.js';

/** /magicLogin?email=&token= (SPEC §2, §5, §8): passwordless sign-in from a link. */
export function MagicLoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const email = params.get('email')?.trim().toLowerCase() ?? '';
  const token = params.get('token')?.trim() ?? '';
  // The link's token works once: a second run of the effect (StrictMode, a re-render) must not spend it again.
  const started = useRef(false);

  useEffect(() => {
    if (!email || !token || started.current) return;
    started.current = true;
    void (async () => {
      try {
        const body = await api.request<unknown>('/magic_sessions', { method: 'POST', body: { agent: { email, token } }, auth: false });
        const tokens = tokensFrom(body);
        if (!tokens) throw new Error('Magic sign-in answer without tokens');
        await signedIn(tokens, email);
        navigate(session.get().status === 'ready' ? '/' : '/sign_in', { replace: true });
      } catch (error) {
        const message = error instanceof ApiError ? serverMessage(error.body) || String(error.status) : String(error);
        window.alert(message);
        navigate('/sign_in', { replace: true });
      }
    })();
  }, [email, token, navigate]);

  if (!email || !token) return <Navigate to="/sign_in" replace />;
  return <Spinner label={t('magic.signing_in')} />;
}
