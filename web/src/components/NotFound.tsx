import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

/**
 * Any path the console does not know: the spec's plain '404' (SPEC §2), with a way back to the
 * console (the landing board, or sign-in for someone signed out) so nobody is stranded on it.
 */
export function NotFound() {
  const { t } = useTranslation();
  return (
    <main className="not-found" id="content">
      <h1 className="not-found__title">{t('not_found.title')}</h1>
      <p>
        <Link to="/" data-testid="not-found-home">
          {t('not_found.home')}
        </Link>
      </p>
    </main>
  );
}
