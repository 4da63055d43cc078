import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MESSAGE_MAX_LENGTH } from '../../../../shared/messages.js';
import type { MassMessage } from '../../../../shared/massTexts.js';
import type { Locale } from '../../../../shared/locales.js';
import { Dialog } from '../Dialog.js';
import { scheduledTime, useQuietHoursQuestion } from '../conversation/QuietHoursQuestion.js';
import { reportFailure } from '../../lib/failures.js';
import { refusalReasonText } from '../../lib/sendRefusals.js';
import { massProgress, skipLines, skippedTotal } from './massTextProgress.js';
import { startMassMessage } from './massTextRequests.js';
import type { Pickable } from './selection.js';
import type { MassSelection } from './useMassSelection.js';
import { useMassTextProgress } from './useMassTextProgress.js';
import './massText.css';

/** The page's language and the store's timezone: the quiet-hours question and the summary's times. */
export interface MassTextPlace {
  locale: Locale;
  timeZone: string;
}

/**
 * "Send text to selected" (SPEC §1 mass messages) on any board: the text, then its progress as the
 * server reports it live, and at the end what went, what was skipped and why. Every recipient still
 * passes every texting and consent rule on the server; the dialog only says what happened.
 *
 * `recipients` is the board's own line for what is picked ("2 appointments selected."); `contact`
 * the kind of person texted (a board's `contact`): its words are the `mass_text.*_<contact>` ones
 * where the shared words have them, the customer's otherwise.
 */
export function MassTextDialog<R extends Pickable>({
  mass,
  locationId,
  place,
  recipients,
  contact,
}: {
  mass: MassSelection<R>;
  locationId: string;
  place: MassTextPlace;
  recipients: string;
  contact?: string;
}) {
  const titleId = useId();
  const [started, setStarted] = useState<MassMessage | null>(null);
  const [finished, setFinished] = useState(false);
  const close = () => {
    mass.closeDialog(finished);
    setStarted(null);
    setFinished(false);
  };
  return (
    <Dialog open={mass.dialogOpen} onClose={close} labelledBy={titleId}>
      {started ? (
        <MassProgress titleId={titleId} initial={started} place={place} contact={contact} onFinished={setFinished} onClose={close} />
      ) : (
        <MassTextForm titleId={titleId} mass={mass} locationId={locationId} place={place} recipients={recipients} contact={contact} onStarted={setStarted} onClose={close} />
      )}
    </Dialog>
  );
}

function MassTextForm<R extends Pickable>({
  titleId,
  mass,
  locationId,
  place,
  recipients,
  contact,
  onStarted,
  onClose,
}: {
  titleId: string;
  mass: MassSelection<R>;
  locationId: string;
  place: MassTextPlace;
  recipients: string;
  contact: string | undefined;
  onStarted: (mass: MassMessage) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const textId = useId();
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  // The same key for every try of this one text: a retried request sends nothing twice.
  const key = useRef(crypto.randomUUID());
  const blank = text.trim().length === 0;
  const quiet = useQuietHoursQuestion(place);
  const { count, skipOptedOut } = mass;

  function send() {
    if (blank || sending) return;
    setSending(true);
    const request = mass.model.massMessageRequest(mass.selection, text, skipOptedOut);
    quiet
      .ask((answer) => {
        // The answered request is another request (send anyway, or later): a key of its own.
        if (answer.confirm_quiet_hours || answer.send_at) key.current = crypto.randomUUID();
        return startMassMessage(locationId, { mass_message: { ...request.mass_message, ...answer } }, key.current);
      })
      .then((started) => (started ? onStarted(started) : undefined))
      .catch((error: unknown) => reportFailure(error))
      .finally(() => setSending(false));
  }

  return (
    <form
      className="form mass-text"
      data-testid="mass-text-form"
      onSubmit={(event) => {
        event.preventDefault();
        send();
      }}
    >
      <h2 className="dialog__title" id={titleId}>
        {t('mass_text.title', { context: contact })}
      </h2>
      <p data-testid="mass-recipients">{recipients}</p>
      {count.optedOut > 0 ? (
        <p className="notice notice--info">
          {skipOptedOut
            ? t('mass_text.opted_out_skipped', { count: count.optedOut, context: contact })
            : t('mass_text.opted_out_reported', { count: count.optedOut, context: contact })}
        </p>
      ) : null}
      <div className="field">
        <label htmlFor={textId}>{t('mass_text.text')}</label>
        <textarea
          id={textId}
          rows={5}
          value={text}
          maxLength={MESSAGE_MAX_LENGTH}
          data-testid="mass-text"
          onChange={(event) => {
            setText(event.target.value);
            key.current = crypto.randomUUID();
          }}
        />
        <p className="field__hint">
          {text.length}/{MESSAGE_MAX_LENGTH}
        </p>
      </div>
      <div className="dialog__actions">
        <button type="button" className="button" onClick={onClose}>
          {t('common.close')}
        </button>
        <button type="submit" className="button button--primary" disabled={blank || sending} data-testid="mass-send">
          {t('mass_text.send', { count: count.picked, context: contact })}
        </button>
      </div>
      {quiet.question}
    </form>
  );
}

function MassProgress({
  titleId,
  initial,
  place,
  contact,
  onFinished,
  onClose,
}: {
  titleId: string;
  initial: MassMessage;
  place: MassTextPlace;
  contact: string | undefined;
  onFinished: (finished: boolean) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const mass = useMassTextProgress(initial);
  const { done, total } = massProgress(mass);
  const finished = mass.state === 'finished';
  const lines = skipLines(mass);
  // Once the text is finished the board's pick is done with, whichever way the dialog is closed.
  useEffect(() => onFinished(finished), [finished, onFinished]);

  return (
    <div className="mass-text" data-testid="mass-progress" data-state={mass.state}>
      <h2 className="dialog__title" id={titleId}>
        {finished ? t('mass_text.done_title') : t('mass_text.sending_title')}
      </h2>
      <progress className="mass-text__bar" max={Math.max(total, 1)} value={done} aria-label={t('mass_text.progress_label')} />
      <p role="status">{t('mass_text.progress', { done, total })}</p>
      {finished ? (
        <div data-testid="mass-summary">
          <p data-testid="mass-sent">{t('mass_text.sent', { count: mass.sent, context: contact })}</p>
          {mass.scheduled ? (
            <p data-testid="mass-scheduled">
              {mass.scheduled_for
                ? t('mass_text.scheduled', { count: mass.scheduled, time: scheduledTime(mass.scheduled_for, place.locale, place.timeZone), context: contact })
                : t('mass_text.scheduled_later', { count: mass.scheduled, context: contact })}
            </p>
          ) : null}
          <p data-testid="mass-skipped">{t('mass_text.skipped', { count: skippedTotal(mass) })}</p>
          {lines.length ? (
            <ul className="mass-text__reasons">
              {lines.map((line) => (
                <li key={line.reason} data-testid="mass-skip-reason" data-reason={line.reason}>
                  {line.key ? t(line.key) : (refusalReasonText(line.reason) ?? t('mass_text.skip_unknown_reason'))}: {line.count}
                </li>
              ))}
            </ul>
          ) : null}
          {mass.failed ? <p data-testid="mass-failed">{t('mass_text.failed', { count: mass.failed })}</p> : null}
        </div>
      ) : null}
      <div className="dialog__actions">
        <button type="button" className="button button--primary" data-testid="mass-close" onClick={onClose}>
          {t('common.close')}
        </button>
      </div>
    </div>
  );
}
