import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { mutate } from 'swr';
import type { Appointment } from '../../../../shared/appointments/appointments.js';
import { appointmentConversation, appointmentPaths } from '../../../../shared/appointments/routes.js';
import type { Customer } from '../../../../shared/customers.js';
import { PHONE_WINDOW } from '../../app/layout/widths.js';
import { BackToList, BoardTitle, DetailsButton } from '../../components/board/BoardParts.js';
import { useBoardContext } from '../../components/board/useBoardContext.js';
import { useOpenRecord } from '../../components/board/useOpenRecord.js';
import { DetailSheet } from '../../components/DetailSheet.js';
import { ConversationPane } from '../../components/board/ConversationPane.js';
import type { ConversationContext } from '../../components/conversation/conversationContext.js';
import { ConsentHistory } from '../../components/conversation/ConsentHistory.js';
import { CustomerActions } from '../../components/conversation/CustomerActions.js';
import { CustomerCard } from '../../components/conversation/CustomerCard.js';
import { markRead } from '../../components/conversation/conversationRequests.js';
import { formatDateTime } from '../../components/conversation/times.js';
import { currentLocale } from '../../lib/i18n.js';
import { useMediaQuery } from '../../lib/media.js';
import { askDesktopPermission, useDesktopPermission } from '../../lib/notifications.js';
import { realtimeStatus } from '../../lib/realtime.js';
import { useSearchParam } from '../../lib/searchParam.js';
import { useReadySession } from '../../lib/session.js';
import { useStore } from '../../lib/store.js';
import { useToastClearance } from '../../lib/toastPlacement.js';
import { customerName, mayAutoMarkRead, unreadCount, vehicleLabel } from './appointmentList.js';
import { AppointmentDetail } from './AppointmentDetail.js';
import { AppointmentRows, type RowsPlace } from './AppointmentRows.js';
import { NewAppointmentDialog } from './NewAppointmentDialog.js';
import { createReadMarking } from '../../components/board/readMarking.js';
import { fetchAppointment } from './requests.js';
import { appointmentSelection } from './selection.js';
import { useAppointmentList } from './useAppointmentList.js';
import { useAppointmentLive } from './useAppointmentLive.js';
import { MassTextDialog } from '../../components/massText/MassTextDialog.js';
import { SelectionBar } from '../../components/massText/SelectionBar.js';
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
  const [detailSheet, setDetailSheet] = useState(false);
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

  // The read marks reach the latest list and cache through refs: their timers outlive renders.
  const readSide = useRef({ locationId: location.id, applyAppointment });
  readSide.current = { locationId: location.id, applyAppointment };
  const marking = useMemo(
    () =>
      createReadMarking({
        show(id, unread) {
          listRef.current.apply({ type: 'read', id, unread });
          void mutate<Appointment>(appointmentPaths.appointment(readSide.current.locationId, id), (a) => (a ? { ...a, is_unread: unread } : a), { revalidate: false });
        },
        send(id, unread) {
          const { locationId, applyAppointment: apply } = readSide.current;
          markRead<{ appointment: Appointment }>(appointmentConversation(id), unread)
            .then((b) => apply(b.appointment))
            // The flag shown may now be wrong: ask the server what it is.
            .catch(() => fetchAppointment(locationId, id).then(apply, () => undefined));
        },
      }),
    [],
  );
  useEffect(() => () => marking.dispose(), [marking]);

  // Opening an appointment marks it read 750 ms later (SPEC §4, §9), once it has loaded; only the
  // opening does: an agent who marks the open one unread keeps it so.
  const openLoaded = selected !== null && selected.id === selectedId;
  useEffect(() => {
    const open = selectedRef.current;
    if (!openLoaded || !open || !mayAutoMarkRead(open)) return;
    marking.reading(open.id);
    return () => marking.leave();
  }, [openLoaded, selectedId, marking]);

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

  // Back on the list, the keyboard lands on the appointment it came from (the row takes it).
  const [returnFocus, setReturnFocus] = useState<string | null>(null);
  const backToList = () => {
    setReturnFocus(selectedId);
    setDetailSheet(false);
    select(null);
  };

  const reading = phone && selectedId !== null;
  const section = useRef<HTMLElement>(null);
  useToastClearance(() => section.current?.querySelector<HTMLElement>('.conversation__messages') ?? null, reading && selected !== null, selected?.id ?? '');

  const unread = unreadCount(list.rows);
  // Whether events reach the board right now (tests wait for it; the shell shows it offline).
  const live = useStore(realtimeStatus);

  const backButton = phone ? <BackToList label={t('appointments.back_to_list')} onBack={backToList} /> : null;
  const detailsButton = phone && selected ? <DetailsButton label={t('appointments.details')} sheetOpen={detailSheet} onOpen={() => setDetailSheet(true)} /> : null;
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

  const boardClass = ['board', 'appointments-board', phone ? 'appointments-board--phone' : '', reading ? 'appointments-board--reading' : ''].filter(Boolean).join(' ');
  return (
    <section ref={section} className={boardClass} aria-labelledby="appointments-title" data-testid="appointments-board" data-live={live}>
      <header className="board__header">
        <BoardTitle id="appointments-title" title={boardName} unread={unread} unreadLabel={t('appointments.unread', { count: unread })} />
        {reading ? null : (
          // On a phone the open conversation takes the room; booking and notices wait on the list.
          <div className="board__tools">
            <DesktopNotices />
            <button type="button" className="button button--primary button--small" data-testid="new-appointment" onClick={() => setBooking(true)}>
              {t('appointments.new')}
            </button>
          </div>
        )}
      </header>
      {reading ? null : (
        <SelectionBar
          mass={mass}
          shown={list.rows}
          words={{
            label: t('appointments.selection_label'),
            pickShown: t('appointments.pick_page'),
            pickAll: t('appointments.pick_all', { count: mass.listed }),
            picked: t('appointments.picked', { count: mass.count.picked }),
            open: t('appointments.mass_open'),
          }}
        />
      )}
      <div className={`board__panes${selected && !phone ? '' : ' board__panes--no-detail'}`}>
        {reading ? null : (
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
            focusId={returnFocus}
            onFocused={() => setReturnFocus(null)}
          />
        )}
        <ConversationPane
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
          leading={backButton}
          trailing={detailsButton}
          hint={phone && !selectedId ? null : opened.missing ? t('appointments.not_found') : opened.loading ? t('common.loading') : t('appointments.pick_one_hint')}
        />
        {phone ? null : details}
      </div>
      {phone && selected ? (
        <DetailSheet open={detailSheet} title={t('appointments.detail_label')} onClose={() => setDetailSheet(false)}>
          {details}
        </DetailSheet>
      ) : null}
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
      <MassTextDialog mass={mass} locationId={location.id} place={place} recipients={t('appointments.mass_recipients', { count: mass.count.picked })} />
    </section>
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

/**
 * Desktop notices for replies need the browser's permission, which only a click may ask for; once
 * given (or refused) there is nothing to offer here.
 */
function DesktopNotices() {
  const { t } = useTranslation('appointments');
  const permission = useDesktopPermission();
  if (permission !== 'default') return null;
  return (
    <button type="button" className="button button--small button--quiet" data-testid="notices-enable" onClick={() => void askDesktopPermission()}>
      {t('appointments.notices_enable')}
    </button>
  );
}
