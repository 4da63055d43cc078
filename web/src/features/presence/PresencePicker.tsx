import { Suspense, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  AUTO_REPLY_MAX_LENGTH,
  PRESENCE_MODES,
  isAway,
  repliesWhileAway,
  resolvePresence,
  routesWhileAway,
  type PresenceAnswer,
  type PresenceErrorId,
  type PresenceMode,
} from '../../../../shared/presence.js';
import { Dialog } from '../../components/Dialog.js';
import { ApiError } from '../../lib/request.js';
import { choosePresence, usePresence } from './presenceRequests.js';
import { fieldRefusals, type PresenceField } from './presenceWords.js';
import './presence.css';

/**
 * The agent's presence in the console's header (SPEC §3 Employee presence): what they chose, and a
 * dialog to choose online, away, away with an auto-reply, away with their new texts routed to a
 * colleague, or both. Its words are this feature's own; the header does not wait for them.
 */
export function PresencePicker() {
  return (
    <Suspense fallback={null}>
      <PresenceControl />
    </Suspense>
  );
}

function PresenceControl() {
  const { t } = useTranslation('presence');
  const answer = usePresence();
  const [open, setOpen] = useState(false);
  const labelId = useId();
  const valueId = useId();
  const titleId = useId();
  if (!answer) return null;
  const { mode } = answer.presence;
  return (
    <div className="picker presence-picker">
      <span className="picker__label" id={labelId}>
        {t('label')}
      </span>
      <button
        type="button"
        className={`presence-button presence-button--${isAway(mode) ? 'away' : 'online'}`}
        aria-labelledby={`${labelId} ${valueId}`}
        aria-haspopup="dialog"
        data-testid="presence-button"
        onClick={() => setOpen(true)}
      >
        <span className="presence-button__dot" aria-hidden="true" />
        <span id={valueId}>{t(`short.${mode}`)}</span>
      </button>
      <Dialog open={open} onClose={() => setOpen(false)} labelledBy={titleId}>
        <PresenceForm titleId={titleId} answer={answer} onDone={() => setOpen(false)} />
      </Dialog>
    </div>
  );
}

type Refusals = Partial<Record<PresenceField, { key: string } | { text: string }>>;

const errorKey = (id: PresenceErrorId) => ({ key: `errors.${id}` });

function PresenceForm({ titleId, answer, onDone }: { titleId: string; answer: PresenceAnswer; onDone: () => void }) {
  const { t } = useTranslation('presence');
  const { presence, colleagues } = answer;
  const [mode, setMode] = useState<PresenceMode>(presence.mode);
  const [text, setText] = useState(presence.auto_reply_text);
  const [colleagueId, setColleagueId] = useState(presence.routed_to && colleagues.some((c) => c.id === presence.routed_to?.id) ? presence.routed_to.id : '');
  const [refusals, setRefusals] = useState<Refusals>({});
  const [busy, setBusy] = useState(false);
  const ids = { modes: useId(), text: useId(), textHint: useId(), textError: useId(), colleague: useId(), colleagueError: useId(), modeError: useId() };
  const words = (refusal: Refusals[PresenceField]) => (refusal ? ('key' in refusal ? t(refusal.key) : refusal.text) : null);

  async function save(event: FormEvent) {
    event.preventDefault();
    const choice = { mode, auto_reply_text: text, routed_to_agent_id: colleagueId || null };
    // The same rules as the server's, so a slip is shown at once and in the agent's language.
    const checked = resolvePresence(choice, { auto_reply_text: '', routed_to_id: null });
    if (!checked.ok) {
      setRefusals({ [checked.path]: errorKey(checked.error) });
      return;
    }
    if (text.trim().length > AUTO_REPLY_MAX_LENGTH) {
      setRefusals({ auto_reply_text: errorKey('auto_reply_too_long') });
      return;
    }
    setBusy(true);
    try {
      await choosePresence(choice);
      onDone();
    } catch (error) {
      if (error instanceof ApiError && error.status === 422) setRefusals(fieldRefusals(error.body));
    } finally {
      setBusy(false);
    }
  }

  const replies = repliesWhileAway(mode);
  const routes = routesWhileAway(mode);
  const modeProblem = words(refusals.mode);
  const textProblem = words(refusals.auto_reply_text);
  const colleagueProblem = words(refusals.routed_to_agent_id);
  return (
    <form className="presence-form" onSubmit={(event) => void save(event)} noValidate data-testid="presence-form">
      <h2 className="dialog__title" id={titleId}>
        {t('title')}
      </h2>
      <fieldset className="presence-form__modes" aria-describedby={modeProblem ? ids.modeError : undefined}>
        <legend className="visually-hidden">{t('label')}</legend>
        {PRESENCE_MODES.map((option) => (
          // The mode's name is the radio's name; what it does is its description.
          <div key={option} className="presence-form__mode">
            <input
              id={`${ids.modes}-${option}`}
              type="radio"
              name="presence-mode"
              value={option}
              checked={mode === option}
              aria-describedby={`${ids.modes}-${option}-hint`}
              onChange={() => {
                setMode(option);
                setRefusals({});
              }}
            />
            <span className="presence-form__mode-text">
              <label className="presence-form__mode-name" htmlFor={`${ids.modes}-${option}`}>
                {t(`mode.${option}`)}
              </label>
              <span className="presence-form__mode-hint" id={`${ids.modes}-${option}-hint`}>
                {t(`hint.${option}`)}
              </span>
            </span>
          </div>
        ))}
      </fieldset>
      {modeProblem ? (
        <p className="presence-form__error" id={ids.modeError} role="alert">
          {modeProblem}
        </p>
      ) : null}

      {replies ? (
        <div className="field">
          <label htmlFor={ids.text}>{t('auto_reply_label')}</label>
          <textarea
            id={ids.text}
            className="presence-form__text"
            rows={3}
            maxLength={AUTO_REPLY_MAX_LENGTH}
            value={text}
            placeholder={t('auto_reply_placeholder')}
            aria-invalid={textProblem ? true : undefined}
            aria-describedby={textProblem ? `${ids.textError} ${ids.textHint}` : ids.textHint}
            onChange={(event) => setText(event.target.value)}
          />
          <p className="field__hint" id={ids.textHint}>
            {t('auto_reply_hint')} {t('auto_reply_count', { count: text.length, max: AUTO_REPLY_MAX_LENGTH })}
          </p>
          {textProblem ? (
            <p className="presence-form__error" id={ids.textError} role="alert">
              {textProblem}
            </p>
          ) : null}
        </div>
      ) : null}

      {routes ? (
        <div className="field">
          <label htmlFor={ids.colleague}>{t('colleague_label')}</label>
          <select
            id={ids.colleague}
            value={colleagueId}
            aria-invalid={colleagueProblem ? true : undefined}
            aria-describedby={colleagueProblem ? ids.colleagueError : undefined}
            onChange={(event) => setColleagueId(event.target.value)}
          >
            <option value="">{t('colleague_choose')}</option>
            {colleagues.map((colleague) => {
              const name = `${colleague.first_name} ${colleague.last_name}`.trim();
              return (
                <option key={colleague.id} value={colleague.id}>
                  {colleague.presence === 'online' ? name : t('colleague_away', { name })}
                </option>
              );
            })}
          </select>
          {colleagues.length === 0 ? <p className="field__hint">{t('no_colleagues')}</p> : null}
          {colleagueProblem ? (
            <p className="presence-form__error" id={ids.colleagueError} role="alert">
              {colleagueProblem}
            </p>
          ) : null}
        </div>
      ) : null}

      <div className="dialog__actions">
        <button type="button" className="button" onClick={onDone}>
          {t('common.cancel')}
        </button>
        <button type="submit" className="button button--primary" disabled={busy} aria-busy={busy || undefined} data-testid="presence-save">
          {busy ? t('saving') : t('save')}
        </button>
      </div>
    </form>
  );
}
