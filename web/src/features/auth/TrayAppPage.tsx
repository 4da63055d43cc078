import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { AuthFrame } from './AuthFrame.js';

/**
 * /tray_app: where "Download the tray app" leads from the sign-in page. It is public, since the
 * agent following that link is signed out (the help page needs a session and would bounce them
 * straight back to sign-in).
 */
export function TrayAppPage() {
  const { t } = useTranslation();
  return (
    <AuthFrame title={t('tray_app.title')}>
      <div data-testid="tray-app-page">
        <p>{t('tray_app.what')}</p>
        <p>{t('tray_app.how')}</p>
      </div>
      <p className="auth__footer">
        <Link to="/sign_in">{t('tray_app.back')}</Link>
      </p>
    </AuthFrame>
  );
}
