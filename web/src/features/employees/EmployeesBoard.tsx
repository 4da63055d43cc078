import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { mutate } from 'swr';
import type { Customer } from '../../../../shared/customers.js';
import type { Employee } from '../../../../shared/employees/employees.js';
import { employeeConversation, employeePaths } from '../../../../shared/employees/routes.js';
import { PHONE_WINDOW } from '../../app/layout/widths.js';
import { BackToList, BoardTitle, DetailsButton } from '../../components/board/BoardParts.js';
import { ConversationPane } from '../../components/board/ConversationPane.js';
import { createReadMarking } from '../../components/board/readMarking.js';
import { useBoardContext } from '../../components/board/useBoardContext.js';
import { useOpenRecord } from '../../components/board/useOpenRecord.js';
import { markRead } from '../../components/conversation/conversationRequests.js';
import { DetailSheet } from '../../components/DetailSheet.js';
import { MassTextDialog } from '../../components/massText/MassTextDialog.js';
import { SelectionBar, type SelectionBarWords } from '../../components/massText/SelectionBar.js';
import { useMassSelection } from '../../components/massText/useMassSelection.js';
import { currentLocale } from '../../lib/i18n.js';
import { useMediaQuery } from '../../lib/media.js';
import { formatPhone } from '../../lib/phone.js';
import { realtimeStatus } from '../../lib/realtime.js';
import { menuLabel, useScreenName } from '../../lib/screenDefinition.js';
import { useSearchParam } from '../../lib/searchParam.js';
import { useReadySession } from '../../lib/session.js';
import { useStore } from '../../lib/store.js';
import { useToastClearance } from '../../lib/toastPlacement.js';
import { EmployeeDetail } from './EmployeeDetail.js';
import { EmployeeDialog, type EmployeeEditing } from './EmployeeDialog.js';
import { employeeName, unreadCount } from './employeeList.js';
import { EmployeeRows } from './EmployeeRows.js';
import { fetchEmployee } from './requests.js';
import { employeeSelection } from './selection.js';
import { useEmployeeList } from './useEmployeeList.js';
import { useEmployeeLive } from './useEmployeeLive.js';
import menu from './locales/menu.json';
import './employees.css';

/** The person texted on this board: the mass-text dialog's words for them (components/massText). */
const CONTACT = 'employee';

/**
 * The employees board at /app/employees (SPEC §2, the hr flag): the store's employees, the agent's
 * unread ones first, with their position, team, phone, opt status and presence; the open one's
 * conversation and details beside them; adding, changing and deleting an employee; one text to
 * many. The open employee lives in the address (?employee=). On a phone one thing shows at a time:
 * the list, or the open employee with a way back.
 */
export function EmployeesBoard() {
  const { t } = useTranslation('employees');
  const boardName = useScreenName(menuLabel(menu, 'employees'));
  const { location } = useReadySession();
  const locale = useStore(currentLocale);
  const [openId, open] = useSearchParam('employee');
  const phone = useMediaQuery(PHONE_WINDOW);
  const [sheetOpen, setSheetOpen] = useState(false);
  const [editing, setEditing] = useState<EmployeeEditing | null>(null);
  const context = useBoardContext();
  const list = useEmployeeList(location.id);
  const mass = useMassSelection(employeeSelection, list.rows, list.total);

  const opened = useOpenRecord(openId, list.rows, (id) => employeePaths.employee(location.id, id), (id) => fetchEmployee(location.id, id));
  const shown = opened.open;

  const listRef = useRef(list);
  listRef.current = list;
  const shownRef = useRef(shown);
  shownRef.current = shown;
  const locationRef = useRef(location.id);
  locationRef.current = location.id;

  // The open one's own cache (it may not be on the list yet) follows the list's changes.
  const keepOpen = useCallback((employee: Employee) => void mutate(employeePaths.employee(locationRef.current, employee.id), employee, { revalidate: false }), []);
  const apply = useCallback(
    (employee: Employee) => {
      listRef.current.apply({ type: 'replace', employee });
      keepOpen(employee);
    },
    [keepOpen],
  );
  const applyContact = useCallback(
    (contact: Customer) => {
      listRef.current.apply({ type: 'contact', contact });
      const current = shownRef.current;
      if (current?.contact.id === contact.id) keepOpen({ ...current, opt_in: contact.opt_in, contact });
    },
    [keepOpen],
  );

  // Read marks reach the latest list through refs: their timers outlive renders.
  const marking = useMemo(
    () =>
      createReadMarking({
        show(id, unread) {
          listRef.current.apply({ type: 'read', id, unread });
          void mutate<Employee>(employeePaths.employee(locationRef.current, id), (e) => (e ? { ...e, is_unread: unread } : e), { revalidate: false });
        },
        send(id, unread) {
          const locationId = locationRef.current;
          markRead<{ employee: Employee }>(employeeConversation(locationId, id), unread)
            .then((b) => apply(b.employee))
            // The flag shown may now be wrong: ask the server what it is.
            .catch(() => fetchEmployee(locationId, id).then(apply, () => undefined));
        },
      }),
    [apply],
  );
  useEffect(() => () => marking.dispose(), [marking]);

  // Opening an employee marks them read 750 ms later (SPEC §4, §9), once loaded; only the opening
  // does: an agent who marks the open one unread keeps it so.
  const openLoaded = shown !== null && shown.id === openId;
  useEffect(() => {
    const current = shownRef.current;
    if (!openLoaded || !current?.is_unread) return;
    marking.reading(current.id);
    return () => marking.leave();
  }, [openLoaded, openId, marking]);

  useEmployeeLive({
    list,
    locationId: location.id,
    openId,
    onReadingArrival: (id) => marking.reading(id),
    onOpen: open,
    onFetched: (employee) => {
      if (employee.id === shownRef.current?.id) keepOpen(employee);
    },
  });

  // A phone shows the list or the open employee. Back on the list, the keyboard lands on the row it left.
  const reading = phone && openId !== null;
  const [rowToFocus, setRowToFocus] = useState<string | null>(null);
  function leaveConversation(focusRow: boolean) {
    if (focusRow) setRowToFocus(openId);
    setSheetOpen(false);
    open(null);
  }
  const board = useRef<HTMLElement>(null);
  const messagesBox = () => board.current?.querySelector<HTMLElement>('.conversation__messages') ?? null;
  useToastClearance(messagesBox, reading && shown !== null, shown?.id ?? '');

  // Tests wait for the stream to be live; the shell tells the agent when it is not.
  const live = useStore(realtimeStatus);
  const unread = unreadCount(list.rows);
  const pickWords: SelectionBarWords = {
    open: t('employees.mass_open'),
    picked: t('employees.picked', { count: mass.count.picked }),
    pickAll: t('employees.pick_all', { count: mass.listed }),
    pickShown: t('employees.pick_page'),
    label: t('employees.selection_label'),
  };
  const details = shown ? (
    <EmployeeDetail id="employee-detail" employee={shown} context={context} onEdit={() => setEditing({ kind: 'edit', employee: shown })} onContact={applyContact} />
  ) : null;

  const boardClass = ['board', 'employees-board', phone ? 'employees-board--phone' : '', reading ? 'employees-board--reading' : ''].filter(Boolean).join(' ');
  return (
    <section ref={board} className={boardClass} aria-labelledby="employees-title" data-testid="employees-board" data-live={live}>
      <header className="board__header">
        <BoardTitle id="employees-title" title={boardName} unread={unread} unreadLabel={t('employees.unread', { count: unread })} />
        {reading ? null : (
          <div className="board__tools">
            <button type="button" className="button button--primary button--small" data-testid="employee-add" onClick={() => setEditing({ kind: 'add' })}>
              {t('employees.add')}
            </button>
          </div>
        )}
      </header>
      {reading ? null : <SelectionBar contact={CONTACT} words={pickWords} shown={list.rows} mass={mass} />}
      <div className={shown && !phone ? 'board__panes' : 'board__panes board__panes--no-detail'}>
        {reading ? null : (
          <EmployeeRows
            list={list}
            openId={openId}
            picked={mass.picked}
            onOpen={open}
            onPick={mass.toggle}
            onEdit={(employee) => setEditing({ kind: 'edit', employee })}
            focusId={rowToFocus}
            onFocused={() => setRowToFocus(null)}
          />
        )}
        <ConversationPane
          conversation={
            shown && {
              owner: employeeConversation(location.id, shown.id),
              subject: { customer: shown.contact, closed: false, ownerRefusal: null },
              title: employeeName(shown) || t('employees.no_name'),
              subtitle: [shown.position, shown.team, formatPhone(shown.contact.phones.cell)].filter(Boolean).join(' · '),
              unread: shown.is_unread,
              onToggleUnread: (value) => marking.choose(shown.id, value),
            }
          }
          context={context}
          leading={phone ? <BackToList label={t('employees.back_to_list')} onBack={() => leaveConversation(true)} /> : null}
          trailing={phone && shown ? <DetailsButton label={t('employees.details')} sheetOpen={sheetOpen} onOpen={() => setSheetOpen(true)} /> : null}
          hint={phone && !openId ? null : opened.missing ? t('employees.not_found') : opened.loading ? t('common.loading') : t('employees.pick_one_hint')}
        />
        {phone ? null : details}
      </div>
      {phone && shown ? (
        <DetailSheet open={sheetOpen} title={t('employees.detail_label')} onClose={() => setSheetOpen(false)}>
          {details}
        </DetailSheet>
      ) : null}
      <EmployeeDialog
        editing={editing}
        locationId={location.id}
        openId={openId}
        onCloseConversation={() => leaveConversation(false)}
        onSaved={(employee, added) => {
          setEditing(null);
          listRef.current.apply(added ? { type: 'add', employee } : { type: 'replace', employee });
          keepOpen(employee);
          if (added) open(employee.id);
        }}
        onDeleted={(id) => {
          setEditing(null);
          listRef.current.apply({ type: 'remove', id });
        }}
        onClose={() => setEditing(null)}
      />
      <MassTextDialog mass={mass} locationId={location.id} place={{ locale, timeZone: location.timezone }} contact={CONTACT} recipients={t('employees.mass_recipients', { count: mass.count.picked })} />
    </section>
  );
}
