import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Appointment } from '../../../../shared/appointments/appointments.js';
import { CallCustomer } from '../../components/calls/CallCustomer.js';
import { Dialog } from '../../components/Dialog.js';
import { DetailItem } from '../../components/conversation/DetailItem.js';
import { DetailSection } from '../../components/conversation/DetailSection.js';
import { formatDateTime } from '../../components/conversation/times.js';
import { fullName } from '../../lib/names.js';
import { vehicleLabel } from './appointmentList.js';
import { appointmentTone } from './appointmentStatus.js';
import type { RowsPlace } from './AppointmentRows.js';
import { appointmentAction, type AppointmentAction } from './requests.js';

/** Actions that cannot be taken back on the board ask first; confirming is everyday work. */
const ASKS_FIRST: readonly AppointmentAction[] = ['cancel', 'archive'];

/**
 * The open appointment: who (the customer's card), when, with whom, which vehicle, the notes, and
 * the board's own marks. Confirmed and cancelled change the board's status only: the panel says
 * that no text goes to the customer (SPEC §4).
 */
export function AppointmentDetail({
  id,
  appointment,
  place,
  customerCard,
  onAppointment,
  onArchived,
}: {
  id?: string;
  appointment: Appointment;
  place: RowsPlace;
  /** The shared customer card (consent, block, phones), composed by the board. */
  customerCard: ReactNode;
  onAppointment: (appointment: Appointment) => void;
  onArchived: (id: string) => void;
}) {
  const { t } = useTranslation('appointments');
  const [busy, setBusy] = useState<AppointmentAction | null>(null);
  const [asking, setAsking] = useState<AppointmentAction | null>(null);
  const askTitle = useId();
  const tone = appointmentTone(appointment);

  function run(action: AppointmentAction) {
    setAsking(null);
    setBusy(action);
    appointmentAction(appointment.id, action)
      .then((updated) => (action === 'archive' ? onArchived(updated.id) : onAppointment(updated)))
      // The failure was shown the standard way; the panel keeps what the server last said.
      .catch(() => undefined)
      .finally(() => setBusy(null));
  }

  const act = (action: AppointmentAction) => (ASKS_FIRST.includes(action) ? setAsking(action) : run(action));
  const vehicle = vehicleLabel(appointment);

  return (
    <aside id={id} className="board__details appointment-detail" aria-label={t('appointments.detail_label')} data-testid="appointment-detail">
      <DetailSection title={t('appointments.detail_appointment')}>
        <dl className="detail__list">
          <DetailItem label={t('appointments.column_state')}>
            <span className={`appointment-state appointment-state--${tone.colour}`} data-testid="appointment-detail-state">
              {tone.label ? (
                <>
                  <span aria-hidden="true">{tone.mark}</span> {t(tone.label)}
                </>
              ) : (
                t('appointments.state_open')
              )}
            </span>
          </DetailItem>
          <DetailItem label={t('appointments.column_time')}>
            <span data-testid="appointment-time">{formatDateTime(appointment.scheduled_at, place.locale, place.timeZone)}</span>
          </DetailItem>
          <DetailItem label={t('appointments.column_advisor')}>{appointment.agent ? fullName(appointment.agent) : t('appointments.no_advisor')}</DetailItem>
          <DetailItem label={t('appointments.column_vehicle')}>{vehicle || t('appointments.no_vehicle')}</DetailItem>
          <DetailItem label={t('appointments.notes')}>
            <span className="preserve-lines">{appointment.notes || t('appointments.no_notes')}</span>
          </DetailItem>
        </dl>
      </DetailSection>
      <DetailSection title={t('detail.actions')}>
        <div className="detail__actions">
          <CallCustomer customerId={appointment.customer.id} board="appointments" owner={{ kind: 'appointment', id: appointment.id }} />
          <button
            type="button"
            className="button button--small"
            disabled={busy !== null || appointment.confirmed || appointment.cancelled}
            data-testid="appointment-confirm"
            onClick={() => act('confirm')}
          >
            {t('appointments.mark_confirmed')}
          </button>
          <button
            type="button"
            className="button button--small"
            disabled={busy !== null || appointment.cancelled}
            data-testid="appointment-cancel"
            onClick={() => act('cancel')}
          >
            {t('appointments.mark_cancelled')}
          </button>
          <button type="button" className="button button--small" disabled={busy !== null} data-testid="appointment-archive" onClick={() => act('archive')}>
            {t('appointments.archive')}
          </button>
        </div>
        <p className="appointment-detail__hint">{t('appointments.status_only')}</p>
      </DetailSection>
      {customerCard}
      <Dialog open={asking !== null} onClose={() => setAsking(null)} labelledBy={askTitle}>
        <h2 className="dialog__title" id={askTitle}>
          {asking === 'archive' ? t('appointments.archive_title') : t('appointments.cancel_title')}
        </h2>
        <p>{asking === 'archive' ? t('appointments.archive_text') : t('appointments.cancel_text')}</p>
        <div className="dialog__actions">
          <button type="button" className="button" onClick={() => setAsking(null)}>
            {t('appointments.keep')}
          </button>
          <button type="button" className="button button--primary" data-testid="appointment-ask-confirm" onClick={() => asking && run(asking)}>
            {asking === 'archive' ? t('appointments.archive') : t('appointments.mark_cancelled')}
          </button>
        </div>
      </Dialog>
    </aside>
  );
}
