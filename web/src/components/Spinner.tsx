import { useTranslation } from 'react-i18next';
import './spinner.css';

/** A page-sized wait, announced to screen readers. */
export function Spinner({ label }: { label?: string }) {
  const { t } = useTranslation();
  return (
    <div className="spinner" role="status" aria-live="polite">
      <span className="spinner__wheel" aria-hidden="true" />
      <span className="spinner__label">{label ?? t('common.loading')}</span>
    </div>
  );
}
