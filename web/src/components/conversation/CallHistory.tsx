import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import { CALL_EVENTS } from '../../../../shared/calls/events.js';
import type { Call } from '../../../../shared/customers.js';
import { knowEvents, subscribe } from '../../lib/realtime.js';
import type { ConversationContext } from './conversationContext.js';
import { callsPath } from './customerRequests.js';
import { formatDateTime, formatDuration } from './times.js';

/**
 * The customer's latest calls on a board (functions/boards.ts name; the service board's unless
 * named), folded away until asked for; `flag` follows the heading (the board's missed-call marker).
 * A call through the console's own numbers also says how long it lasted and whether a voicemail was left.
 */
export function CallHistory({ customerId, context, flag, board }: { customerId: string; context: ConversationContext; flag?: ReactNode; board?: string }) {
  const { t } = useTranslation();
  const { data, isLoading, mutate } = useSWR<{ calls: Call[] }>(callsPath(customerId, board), { revalidateOnFocus: false });
  const boardName = board ?? 'service';
  // A call of this customer's on this board rang, was answered or ended (issue 25): the list reads it again.
  useEffect(() => {
    knowEvents(CALL_EVENTS);
    return subscribe('call.changed', (notice) => {
      if (notice.customer.id === customerId && notice.call.board === boardName) void mutate();
    });
  }, [customerId, boardName, mutate]);
  const calls = data?.calls ?? [];
  return (
    <details className="detail__section detail__collapsible" data-testid="call-history">
      <summary className="detail__heading">
        {t('detail.calls')}
        {flag}
      </summary>
      {isLoading ? <p className="muted">{t('common.loading')}</p> : null}
      {!isLoading && !calls.length ? <p className="muted">{t('detail.no_calls')}</p> : null}
      {calls.length ? (
        <ul className="detail__calls">
          {calls.map((call) => (
            <li key={call.id}>
              <span>{t(`call.${call.direction}`)}</span>
              <span>{call.dial_status ? t(`call.dial_${call.dial_status.replace('-', '_')}`) : t(`call.status_${call.status.replace('-', '_')}`)}</span>
              {/* The console's own calls know their length; the DMS's calls do not say. */}
              {typeof call.duration_seconds === 'number' ? <span data-testid="call-duration">{t('call.duration', { duration: formatDuration(call.duration_seconds) })}</span> : null}
              {call.voicemail ? (
                <span className="marker marker--warning" data-testid="call-voicemail">
                  {t('call.voicemail')}
                </span>
              ) : null}
              <time dateTime={call.created_at} className="muted">
                {formatDateTime(call.created_at, context.locale, context.timeZone)}
              </time>
            </li>
          ))}
        </ul>
      ) : null}
    </details>
  );
}
