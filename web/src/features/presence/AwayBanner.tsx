import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isAway, repliesWhileAway, routesWhileAway } from '../../../../shared/presence.js';
import { choosePresence, usePresence } from './presenceRequests.js';
import './presence.css';

/**
 * While the agent is away, every screen says so under the header, with what their absence does and
 * a one-click "I'm back" (which ends the absence: the auto-reply stops, routed texts come home).
 */
export function AwayBanner() {
  return (
    <Suspense fallback={null}>
      <AwayStrip />
    </Suspense>
  );
}

function AwayStrip() {
  const { t } = useTranslation('presence');
  const answer = usePresence();
  const [busy, setBusy] = useState(false);
  if (!answer || !isAway(answer.presence.mode)) return null;
  const { mode, routed_to: routedTo } = answer.presence;
  const parts = [t('banner.away')];
  if (repliesWhileAway(mode)) parts.push(t('banner.auto_reply'));
  if (routesWhileAway(mode) && routedTo) parts.push(t('banner.routing', { name: `${routedTo.first_name} ${routedTo.last_name}`.trim() }));
  return (
    <div className="away-banner" role="status" data-testid="away-banner">
      <span className="away-banner__dot" aria-hidden="true" />
      <span className="away-banner__text">{parts.join(' ')}</span>
      <button
        type="button"
        className="button button--small away-banner__back"
        disabled={busy}
        data-testid="presence-back"
        onClick={() => {
          setBusy(true);
          choosePresence({ mode: 'online' })
            .catch(() => undefined)
            .finally(() => setBusy(false));
        }}
      >
        {t('back')}
      </button>
    </div>
  );
}
