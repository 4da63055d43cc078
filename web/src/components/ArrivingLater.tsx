import { useTranslation } from 'react-i18next';
import './arriving-later.css';

/** Stands in for a screen that a later release of the console builds. */
export function ArrivingLater({ screen }: { screen: string }) {
  const { t } = useTranslation();
  return (
    <section className="arriving-later" aria-labelledby="arriving-later-title">
      <h1 id="arriving-later-title" className="arriving-later__title">
        {screen}
      </h1>
      <p className="arriving-later__text">{t('shell.arriving_later', { screen })}</p>
    </section>
  );
}
