import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../lib/title.js';
import './auth.css';

/**
 * The card every sign-in screen sits in. `partner`: the partner's name when the page wears the
 * partner's brand (its sign-in and seamless error pages), in place of the console's own look.
 */
export function AuthFrame({ title, partner = null, children }: { title: string; partner?: string | null; children: ReactNode }) {
  const { t } = useTranslation();
  useDocumentTitle(title);
  return (
    <main className={partner ? 'auth auth--partner' : 'auth'} id="content" data-brand={partner ? 'partner' : 'console'}>
      <div className="auth__card">
        {partner ? (
          <div className="auth__partner">
            <p className="auth__partner-name">{partner}</p>
            <p className="auth__partner-with">{t('sign_in.partner_with', { app: t('app.name') })}</p>
          </div>
        ) : (
          <p className="auth__brand">{t('app.name')}</p>
        )}
        <h1 className="auth__title">{title}</h1>
        {children}
      </div>
    </main>
  );
}
