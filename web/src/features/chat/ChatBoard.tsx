import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import useSWR, { mutate as mutateKey } from 'swr';
import useSWRInfinite from 'swr/infinite';
import { CHATROOM_PAGE_SIZE, type Chatroom } from '../../../../shared/chat/chatrooms.js';
import { CHAT_EVENTS } from '../../../../shared/chat/events.js';
import { chatPaths, chatroomConversation } from '../../../../shared/chat/routes.js';
import { ownerOf } from '../../../../shared/conversations.js';
import { PHONE_WINDOW } from '../../app/layout/widths.js';
import { BackToList, BoardTitle } from '../../components/board/BoardParts.js';
import { ConversationPane } from '../../components/board/ConversationPane.js';
import { useBoardContext } from '../../components/board/useBoardContext.js';
import { reportFailure } from '../../lib/failures.js';
import { useMediaQuery } from '../../lib/media.js';
import { fullName } from '../../lib/names.js';
import { realtimeStatus, useStreamEvents } from '../../lib/realtime.js';
import { menuLabel, useScreenName } from '../../lib/screenDefinition.js';
import { useSearchParam } from '../../lib/searchParam.js';
import { useReadySession } from '../../lib/session.js';
import { useStore } from '../../lib/store.js';
import { readReceipt, roomsOfPages, unreadRooms } from './chatList.js';
import { ChatRows } from './ChatRows.js';
import { NewRoomDialog, type NewRoom } from './NewRoomDialog.js';
import { archiveRoom, fetchRoom, fetchRoomsPage, leaveRoom, readRoom, roomsPagePath, type ChatroomPage } from './requests.js';
import menu from './locales/menu.json';
import './chat.css';

/** SPEC §4, §9: an opened thread is marked read 750 ms later; one that grows while open, once the new message has settled. */
const OPEN_MARK_MS = 750;
const ARRIVAL_MARK_MS = 50;

/**
 * The internal chat at /app/internalchat (SPEC §2, the chat flag): the chats the agent is in,
 * newest activity first, unread ones in bold with their counts and a mark when the agent was
 * mentioned; "add chat" and "add group"; the open room's conversation (the shared Conversation and
 * Composer, no customer card) with a direct chat's read receipt; archive and unarchive (a group's
 * owner: for everyone), leaving a group, and the archived list. Everything follows the stream:
 * each participant hears the room on their own channel. On a phone, the list or the open room.
 */
export function ChatBoard() {
  const { t } = useTranslation('chat');
  const title = useScreenName(menuLabel(menu, 'internal_chat'));
  const { acting } = useReadySession();
  const me = acting.id;
  const context = useBoardContext();
  const phone = useMediaQuery(PHONE_WINDOW);
  const [openId, open] = useSearchParam('room');
  const [view, setView] = useSearchParam('view');
  const archived = view === 'archived';
  const [adding, setAdding] = useState<NewRoom | null>(null);

  const list = useSWRInfinite<ChatroomPage>(
    (index, previous) => (previous && previous.chatrooms.length < CHATROOM_PAGE_SIZE ? null : roomsPagePath(archived, index)),
    fetchRoomsPage,
    { revalidateOnFocus: false },
  );
  // Rooms move between the two lists while the other one shows (archived, brought back, a new message): read the one shown again.
  const reloadList = list.mutate;
  useEffect(() => {
    void reloadList();
  }, [archived, reloadList]);
  const rooms = roomsOfPages(list.data);
  const total = list.data?.[0]?.meta.paging.total ?? 0;
  const { data: room, error: roomError, mutate: mutateRoom } = useSWR(openId ? chatPaths.room(openId) : null, fetchRoom, { revalidateOnFocus: false });
  const shown = room && room.id === openId ? room : null;

  const refresh = useCallback(() => {
    void list.mutate();
    void mutateRoom();
  }, [list, mutateRoom]);

  // Read marks: the open room, 750 ms after it opens, and through each colleague's message that arrives while it is open.
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const markThrough = useCallback(
    (id: string, messageId: string | null, delay: number) => {
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(() => {
        readRoom(id, messageId).then((after) => {
          void mutateKey(chatPaths.room(id), after, { revalidate: false });
          void list.mutate();
        }, reportFailure);
      }, delay);
    },
    [list],
  );
  useEffect(() => () => void (timer.current && clearTimeout(timer.current)), []);
  const openUnread = shown?.is_unread === true;
  useEffect(() => {
    if (openId && openUnread) markThrough(openId, null, OPEN_MARK_MS);
  }, [openId, openUnread, markThrough]);

  const openRef = useRef(openId);
  openRef.current = openId;
  useStreamEvents(
    (event) => {
      if (event.type === 'chatroom.changed') {
        void list.mutate();
        void mutateKey(chatPaths.room(event.data.chatroom_id));
        return;
      }
      if (event.type === 'message.created') {
        const owner = ownerOf(event.data);
        const message = event.data.message;
        if (owner?.kind !== 'chatroom') return;
        // A room's message is its only event: the list (order, bold, counts) is read again here.
        void list.mutate();
        void mutateKey(chatPaths.room(owner.id));
        if (owner.id === openRef.current && message.agent?.id !== me && document.visibilityState === 'visible') {
          markThrough(owner.id, message.id, ARRIVAL_MARK_MS);
        }
      }
    },
    refresh,
    CHAT_EVENTS,
  );

  async function act(work: () => Promise<unknown>) {
    try {
      await work();
    } catch (error) {
      reportFailure(error);
    }
    refresh();
  }

  const live = useStore(realtimeStatus);
  const reading = phone && openId !== null;
  const unread = unreadRooms(rooms);
  const receipt = shown ? readReceipt(shown, me) : null;
  const subtitle = !shown
    ? undefined
    : shown.direct
      ? receipt === 'seen'
        ? t('chat.seen', { name: shown.companion ? fullName(shown.companion) : '' })
        : receipt === 'sent'
          ? t('chat.not_seen')
          : undefined
      : [shown.description, t('chat.members', { count: shown.participants.length })].filter(Boolean).join(' · ');
  const owner = shown !== null && shown.owner_id === me;
  const tools = shown ? (
    <div className="chat-room-tools">
      <button type="button" className="button button--small" data-testid="chat-archive" onClick={() => void act(() => archiveRoom(shown.id, !shown.archived, false))}>
        {shown.archived ? t('chat.unarchive') : t('chat.archive')}
      </button>
      {owner && !shown.direct ? (
        <button type="button" className="button button--small" data-testid="chat-archive-everyone" onClick={() => void act(() => archiveRoom(shown.id, !shown.archived, true))}>
          {shown.archived ? t('chat.unarchive_everyone') : t('chat.archive_everyone')}
        </button>
      ) : null}
      {!shown.direct ? (
        <button
          type="button"
          className="button button--small button--danger"
          data-testid="chat-leave"
          onClick={() => {
            if (!window.confirm(t('chat.leave_confirm'))) return;
            void act(async () => {
              await leaveRoom(shown.id);
              open(null);
            });
          }}
        >
          {t('chat.leave')}
        </button>
      ) : null}
    </div>
  ) : null;

  const boardClass = ['board', 'board--screen', 'chat-board', reading ? 'chat-board--reading' : ''].filter(Boolean).join(' ');
  return (
    <section className={boardClass} aria-labelledby="chat-title" data-testid="chat-board" data-live={live} data-view={archived ? 'archived' : 'current'}>
      <header className="board__header">
        <BoardTitle id="chat-title" title={title} unread={unread} unreadLabel={t('chat.unread', { count: unread })} />
        {reading ? null : (
          <div className="board__tools">
            <button type="button" className="button button--small" aria-pressed={archived} data-testid="chat-view-archived" onClick={() => setView(archived ? null : 'archived')}>
              {archived ? t('chat.current_list') : t('chat.archived_list')}
            </button>
            <button type="button" className="button button--small button--primary" data-testid="chat-add" onClick={() => setAdding('direct')}>
              {t('chat.add_chat')}
            </button>
            <button type="button" className="button button--small button--primary" data-testid="chat-add-group" onClick={() => setAdding('group')}>
              {t('chat.add_group')}
            </button>
          </div>
        )}
      </header>
      <div className="board__panes board__panes--no-detail">
        {reading ? null : (
          <ChatRows
            rooms={rooms}
            openId={openId}
            loading={list.isLoading}
            failed={Boolean(list.error) && !list.data}
            archived={archived}
            more={rooms.length < total}
            loadingMore={list.size > (list.data?.length ?? 0)}
            onMore={() => void list.setSize(list.size + 1)}
            onOpen={open}
          />
        )}
        <ConversationPane
          conversation={
            shown && {
              owner: chatroomConversation(shown.id),
              subject: { customer: null, closed: false, ownerRefusal: null },
              title: shown.name,
              subtitle,
              unread: shown.is_unread,
            }
          }
          context={context}
          leading={phone ? <BackToList label={t('chat.back_to_list')} onBack={() => open(null)} /> : null}
          trailing={tools}
          hint={phone && !openId ? null : openId && roomError ? t('chat.not_found') : openId && !shown ? t('common.loading') : t('chat.pick_one_hint')}
        />
      </div>
      <NewRoomDialog
        kind={adding}
        onClose={() => setAdding(null)}
        onStarted={(started: Chatroom) => {
          setAdding(null);
          if (archived) setView(null);
          void mutateKey(chatPaths.room(started.id), started, { revalidate: false });
          void list.mutate();
          open(started.id);
        }}
      />
    </section>
  );
}
