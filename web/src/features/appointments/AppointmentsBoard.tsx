import { useCallback, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { mutate } from 'swr';
import type { Appointment } from '../../../../shared/appointments/appointments.js';
import { appointmentConversation, appointmentPaths } from '../../../../shared/appointments/routes.js';
import type { Customer } from '../../../../shared/customers.js';
import { PHONE_WINDOW } from '../../app/layout/widths.js';
import { BoardScreen } from '../../components/board/BoardScreen.js';
import { useBoardReadMarks } from '../../components/board/useBoardReadMarks.js';
import { useBoardContext } from '../../components/board/useBoardContext.js';
import { useOpenRecord } from '../../components/board/useOpenRecord.js';
import type { ConversationContext } from '../../components/conversation/conversationContext.js';
import { ConsentHistory } from '../../components/conversation/ConsentHistory.js';
import { CustomerActions } from '../../components/conversation/CustomerActions.js';
import { CustomerCard } from '../../components/conversation/CustomerCard.js';
import { markRead } from '../../components/conversation/conversationRequests.js';
import { formatDateTime } from '../../components/conversation/times.js';
import { currentLocale } from '../../lib/i18n.js';
import { useMediaQuery } from '../../lib/media.js';
import { useSearchParam } from '../../lib/searchParam.js';
import { useReadySession } from '../../lib/session.js';
import { useStore } from '../../lib/store.js';
import { customerName, mayAutoMarkRead, unreadCount, vehicleLabel } from './appointmentList.js';
import { AppointmentDetail } from './AppointmentDetail.js';
import { AppointmentRows, type RowsPlace } from './AppointmentRows.js';
import { NewAppointmentDialog } from './NewAppointmentDialog.js';
import { fetchAppointment } from './requests.js';
import { appointmentSelection } from './selection.js';
import { useAppointmentList } from './useAppointmentList.js';
import { useAppointmentLive } from './useAppointmentLive.js';
import { useMassSelection } from '../../components/massText/useMassSelection.js';
import { menuLabel, useScreenName } from '../../lib/screenDefinition.js';
import menu from './locales/menu.json';
import './appointments.css';

/**
 * The appointments board at /app/appointments (SPEC §2, issue 11): today's and upcoming
 * appointments of the store in time order, the open one's conversation and details beside them,
 * booking, and one text to many. The open appointment lives in the address (?appointment=).
 * On a phone one thing shows at a time: the list, or the open appointment with a way back.
 */
export function AppointmentsBoard() {
  const { t } = useTranslation('appointments');
  const boardName = useScreenName(menuLabel(menu, 'appointments'));
  const { location } = useReadySession();
  const locale = useStore(currentLocale);
  const [selectedId, select] = useSearchParam('appointment');
  const phone = useMediaQuery(PHONE_WINDOW);
  const [booking, setBooking] = useState(false);

  const place = useMemo<RowsPlace>(() => ({ locale, timeZone: location.timezone }), [locale, location.timezone]);
  const context = useBoardContext();
  const list = useAppointmentList(location.id, 'inbox');
  // Picked rows that leave the list (archived here or elsewhere) leave the pick too.
  const mass = useMassSelection(appointmentSelection, list.rows, list.total);

  // One that is not on the list (a link, a notice) is fetched on its own.
  const opened = useOpenRecord(
    selectedId,
    list.rows,
    (id) => appointmentPaths.appointment(location.id, id),
    (id) => fetchAppointment(location.id, id),
  );
  const selected = opened.open;

  const listRef = useRef(list);
  listRef.current = list;
  const selectedRef = useRef(selected);
  selectedRef.current = selected;

  const keepSingle = useCallback(
    (appointment: Appointment) => void mutate(appointmentPaths.appointment(location.id, appointment.id), appointment, { revalidate: false }),
    [location.id],
  );
  const applyAppointment = useCallback(
    (appointment: Appointment) => {
      listRef.current.apply({ type: 'replace', appointment });
      keepSingle(appointment);
    },
    [keepSingle],
  );
  const applyCustomer = useCallback(
    (customer: Customer) => {
      listRef.current.apply({ type: 'customer', customer });
      const open = selectedRef.current;
      if (open && open.customer.id === customer.id) keepSingle({ ...open, customer });
    },
    [keepSingle],
  );

  // Opening an appointment marks it read 750 ms later (SPEC §4, §9), once it has loaded.
  const marking = useBoardReadMarks(
    {
      show(id, unread) {
        listRef.current.apply({ type: 'read', id, unread });
        void mutate<Appointment>(appointmentPaths.appointment(location.id, id), (a) => (a ? { ...a, is_unread: unread } : a), { revalidate: false });
      },
      send(id, unread) {
        markRead<{ appointment: Appointment }>(appointmentConversation(id), unread)
          .then((b) => applyAppointment(b.appointment))
          // The flag shown may now be wrong: ask the server what it is.
          .catch(() => fetchAppointment(location.id, id).then(applyAppointment, () => undefined));
      },
    },
    { id: selectedId, record: selected },
    mayAutoMarkRead,
  );

  useAppointmentLive({
    list,
    locationId: location.id,
    timeZone: location.timezone,
    openId: selectedId,
    onReadingArrival: (id) => marking.reading(id),
    onOpen: select,
    onFetched: (appointment) => {
      if (appointment.id === selectedRef.current?.id) void mutate(appointmentPaths.appointment(location.id, appointment.id));
    },
  });

  const details = selected ? (
    <AppointmentDetail
      id="appointment-detail"
      appointment={selected}
      place={place}
      onAppointment={applyAppointment}
      onArchived={(id) => {
        listRef.current.apply({ type: 'archive', id });
        select(null);
      }}
      customerCard={<CustomerPart appointment={selected} context={context} onCustomer={applyCustomer} />}
    />
  ) : null;

  return (
    <BoardScreen
      kind="appointments"
      title={boardName}
      unread={unreadCount(list.rows)}
      phone={phone}
      openId={selectedId}
      opened={opened}
      onClose={() => select(null)}
      tools={
        <button type="button" className="button button--primary button--small" data-testid="new-appointment" onClick={() => setBooking(true)}>
          {t('appointments.new')}
        </button>
      }
      rows={list.rows}
      mass={mass}
      place={place}
      list={(back) => (
        <AppointmentRows
          rows={list.rows}
          loading={list.loading}
          loadingRest={list.loadingRest}
          failed={list.failed}
          selectedId={selectedId}
          picked={mass.picked}
          place={place}
          onOpen={select}
          onToggle={mass.toggle}
          focusId={back.id}
          onFocused={back.done}
        />
      )}
      conversation={
        selected && {
          owner: appointmentConversation(selected.id),
          subject: { customer: selected.customer, closed: false, ownerRefusal: null },
          title: customerName(selected) || t('appointments.no_name'),
          subtitle: [formatDateTime(selected.scheduled_at, place.locale, place.timeZone), vehicleLabel(selected)].filter(Boolean).join(' · '),
          unread: selected.is_unread,
          onToggleUnread: (value) => marking.choose(selected.id, value),
        }
      }
      context={context}
      details={details}
    >
      <NewAppointmentDialog
        open={booking}
        store={{ locationId: location.id, timeZone: location.timezone }}
        onClose={() => setBooking(false)}
        onBooked={(appointment) => {
          setBooking(false);
          listRef.current.apply({ type: 'add', appointment });
          keepSingle(appointment);
          select(appointment.id);
        }}
      />
    </BoardScreen>
  );
}

/** The shared customer card with its consent and block actions; managers also see the consent ledger. */
function CustomerPart({ appointment, context, onCustomer }: { appointment: Appointment; context: ConversationContext; onCustomer: (c: Customer) => void }): ReactNode {
  const name = customerName(appointment);
  return (
    <>
      <CustomerCard customer={appointment.customer} name={name} context={context} />
      <div className="detail__actions">
        <CustomerActions customer={appointment.customer} name={name} disabled={false} onCustomer={onCustomer} />
      </div>
      {context.manager ? <ConsentHistory customerId={appointment.customer.id} context={context} /> : null}
    </>
  );
}
