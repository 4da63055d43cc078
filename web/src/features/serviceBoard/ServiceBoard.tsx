import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { mutate } from 'swr';
import { PHONE_WINDOW } from '../../app/layout/widths.js';
import { BackToList, BoardTitle, DetailsButton } from '../../components/board/BoardParts.js';
import { useBoardContext } from '../../components/board/useBoardContext.js';
import { useOpenRecord } from '../../components/board/useOpenRecord.js';
import { DetailSheet } from '../../components/DetailSheet.js';
import type { Customer } from '../../../../shared/customers.js';
import type { RepairOrder } from '../../../../shared/repairOrders/repairOrders.js';
import { useMediaQuery } from '../../lib/media.js';
import { useToastClearance } from '../../lib/toastPlacement.js';
import { askDesktopPermission, useDesktopPermission } from '../../lib/notifications.js';
import { realtimeStatus } from '../../lib/realtime.js';
import { useSearchParam } from '../../lib/searchParam.js';
import { useReadySession } from '../../lib/session.js';
import { useStore } from '../../lib/store.js';
import { ConversationPane } from '../../components/board/ConversationPane.js';
import { markRead } from '../../components/conversation/conversationRequests.js';
import { AUTO_READ_DELAY_MS, READ_CALL_DELAY_MS, createDelayedCalls, mayAutoMarkRead } from '../../components/conversation/readMarks.js';
import type { BoardContext } from './boardContext.js';
import { BoardTable } from './BoardTable.js';
import { customerName, matchesSearch, unreadCount, orderSubtitle, type BoardView } from './boardRows.js';
import { DetailPanel } from './DetailPanel.js';
import { orderSelection } from './orderSelection.js';
import { orderTexting } from './orderTexting.js';
import { fetchRepairOrder, orderOwner, repairOrderPath } from './requests.js';
import { useBoardList } from './useBoardList.js';
import { useBoardLive } from './useBoardLive.js';
import { MassTextDialog } from '../../components/massText/MassTextDialog.js';
import { SelectionBar } from '../../components/massText/SelectionBar.js';
import { useMassSelection } from '../../components/massText/useMassSelection.js';
import { menuLabel, useScreenName } from '../../lib/screenDefinition.js';
import menu from './locales/menu.json';
import './serviceBoard.css';

/** The pick's rows on the archive, which offers no mass text (a stable empty list). */
const NO_ORDERS: RepairOrder[] = [];

/**
 * The service board at /app/ (SPEC §2 "vehicles in service"; issue 3 part 8): the list on the left,
 * the selected order's conversation in the middle, its details and actions on the right. The
 * selection lives in the address (?ro=), so a reload or a shared link opens the same order. Orders
 * picked with their boxes get one text together (SPEC §1 mass messages: the shared dialog).
 *
 * On a phone one thing shows at a time: the list, or the open order's conversation across the whole
 * width with a way back to the list and its details in a sheet on request.
 */
export function ServiceBoard() {
  const { t } = useTranslation('serviceBoard');
  const boardName = useScreenName(menuLabel(menu, 'vehicles_in_service'));
  const { acting, location } = useReadySession();
  const [selectedId, select] = useSearchParam('ro');
  const [archivedParam, setArchivedParam] = useSearchParam('archived');
  const archived = archivedParam === '1';
  const [query, setQuery] = useState('');
  const [detailOpen, setDetailOpen] = useState(true);
  const phone = useMediaQuery(PHONE_WINDOW);
  const [detailSheet, setDetailSheet] = useState(false);

  const context: BoardContext = useBoardContext();
  const view = useMemo<BoardView>(() => ({ scope: context.manager ? 'location' : 'inbox', archived, agentId: acting.id }), [context.manager, archived, acting.id]);
  const board = useBoardList(location.id, view);
  const setArchived = (value: boolean) => setArchivedParam(value ? '1' : null);
  // Orders picked for one text (SPEC §4 "Selection"); archived orders are not texted in bulk.
  const mass = useMassSelection(orderSelection, archived ? NO_ORDERS : board.rows, board.total);
  const place = useMemo(() => ({ locale: context.locale, timeZone: context.timeZone }), [context.locale, context.timeZone]);

  // An order that is not on this list (a link, a notice, the other list) is fetched on its own.
  const opened = useOpenRecord(selectedId, board.rows, repairOrderPath, fetchRepairOrder);
  const selected = opened.open;

  // Stable callbacks that reach the latest list: the delayed read calls must outlive re-renders.
  const boardRef = useRef(board);
  boardRef.current = board;
  const selectedRef = useRef(selected);
  selectedRef.current = selected;

  const applyOrder = useCallback((order: RepairOrder) => {
    boardRef.current.applyOrder(order);
    void mutate(repairOrderPath(order.id), order, { revalidate: false });
  }, []);
  const applyCustomer = useCallback((customer: Customer) => {
    boardRef.current.applyCustomer(customer);
    const open = selectedRef.current;
    if (open && open.customer.id === customer.id) void mutate(repairOrderPath(open.id), { ...open, customer }, { revalidate: false });
  }, []);

  /** The flag shows at once; the server hears of it from the delayed call (or the auto mark). */
  const showUnread = useCallback((id: string, unread: boolean) => {
    boardRef.current.patch(
      (r) => r.id === id,
      (r) => ({ ...r, is_unread: unread }),
    );
    void mutate<RepairOrder>(repairOrderPath(id), (order) => (order ? { ...order, is_unread: unread } : order), { revalidate: false });
  }, []);
  const callRead = useCallback(
    (id: string, unread: boolean) => {
      markRead<{ repair_order: RepairOrder }>(orderOwner(id), unread)
        .then((answer) => applyOrder(answer.repair_order))
        // The flag shown may now be wrong: ask the server what it is.
        .catch(() => fetchRepairOrder(id).then(applyOrder, () => undefined));
    },
    [applyOrder],
  );
  const readCalls = useMemo(() => createDelayedCalls<boolean>(READ_CALL_DELAY_MS, callRead), [callRead]);
  const autoReads = useMemo(
    () =>
      createDelayedCalls<boolean>(AUTO_READ_DELAY_MS, (id) => {
        showUnread(id, false);
        callRead(id, false);
      }),
    [callRead, showUnread],
  );
  useEffect(
    () => () => {
      readCalls.cancelAll();
      autoReads.cancelAll();
    },
    [readCalls, autoReads],
  );

  const toggleUnread = useCallback(
    (order: RepairOrder, unread: boolean) => {
      autoReads.cancelAll();
      showUnread(order.id, unread);
      readCalls.request(order.id, unread);
    },
    [autoReads, readCalls, showUnread],
  );

  // Opening a conversation marks it read after 750 ms, for its advisor only (SPEC §4, §9).
  const selectedLoaded = selected !== null;
  useEffect(() => {
    const order = selectedRef.current;
    if (!selectedId || !order || order.id !== selectedId) return;
    if (mayAutoMarkRead(order, acting.id)) autoReads.request(order.id, false);
    return () => autoReads.cancelAll();
  }, [selectedId, selectedLoaded, acting.id, autoReads]);

  useBoardLive({
    board,
    view,
    locationId: location.id,
    openId: selectedId,
    onReadingArrival: (id) => {
      if (selectedRef.current && !selectedRef.current.disable_read_mark) autoReads.request(id, false);
    },
    onOpen: select,
  });

  // Back on the list, the keyboard lands on the order it came from.
  const returnTo = useRef<string | null>(null);
  const backToList = () => {
    returnTo.current = selectedId;
    setDetailSheet(false);
    select(null);
  };
  useEffect(() => {
    const id = returnTo.current;
    if (selectedId || !id) return;
    returnTo.current = null;
    const row = document.querySelector<HTMLElement>(`.board-list tr[data-ro-id="${CSS.escape(id)}"]`);
    row?.focus();
  }, [selectedId]);
  useEffect(() => {
    if (!selectedId) setDetailSheet(false);
  }, [selectedId]);

  const rows = useMemo(() => (query.trim() ? board.rows.filter((r) => matchesSearch(r, query)) : board.rows), [board.rows, query]);
  const unread = unreadCount(board.rows);

  const reading = phone && selectedId !== null;
  const section = useRef<HTMLElement>(null);
  useToastClearance(() => section.current?.querySelector<HTMLElement>('.conversation__messages') ?? null, reading && selected !== null, selected?.id ?? '');
  const boardClass = ['board', 'service-board', phone ? 'service-board--phone' : '', reading ? 'service-board--reading' : ''].filter(Boolean).join(' ');
  const backButton = phone ? <BackToList label={t('board.back_to_list')} onBack={backToList} /> : null;
  const detailsButton = phone && selected ? <DetailsButton label={t('board.details')} sheetOpen={detailSheet} onOpen={() => setDetailSheet(true)} /> : null;
  // The same panel beside the conversation on a desktop, in a sheet on a phone.
  const details = selected ? (
    <DetailPanel
      id="service-board-detail"
      order={selected}
      context={context}
      onOrder={applyOrder}
      onCustomer={applyCustomer}
      onToggleUnread={toggleUnread}
    />
  ) : null;

  return (
    <section ref={section} className={boardClass} aria-labelledby="service-board-title">
      <header className="board__header">
        <BoardTitle id="service-board-title" title={boardName} unread={unread} unreadLabel={t('board.unread', { count: unread })} />
        <LiveStatus />
        <div className="board__tools">
          <input
            type="search"
            className="service-board__search"
            value={query}
            placeholder={t('board.search_placeholder')}
            aria-label={t('board.search_label')}
            data-testid="board-search"
            onChange={(event) => setQuery(event.target.value)}
          />
          {context.manager && (
            // Archived orders are the store's list; an advisor's inbox holds only orders on the board.
            <label className="check service-board__archived">
              <input type="checkbox" checked={archived} data-testid="archived-toggle" onChange={(event) => setArchived(event.target.checked)} />
              {t('board.archived')}
            </label>
          )}
          <NotificationBell />
          {phone ? null : (
            <button
              type="button"
              className="button button--small"
              aria-expanded={detailOpen}
              aria-controls={detailOpen && selected ? 'service-board-detail' : undefined}
              data-testid="detail-toggle"
              onClick={() => setDetailOpen((open) => !open)}
            >
              {detailOpen ? t('board.hide_details') : t('board.show_details')}
            </button>
          )}
        </div>
      </header>
      {reading || archived ? null : (
        <SelectionBar
          mass={mass}
          shown={rows}
          words={{
            label: t('mass.selection_label'),
            pickShown: t('mass.pick_page'),
            pickAll: t('mass.pick_all', { count: mass.listed }),
            picked: t('mass.picked', { count: mass.count.picked }),
            open: t('mass.open'),
          }}
        />
      )}
      <div className={`board__panes${detailOpen && selected && !phone ? '' : ' board__panes--no-detail'}`}>
        {reading ? null : (
          <BoardTable
            rows={rows}
            loading={board.loading}
            loadingRest={board.loadingRest}
            failed={board.failed}
            filtered={rows.length !== board.rows.length}
            selectedId={selectedId}
            onSelect={select}
            pick={archived ? null : { picked: mass.picked, toggle: mass.toggle }}
            context={context}
            openOnMove={!phone}
          />
        )}
        <ConversationPane
          conversation={
            selected && {
              owner: orderOwner(selected.id),
              subject: orderTexting(selected),
              title: customerName(selected) || t('board.no_name'),
              subtitle: orderSubtitle(selected, t),
              unread: selected.is_unread,
              onToggleUnread: (unread) => toggleUnread(selected, unread),
            }
          }
          context={context}
          leading={backButton}
          trailing={detailsButton}
          hint={phone && !selectedId ? null : opened.missing ? t('board.not_found') : opened.loading ? t('common.loading') : t('board.pick_order')}
        />
        {phone && selected ? (
          <DetailSheet open={detailSheet} title={t('detail.label')} onClose={() => setDetailSheet(false)}>
            {details}
          </DetailSheet>
        ) : null}
        {detailOpen && !phone ? details : null}
      </div>
      <MassTextDialog
        mass={mass}
        locationId={location.id}
        place={place}
        recipients={t('mass.recipients', { count: mass.count.picked })}
      />
    </section>
  );
}

function LiveStatus() {
  const { t } = useTranslation('serviceBoard');
  const status = useStore(realtimeStatus);
  const live = status === 'live';
  return (
    <span className={`live-status live-status--${live ? 'live' : 'waiting'}`} data-testid="live-status" data-status={status} title={live ? t('board.live_title') : t('board.connecting_title')}>
      <span className="live-status__dot" aria-hidden="true" />
      {live ? t('board.live') : t('board.connecting')}
    </span>
  );
}

function NotificationBell() {
  const { t } = useTranslation('serviceBoard');
  const permission = useDesktopPermission();
  if (permission === 'unsupported') return null;
  const on = permission === 'granted';
  return (
    <button
      type="button"
      className={`icon-button notification-bell${on ? ' notification-bell--on' : ''}`}
      aria-pressed={on}
      disabled={permission === 'denied'}
      aria-label={on ? t('board.notifications_on') : permission === 'denied' ? t('board.notifications_blocked') : t('board.notifications_enable')}
      title={on ? t('board.notifications_on') : permission === 'denied' ? t('board.notifications_blocked') : t('board.notifications_enable')}
      data-testid="notification-bell"
      onClick={() => void askDesktopPermission()}
    >
      <svg viewBox="0 0 24 24" width={20} height={20} aria-hidden="true" focusable="false">
        <path
          fill="currentColor"
          d="M12 22a2.5 2.5 0 0 0 2.45-2h-4.9A2.5 2.5 0 0 0 12 22Zm7-6V11a7 7 0 0 0-5.5-6.84V3a1.5 1.5 0 0 0-3 0v1.16A7 7 0 0 0 5 11v5l-2 2v1h18v-1l-2-2Zm-2 1H7v-6a5 5 0 0 1 10 0v6Z"
        />
      </svg>
    </button>
  );
}
