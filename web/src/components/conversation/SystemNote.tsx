import { useTranslation } from 'react-i18next';
import type { Message } from '../../../../shared/messages.js';
import type { ConversationContext } from './conversationContext.js';
import { noteText } from './noteText.js';
import { formatDateTime, formatMoment } from './times.js';

/** A system note (SPEC §3 behaviours): opt changes, closing, and the like, said in the agent's language. */
export function SystemNote({ message, context, now }: { message: Message; context: ConversationContext; now: number }) {
  const { t } = useTranslation();
  const behaviour = message.behaviour ?? 'GENERIC_SYSTEM';
  const who = message.agent ? `${message.agent.first_name} ${message.agent.last_name}` : null;
  const text = noteText(message, t, context.locale);
  return (
    <li className="note" data-testid="system-note" data-behaviour={behaviour} data-note={message.metadata.note?.key}>
      <span className="note__label">{t(`behaviour.${behaviour}`)}</span>
      {text ? <span className="note__text">{text}</span> : null}
      <span className="note__meta">
        {who ? `${who} · ` : ''}
        <time dateTime={message.created_at} title={formatDateTime(message.created_at, context.locale, context.timeZone)}>
          {formatMoment(message.created_at, context.locale, context.timeZone, now)}
        </time>
      </span>
    </li>
  );
}
