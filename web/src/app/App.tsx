import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { RouterProvider } from 'react-router-dom';
import { Toaster } from 'sonner';
import { SWRConfig, type SWRConfiguration } from 'swr';
import { OfflineBanner } from '../components/OfflineBanner.js';
import { RenderErrorBoundary } from '../components/RenderError.js';
import { NewVersionNotice } from '../features/releases/NewVersionNotice.js';
import { fetcher, worthRetrying } from '../lib/api.js';
import { useMediaQuery } from '../lib/media.js';
import { TOAST_BOTTOM, TOAST_SIDE, TOAST_WIDTH } from '../lib/toastPlacement.js';
import { reportFailure } from '../lib/failures.js';
import { PHONE_WINDOW } from './layout/widths.js';
import { createConsoleRouter } from './router.js';

const RETRY_LIMIT = 3;

/** Created once for the page: the router owns the history listener and starts loading the first route at once. */
const router = createConsoleRouter();

/** The one SWR configuration: the console's fetcher, and SPEC §8's failure handling for every list. */
const swrConfig: SWRConfiguration = {
  fetcher,
  onError: reportFailure,
  onErrorRetry: (error, _key, _config, revalidate, { retryCount }) => {
    // SWR counts from 1: waits of 1 s, 2 s, 4 s, then it stops asking.
    if (!worthRetrying(error) || retryCount > RETRY_LIMIT) return;
    setTimeout(() => void revalidate({ retryCount }), 1000 * 2 ** (retryCount - 1));
  },
};

export function App() {
  const { t } = useTranslation();
  const phone = useMediaQuery(PHONE_WINDOW);
  return (
    <RenderErrorBoundary>
      <SWRConfig value={swrConfig}>
        <div className="banners">
          <NewVersionNotice />
          <OfflineBanner />
        </div>
        <RouterProvider router={router} />
        <Toaster
          // lib/toastPlacement.ts says why these places hide nothing.
          position={phone ? 'bottom-center' : 'bottom-left'}
          offset={{ bottom: TOAST_BOTTOM, left: TOAST_SIDE, right: TOAST_SIDE }}
          mobileOffset={{ bottom: TOAST_BOTTOM, left: TOAST_SIDE, right: TOAST_SIDE }}
          // Readable toast colours: web/src/styles/global.css.
          style={(phone ? {} : { '--width': TOAST_WIDTH }) as CSSProperties}
          closeButton
          richColors
          containerAriaLabel={t('notifications.label')}
          toastOptions={{ closeButtonAriaLabel: t('common.close') }}
        />
      </SWRConfig>
    </RenderErrorBoundary>
  );
}
