import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { SheetListEntry } from '../../../../shared/inspections/inspections.js';
import type { Locale } from '../../../../shared/locales.js';
import { agentName, customerLabel, formatAge, formatMoment, vehicleLabel } from './labels.js';
import { scheduledToCustomerAt, sentToCustomerAt } from '../../lib/sheetToCustomer.js';
import type { QueueView } from './requests.js';
import type { SheetQueueList } from './useSheetQueue.js';

/** The browser tests find rows by these (one per list). */
const ROW_TEST_IDS: Record<QueueView, string> = {
  pool: 'mpi-pool-row',
  mine: 'mpi-inbox-row',
  manager: 'mpi-manager-row',
  to_advisor: 'mpi-ro-inbox-row',
};

/** Since when an entry has been waiting where it is: in the pool since it last changed, held since the claim, with the advisors since the technician finished. */
function waitingSince(entry: SheetListEntry, queue: QueueView): string | null {
  switch (queue) {
    case 'pool':
      return entry.updated_at;
    case 'mine':
    case 'manager':
      return entry.claimed_at ?? entry.updated_at;
    case 'to_advisor':
      return entry.completed_by_technician_at ?? entry.updated_at;
  }
}

/** Ages move on while the list is open: repaint every minute. */
function useMinuteClock(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

export function SheetQueueTable({
  queue,
  list,
  locale,
  timeZone,
  label,
  onClaim,
}: {
  queue: QueueView;
  list: SheetQueueList;
  locale: Locale;
  timeZone: string;
  label: string;
  /** Pool only: open the claim modal for this entry. */
  onClaim?: (entry: SheetListEntry) => void;
}) {
  const { t } = useTranslation('inspections');
  const now = useMinuteClock();
  const { entries } = list;

  let notice: string | null = null;
  if (list.loading && !entries.length) notice = t('common.loading');
  else if (list.failed && !entries.length) notice = t('mpi.list_failed');
  else if (!entries.length) notice = t(`mpi.empty_${queue}`);

  const showsHolder = queue === 'manager';
  const showsTechnician = queue === 'to_advisor';
  return (
    <div className="mpi-queue">
      <table className="mpi-table" aria-label={label} aria-busy={list.loading || list.loadingRest}>
        <thead>
          <tr>
            <th scope="col">{t('mpi.ro_number')}</th>
            <th scope="col">{t('mpi.customer')}</th>
            <th scope="col">{t('mpi.vehicle')}</th>
            <th scope="col">{t('mpi.promise_time')}</th>
            {showsHolder ? <th scope="col">{t('mpi.holder')}</th> : null}
            {showsTechnician ? <th scope="col">{t('mpi.technician')}</th> : null}
            {queue !== 'pool' ? <th scope="col">{t('mpi.state')}</th> : null}
            <th scope="col">{t('mpi.age')}</th>
            <th scope="col">
              <span className="visually-hidden">{t('mpi.actions')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {entries.map((entry) => {
            const order = entry.repair_order;
            const since = waitingSince(entry, queue);
            return (
              <tr key={order.id} className="mpi-table__row" data-testid={ROW_TEST_IDS[queue]} data-ro-id={order.id} data-state={entry.state}>
                <td data-label={t('mpi.ro_number')}>
                  <Link to={`/mpi/repair_orders/${encodeURIComponent(order.id)}`} className="mpi-table__ro">
                    {order.ro_id}
                  </Link>
                </td>
                <td data-label={t('mpi.customer')}>
                  {customerLabel(order) || <span className="muted">—</span>}
                  {order.custom.customer_waiting ? (
                    <span className="mpi-chip mpi-chip--waiting" data-testid="mpi-waiting">
                      {t('mpi.customer_waiting')}
                    </span>
                  ) : null}
                </td>
                <td data-label={t('mpi.vehicle')}>{vehicleLabel(order.vehicle) || <span className="muted">—</span>}</td>
                <td data-label={t('mpi.promise_time')}>
                  {order.promise_time ? <time dateTime={order.promise_time}>{formatMoment(order.promise_time, locale, timeZone)}</time> : <span className="muted">—</span>}
                </td>
                {showsHolder ? (
                  <td data-label={t('mpi.holder')} data-testid="mpi-holder">
                    {agentName(entry.holder) || <span className="muted">—</span>}
                    {entry.holder ? <span className="muted"> · {t(`mpi.role_${entry.holder.role}`)}</span> : null}
                  </td>
                ) : null}
                {showsTechnician ? <td data-label={t('mpi.technician')}>{agentName(entry.technician) || <span className="muted">—</span>}</td> : null}
                {queue !== 'pool' ? (
                  <td data-label={t('mpi.state')}>
                    {sentToCustomerAt(entry) ? (
                      <span className="mpi-state mpi-state--sent">{t('mpi_advisor.sent_to_customer')}</span>
                    ) : scheduledToCustomerAt(entry) ? (
                      <span className="mpi-state mpi-state--scheduled">
                        {t('mpi_advisor.scheduled_for', { time: formatMoment(entry.customer_text_scheduled_for!, locale, timeZone) })}
                      </span>
                    ) : (
                      <span className={`mpi-state mpi-state--${entry.state}`}>{t(`mpi_status.state_${entry.state}`)}</span>
                    )}
                  </td>
                ) : null}
                <td data-label={t('mpi.age')}>{since ? <time dateTime={since}>{formatAge(since, locale, now)}</time> : null}</td>
                <td className="mpi-table__actions">
                  {onClaim ? (
                    <button type="button" className="button button--primary mpi-touch" data-testid="mpi-claim" onClick={() => onClaim(entry)}>
                      {t('mpi.claim')}
                    </button>
                  ) : (
                    <Link className="button mpi-touch" to={`/mpi/repair_orders/${encodeURIComponent(order.id)}`} data-testid="mpi-open">
                      {t('mpi.open')}
                    </Link>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {notice ? (
        <p className="mpi-queue__notice" role="status" data-testid="mpi-list-notice">
          {notice}
        </p>
      ) : null}
      {list.loadingRest && entries.length ? (
        <p className="mpi-queue__notice" role="status">
          {t('mpi.loading_more')}
        </p>
      ) : null}
    </div>
  );
}
