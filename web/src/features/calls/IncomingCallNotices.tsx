import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { CALL_EVENTS } from '../../../../shared/calls/events.js';
import { notifyWhenHidden } from '../../lib/notifications.js';
import { formatPhone } from '../../lib/phone.js';
import { isCatchUpEvent, knowEvents, subscribe } from '../../lib/realtime.js';
import { useReadySession } from '../../lib/session.js';
import { NOTHING_RINGING, callChanged, forgetStale, hideCall, notifiesDesktop, type Ringing, type RingingCall } from './incomingCalls.js';

/**
 * While a customer's call rings (issue 25), the agents who look after the customer see who is
 * calling, their number and their open order, with the way into the conversation; the call's own
 * agent also gets a desktop notification while the console is in the background. Mounted once by
 * the shell, on every screen.
 */
export function IncomingCallNotices() {
  const { t } = useTranslation('calls');
  const navigate = useNavigate();
  const { acting } = useReadySession();
  const [ringing, setRinging] = useState<Ringing>(NOTHING_RINGING);
  const latest = useRef({ t, navigate, agentId: acting.id });
  latest.current = { t, navigate, agentId: acting.id };

  useEffect(() => {
    knowEvents(CALL_EVENTS);
    return subscribe('call.changed', (notice) => {
      setRinging((current) => callChanged(current, notice, Date.now()));
      const { t: words, navigate: go, agentId } = latest.current;
      if (isCatchUpEvent() || !notifiesDesktop(notice, agentId)) return;
      const link = notice.link;
      notifyWhenHidden({
        title: words('calls.incoming', { customer: notice.customer.name }),
        body: `${formatPhone(notice.customer.phone)} · ${notice.owner_label ?? words('calls.no_open_order')}`,
        tag: `call-${notice.call.id}`,
        onOpen: () => (link ? go(link) : undefined),
      });
    });
  }, []);

  const anything = ringing.calls.length > 0;
  useEffect(() => {
    if (!anything) return;
    const timer = window.setInterval(() => setRinging((current) => forgetStale(current, Date.now())), 10_000);
    return () => window.clearInterval(timer);
  }, [anything]);

  // The region stays in the page so screen readers announce what arrives in it.
  return (
    <div className="incoming-calls" role="status" aria-label={t('calls.notices_label')} data-testid="incoming-calls">
      {anything ? (
        <ul className="incoming-calls__list">
          {ringing.calls.map((notice) => (
            <IncomingCall key={notice.call.id} notice={notice} onHide={() => setRinging((current) => hideCall(current, notice.call.id))} />
          ))}
        </ul>
      ) : null}
    </div>
  );
}

function IncomingCall({ notice, onHide }: { notice: RingingCall; onHide: () => void }) {
  const { t } = useTranslation('calls');
  const textId = useId();
  return (
    <li className="incoming-call" data-testid="incoming-call" data-call-id={notice.call.id}>
      <div id={textId}>
        <p className="incoming-call__title">{t('calls.incoming', { customer: notice.customer.name })}</p>
        <p className="incoming-call__detail">
          {formatPhone(notice.customer.phone)} · {notice.owner_label ?? t('calls.no_open_order')}
        </p>
      </div>
      <div className="incoming-call__actions">
        {notice.link ? (
          <Link className="button button--small button--primary" to={notice.link} data-testid="incoming-call-open">
            {notice.owner_label ? t('calls.open_order', { order: notice.owner_label }) : t('calls.open_conversation')}
          </Link>
        ) : null}
        <button type="button" className="button button--small" aria-describedby={textId} data-testid="incoming-call-hide" onClick={onHide}>
          {t('calls.hide')}
        </button>
      </div>
    </li>
  );
}
