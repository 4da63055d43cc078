/**
 * The store's reports settings (settings group `reports_settings`), beside the figures they change:
 * the late-answer threshold (a customer's text not answered within this many minutes of opening
 * hours counts as answered late) and the opening hours first responses are measured within, so a
 * text that arrives on Saturday evening and is answered on Monday morning did not wait a weekend.
 */
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import useSWR from 'swr';
import { reportFailure } from '../../lib/failures.js';
import { currentLocale } from '../../lib/i18n.js';
import { ApiError } from '../../lib/request.js';
import { serverMessage } from '../../lib/request-errors.js';
import { useStore } from '../../lib/store.js';
import { LATE_RESPONSE_CHOICES } from '../../../../shared/reports/responseTimes.js';
import { ISO_WEEKDAYS, MAX_SPANS, addedSpan, closeFromField, closeToField, openingHoursProblem, type OpeningHours } from './openingHours.js';
import { reportsSettingsPath, saveReportsSettings, type ReportsSettingsValues } from './requests.js';
import { weekdayName } from './scheduleWords.js';

/** As the server checks it: a minute to a whole day. */

export function ReportsSettingsForm({ locationId }: { locationId: string }) {
  const { t } = useTranslation('reports');
  const path = reportsSettingsPath(locationId);
  const { data, error, mutate } = useSWR<{ reports_settings: ReportsSettingsValues }>(path, { revalidateOnFocus: false });
  return (
    <section className="reports__settings" aria-labelledby="reports-settings-title" data-testid="reports-settings">
      <h2 id="reports-settings-title" className="reports__sheet-title">
        {t('reports.settings_title')}
      </h2>
      {data ? (
        <SettingsForm
          key={JSON.stringify(data.reports_settings)}
          initial={data.reports_settings}
          save={async (changes) => {
            const answer = await saveReportsSettings(locationId, changes);
            await mutate(answer, { revalidate: false });
          }}
        />
      ) : (
        <p className="reports__muted" role={error ? 'alert' : 'status'}>
          {error ? t('reports.settings_failed') : t('reports.loading')}
        </p>
      )}
    </section>
  );
}

function SettingsForm({ initial, save }: { initial: ReportsSettingsValues; save: (changes: Partial<ReportsSettingsValues>) => Promise<void> }) {
  const { t } = useTranslation('reports');
  const ids = useId();
  const locale = useStore(currentLocale);
  const [typed, setTyped] = useState(String(initial.late_response_minutes));
  const [hours, setHours] = useState<OpeningHours>(initial.opening_hours);
  const [problem, setProblem] = useState<{ field: 'minutes' | 'hours' | 'form'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const minutes = Number(typed);
  const hoursChanged = JSON.stringify(hours) !== JSON.stringify(initial.opening_hours);
  const dirty = typed !== String(initial.late_response_minutes) || hoursChanged;

  const setDay = (day: (typeof ISO_WEEKDAYS)[number], spans: OpeningHours[typeof day]) => {
    setProblem(null);
    setHours((current) => ({ ...current, [day]: spans }));
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    const wrongDay = openingHoursProblem(hours);
    if (wrongDay) {
      setProblem({ field: 'hours', text: t('reports.hours_invalid', { day: weekdayName(Number(wrongDay), locale) }) });
      return;
    }
    setBusy(true);
    try {
      await save({ ...(minutes !== initial.late_response_minutes ? { late_response_minutes: minutes } : {}), ...(hoursChanged ? { opening_hours: hours } : {}) });
      toast.success(t('reports.settings_saved'));
    } catch (failure) {
      if (failure instanceof ApiError && failure.action.kind === 'expected') setProblem({ field: 'form', text: serverMessage(failure.body) || t('reports.settings_refused') });
      else reportFailure(failure);
    } finally {
      setBusy(false);
    }
  }

  const errorOf = (field: 'minutes' | 'hours' | 'form', testId: string) =>
    problem?.field === field ? (
      <p className="field__error" id={`${ids}-${field}-error`} role="alert" data-testid={testId}>
        {problem.text}
      </p>
    ) : null;

  return (
    <form className="form reports__settings-form" noValidate onSubmit={(event) => void submit(event)}>
      <div className="field">
        <label htmlFor={`${ids}-minutes`}>{t('reports.late_minutes')}</label>
        {/* The reports count first responses in steps (shared/reports/responseTimes.ts): the threshold is one of their bounds, so the late share is exact. */}
        <select
          id={`${ids}-minutes`}
          value={typed}
          data-testid="reports-late-minutes"
          aria-invalid={problem?.field === 'minutes' ? true : undefined}
          aria-describedby={`${ids}-minutes-hint${problem?.field === 'minutes' ? ` ${ids}-minutes-error` : ''}`}
          onChange={(event) => {
            setProblem(null);
            setTyped(event.target.value);
          }}
        >
          {LATE_RESPONSE_CHOICES.map((choice) => (
            <option key={choice} value={String(choice)}>
              {new Intl.NumberFormat(locale).format(choice)}
            </option>
          ))}
        </select>
        <p className="field__hint" id={`${ids}-minutes-hint`}>
          {t('reports.late_hint')}
        </p>
        {errorOf('minutes', 'reports-late-minutes-error')}
      </div>
      <fieldset className="reports-form__cadence reports__hours" aria-describedby={`${ids}-hours-hint${problem?.field === 'hours' ? ` ${ids}-hours-error` : ''}`} data-testid="reports-hours">
        <legend>{t('reports.hours_title')}</legend>
        <p className="field__hint" id={`${ids}-hours-hint`}>
          {t('reports.hours_hint')}
        </p>
        {ISO_WEEKDAYS.map((day) => {
          const name = weekdayName(Number(day), locale);
          const spans = hours[day];
          return (
            // Each day is a group named by its weekday: its Add and Remove buttons are heard with it.
            <div key={day} className="reports__day-hours" role="group" aria-label={name} data-testid={`reports-hours-${day}`}>
              <span className="reports__day-name">{name}</span>
              <div className="reports__spans">
                {spans.length === 0 ? <span className="reports__muted">{t('reports.hours_closed')}</span> : null}
                {spans.map((span, index) => (
                  <span key={index} className="reports__span">
                    <input
                      type="time"
                      aria-label={t('reports.hours_open', { day: name })}
                      value={span.open}
                      data-testid={`reports-hours-${day}-open`}
                      onChange={(event) => setDay(day, spans.map((s, i) => (i === index ? { ...s, open: event.target.value } : s)))}
                    />
                    <span aria-hidden="true">–</span>
                    <input
                      type="time"
                      aria-label={t('reports.hours_close', { day: name })}
                      value={closeToField(span.close)}
                      data-testid={`reports-hours-${day}-close`}
                      onChange={(event) => setDay(day, spans.map((s, i) => (i === index ? { ...s, close: closeFromField(event.target.value) } : s)))}
                    />
                    <button type="button" className="button button--small" onClick={() => setDay(day, spans.filter((_, i) => i !== index))}>
                      {t('reports.hours_remove_short')}
                    </button>
                  </span>
                ))}
                {spans.length < MAX_SPANS ? (
                  <button type="button" className="button button--small" data-testid={`reports-hours-${day}-add`} onClick={() => setDay(day, [...spans, addedSpan(spans)])}>
                    {t('reports.hours_add_short')}
                  </button>
                ) : null}
              </div>
            </div>
          );
        })}
        {errorOf('hours', 'reports-hours-error')}
      </fieldset>
      {errorOf('form', 'reports-settings-problem')}
      <div className="dialog__actions reports__settings-actions">
        <button type="submit" className="button button--primary" disabled={busy || !dirty} data-testid="reports-settings-save">
          {busy ? t('reports.saving') : t('reports.save')}
        </button>
      </div>
    </form>
  );
}
