import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import { ownerOf } from '../../../../shared/conversations.js';
import type { Message } from '../../../../shared/messages.js';
import { repairOrderConversation } from '../../../../shared/repairOrders/routes.js';
import { paths } from '../../../../shared/routes.js';
import { useBoardContext } from '../../components/board/useBoardContext.js';
import { Composer } from '../../components/conversation/Composer.js';
import { conversationMessages, eventMessage, mergeMessage, sameOwner, type MessagePage } from '../../components/conversation/conversationPages.js';
import { MessageBubble } from '../../components/conversation/MessageBubble.js';
import { PendingBubble, type PendingMessage } from '../../components/conversation/PendingBubble.js';
import { onResync, subscribe } from '../../lib/realtime.js';
import { useReadySession } from '../../lib/session.js';
import '../../components/conversation/conversation.css';

/** The latest notes a sheet shows: a car's exchange between desk and bay, not an archive. */
const NOTES_SHOWN = 30;

/** A technician reads the notes without working the service board: he writes notes only, and does not react. */
const readsOnlyNotes = (flags: { service: boolean; manager: boolean; admin: boolean }) => !(flags.service || flags.manager || flags.admin);

/**
 * "Notes from the service desk" on an order's inspection sheet: the order's notes for colleagues
 * (never the customer's texts), oldest to newest like a conversation, live, and a composer for a
 * note back with @ suggestions. A technician's mention of a repair order opens here.
 */
export function SheetNotes({ roId }: { roId: string }) {
  const { t } = useTranslation('inspections');
  const { acting } = useReadySession();
  const context = useBoardContext();
  const owner = useMemo(() => repairOrderConversation(roId), [roId]);
  const notesOnly = readsOnlyNotes(acting.access_level);
  const { data, error, isLoading, mutate } = useSWR<MessagePage>(`${paths.notes(owner)}?limit=${NOTES_SHOWN}`);
  const [pending, setPending] = useState<PendingMessage[]>([]);
  const [files, setFiles] = useState<File[]>([]);
  const [now, setNow] = useState(() => Date.now());
  const list = useRef<HTMLOListElement>(null);

  const merge = useCallback(
    (message: Message) => {
      if (message.metadata.direction !== 'staff') return;
      void mutate((page) => (page ? mergeMessage([page], message)[0] : page), { revalidate: false });
    },
    [mutate],
  );

  useEffect(() => {
    const stops = [
      subscribe('message.created', (event) => {
        const message = eventMessage(owner, event);
        if (message) merge(message);
      }),
      // An agent who hears no note of the order still hears a mention of himself in one.
      subscribe('mention.created', (event) => {
        if (sameOwner(ownerOf(event), owner)) void mutate();
      }),
      onResync(() => void mutate()),
    ];
    return () => stops.forEach((stop) => stop());
  }, [owner, merge, mutate]);

  // Times read "2 min ago": they move on while the sheet stays open.
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 60_000);
    return () => window.clearInterval(timer);
  }, []);

  const notes = conversationMessages(data ? [data] : undefined);
  const count = notes.length + pending.length;
  // The newest note is at the bottom, in sight.
  useEffect(() => {
    const element = list.current;
    if (element) element.scrollTop = element.scrollHeight;
  }, [count]);

  const total = data?.meta.paging.total ?? 0;
  return (
    <section className="mpi-panel mpi-notes" aria-labelledby="mpi-notes-title" data-testid="mpi-notes">
      <div className="mpi-panel__header">
        <h2 id="mpi-notes-title" className="mpi-panel__title">
          {t('notes.title')}
        </h2>
        {total > notes.length ? <span className="muted">{t('notes.latest', { shown: notes.length, total })}</span> : null}
      </div>
      <ol ref={list} className="conversation__messages mpi-notes__list" aria-live="polite" aria-busy={isLoading} aria-label={t('notes.list')} tabIndex={0} data-testid="mpi-notes-list">
        {isLoading ? <li className="conversation__notice">{t('notes.loading')}</li> : null}
        {error && !data ? (
          <li className="conversation__notice" role="alert">
            {t('notes.failed')}
          </li>
        ) : null}
        {data && !notes.length && !pending.length ? (
          <li className="conversation__notice" data-testid="mpi-notes-empty">
            {t('notes.empty')}
          </li>
        ) : null}
        {notes.map((message) => (
          <MessageBubble key={message.id} owner={owner} message={message} context={context} now={now} retrying={false} onRetry={() => undefined} onChanged={merge} reacts={!notesOnly} />
        ))}
        {pending.map((p) => (
          <PendingBubble key={p.key} pending={p} context={context} now={now} />
        ))}
      </ol>
      <Composer
        owner={owner}
        subject={NO_TEXTING}
        context={context}
        files={files}
        onFilesChange={setFiles}
        notesOnly
        onQueued={(p) => setPending((queued) => [...queued, p])}
        onPendingChange={(key, change) => setPending((queued) => queued.map((p) => (p.key === key ? { ...p, ...change } : p)))}
        onSettled={(key, message) => {
          setPending((queued) => queued.filter((p) => p.key !== key));
          if (message) merge(message);
        }}
      />
    </section>
  );
}

/** The notes composer texts nobody: it is given no customer. */
const NO_TEXTING = { customer: null, closed: false, ownerRefusal: null } as const;
