import { useTranslation } from 'react-i18next';
import type { ConversationContext } from './conversationContext.js';
import { formatMoment } from './times.js';

/** A text the agent sent that has not been answered yet (optimistic: shown `queued` at once). */
export interface PendingMessage {
  key: string;
  text: string;
  fileNames: string[];
  created_at: string;
}

export function PendingBubble({ pending, context, now }: { pending: PendingMessage; context: ConversationContext; now: number }) {
  const { t } = useTranslation();
  return (
    <li className="bubble bubble--outbound bubble--pending" data-testid="message-bubble" data-direction="outbound" data-status="queued" data-pending="true">
      {pending.text ? <p className="bubble__text">{pending.text}</p> : null}
      {pending.fileNames.length ? (
        <ul className="bubble__attachments">
          {pending.fileNames.map((name) => (
            <li key={name} className="bubble__file">
              {t('conversation.file', { name })}
            </li>
          ))}
        </ul>
      ) : null}
      <footer className="bubble__meta">
        <time dateTime={pending.created_at}>{formatMoment(pending.created_at, context.locale, context.timeZone, now)}</time>
        <span className="bubble__status bubble__status--queued" data-testid="message-status" data-status="queued">
          {t('delivery.queued')}
        </span>
      </footer>
    </li>
  );
}
