import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet } from 'react-router-dom';
import { Spinner } from '../components/Spinner.js';
import { ensureStarted, resync, session, sessionRedirect } from '../lib/session.js';
import { useStore } from '../lib/store.js';

/** The signed-in part of the console: bootstraps once, spins until ready, sends the signed-out to sign_in (SPEC §4). */
export function SessionGate() {
  const { t } = useTranslation();
  const state = useStore(session);
  const redirect = useStore(sessionRedirect);
  useEffect(() => ensureStarted(), []);
  useEffect(() => {
    // Navigate (below) has moved on in this same commit: the redirect is spent.
    if (redirect) sessionRedirect.set(null);
  }, [redirect]);
  if (redirect) return <Navigate to={redirect} replace />;
  switch (state.status) {
    case 'idle':
    case 'loading':
      return <Spinner />;
    case 'signed_out':
      return <Navigate to="/sign_in" replace />;
    case 'unreachable':
      return (
        <div className="unreachable" role="alert">
          <p>{t('connectivity.unreachable')}</p>
          <button type="button" className="button button--primary" onClick={resync}>
            {t('common.try_again')}
          </button>
        </div>
      );
    case 'ready':
      return <Outlet />;
  }
}
