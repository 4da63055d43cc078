import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../lib/title.js';
import './auth.css';

/** The card every sign-in screen sits in. */
export function AuthFrame({ title, children }: { title: string; children: ReactNode }) {
  const { t } = useTranslation();
  useDocumentTitle(title);
  return (
    <main className="auth" id="content">
      <div className="auth__card">
        <p className="auth__brand">{t('app.name')}</p>
        <h1 className="auth__title">{title}</h1>
        {children}
      </div>
    </main>
  );
}
