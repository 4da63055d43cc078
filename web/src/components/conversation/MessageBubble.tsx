import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Attachment, DeliveryState, Message } from '../../../../shared/messages.js';
import { CANCELLED_CODE, deliveryErrorKind } from '../../../../shared/sendingTexts.js';
import { refusalReasonText } from '../../lib/sendRefusals.js';
import type { ConversationContext } from './conversationContext.js';
import { HeldTextActions, HeldTextEditor, isHeld } from './HeldText.js';
import { SystemNote } from './SystemNote.js';
import { ReactionBar } from './ReactionBar.js';
import type { ConversationAt } from '../../../../shared/routes.js';
import { linkify } from './linkify.js';
import { formatDateTime, formatDuration, formatMoment } from './times.js';

/** Delivery states as locale keys ('not sent' has a space). */
export function deliveryKey(state: DeliveryState): string {
  return `delivery.${state.replace(' ', '_')}`;
}

const RETRYABLE: readonly DeliveryState[] = ['not sent', 'undelivered'];

/** Codes the console gives a text it did not send (not the carrier's, not a texting rule's), with their words. */
const CONSOLE_CODES: Record<string, string> = { appointment_cancelled: 'delivery_errors.appointment_cancelled' };

/** A held text an agent cancelled: it reads "Cancelled", not as a failure, and is not retried. */
export function wasCancelled(message: Message): boolean {
  return message.metadata.status === 'not sent' && message.metadata.error_code === CANCELLED_CODE;
}

/**
 * Why a text failed, in the agent's language: the carrier's codes (SPEC §8 texts), a texting rule
 * that held it back (the code is the refusal's id), else "Unknown error (code …)". The stored
 * English text only for a failure that carries no code (older messages).
 */
export function failureText(t: (key: string, options?: Record<string, string>) => string, message: Message): string | null {
  const { error_code: code, error_text: stored } = message.metadata;
  if (!code) return stored;
  const kind = deliveryErrorKind(code);
  if (kind) return t(`delivery_errors.${kind}`);
  if (Object.hasOwn(CONSOLE_CODES, code)) return t(CONSOLE_CODES[code]!);
  // Carrier codes are upper case; the console's own ids (a rule that held the text back) lower case.
  return refusalReasonText(code) ?? (/^[a-z_]+$/.test(code) ? t('delivery_errors.not_sent') : t('delivery_errors.unknown', { code }));
}

export function canRetry(message: Message): boolean {
  return message.metadata.direction === 'outbound' && message.metadata.status !== null && RETRYABLE.includes(message.metadata.status) && !wasCancelled(message);
}

/**
 * A recording plays where it is (a voicemail, issue 25): fetched only when the agent presses play,
 * since a conversation may hold many; the player's own controls take the keyboard.
 */
function AudioPlayer({ file, label }: { file: Attachment; label: string }) {
  return (
    <audio className="bubble__audio" controls preload="none" aria-label={label} data-testid="message-audio">
      <source src={file.metadata.orig} type={file.content_type} />
    </audio>
  );
}

function Attachments({ attachments, voicemailLabel }: { attachments: Attachment[]; voicemailLabel: string | null }) {
  const { t } = useTranslation();
  if (!attachments.length) return null;
  return (
    <ul className="bubble__attachments">
      {attachments.map((file) => (
        <li key={file.id}>
          {file.content_type.startsWith('audio/') ? (
            <AudioPlayer file={file} label={voicemailLabel ?? t('conversation.file', { name: file.name })} />
          ) : file.content_type.startsWith('image/') ? (
            <a href={file.metadata.orig} target="_blank" rel="noreferrer" className="bubble__image" data-testid="message-attachment">
              <img src={file.metadata.thumb || file.metadata.small} alt={file.name} loading="lazy" />
            </a>
          ) : (
            <a href={file.metadata.orig} target="_blank" rel="noreferrer" className="bubble__file" data-testid="message-attachment" download={file.name}>
              {t('conversation.file', { name: file.name })}
            </a>
          )}
        </li>
      ))}
    </ul>
  );
}

export function MessageBubble({
  owner,
  message,
  context,
  now,
  retrying,
  onRetry,
  onChanged,
  reacts = true,
  readOnly = false,
}: {
  /** The conversation the message is in (its reactions' path). */
  owner: ConversationAt;
  message: Message;
  context: ConversationContext;
  now: number;
  retrying: boolean;
  onRetry: (message: Message) => void;
  /** A held text was edited or cancelled here: the answer to merge. */
  onChanged: (message: Message) => void;
  /** Whether the agent may react here (not one who reads only the notes). */
  reacts?: boolean;
  /** Looked back on: no reactions, retries or held-text edits. */
  readOnly?: boolean;
}) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);
  const { direction, status, send_at: sendAt, automated } = message.metadata;
  if (direction === 'system' || message.behaviour) return <SystemNote message={message} context={context} now={now} />;
  const outbound = direction === 'outbound';
  const staff = direction === 'staff';
  const cancelled = wasCancelled(message);
  const failed = (status === 'not sent' || status === 'undelivered') && !cancelled;
  const errorText = outbound && failed ? failureText(t, message) : null;
  // A text that went (or was cancelled elsewhere) while being edited closes its editor.
  const held = !readOnly && isHeld(message);
  const editingNow = editing && held;
  const voicemail = direction === 'inbound' ? message.metadata.voicemail : undefined;
  const voicemailLength = voicemail ? formatDuration(voicemail.duration_seconds) : null;
  return (
    <li
      className={`bubble bubble--${staff ? 'staff' : outbound ? 'outbound' : 'inbound'}${failed ? ' bubble--failed' : ''}${editingNow ? ' bubble--editing' : ''}`}
      data-testid="message-bubble"
      data-direction={direction}
      data-status={status ?? undefined}
      data-message-id={message.id}
      data-voicemail={voicemail ? voicemail.call_id : undefined}
    >
      {voicemailLength ? (
        <p className="bubble__voicemail" data-testid="voicemail-tag">
          {t('conversation.voicemail', { duration: voicemailLength })}
        </p>
      ) : null}
      {staff ? (
        <p className="bubble__staff-tag" data-testid="staff-note-tag">
          {t('collab.note_tag')}
        </p>
      ) : null}
      {editingNow ? (
        <HeldTextEditor message={message} context={context} onDone={() => setEditing(false)} onChanged={onChanged} />
      ) : message.text ? (
        <p className="bubble__text">{linkify(message.text)}</p>
      ) : null}
      <Attachments attachments={message.attachments} voicemailLabel={voicemailLength ? t('conversation.voicemail_audio', { duration: voicemailLength }) : null} />
      <footer className="bubble__meta">
        {(outbound || staff) && message.agent ? <span data-testid="message-agent">{`${message.agent.first_name} ${message.agent.last_name}`}</span> : null}
        {/* A text an agent sent with a button (vehicle ready) carries the agent: it is theirs, not the console's. */}
        {outbound && automated && !message.agent ? (
          <span className="bubble__tag" data-testid="message-automated">
            {t('conversation.automated')}
          </span>
        ) : null}
        <time dateTime={message.created_at} title={formatDateTime(message.created_at, context.locale, context.timeZone)}>
          {formatMoment(message.created_at, context.locale, context.timeZone, now)}
        </time>
        {outbound && status ? (
          <span className={`bubble__status bubble__status--${status.replace(' ', '-')}`} data-testid="message-status" data-status={status}>
            {status === 'scheduled' && message.metadata.held_for_opt_in
              ? t('delivery.awaiting_opt_in')
              : status === 'scheduled' && sendAt
                ? t('delivery.scheduled_for', { time: formatDateTime(sendAt, context.locale, context.timeZone) })
                : cancelled
                  ? t('delivery.cancelled')
                  : t(deliveryKey(status))}
          </span>
        ) : null}
      </footer>
      {errorText ? (
        <p className="bubble__error" data-testid="message-error">
          {errorText}
        </p>
      ) : null}
      {reacts && !readOnly ? <ReactionBar owner={owner} message={message} agentId={context.agentId} onChanged={onChanged} /> : null}
      {held && !editingNow ? <HeldTextActions message={message} onEdit={() => setEditing(true)} onChanged={onChanged} /> : null}
      {!readOnly && canRetry(message) ? (
        <button type="button" className="button button--small bubble__retry" data-testid="message-retry" disabled={retrying} aria-busy={retrying} onClick={() => onRetry(message)}>
          {t('conversation.retry')}
        </button>
      ) : null}
    </li>
  );
}
