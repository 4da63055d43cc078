import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MESSAGE_MAX_LENGTH } from '../../../../shared/messages.js';
import type { MassMessage } from '../../../../shared/massTexts.js';
import type { Locale } from '../../../../shared/locales.js';
import { Dialog } from '../../components/Dialog.js';
import { scheduledTime, useQuietHoursQuestion } from '../../components/conversation/QuietHoursQuestion.js';
import { api } from '../../lib/api.js';
import { reportFailure } from '../../lib/failures.js';
import { refusalReasonText } from '../../lib/sendRefusals.js';
import { massProgress, newer, skipLines, skippedTotal } from './appointmentStatus.js';
import { massMessagePath, startMassMessage } from './requests.js';
import { massMessageRequest, type Selection, type SelectionCount } from './selection.js';
import type { MassMessageWatch } from './useAppointmentLive.js';

/**
 * "Send text to selected" (SPEC §1 mass messages): the text, then its progress as the server reports
 * it live, and at the end what went, what was skipped and why. Every recipient still passes every
 * texting and consent rule on the server; the dialog only says what happened.
 */
export function MassTextDialog({
  open,
  locationId,
  place,
  selection,
  count,
  skipOptedOut,
  watch,
  onClose,
}: {
  open: boolean;
  locationId: string;
  /** The page's language and the store's timezone: the quiet-hours question and the summary's times. */
  place: { locale: Locale; timeZone: string };
  selection: Selection;
  count: SelectionCount;
  skipOptedOut: boolean;
  /** The board's live feed of mass-text progress. */
  watch: MassMessageWatch;
  onClose: (finished: boolean) => void;
}) {
  const titleId = useId();
  const [mass, setMass] = useState<MassMessage | null>(null);
  const close = () => {
    onClose(mass?.state === 'finished');
    setMass(null);
  };
  return (
    <Dialog open={open} onClose={close} labelledBy={titleId}>
      {mass ? (
        <MassProgress titleId={titleId} initial={mass} place={place} watch={watch} onClose={close} />
      ) : (
        <MassTextForm
          titleId={titleId}
          locationId={locationId}
          place={place}
          selection={selection}
          count={count}
          skipOptedOut={skipOptedOut}
          onStarted={setMass}
          onClose={close}
        />
      )}
    </Dialog>
  );
}

function MassTextForm({
  titleId,
  locationId,
  place,
  selection,
  count,
  skipOptedOut,
  onStarted,
  onClose,
}: {
  titleId: string;
  locationId: string;
  place: { locale: Locale; timeZone: string };
  selection: Selection;
  count: SelectionCount;
  skipOptedOut: boolean;
  onStarted: (mass: MassMessage) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('appointments');
  const textId = useId();
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  // The same key for every try of this one text: a retried request sends nothing twice.
  const key = useRef(crypto.randomUUID());
  const blank = text.trim().length === 0;
  const quiet = useQuietHoursQuestion(place);

  function send() {
    if (blank || sending) return;
    setSending(true);
    const request = massMessageRequest(selection, text, skipOptedOut);
    quiet
      .ask((answer) => {
        // The answered request is another request (send anyway, or later): a key of its own.
        if (answer.confirm_quiet_hours || answer.send_at) key.current = crypto.randomUUID();
        return startMassMessage(locationId, { mass_message: { ...request.mass_message, ...answer } }, key.current);
      })
      .then((mass) => (mass ? onStarted(mass) : undefined))
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
        {t('appointments.mass_title')}
      </h2>
      <p data-testid="mass-recipients">{t('appointments.mass_recipients', { count: count.picked })}</p>
      {count.optedOut > 0 ? (
        <p className="notice notice--info">
          {skipOptedOut ? t('appointments.mass_opted_out_skipped', { count: count.optedOut }) : t('appointments.mass_opted_out_reported', { count: count.optedOut })}
        </p>
      ) : null}
      <div className="field">
        <label htmlFor={textId}>{t('appointments.mass_text')}</label>
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
          {t('appointments.mass_send', { count: count.picked })}
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
  watch,
  onClose,
}: {
  titleId: string;
  initial: MassMessage;
  place: { locale: Locale; timeZone: string };
  watch: MassMessageWatch;
  onClose: () => void;
}) {
  const { t } = useTranslation('appointments');
  const [mass, setMass] = useState(initial);

  useEffect(() => {
    const id = initial.id;
    // Progress arrives live; asking once more covers what happened before the dialog listened.
    const ask = () =>
      api
        .request<{ mass_message: MassMessage }>(massMessagePath(id))
        .then((b) => setMass((current) => newer(current, b.mass_message)))
        .catch(() => undefined);
    const stop = watch(id, (next) => setMass((current) => newer(current, next)), ask);
    void ask();
    return stop;
  }, [initial.id, watch]);

  const { done, total } = massProgress(mass);
  const finished = mass.state === 'finished';
  const lines = skipLines(mass);

  return (
    <div className="mass-text" data-testid="mass-progress" data-state={mass.state}>
      <h2 className="dialog__title" id={titleId}>
        {finished ? t('appointments.mass_done_title') : t('appointments.mass_sending_title')}
      </h2>
      <progress className="mass-text__bar" max={Math.max(total, 1)} value={done} aria-label={t('appointments.mass_progress_label')} />
      <p role="status">{t('appointments.mass_progress', { done, total })}</p>
      {finished ? (
        <div data-testid="mass-summary">
          <p data-testid="mass-sent">{t('appointments.mass_sent', { count: mass.sent })}</p>
          {mass.scheduled ? (
            <p data-testid="mass-scheduled">
              {mass.scheduled_for
                ? t('appointments.mass_scheduled', { count: mass.scheduled, time: scheduledTime(mass.scheduled_for, place.locale, place.timeZone) })
                : t('appointments.mass_scheduled_later', { count: mass.scheduled })}
            </p>
          ) : null}
          <p data-testid="mass-skipped">{t('appointments.mass_skipped', { count: skippedTotal(mass) })}</p>
          {lines.length ? (
            <ul className="mass-text__reasons">
              {lines.map((line) => (
                <li key={line.reason} data-testid="mass-skip-reason" data-reason={line.reason}>
                  {line.key ? t(line.key) : (refusalReasonText(line.reason) ?? t('appointments.skip_unknown_reason'))}: {line.count}
                </li>
              ))}
            </ul>
          ) : null}
          {mass.failed ? <p data-testid="mass-failed">{t('appointments.mass_failed', { count: mass.failed })}</p> : null}
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
