import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import type { Call } from '../../../../shared/customers.js';
import type { ConversationContext } from './conversationContext.js';
import { callsPath } from './customerRequests.js';
import { formatDateTime } from './times.js';

/**
 * The customer's latest calls on a board (functions/boards.ts name; the service board's unless
 * named), folded away until asked for; `flag` follows the heading (the board's missed-call marker).
 */
export function CallHistory({ customerId, context, flag, board }: { customerId: string; context: ConversationContext; flag?: ReactNode; board?: string }) {
  const { t } = useTranslation();
  const { data, isLoading } = useSWR<{ calls: Call[] }>(callsPath(customerId, board), { revalidateOnFocus: false });
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
