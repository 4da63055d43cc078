/**
 * Carrying out what request-errors.ts decided (SPEC §8): sign-outs, the offline banner, toasts.
 * SWR's onError and `send()` both come here, so every screen fails the same way.
 */
import { toast } from 'sonner';
import { ApiError } from './request.js';
import { offline } from './connectivity.js';
import { i18n } from './i18n.js';
import { serverRefusalText } from './sendRefusals.js';
import { siteBase } from './site.js';
import { clearLocalData, storeFlash } from './storage.js';

export const INACTIVITY_FLASH = 'session.logged_out_inactivity';

/** Once the console is leaving for sign-in, the failures of requests still in flight are noise. */
let leaving = false;

export function reportFailure(error: unknown): void {
  if (leaving) return;
  const action = error instanceof ApiError ? error.action : ({ kind: 'unexpected' } as const);
  switch (action.kind) {
    case 'aborted':
    case 'expected':
      return;
    case 'offline':
      offline.set(true);
      return;
    case 'session_expired':
      leaving = true;
      clearLocalData();
      window.location.reload();
      return;
    case 'inactive':
      leaving = true;
      storeFlash(INACTIVITY_FLASH);
      clearLocalData();
      window.location.assign(`${siteBase()}sign_in`);
      return;
    case 'toast': {
      // The server's words only for a refusal the console cannot word in the agent's language.
      const text = (error instanceof ApiError ? serverRefusalText(error.body) : null) ?? action.message;
      // Same text, same toast: a retried request does not stack copies.
      toast.error(text, { id: text });
      return;
    }
    case 'unexpected':
      toast.error(i18n.t('errors.generic_title'), {
        id: 'unexpected',
        description: i18n.t('errors.generic_text'),
        duration: Number.POSITIVE_INFINITY,
      });
      return;
  }
}
