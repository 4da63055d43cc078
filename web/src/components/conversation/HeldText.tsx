import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Message } from '../../../../shared/messages.js';
import { ApiError } from '../../lib/request.js';
import { Dialog } from '../Dialog.js';
import { charactersLeft, draftProblem } from './composerRules.js';
import type { ConversationContext } from './conversationContext.js';
import { cancelHeldMessage, editHeldMessage } from './conversationRequests.js';
import { fromWallClockInput, wallClockInput } from './times.js';

/** A held text (status `scheduled`) can be changed until it goes: an outbound text waiting for its time or the customer's YES. */
export function isHeld(message: Message): boolean {
  return message.metadata.direction === 'outbound' && message.metadata.status === 'scheduled';
}

/** Whether the edit may carry a new time: a text held for a time has one, a text waiting for the customer's YES does not. */
export function hasEditableTime(message: Message): boolean {
  return message.metadata.send_at !== null && !message.metadata.held_for_opt_in;
}

/**
 * Edit and Cancel under a held text. Cancelling asks first (the customer will not get it); both
 * answers come back through onChanged, and every other console hears them as message.updated.
 * A refusal (409 once the text has gone) is worded by send() in a toast.
 */
export function HeldTextActions({ message, onEdit, onChanged }: { message: Message; onEdit: () => void; onChanged: (message: Message) => void }) {
  const { t } = useTranslation();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const titleId = useId();

  async function cancel() {
    setBusy(true);
    try {
      onChanged(await cancelHeldMessage(message.id));
      setConfirming(false);
    } catch {
      // send() has shown why; a text that went meanwhile arrives by its event.
      setConfirming(false);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="bubble__actions" data-testid="held-actions">
      <button type="button" className="button button--small" data-testid="held-edit" onClick={onEdit}>
        {t('conversation.held.edit')}
      </button>
      <button type="button" className="button button--small" data-testid="held-cancel" onClick={() => setConfirming(true)}>
        {t('conversation.held.cancel')}
      </button>
      <Dialog open={confirming} onClose={() => setConfirming(false)} labelledBy={titleId}>
        <div data-testid="held-cancel-dialog">
          <h2 className="dialog__title" id={titleId}>
            {t('conversation.held.cancel_title')}
          </h2>
          <p>{t('conversation.held.cancel_text')}</p>
          <div className="dialog__actions dialog__actions--wrap">
            <button type="button" className="button" onClick={() => setConfirming(false)} autoFocus>
              {t('conversation.held.keep')}
            </button>
            <button type="button" className="button button--danger-solid" data-testid="held-cancel-confirm" disabled={busy} aria-busy={busy} onClick={() => void cancel()}>
              {t('conversation.held.cancel_confirm')}
            </button>
          </div>
        </div>
      </Dialog>
    </div>
  );
}

/**
 * The held text's words (and its time, when it has one) in place of the bubble's text, checked as
 * the composer checks a draft; its attachments stay. Escape or Cancel leaves it as it was.
 */
export function HeldTextEditor({
  message,
  context,
  onDone,
  onChanged,
}: {
  message: Message;
  context: ConversationContext;
  onDone: () => void;
  onChanged: (message: Message) => void;
}) {
  const { t } = useTranslation();
  const ids = useId();
  const timed = hasEditableTime(message);
  const initialTime = timed ? wallClockInput(message.metadata.send_at!, context.timeZone) : '';
  const [text, setText] = useState(message.text);
  const [time, setTime] = useState(initialTime);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const left = charactersLeft(text);

  function check(): { sendAt?: string } | null {
    const found = draftProblem(text, message.attachments);
    if (found) {
      setProblem(found.kind === 'too_long' ? t('composer.too_long') : t('composer.blank'));
      return null;
    }
    if (!timed || time === initialTime) return {};
    const sendAt = fromWallClockInput(time, context.timeZone);
    if (!sendAt || Date.parse(sendAt) <= Date.now()) {
      setProblem(t('conversation.held.time_past'));
      return null;
    }
    return { sendAt };
  }

  async function save(event: FormEvent) {
    event.preventDefault();
    const checked = check();
    if (!checked) return;
    setBusy(true);
    try {
      onChanged(await editHeldMessage(message.id, { message: { text, ...(checked.sendAt ? { send_at: checked.sendAt } : {}) } }));
      onDone();
    } catch (error) {
      // send() has shown why. A text that went meanwhile (409) is no longer editable; after any
      // other failure the agent's words stay, to save again.
      setBusy(false);
      if (error instanceof ApiError && error.status === 409) onDone();
    }
  }

  return (
    <form
      className="bubble__edit"
      data-testid="held-editor"
      noValidate
      onSubmit={(event) => void save(event)}
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.preventDefault();
          onDone();
        }
      }}
    >
      {problem ? (
        <p className="notice notice--error" role="alert" data-testid="held-problem">
          {problem}
        </p>
      ) : null}
      <label htmlFor={`${ids}-text`} className="bubble__edit-label">
        {t('conversation.held.edit_label')}
      </label>
      <textarea
        id={`${ids}-text`}
        className="composer__text"
        rows={3}
        value={text}
        autoFocus
        aria-describedby={`${ids}-counter`}
        aria-invalid={left < 0 ? true : undefined}
        data-testid="held-text"
        onChange={(event) => setText(event.target.value)}
      />
      <span id={`${ids}-counter`} className={`composer__counter${left < 0 ? ' composer__counter--over' : ''}`} aria-live="polite">
        {left >= 0 ? t('composer.characters_left', { count: left }) : t('composer.characters_over', { count: -left })}
      </span>
      {timed ? (
        <>
          <label htmlFor={`${ids}-time`} className="bubble__edit-label">
            {t('conversation.held.send_at')}
          </label>
          <input id={`${ids}-time`} type="datetime-local" value={time} data-testid="held-time" onChange={(event) => setTime(event.target.value)} />
        </>
      ) : null}
      <div className="bubble__actions">
        <button type="button" className="button button--small" onClick={onDone}>
          {t('common.cancel')}
        </button>
        <button type="submit" className="button button--primary button--small" data-testid="held-save" disabled={busy} aria-busy={busy}>
          {t('conversation.held.save')}
        </button>
      </div>
    </form>
  );
}
