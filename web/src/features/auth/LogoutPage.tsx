import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../components/Spinner.js';
import { signOut } from '../../lib/session.js';

/** /logout (SPEC §2): end the session on the server, clear the browser, back to the start. */
export function LogoutPage() {
  const { t } = useTranslation();
  useEffect(() => {
    void signOut();
  }, []);
  return <Spinner label={t('logout.signing_out')} />;
}
