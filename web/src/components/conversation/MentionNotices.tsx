import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { toast } from 'sonner';
import { notifyWhenHidden } from '../../lib/notifications.js';
import { isCatchUpEvent, subscribe } from '../../lib/realtime.js';

/** A mention's notice stays this long: long enough to come back from the customer at the desk. */
const NOTICE_MS = 60_000;

/**
 * A colleague mentioned the agent (`mention.created` on their own channel): an in-app notice with
 * a button that opens the conversation, and a desktop notification while the tab is hidden (the
 * same one new customer texts use). Mounted once by the shell, for every board's conversations.
 */
export function MentionNotices() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const latest = useRef({ t, navigate });
  latest.current = { t, navigate };

  useEffect(
    () =>
      subscribe('mention.created', (data) => {
        if (isCatchUpEvent()) return;
        const { t: words, navigate: go } = latest.current;
        const author = `${data.author.first_name} ${data.author.last_name}`.trim();
        const title = data.staff_note ? words('collab.mention_in_note', { name: author }) : words('collab.mention_in_text', { name: author });
        const link = data.link;
        const open = link ? () => go(link) : undefined;
        toast.info(title, {
          id: `mention-${data.message_id}`,
          description: data.excerpt,
          duration: NOTICE_MS,
          closeButton: true,
          ...(open ? { action: { label: words('collab.mention_open'), onClick: open } } : {}),
        });
        notifyWhenHidden({ title, body: data.excerpt, tag: `mention-${data.message_id}`, onOpen: open ?? (() => undefined) });
      }),
    [],
  );
  return null;
}
