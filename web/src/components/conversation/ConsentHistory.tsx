import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import type { ConsentEntry } from '../../../../shared/customers.js';
import type { ConversationContext } from './conversationContext.js';
import { consentPath } from './customerRequests.js';
import { formatDateTime } from './times.js';

/** The customer's consent ledger (managers only: the board decides whether to show it). */
export function ConsentHistory({ customerId, context }: { customerId: string; context: ConversationContext }) {
  const { t } = useTranslation();
  const { data, isLoading } = useSWR<{ consent: ConsentEntry[] }>(consentPath(customerId), { revalidateOnFocus: false });
  const entries = data?.consent ?? [];
  return (
    <details className="detail__section detail__collapsible" data-testid="consent-history">
      <summary className="detail__heading">{t('detail.consent')}</summary>
      {isLoading ? <p className="muted">{t('common.loading')}</p> : null}
      {!isLoading && !entries.length ? <p className="muted">{t('detail.no_consent')}</p> : null}
      {entries.length ? (
        <table className="detail__table">
          <thead>
            <tr>
              <th scope="col">{t('detail.consent_when')}</th>
              <th scope="col">{t('detail.consent_change')}</th>
              <th scope="col">{t('detail.consent_who')}</th>
              <th scope="col">{t('detail.consent_wording')}</th>
            </tr>
          </thead>
          <tbody>
            {entries.map((entry) => (
              <tr key={entry.id}>
                <td>{formatDateTime(entry.at, context.locale, context.timeZone)}</td>
                <td>{t('detail.consent_from_to', { from: t(`opt.${entry.previous}`), to: t(`opt.${entry.status}`) })}</td>
                <td>{entry.agent ? `${entry.agent.first_name} ${entry.agent.last_name}` : t(`initiator.${entry.initiator}`)}</td>
                <td>
                  <q>{entry.wording}</q> <span className="muted">({entry.method})</span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </details>
  );
}
