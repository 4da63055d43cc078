import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import './noboard.css';

/** /noboard (SPEC §2): where an agent without any board permission lands. */
export function NoBoardPage() {
  const { t } = useTranslation();
  return (
    <section className="noboard" aria-labelledby="noboard-title">
      <h1 id="noboard-title" className="noboard__title">
        {t('noboard.title')}
      </h1>
      <p className="noboard__text">{t('noboard.text')}</p>
      <Link className="button" to="/logout">
        {t('shell.sign_out')}
      </Link>
    </section>
  );
}
