/**
 * The tech tab of settings (SPEC §2, §3 "mpi_settings", "technician_settings"; issue 4 part 6): how
 * inspections work at the location, whether technicians use the console and its MPI area, who the
 * technicians are and what they hold, and the sheet templates.
 */
import { useId, useState, type ComponentType, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import useSWR, { mutate } from 'swr';
import type { Technician } from '../../../../shared/inspections/inspections.js';
import { settingsSchemas, type SettingsOf } from '../../../../shared/schemas/settings.js';
import { api } from '../../lib/api.js';
import { reportFailure } from '../../lib/failures.js';
import { serverMessage } from '../../lib/request-errors.js';
import { ApiError } from '../../lib/request.js';
import { reloadSettingsGroup } from '../../lib/session.js';

type MpiSettings = SettingsOf<'mpi_settings'>;
type TechnicianSettings = SettingsOf<'technician_settings'>;

const enc = encodeURIComponent;
const mpiSettingsPath = (locationId: string) => `/api/locations/${enc(locationId)}/tech/mpi/settings`;
const technicianSettingsPath = (locationId: string) => `/api/locations/${enc(locationId)}/technician_settings`;
const techniciansPath = (locationId: string) => `/api/locations/${enc(locationId)}/tech/mpi/technicians`;

/** Where the customer's text carries the inspection link (mpi_settings.customer_message). */
const LINK_PLACEHOLDER = '{{link}}';

/** SPEC §9 option list "minutes 1-10, 15, 30", with no delay and an hour (the schema's bounds). */
export const SMS_DELAY_OPTIONS: readonly number[] = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 15, 30, 60];

export function TechTab({ locationId, templates: Templates }: { locationId: string; templates?: ComponentType<{ locationId: string }> | undefined }) {
  const { t } = useTranslation('settings');
  return (
    <div className="settings-tech" data-testid="settings-tech">
      <h2 className="settings__heading">{t('settings.tab_tech')}</h2>
      <MpiSettingsSection locationId={locationId} />
      <TechnicianSettingsSection locationId={locationId} />
      <TechniciansSection locationId={locationId} />
      {Templates ? (
        <div className="settings__card">
          <Templates locationId={locationId} />
        </div>
      ) : null}
    </div>
  );
}

/** Saves one settings group; the refusal's words are shown by the form, other failures the standard way. */
async function saveGroup<T>(path: string, method: 'PUT' | 'POST', key: string, values: T): Promise<T> {
  const answer = await api.request<Record<string, T>>(path, { method, body: { [key]: values }, expected: { statuses: [400, 403, 422] } });
  const saved = answer[key];
  if (saved === undefined) throw new Error(`The answer has no ${key}`);
  return saved;
}

function refusalOf(error: unknown, fallback: string): string | null {
  if (error instanceof ApiError && error.action.kind === 'expected') return serverMessage(error.body) || fallback;
  reportFailure(error);
  return null;
}

function MpiSettingsSection({ locationId }: { locationId: string }) {
  const { t } = useTranslation('settings');
  const path = mpiSettingsPath(locationId);
  const { data, error } = useSWR<{ mpi_settings: MpiSettings }>(path, { revalidateOnFocus: false });
  return (
    <section className="settings__card" aria-labelledby="settings-mpi-title" data-testid="mpi-settings">
      <h3 id="settings-mpi-title" className="settings__card-title">
        {t('settings.mpi_title')}
      </h3>
      {data ? (
        <MpiSettingsForm key={JSON.stringify(data.mpi_settings)} path={path} initial={data.mpi_settings} />
      ) : (
        <p className="settings__muted">{error ? t('settings.load_failed') : t('common.loading')}</p>
      )}
    </section>
  );
}

function MpiSettingsForm({ path, initial }: { path: string; initial: MpiSettings }) {
  const { t } = useTranslation('settings');
  const ids = useId();
  const [form, setForm] = useState<MpiSettings>(initial);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const dirty = JSON.stringify(form) !== JSON.stringify(initial);
  const set = <K extends keyof MpiSettings>(key: K, value: MpiSettings[K]) => {
    setProblem(null);
    setForm((current) => ({ ...current, [key]: value }));
  };
  const delays = SMS_DELAY_OPTIONS.includes(form.recommendation_approval_sms_delay_minutes)
    ? SMS_DELAY_OPTIONS
    : [...SMS_DELAY_OPTIONS, form.recommendation_approval_sms_delay_minutes].sort((a, b) => a - b);
  const linkMissing = !form.customer_message.includes(LINK_PLACEHOLDER);

  async function submit(event: FormEvent) {
    event.preventDefault();
    // The server's own schema, so the form refuses what the server would.
    const checked = settingsSchemas.mpi_settings.safeParse(form);
    if (!checked.success) {
      setProblem(t('settings.invalid_values'));
      return;
    }
    setBusy(true);
    try {
      const saved = await saveGroup(path, 'PUT', 'mpi_settings', checked.data);
      await mutate(path, { mpi_settings: saved }, { revalidate: false });
      toast.success(t('settings.saved'));
    } catch (error) {
      setProblem(refusalOf(error, t('settings.invalid_values')));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="form settings__form" onSubmit={(event) => void submit(event)}>
      <label className="check">
        <input type="checkbox" data-testid="mpi-settings-enabled" checked={form.enabled} onChange={(event) => set('enabled', event.target.checked)} />
        {t('settings.mpi_enabled')}
      </label>
      <label className="check">
        <input
          type="checkbox"
          data-testid="mpi-settings-require-photo"
          checked={form.require_photo_for_red}
          onChange={(event) => set('require_photo_for_red', event.target.checked)}
        />
        {t('settings.require_photo_for_red')}
      </label>
      <div className="settings__pair">
        <div className="field">
          <label htmlFor={`${ids}-delay`}>{t('settings.sms_delay')}</label>
          <select
            id={`${ids}-delay`}
            data-testid="mpi-settings-delay"
            value={form.recommendation_approval_sms_delay_minutes}
            onChange={(event) => set('recommendation_approval_sms_delay_minutes', Number(event.target.value))}
          >
            {delays.map((minutes) => (
              <option key={minutes} value={minutes}>
                {minutes === 0 ? t('settings.no_delay') : t('settings.minutes', { count: minutes })}
              </option>
            ))}
          </select>
          <p className="field__hint">{t('settings.sms_delay_hint')}</p>
        </div>
        <div className="field">
          <label htmlFor={`${ids}-expiry`}>{t('settings.link_expiry_days')}</label>
          <input
            id={`${ids}-expiry`}
            type="number"
            className="settings__number"
            data-testid="mpi-settings-expiry"
            min={1}
            max={60}
            step={1}
            required
            value={Number.isNaN(form.link_expiry_days) ? '' : form.link_expiry_days}
            onChange={(event) => set('link_expiry_days', event.target.valueAsNumber)}
          />
          <p className="field__hint">{t('settings.link_expiry_hint')}</p>
        </div>
      </div>
      <div className="field">
        <label htmlFor={`${ids}-message`}>{t('settings.customer_message')}</label>
        <textarea
          id={`${ids}-message`}
          className="settings__textarea"
          data-testid="mpi-settings-message"
          rows={3}
          maxLength={1600}
          value={form.customer_message}
          onChange={(event) => set('customer_message', event.target.value)}
        />
        <p className="field__hint" data-testid="mpi-settings-message-hint">
          {/* {{link}} is the placeholder's own name, shown as written. */}
          {linkMissing ? t('settings.customer_message_no_link', { link: LINK_PLACEHOLDER }) : t('settings.customer_message_hint', { link: LINK_PLACEHOLDER })}
        </p>
      </div>
      {problem ? (
        <p className="notice notice--error" role="alert">
          {problem}
        </p>
      ) : null}
      <div className="settings__actions">
        <button type="submit" className="button button--primary" data-testid="mpi-settings-save" disabled={!dirty || busy} aria-busy={busy || undefined}>
          {t('settings.save')}
        </button>
      </div>
    </form>
  );
}

function TechnicianSettingsSection({ locationId }: { locationId: string }) {
  const { t } = useTranslation('settings');
  const path = technicianSettingsPath(locationId);
  const { data, error } = useSWR<{ technician_settings: TechnicianSettings }>(path, { revalidateOnFocus: false });
  return (
    <section className="settings__card" aria-labelledby="settings-technician-title" data-testid="technician-settings">
      <h3 id="settings-technician-title" className="settings__card-title">
        {t('settings.technician_title')}
      </h3>
      {data ? (
        <TechnicianSettingsForm key={JSON.stringify(data.technician_settings)} locationId={locationId} path={path} initial={data.technician_settings} />
      ) : (
        <p className="settings__muted">{error ? t('settings.load_failed') : t('common.loading')}</p>
      )}
    </section>
  );
}

function TechnicianSettingsForm({ locationId, path, initial }: { locationId: string; path: string; initial: TechnicianSettings }) {
  const { t } = useTranslation('settings');
  const [form, setForm] = useState<TechnicianSettings>(initial);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const dirty = JSON.stringify(form) !== JSON.stringify(initial);
  const set = (key: keyof TechnicianSettings, value: boolean) => {
    setProblem(null);
    setForm((current) => ({ ...current, [key]: value }));
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    try {
      const saved = await saveGroup(path, 'POST', 'technician_settings', form);
      await mutate(path, { technician_settings: saved }, { revalidate: false });
      // The console's own copy decides where technicians land and whether "rest marked green" shows.
      void reloadSettingsGroup(locationId, 'technician_settings').catch(() => undefined);
      toast.success(t('settings.saved'));
    } catch (error) {
      setProblem(refusalOf(error, t('settings.invalid_values')));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="form settings__form" onSubmit={(event) => void submit(event)}>
      <label className="check">
        <input type="checkbox" data-testid="technician-settings-enabled" checked={form.enabled} onChange={(event) => set('enabled', event.target.checked)} />
        {t('settings.technicians_enabled')}
      </label>
      <label className="check">
        <input type="checkbox" data-testid="technician-settings-mpi" checked={form.mpi_enabled} onChange={(event) => set('mpi_enabled', event.target.checked)} />
        {t('settings.technicians_mpi_enabled')}
      </label>
      <label className="check">
        <input
          type="checkbox"
          data-testid="technician-settings-rest-green"
          checked={form.rest_marked_green_enabled}
          onChange={(event) => set('rest_marked_green_enabled', event.target.checked)}
        />
        {t('settings.rest_marked_green_enabled')}
      </label>
      <p className="field__hint">{t('settings.technician_hint')}</p>
      {problem ? (
        <p className="notice notice--error" role="alert">
          {problem}
        </p>
      ) : null}
      <div className="settings__actions">
        <button type="submit" className="button button--primary" data-testid="technician-settings-save" disabled={!dirty || busy} aria-busy={busy || undefined}>
          {t('settings.save')}
        </button>
      </div>
    </form>
  );
}

function TechniciansSection({ locationId }: { locationId: string }) {
  const { t } = useTranslation('settings');
  const { data, error, isLoading } = useSWR<{ technicians: Technician[] }>(techniciansPath(locationId), { revalidateOnFocus: false });
  const technicians = data?.technicians ?? [];
  return (
    <section className="settings__card" aria-labelledby="settings-technicians-title" data-testid="technicians">
      <h3 id="settings-technicians-title" className="settings__card-title">
        {t('settings.technicians_title')}
      </h3>
      {isLoading ? <p className="settings__muted">{t('common.loading')}</p> : null}
      {error && !data ? <p className="settings__muted">{t('settings.load_failed')}</p> : null}
      {data && !technicians.length ? <p className="settings__muted">{t('settings.no_technicians')}</p> : null}
      {technicians.length ? (
        <table className="settings__table">
          <thead>
            <tr>
              <th scope="col">{t('settings.technician_name')}</th>
              <th scope="col">{t('settings.technician_status')}</th>
              <th scope="col">{t('settings.technician_held')}</th>
            </tr>
          </thead>
          <tbody>
            {technicians.map((tech) => (
              <tr key={tech.id} data-testid="technician-row" data-agent-id={tech.id}>
                <td>{`${tech.first_name} ${tech.last_name}`.trim()}</td>
                <td>
                  <span className={`settings__presence settings__presence--${tech.online_status}`}>
                    {t(`settings.presence_${tech.online_status}`, { defaultValue: tech.online_status })}
                  </span>
                </td>
                <td data-testid="technician-held">{tech.claimed}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </section>
  );
}
