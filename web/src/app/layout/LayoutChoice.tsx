import { useTranslation } from 'react-i18next';
import { isPhoneDevice, onPhoneSite, switchLayout } from '../../lib/site.js';

/**
 * The way between the phone site and the desktop layout (SPEC §2: phones are sent to /m/): on /m/ a
 * person may take the desktop layout anyway, and a phone that chose it can come back. A computer
 * on /app/ has nothing to choose.
 */
export function LayoutChoice() {
  const { t } = useTranslation();
  const phoneSite = onPhoneSite();
  if (!phoneSite && !isPhoneDevice()) return null;
  return (
    <div className="shell__layout-choice">
      <button type="button" className="link-button" onClick={() => switchLayout(phoneSite ? 'desktop' : 'phone')}>
        {t(phoneSite ? 'shell.desktop_layout' : 'shell.phone_layout')}
      </button>
    </div>
  );
}
