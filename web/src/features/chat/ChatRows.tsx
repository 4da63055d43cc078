import { useTranslation } from 'react-i18next';
import type { Chatroom } from '../../../../shared/chat/chatrooms.js';

/** The agent's chats, newest activity first: unread ones bold with their count, a mark where the agent was mentioned. */
export function ChatRows({
  rooms,
  openId,
  loading,
  failed,
  archived,
  more,
  loadingMore,
  onMore,
  onOpen,
}: {
  rooms: readonly Chatroom[];
  openId: string | null;
  loading: boolean;
  failed: boolean;
  archived: boolean;
  more: boolean;
  loadingMore: boolean;
  onMore: () => void;
  onOpen: (id: string) => void;
}) {
  const { t } = useTranslation('chat');
  return (
    <nav className="board__list chat-rows" aria-label={archived ? t('chat.archived_list') : t('chat.list_label')} data-testid="chat-rows">
      {loading ? <p className="list-notice">{t('common.loading')}</p> : null}
      {failed ? <p className="list-notice">{t('chat.load_failed')}</p> : null}
      {!loading && !failed && rooms.length === 0 ? <p className="list-notice">{archived ? t('chat.empty_archived') : t('chat.empty')}</p> : null}
      <ul className="chat-rows__list">
        {rooms.map((room) => (
          <li key={room.id} data-testid="chat-row" data-room={room.id} data-unread={room.is_unread}>
            <button
              type="button"
              className={`board-rows__open chat-rows__open${room.is_unread ? ' chat-rows__open--unread' : ''}`}
              aria-current={room.id === openId ? 'true' : undefined}
              data-testid="chat-open"
              onClick={() => onOpen(room.id)}
            >
              <span className="chat-rows__name">{room.name}</span>
              {room.mention_count > 0 ? (
                <span className="chat-rows__mention" data-testid="chat-mentioned" title={t('chat.mentioned')}>
                  @<span className="visually-hidden"> {t('chat.mentioned')}</span>
                </span>
              ) : null}
              {room.unread_count > 0 ? (
                <span className="chat-rows__count" data-testid="chat-unread-count">
                  {room.unread_count}
                  <span className="visually-hidden"> {t('chat.unread_messages', { count: room.unread_count })}</span>
                </span>
              ) : null}
              <span className="chat-rows__kind">{room.direct ? t('chat.direct') : t('chat.group')}</span>
            </button>
          </li>
        ))}
      </ul>
      {more ? (
        <p className="list-notice list-notice--more">
          <button type="button" className="button button--small" disabled={loadingMore} aria-busy={loadingMore} onClick={onMore}>
            {loadingMore ? t('common.loading') : t('chat.more')}
          </button>
        </p>
      ) : null}
    </nav>
  );
}
