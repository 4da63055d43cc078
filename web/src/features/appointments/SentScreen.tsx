import { useTranslation } from 'react-i18next';
import type { Appointment } from '../../../../shared/appointments/appointments.js';
import { ListNotices } from '../../components/board/BoardParts.js';
import { formatDateTime } from '../../components/conversation/times.js';
import { currentLocale } from '../../lib/i18n.js';
import { fullName } from '../../lib/names.js';
import { formatPhone } from '../../lib/phone.js';
import { useReadySession } from '../../lib/session.js';
import { useStore } from '../../lib/store.js';
import { customerName } from './appointmentList.js';
import { deliveryKey } from './appointmentStatus.js';
import { useAppointmentList } from './useAppointmentList.js';
import { menuLabel, useScreenName } from '../../lib/screenDefinition.js';
import menu from './locales/menu.json';
import './appointments.css';

/**
 * "Appointments sent" (SPEC §2 menu, §3 reminder_message.metadata.sms_status): the reminders that
 * went out, newest first, each with the customer, the appointment and how far the text got. It
 * follows the board's list rules (paging, resyncs); delivery states come from the server's answer.
 */
export function SentScreen() {
  const { t } = useTranslation('appointments');
  const screenTitle = useScreenName(menuLabel(menu, 'appointments_sent'));
  const { location } = useReadySession();
  const locale = useStore(currentLocale);
  const list = useAppointmentList(location.id, 'sent');
  const timeZone = location.timezone;

  return (
    <section className="appointments-sent" aria-labelledby="appointments-sent-title" data-testid="appointments-sent">
      <h1 id="appointments-sent-title" className="board__title">
        {screenTitle}
      </h1>
      <div className="appointments-sent__scroll">
        <table className="appointments-sent__table" aria-busy={list.loading || list.loadingRest}>
          <thead>
            <tr>
              <th scope="col">{t('appointments.column_customer')}</th>
              <th scope="col">{t('appointments.column_phone')}</th>
              <th scope="col">{t('appointments.column_time')}</th>
              <th scope="col">{t('appointments.column_advisor')}</th>
              <th scope="col">{t('appointments.column_reminder_sent')}</th>
              <th scope="col">{t('appointments.column_delivery')}</th>
            </tr>
          </thead>
          <tbody>
            {list.rows.map((row) => (
              <SentRow key={row.id} row={row} locale={locale} timeZone={timeZone} />
            ))}
          </tbody>
        </table>
      </div>
      <ListNotices
        rowCount={list.rows.length}
        loading={list.loading}
        loadingRest={list.loadingRest}
        failed={list.failed}
        failedText={t('appointments.fetch_failed')}
        emptyText={t('appointments.sent_empty')}
        moreText={t('appointments.loading_more')}
        testId="appointments-sent-notice"
      />
    </section>
  );
}

function SentRow({ row, locale, timeZone }: { row: Appointment; locale: ReturnType<typeof currentLocale.get>; timeZone: string }) {
  const { t } = useTranslation('appointments');
  const state = row.reminder_message?.metadata.sms_status ?? null;
  const key = deliveryKey(state);
  return (
    <tr data-testid="sent-row" data-appointment-id={row.id}>
      <th scope="row">{customerName(row) || t('appointments.no_name')}</th>
      <td>{formatPhone(row.customer.phones.cell)}</td>
      <td>{formatDateTime(row.scheduled_at, locale, timeZone)}</td>
      <td>{row.agent ? fullName(row.agent) : t('appointments.no_advisor')}</td>
      {/* Held for quiet hours: not sent yet, so no time in the "sent" column, and when it goes beside it. */}
      <td>{row.reminder_scheduled_for ? '—' : formatDateTime(row.reminder_message?.sent_at ?? null, locale, timeZone)}</td>
      <td>
        <span className={`delivery-state delivery-state--${state ? state.replace(' ', '-') : 'unknown'}`} data-testid="sent-delivery" data-state={state ?? ''}>
          {row.reminder_scheduled_for
            ? t('appointments.reminder_scheduled_for', { time: formatDateTime(row.reminder_scheduled_for, locale, timeZone) })
            : key
              ? t(key)
              : t('appointments.delivery_unknown')}
        </span>
      </td>
    </tr>
  );
}
