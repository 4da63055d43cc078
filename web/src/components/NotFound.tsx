import { useTranslation } from 'react-i18next';

/** Any path the console does not know: a plain 404 (SPEC §2). */
export function NotFound() {
  const { t } = useTranslation();
  return <h1 className="not-found">{t('not_found.title')}</h1>;
}
