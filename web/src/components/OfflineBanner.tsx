import { useTranslation } from 'react-i18next';
import { offline } from '../lib/connectivity.js';
import { useStore } from '../lib/store.js';

/** Shown while requests cannot reach the server; the browser's `online` event clears it. */
export function OfflineBanner() {
  const { t } = useTranslation();
  const isOffline = useStore(offline);
  if (!isOffline) return null;
  return (
    <div className="banner banner--warning" role="status">
      {t('connectivity.offline')}
    </div>
  );
}
