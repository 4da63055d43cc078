import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { mutate } from 'swr';
import type { Customer } from '../../../../shared/customers.js';
import type { Guest, GuestList } from '../../../../shared/guests/guests.js';
import { guestConversation, guestPaths } from '../../../../shared/guests/routes.js';
import { PHONE_WINDOW } from '../../app/layout/widths.js';
import { BackToList, BoardTitle, DetailsButton } from '../../components/board/BoardParts.js';
import { ConversationPane } from '../../components/board/ConversationPane.js';
import { usePhoneReading } from '../../components/board/usePhoneReading.js';
import { useBoardReadMarks } from '../../components/board/useBoardReadMarks.js';
import { useBoardContext } from '../../components/board/useBoardContext.js';
import { useOpenRecord } from '../../components/board/useOpenRecord.js';
import { markRead } from '../../components/conversation/conversationRequests.js';
import { DetailSheet } from '../../components/DetailSheet.js';
import { currentLocale } from '../../lib/i18n.js';
import { useMediaQuery } from '../../lib/media.js';
import { formatPhone } from '../../lib/phone.js';
import { realtimeStatus } from '../../lib/realtime.js';
import { menuLabel, useScreenName } from '../../lib/screenDefinition.js';
import { useSearchParam } from '../../lib/searchParam.js';
import { useReadySession } from '../../lib/session.js';
import { useStore } from '../../lib/store.js';
import { unreadRows } from '../../lib/pagedRows.js';
import { GuestDetail } from './GuestDetail.js';
import { GuestRows } from './GuestRows.js';
import { guestName, listOf, mayAutoMarkRead } from './guestList.js';
import { fetchGuest } from './requests.js';
import { useGuestList } from './useGuestList.js';
import { useGuestLive } from './useGuestLive.js';
import menu from './locales/menu.json';
import './guests.css';

/**
 * The guests and leads board at /app/guests (SPEC §2 menu area "guests and leads"): the store's
 * conversations with people it did not know (a text from an unknown number, a lead from the landing
 * page's form), newest activity first, the open one's conversation and details beside them; the
 * archive a click away. The open guest lives in the address (?guest=). On a phone one thing shows at
 * a time: the list, or the open guest with a way back.
 */
export function GuestsBoard() {
  const { t } = useTranslation('guests');
  const boardName = useScreenName(menuLabel(menu, 'guests'));
  const { location } = useReadySession();
  const locale = useStore(currentLocale);
  const [selectedId, select] = useSearchParam('guest');
  const [archivedView, setArchivedView] = useSearchParam('list');
  const listName: GuestList = archivedView === 'archived' ? 'archived' : 'open';
  const phone = useMediaQuery(PHONE_WINDOW);
  const [detailSheet, setDetailSheet] = useState(false);
  const context = useBoardContext();
  const list = useGuestList(location.id, listName);

  const opened = useOpenRecord(selectedId, list.rows, guestPaths.guest, fetchGuest);
  const selected = opened.open;

  const listRef = useRef(list);
  listRef.current = list;
  const selectedRef = useRef(selected);
  selectedRef.current = selected;

  /** The board's answer about one guest: its row, and its own cache when it is open off the list. */
  const keep = useCallback((guest: Guest) => {
    listRef.current.apply({ type: 'upsert', guest });
    void mutate(guestPaths.guest(guest.id), guest, { revalidate: false });
  }, []);
  const keepCustomer = useCallback(
    (customer: Customer) => {
      listRef.current.apply({ type: 'customer', customer });
      const open = selectedRef.current;
      if (open?.customer.id === customer.id) void mutate(guestPaths.guest(open.id), { ...open, customer }, { revalidate: false });
    },
    [],
  );

  // Read marks (SPEC §4, §9): opening a guest marks it read 750 ms later, once it has loaded.
  const marking = useBoardReadMarks<Guest>(
    {
      show(id, unread) {
        listRef.current.apply({ type: 'read', id, unread });
        void mutate<Guest>(guestPaths.guest(id), (g) => (g ? { ...g, is_unread: unread } : g), { revalidate: false });
      },
      send(id, unread) {
        markRead<{ guest: Guest }>(guestConversation(id), unread)
          .then((b) => keep(b.guest))
          // The flag shown may now be wrong: ask the server what it is.
          .catch(() => fetchGuest(id).then(keep, () => undefined));
      },
    },
    { id: selectedId, record: selected },
    mayAutoMarkRead,
  );

  useGuestLive({
    list,
    locationId: location.id,
    openId: selectedId,
    onReadingArrival: (id) => marking.reading(id),
    onOpen: select,
    onFetched: (guest) => {
      if (guest.id === selectedRef.current?.id) void mutate(guestPaths.guest(guest.id));
    },
  });

  // On a phone: the list, or the open guest across the screen; back on the list, the keyboard lands on the row it came from.
  const closeGuest = () => {
    setDetailSheet(false);
    select(null);
  };
  const { reading, section, returnFocus, focused, backToList } = usePhoneReading({ phone, openId: selectedId, shownId: selected?.id ?? null, leave: closeGuest });
  const unread = unreadRows(list.rows);
  const live = useStore(realtimeStatus);

  const showList = (name: GuestList) => {
    setArchivedView(name === 'archived' ? 'archived' : null);
  };
  const title = (guest: Guest) => guestName(guest) || formatPhone(guest.customer.phones.cell) || t('guests.unnamed');

  const backButton = phone ? <BackToList label={t('guests.back_to_list')} onBack={backToList} /> : null;
  const detailsButton = phone && selected ? <DetailsButton label={t('guests.details')} sheetOpen={detailSheet} onOpen={() => setDetailSheet(true)} /> : null;
  const details = selected ? (
    <GuestDetail
      id="guest-detail"
      guest={selected}
      context={context}
      onGuest={(guest) => {
        keep(guest);
        // One archived here leaves this list: the next one to work is a click away.
        if (listOf(guest) !== listName) select(null);
      }}
      name={title(selected)}
      onCustomer={keepCustomer}
    />
  ) : null;

  const sheeted = phone && selected !== null;
  // Where the conversation goes when none shows: nothing on a phone's list, else why.
  let hint: string | null = t('guests.pick_one_hint');
  if (opened.missing) hint = t('guests.not_found');
  else if (opened.loading) hint = t('common.loading');
  if (phone && !selectedId) hint = null;
  const boardClass = ['board', 'guests-board', reading ? 'guests-board--reading' : ''].filter(Boolean).join(' ');
  return (
    <section ref={section} className={boardClass} aria-labelledby="guests-title" data-testid="guests-board" data-live={live}>
      <header className="board__header">
        <BoardTitle id="guests-title" title={boardName} unread={unread} unreadLabel={t('guests.unread', { count: unread })} />
        {reading ? null : (
          <div className="board__tools guests-board__lists" role="group" aria-label={t('guests.lists_label')}>
            {(['open', 'archived'] as const).map((name) => (
              <button key={name} type="button" className="button button--small" aria-pressed={listName === name} data-testid={`guests-list-${name}`} onClick={() => showList(name)}>
                {t(`guests.list_${name}`)}
              </button>
            ))}
          </div>
        )}
      </header>
      <div className={`board__panes${selected && !phone ? '' : ' board__panes--no-detail'}`}>
        {reading ? null : (
          <GuestRows
            list={list}
            selectedId={selectedId}
            place={{ locale, timeZone: location.timezone }}
            onOpen={select}
            titleOf={title}
            focusId={returnFocus}
            onFocused={focused}
          />
        )}
        <ConversationPane
          conversation={
            selected && {
              owner: guestConversation(selected.id),
              subject: { customer: selected.customer, closed: false, ownerRefusal: null },
              title: title(selected),
              subtitle: selected.lead ? t('guests.by_lead', { button: selected.lead.button }) : t('guests.by_text'),
              unread: selected.is_unread,
              onToggleUnread: (value) => marking.choose(selected.id, value),
            }
          }
          context={context}
          leading={backButton}
          trailing={detailsButton}
          hint={hint}
        />
        {sheeted ? null : details}
      </div>
      {/* A phone opens the details over the conversation with its Details button. */}
      <DetailSheet open={sheeted && detailSheet} title={t('guests.detail_label')} onClose={() => setDetailSheet(false)}>
        {sheeted ? details : null}
      </DetailSheet>
    </section>
  );
}
