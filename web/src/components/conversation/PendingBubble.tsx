import { useTranslation } from 'react-i18next';
import type { ConversationContext } from './conversationContext.js';
import { formatMoment } from './times.js';

/**
 * Where a text the agent sent stands before its answer came: `sending` (the first ask), `waiting`
 * (the server could not say yet: asked again with the same key), `unconfirmed` (still no answer
 * after the console's wait; it may be with the customer, so it is never called failed and never
 * offered again under a new key, only checked again under its own).
 */
export type PendingState = 'sending' | 'waiting' | 'unconfirmed';

/** A text the agent sent that has not been answered yet (optimistic: shown `queued` at once). */
export interface PendingMessage {
  key: string;
  text: string;
  fileNames: string[];
  created_at: string;
  state?: PendingState;
  /** A note to colleagues, shown as one while it is on its way. */
  note?: boolean;
  /** Asks again with the text's own key (an `unconfirmed` text). */
  checkAgain?: () => void;
}

const STATE_TEXT = {
  sending: 'delivery.queued',
  waiting: 'conversation.pending_waiting',
  unconfirmed: 'conversation.pending_unconfirmed',
} as const;

export function PendingBubble({ pending, context, now }: { pending: PendingMessage; context: ConversationContext; now: number }) {
  const { t } = useTranslation();
  const state = pending.state ?? 'sending';
  return (
    <li
      className={`bubble ${pending.note ? 'bubble--staff' : 'bubble--outbound'} bubble--pending`}
      data-testid="message-bubble"
      data-direction={pending.note ? 'staff' : 'outbound'} data-status="queued" data-pending="true" data-pending-state={state}>
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
        <span className="bubble__status bubble__status--queued" data-testid="message-status" data-status="queued" role={state === 'sending' ? undefined : 'status'}>
          {t(STATE_TEXT[state])}
        </span>
      </footer>
      {state === 'unconfirmed' && pending.checkAgain ? (
        <button type="button" className="button button--small bubble__retry" data-testid="pending-check" onClick={pending.checkAgain}>
          {t('conversation.pending_check')}
        </button>
      ) : null}
    </li>
  );
}
