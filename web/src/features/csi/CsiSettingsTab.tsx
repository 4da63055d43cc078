/**
 * The CSI settings tab (SPEC §3 csi_settings; managers and admins): whether surveys go and when,
 * how often a customer may be asked, the rating that alerts the managers, the store's public review
 * link (offered after every rating) and the survey's own words.
 */
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import useSWR, { mutate } from 'swr';
import { settingsSchemas, type SettingsOf } from '../../../../shared/schemas/settings.js';
import { api } from '../../lib/api.js';
import { reportFailure } from '../../lib/failures.js';
import { serverMessage } from '../../lib/request-errors.js';
import { ApiError } from '../../lib/request.js';

type CsiSettings = SettingsOf<'csi_settings'>;
const settingsPath = (locationId: string) => `/api/locations/${encodeURIComponent(locationId)}/csi_settings`;

export function CsiSettingsTab({ locationId }: { locationId: string }) {
  const { t } = useTranslation('csi');
  const path = settingsPath(locationId);
  const { data, error } = useSWR<{ csi_settings: CsiSettings }>(path, { revalidateOnFocus: false });
  return (
    <div className="csi-settings" data-testid="settings-csi">
      <h2 className="settings__heading">{t('csi.settings_title')}</h2>
      <section className="settings__card" aria-label={t('csi.settings_title')}>
        {data ? <CsiSettingsForm key={JSON.stringify(data.csi_settings)} path={path} initial={data.csi_settings} /> : <p className="settings__muted">{error ? t('csi.load_failed') : t('csi.loading')}</p>}
      </section>
    </div>
  );
}

function CsiSettingsForm({ path, initial }: { path: string; initial: CsiSettings }) {
  const { t } = useTranslation('csi');
  const ids = useId();
  const [form, setForm] = useState<CsiSettings>(initial);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const dirty = JSON.stringify(form) !== JSON.stringify(initial);
  const set = <K extends keyof CsiSettings>(key: K, value: CsiSettings[K]) => {
    setProblem(null);
    setForm((current) => ({ ...current, [key]: value }));
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    // The server's own schema: the form refuses what the server would.
    const checked = settingsSchemas.csi_settings.safeParse({ ...form, review_link: form.review_link.trim() });
    if (!checked.success) {
      setProblem(t('csi.invalid_values'));
      return;
    }
    setBusy(true);
    try {
      const answer = await api.request<{ csi_settings: CsiSettings }>(path, { method: 'POST', body: { csi_settings: checked.data }, expected: { statuses: [400, 403, 422] } });
      await mutate(path, answer, { revalidate: false });
      toast.success(t('csi.saved'));
    } catch (error) {
      if (error instanceof ApiError && error.action.kind === 'expected') setProblem(serverMessage(error.body) || t('csi.invalid_values'));
      else reportFailure(error);
    } finally {
      setBusy(false);
    }
  }

  const problemId = `${ids}-problem`;
  return (
    <form className="form settings__form" noValidate onSubmit={(event) => void submit(event)} aria-describedby={problem ? problemId : undefined}>
      <label className="check">
        <input type="checkbox" data-testid="csi-enabled" checked={form.enabled} onChange={(event) => set('enabled', event.target.checked)} />
        {t('csi.enabled')}
      </label>
      <div className="field">
        <label htmlFor={`${ids}-send-on`}>{t('csi.send_on')}</label>
        <select id={`${ids}-send-on`} data-testid="csi-send-on" value={form.send_on} onChange={(event) => set('send_on', event.target.value === 'vehicle_ready' ? 'vehicle_ready' : 'closed')}>
          <option value="closed">{t('csi.send_on_closed')}</option>
          <option value="vehicle_ready">{t('csi.send_on_vehicle_ready')}</option>
        </select>
      </div>
      <div className="settings__pair">
        <div className="field">
          <label htmlFor={`${ids}-frequency`}>{t('csi.frequency')}</label>
          <input
            id={`${ids}-frequency`}
            type="number"
            className="settings__number"
            data-testid="csi-frequency"
            min={1}
            max={365}
            step={1}
            required
            aria-describedby={`${ids}-frequency-hint`}
            value={Number.isNaN(form.frequency_days) ? '' : form.frequency_days}
            onChange={(event) => set('frequency_days', event.target.valueAsNumber)}
          />
          <p className="field__hint" id={`${ids}-frequency-hint`}>
            {t('csi.frequency_hint')}
          </p>
        </div>
        <div className="field">
          <label htmlFor={`${ids}-threshold`}>{t('csi.threshold')}</label>
          <select id={`${ids}-threshold`} data-testid="csi-threshold" aria-describedby={`${ids}-threshold-hint`} value={form.low_rating_threshold} onChange={(event) => set('low_rating_threshold', Number(event.target.value))}>
            {Array.from({ length: 11 }, (_, rating) => (
              <option key={rating} value={rating}>
                {rating}
              </option>
            ))}
          </select>
          <p className="field__hint" id={`${ids}-threshold-hint`}>
            {t('csi.threshold_hint')}
          </p>
        </div>
      </div>
      <div className="field">
        <label htmlFor={`${ids}-review`}>{t('csi.review_link')}</label>
        <input
          id={`${ids}-review`}
          type="text"
          inputMode="url"
          autoComplete="url"
          placeholder="https://"
          data-testid="csi-review-link"
          aria-describedby={`${ids}-review-hint`}
          value={form.review_link}
          onChange={(event) => set('review_link', event.target.value)}
        />
        <p className="field__hint" id={`${ids}-review-hint`}>
          {t('csi.review_link_hint')}
        </p>
      </div>
      <div className="field">
        <label htmlFor={`${ids}-message`}>{t('csi.message')}</label>
        <textarea id={`${ids}-message`} className="settings__textarea" data-testid="csi-message" rows={3} aria-describedby={`${ids}-message-hint`} value={form.message} onChange={(event) => set('message', event.target.value)} />
        <p className="field__hint" id={`${ids}-message-hint`}>
          {t('csi.message_hint')}
        </p>
      </div>
      {problem ? (
        <p className="notice notice--error" role="alert" id={problemId} data-testid="csi-problem">
          {problem}
        </p>
      ) : null}
      <div className="settings__actions">
        <button type="submit" className="button button--primary" data-testid="csi-save" disabled={busy || !dirty} aria-busy={busy || undefined}>
          {t('csi.save')}
        </button>
      </div>
    </form>
  );
}
