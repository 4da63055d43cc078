import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { Appointment } from '../../../../shared/appointments/appointments.js';
import type { Locale } from '../../../../shared/locales.js';
import { ListNotices } from '../../components/board/BoardParts.js';
import { formatDateTime } from '../../components/conversation/times.js';
import { fullName } from '../../lib/names.js';
import { customerName, isOptedOut, vehicleLabel } from './appointmentList.js';
import { appointmentTone } from './appointmentStatus.js';

export interface RowsPlace {
  locale: Locale;
  timeZone: string;
}

/**
 * The board's appointments in time order. Each row is a box to pick it for a text and a button that
 * opens it, so the keyboard reaches both with Tab and no row needs a hand-made focus order. The
 * state shows as colour, a mark and a word (SPEC §4; never colour alone); unread ones are bold
 * with a dot and say so to a screen reader.
 */
export function AppointmentRows({
  rows,
  loading,
  loadingRest,
  failed,
  selectedId,
  picked,
  place,
  onOpen,
  onToggle,
  focusId,
  onFocused,
}: {
  rows: Appointment[];
  loading: boolean;
  loadingRest: boolean;
  failed: boolean;
  selectedId: string | null;
  /** Whether a row is picked for a mass text. */
  picked: (id: string) => boolean;
  place: RowsPlace;
  onOpen: (id: string) => void;
  onToggle: (id: string) => void;
  /** The row the keyboard goes back to (the one just left on a phone); `onFocused` once it has it. */
  focusId: string | null;
  onFocused: () => void;
}) {
  const { t } = useTranslation('appointments');
  return (
    <div className="board__list appointment-list" aria-busy={loading || loadingRest}>
      <div className="appointment-list__head" aria-hidden="true">
        <span />
        <span>{t('appointments.column_customer')}</span>
        <span>{t('appointments.column_time')}</span>
        <span>{t('appointments.column_advisor')}</span>
        <span>{t('appointments.column_vehicle')}</span>
        <span>{t('appointments.column_state')}</span>
      </div>
      <ul className="appointment-list__rows" aria-label={t('appointments.list_label')}>
        {rows.map((row) => (
          <AppointmentRow
            key={row.id}
            row={row}
            open={row.id === selectedId}
            picked={picked(row.id)}
            place={place}
            onOpen={onOpen}
            onToggle={onToggle}
            focus={row.id === focusId}
            onFocused={onFocused}
          />
        ))}
      </ul>
      <ListNotices
        rowCount={rows.length}
        loading={loading}
        loadingRest={loadingRest}
        failed={failed}
        failedText={t('appointments.fetch_failed')}
        emptyText={t('appointments.empty')}
        moreText={t('appointments.loading_more')}
        testId="appointments-notice"
      />
    </div>
  );
}

function AppointmentRow({
  row,
  open,
  picked,
  place,
  onOpen,
  onToggle,
  focus,
  onFocused,
}: {
  row: Appointment;
  open: boolean;
  picked: boolean;
  place: RowsPlace;
  onOpen: (id: string) => void;
  onToggle: (id: string) => void;
  focus: boolean;
  onFocused: () => void;
}) {
  const { t } = useTranslation('appointments');
  const opener = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!focus) return;
    opener.current?.focus();
    onFocused();
  }, [focus, onFocused]);
  const tone = appointmentTone(row);
  const name = customerName(row) || t('appointments.no_name');
  const time = formatDateTime(row.scheduled_at, place.locale, place.timeZone);
  const advisor = row.agent ? fullName(row.agent) : t('appointments.no_advisor');
  const vehicle = vehicleLabel(row);
  const classes = ['appointment-row', `appointment-row--${tone.colour}`, open ? 'appointment-row--open' : '', row.is_unread ? 'appointment-row--unread' : '']
    .filter(Boolean)
    .join(' ');
  return (
    <li className={classes} data-testid="appointment-row" data-appointment-id={row.id} data-colour={tone.colour} data-unread={row.is_unread}>
      <input
        type="checkbox"
        className="appointment-row__pick"
        checked={picked}
        aria-label={t('mass_text.pick_row', { name })}
        data-testid="appointment-pick"
        onChange={() => onToggle(row.id)}
      />
      <button ref={opener} type="button" className="appointment-row__open" aria-current={open ? 'true' : undefined} data-testid="appointment-open" onClick={() => onOpen(row.id)}>
        <span className="appointment-row__customer" title={name}>
          {row.is_unread ? (
            <>
              <span className="appointment-row__dot" aria-hidden="true" />
              <span className="visually-hidden">{t('appointments.row_unread')}</span>
            </>
          ) : null}
          <span className="appointment-row__name">{name}</span>
          {isOptedOut(row) ? <span className="appointment-tag">{t('markers.opted_out')}</span> : null}
          {row.customer.blocked_at ? <span className="appointment-tag">{t('markers.blocked')}</span> : null}
        </span>
        <span className="appointment-row__time" title={time}>
          {time}
        </span>
        <span className="appointment-row__advisor" title={advisor}>
          {advisor}
        </span>
        <span className="appointment-row__vehicle" title={vehicle}>
          {vehicle}
        </span>
        <span className="appointment-row__state" data-testid="appointment-state">
          {tone.label ? (
            <>
              <span aria-hidden="true">{tone.mark}</span> {t(tone.label)}
            </>
          ) : null}
        </span>
      </button>
    </li>
  );
}
