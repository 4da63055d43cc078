import { useCallback, useEffect, useLayoutEffect, useRef, useState, type DragEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import useSWRInfinite from 'swr/infinite';
import type { ConversationAt } from '../../../../shared/routes.js';
import { MESSAGE_FIRST_PAGE, type Message } from '../../../../shared/messages.js';
import { useLiveChanges } from '../../lib/liveChanges.js';
import { onResync, subscribe } from '../../lib/realtime.js';
import { Composer } from './Composer.js';
import { acceptsDroppedFiles, composerState, type TextingSubject } from './composerRules.js';
import type { ConversationContext } from './conversationContext.js';
import { conversationMessages, eventMessage, hasEarlier, mergeMessage, messagesPagePath, type MessagePage } from './conversationPages.js';
import { fetchMessagePage, retryMessage } from './conversationRequests.js';
import { MessageBubble } from './MessageBubble.js';
import { PendingBubble, type PendingMessage } from './PendingBubble.js';
import '../panel-bar.css';
import './conversation.css';

/** Within this many pixels of the end, the list follows new messages. */
const FOLLOW_SLACK_PX = 48;

/**
 * The conversation with a customer, whichever board owns it (issue 3 part 8, issue 11): the latest
 * 10 messages, older ones on request, delivery states kept current from the stream, and the
 * composer. Files dropped anywhere on it join the draft, unless the customer opted out (SPEC §5).
 * The board says who owns it, what its header shows, and what its own texting rules are.
 */
export function Conversation({
  owner,
  subject,
  title,
  subtitle,
  unread,
  onToggleUnread,
  context,
  leading,
  trailing,
  staffNotes = true,
  readOnly = false,
}: {
  owner: ConversationAt;
  /** The customer and the owner's texting rules (closed, its own refusal). */
  subject: TextingSubject;
  /** The customer's name as the board writes it. */
  title: string;
  /** Under the name: what the owner is (the RO number and vehicle, the appointment's time). */
  subtitle?: string;
  /** Unread for the acting agent: the read toggle offers the other. */
  unread: boolean;
  /** Absent where a conversation is marked read only by reading it (no read toggle). */
  onToggleUnread?: (unread: boolean) => void;
  context: ConversationContext;
  /** Before the title (on a phone: the way back to the list). */
  leading?: ReactNode;
  /** After the read toggle (on a phone: the details). */
  trailing?: ReactNode;
  /** Notes to colleagues in the composer (off where everyone in the conversation is staff). */
  staffNotes?: boolean;
  /** Looked back on (history search, even archived): the messages only, nothing that changes the conversation. */
  readOnly?: boolean;
}) {
  const { t } = useTranslation();
  const { kind, id, path, readMarks } = owner;
  const getKey = useCallback(
    (index: number, previous: MessagePage | null) => (previous && previous.messages.length < MESSAGE_FIRST_PAGE ? null : messagesPagePath({ kind, id, path, readMarks }, index)),
    [kind, id, path, readMarks],
  );
  const { data, size, setSize, mutate, isLoading, isValidating, error } = useSWRInfinite<MessagePage>(getKey, fetchMessagePage, {
    revalidateOnFocus: false,
    revalidateOnReconnect: false,
  });
  const [pending, setPending] = useState<PendingMessage[]>([]);
  const [files, setFiles] = useState<File[]>([]);
  const [retrying, setRetrying] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const [now, setNow] = useState(() => Date.now());

  const change = useLiveChanges({ data, isValidating, mutate });
  const merge = useCallback(
    (message: Message) => {
      change((pages) => mergeMessage(pages, message));
      setNow(Date.now());
    },
    [change],
  );

  useEffect(() => {
    const mine = (data: Parameters<typeof eventMessage>[1]) => {
      const message = eventMessage({ kind, id }, data);
      if (message) merge(message);
    };
    // A text routed to this agent while its own agent is away comes on their channel as `conversation.routed`.
    const stops = [subscribe('message.created', mine), subscribe('message.updated', mine), subscribe('conversation.routed', mine), onResync(() => void mutate())];
    return () => {
      for (const stop of stops) stop();
    };
  }, [kind, id, merge, mutate]);

  const messages = conversationMessages(data);
  const earlier = hasEarlier(data);
  const loadingEarlier = size > (data?.length ?? 0) && !isLoading;

  // Keep the reader's place: follow new messages at the bottom, hold still while older ones load above.
  const list = useRef<HTMLOListElement>(null);
  const follow = useRef(true);
  const anchor = useRef<number | null>(null);
  useLayoutEffect(() => {
    const element = list.current;
    if (!element) return;
    if (anchor.current !== null) {
      element.scrollTop = element.scrollHeight - anchor.current;
      anchor.current = null;
    } else if (follow.current) {
      element.scrollTop = element.scrollHeight;
    }
  }, [messages.length, pending.length]);

  function loadEarlier() {
    const element = list.current;
    if (element) anchor.current = element.scrollHeight - element.scrollTop;
    void setSize(size + 1);
  }

  async function retry(message: Message) {
    setRetrying(message.id);
    try {
      merge(await retryMessage(message.id));
    } catch {
      // send() has shown the server's reason.
    } finally {
      setRetrying(null);
    }
  }

  const dropAllowed = !readOnly && acceptsDroppedFiles(subject) && composerState(subject, { safeMode: context.safeMode }).kind === 'open';
  function onDrag(event: DragEvent<HTMLElement>) {
    if (!dropAllowed || !event.dataTransfer.types.includes('Files')) return;
    event.preventDefault();
    setDragging(event.type !== 'dragleave');
  }
  function onDrop(event: DragEvent<HTMLElement>) {
    setDragging(false);
    if (!dropAllowed) return;
    event.preventDefault();
    const dropped = Array.from(event.dataTransfer.files);
    if (dropped.length) setFiles((current) => [...current, ...dropped]);
  }

  return (
    <section
      className={`conversation${dragging ? ' conversation--dragging' : ''}`}
      aria-label={t('conversation.label', { name: title })}
      data-testid="conversation"
      data-owner-kind={kind}
      data-owner-id={id}
      onDragEnter={onDrag}
      onDragOver={onDrag}
      onDragLeave={onDrag}
      onDrop={onDrop}
    >
      <header className="panel-bar conversation__header">
        {leading}
        <div className="conversation__title">
          <h2>{title}</h2>
          {subtitle ? <span className="muted">{subtitle}</span> : null}
        </div>
        {onToggleUnread ? (
          <button type="button" className="button button--small" data-testid="read-toggle" onClick={() => onToggleUnread(!unread)}>
            {unread ? t('actions.mark_read') : t('actions.mark_unread')}
          </button>
        ) : null}
        {trailing}
      </header>
      <ol
        ref={list}
        className="conversation__messages"
        aria-live="polite"
        aria-busy={isLoading}
        onScroll={(event) => {
          const element = event.currentTarget;
          follow.current = element.scrollHeight - element.scrollTop - element.clientHeight < FOLLOW_SLACK_PX;
        }}
      >
        {earlier ? (
          <li className="conversation__earlier">
            <button type="button" className="button button--small" data-testid="load-earlier" disabled={loadingEarlier} aria-busy={loadingEarlier} onClick={loadEarlier}>
              {loadingEarlier ? t('common.loading') : t('conversation.load_earlier')}
            </button>
          </li>
        ) : null}
        {isLoading ? <li className="conversation__notice">{t('common.loading')}</li> : null}
        {error && !data ? <li className="conversation__notice">{t('conversation.load_failed')}</li> : null}
        {!isLoading && !error && !messages.length && !pending.length ? <li className="conversation__notice">{t('conversation.empty')}</li> : null}
        {messages.map((message) => (
          <MessageBubble
            key={message.id}
            owner={owner}
            message={message}
            context={context}
            now={now}
            retrying={retrying === message.id}
            onRetry={(m) => void retry(m)}
            onChanged={merge}
            readOnly={readOnly}
          />
        ))}
        {pending.map((p) => (
          <PendingBubble key={p.key} pending={p} context={context} now={now} />
        ))}
      </ol>
      {readOnly ? null : (
        <Composer
          owner={owner}
          subject={subject}
          context={context}
          files={files}
          onFilesChange={setFiles}
          staffNotes={staffNotes}
          onQueued={(p) => {
            follow.current = true;
            setPending((list) => [...list, p]);
          }}
          onPendingChange={(key, change) => setPending((list) => list.map((p) => (p.key === key ? { ...p, ...change } : p)))}
          onSettled={(key, message) => {
            setPending((list) => list.filter((p) => p.key !== key));
            if (message) merge(message);
          }}
        />
      )}
    </section>
  );
}

