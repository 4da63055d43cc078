import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import type { Release } from '../../../../shared/api.js';
import { api } from '../../lib/api.js';
import { RELEASE_CHECK_MS, releaseVerdict } from './release-check.js';

const RELOADED_FOR = 'reloaded_for_version';

function reloadedFor(): string | null {
  try {
    return sessionStorage.getItem(RELOADED_FOR);
  } catch {
    return null;
  }
}

/** Public endpoint: asked without the agent's token, so it works on the sign-in page too. */
const fetchRelease = (path: string) => api.request<{ release: Release }>(path, { auth: false });

/** The new-version banner; a forced release reloads the page at once. */
export function NewVersionNotice() {
  const { t } = useTranslation();
  const { data } = useSWR('/api/releases/app', fetchRelease, {
    refreshInterval: RELEASE_CHECK_MS,
    revalidateOnFocus: false,
    // A failed check is not the agent's business; the next one will tell.
    onError: () => undefined,
  });
  const release = data?.release.app;
  const verdict = releaseVerdict(__APP_VERSION__, release, reloadedFor());

  useEffect(() => {
    if (verdict !== 'reload' || !release) return;
    try {
      sessionStorage.setItem(RELOADED_FOR, release.version);
    } catch {
      // Without the mark a forced release could reload in a loop, so do not reload at all.
      return;
    }
    window.location.reload();
  }, [verdict, release]);

  if (verdict === 'current') return null;
  return (
    <button type="button" className="banner banner--info banner--action" onClick={() => window.location.reload()}>
      {t('release.available')}
    </button>
  );
}
