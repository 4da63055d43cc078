/** The console's entry: language first (so nothing renders untranslated), then the app. */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { App } from './app/App.js';
import { watchConnectivity } from './lib/connectivity.js';
import { i18n, startI18n } from './lib/i18n.js';
import { resync, storedTheme, watchAccountOnFocus } from './lib/session.js';
import { claimTab } from './lib/tabs.js';
import './styles/global.css';

claimTab(() => window.location.replace(`${import.meta.env.BASE_URL}notusable.html`));
document.documentElement.dataset.theme = storedTheme();
watchConnectivity(resync);
watchAccountOnFocus();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');

startI18n()
  .catch((error: unknown) => console.error(error))
  .finally(() => {
    createRoot(root).render(
      <StrictMode>
        <I18nextProvider i18n={i18n}>
          <App />
        </I18nextProvider>
      </StrictMode>,
    );
  });
