import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { SignOutIcon } from '../../components/icons.js';
import { ssoConfig, type SsoConfig } from '../../lib/partner.js';
import { AuthFrame } from './AuthFrame.js';

/**
 * /login/seamless_error?status= (SPEC §2, §8): the partner single sign-on could not sign the agent in.
 * 'Return to Connect' goes back to the partner's connect site, where the agent started.
 */
export function SeamlessErrorPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const status = params.get('status');
  const [partner, setPartner] = useState<SsoConfig | null>(null);

  useEffect(() => {
    let live = true;
    ssoConfig()
      .then((config) => {
        if (live) setPartner(config);
      })
      .catch((error: unknown) => {
        // The button then leads to the console's own sign-in.
        console.warn(error);
      });
    return () => {
      live = false;
    };
  }, []);

  // Asks the (once-per-page) settings again rather than reading the state: a click that comes
  // before they have answered would otherwise send a partner's agent to the console's sign-in.
  function returnToConnect() {
    void ssoConfig()
      .catch(() => null)
      .then((config) => {
        if (config) window.location.assign(config.connect_url);
        else navigate('/sign_in');
      });
  }

  return (
    <AuthFrame title={t('seamless.title')} partner={partner?.name ?? null}>
      <Link to="/logout" className="auth__corner icon-button" aria-label={t('shell.sign_out')} title={t('shell.sign_out')}>
        <SignOutIcon />
      </Link>
      <p className="notice notice--error" role="alert" data-status={status ?? ''}>
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
      <button type="button" className="button button--primary button--block" onClick={returnToConnect}>
        {t('seamless.return')}
      </button>
    </AuthFrame>
  );
}
