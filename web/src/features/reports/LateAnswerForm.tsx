/**
 * The store's late-answer threshold (settings group `reports_settings`): a customer's text not
 * answered within this many minutes of opening hours counts as answered late in the texting
 * figures. Managers change it here, beside the figures it changes.
 */
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import useSWR from 'swr';
import type { ReportsSettings } from '../../../../shared/reports/types.js';
import { reportFailure } from '../../lib/failures.js';
import { ApiError } from '../../lib/request.js';
import { serverMessage } from '../../lib/request-errors.js';
import { reportsSettingsPath, saveReportsSettings } from './requests.js';

/** A working day: a longer threshold would call nothing late. */
export const LATE_MINUTES = { min: 1, max: 480 } as const;

export function LateAnswerForm({ locationId }: { locationId: string }) {
  const { t } = useTranslation('reports');
  const path = reportsSettingsPath(locationId);
  const { data, error, mutate } = useSWR<{ reports_settings: ReportsSettings }>(path, { revalidateOnFocus: false });
  return (
    <section className="reports__settings" aria-labelledby="reports-settings-title" data-testid="reports-settings">
      <h2 id="reports-settings-title" className="reports__sheet-title">
        {t('reports.late_title')}
      </h2>
      {data ? (
        <LateForm
          key={data.reports_settings.late_response_minutes}
          initial={data.reports_settings.late_response_minutes}
          save={async (minutes) => {
            const answer = await saveReportsSettings(locationId, { late_response_minutes: minutes });
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

function LateForm({ initial, save }: { initial: number; save: (minutes: number) => Promise<void> }) {
  const { t } = useTranslation('reports');
  const ids = useId();
  const [typed, setTyped] = useState(String(initial));
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const minutes = Number(typed);
  const dirty = typed !== String(initial);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!Number.isInteger(minutes) || minutes < LATE_MINUTES.min || minutes > LATE_MINUTES.max) {
      setProblem(t('reports.late_invalid', LATE_MINUTES));
      return;
    }
    setBusy(true);
    try {
      await save(minutes);
      toast.success(t('reports.late_saved'));
    } catch (failure) {
      if (failure instanceof ApiError && failure.action.kind === 'expected') setProblem(serverMessage(failure.body) || t('reports.late_invalid', LATE_MINUTES));
      else reportFailure(failure);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="form reports__settings-form" noValidate onSubmit={(event) => void submit(event)}>
      <div className="field">
        <label htmlFor={`${ids}-minutes`}>{t('reports.late_minutes')}</label>
        <input
          id={`${ids}-minutes`}
          type="number"
          inputMode="numeric"
          min={LATE_MINUTES.min}
          max={LATE_MINUTES.max}
          step={1}
          value={typed}
          data-testid="reports-late-minutes"
          aria-invalid={problem ? true : undefined}
          aria-describedby={`${ids}-hint${problem ? ` ${ids}-error` : ''}`}
          onChange={(event) => {
            setProblem(null);
            setTyped(event.target.value);
          }}
        />
        <p className="field__hint" id={`${ids}-hint`}>
          {t('reports.late_hint')}
        </p>
        {problem ? (
          <p className="field__error" id={`${ids}-error`} role="alert" data-testid="reports-late-minutes-error">
            {problem}
          </p>
        ) : null}
      </div>
      <div className="dialog__actions reports__settings-actions">
        <button type="submit" className="button button--primary" disabled={busy || !dirty} data-testid="reports-late-save">
          {busy ? t('reports.saving') : t('reports.save')}
        </button>
      </div>
    </form>
  );
}
