import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { SignOutIcon } from '../../components/icons.js';
import { AuthFrame } from './AuthFrame.js';

/** /login/seamless_error?status= (SPEC §2, §8): the partner single sign-on could not sign the agent in. */
export function SeamlessErrorPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const status = params.get('status');
  return (
    <AuthFrame title={t('seamless.title')}>
      <Link to="/logout" className="auth__corner icon-button" aria-label={t('shell.sign_out')} title={t('shell.sign_out')}>
        <SignOutIcon />
      </Link>
      <p className="notice notice--error" role="alert">
        {status === '403' ? (
          <>
            {t('seamless.forbidden')} <Link to="/help">{t('seamless.support_contacts')}</Link>
          </>
        ) : status === '500' ? (
          t('seamless.server_error')
        ) : (
          t('seamless.not_enabled')
        )}
      </p>
      <button type="button" className="button button--primary button--block" onClick={() => navigate('/sign_in')}>
        {t('seamless.return')}
      </button>
    </AuthFrame>
  );
}
