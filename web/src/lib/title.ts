import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** The browser tab names the screen, in the page's language (agents keep several consoles' tabs apart by it). */
export function useDocumentTitle(title: string): void {
  const { t } = useTranslation();
  useEffect(() => {
    document.title = `${title} · ${t('app.name')}`;
  }, [title, t]);
}
