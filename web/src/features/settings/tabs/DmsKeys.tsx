/**
 * The location's DMS feed keys (README "DMS feed": `/api/locations/{id}/dms_keys`), for the
 * integrator: create one with a label (its secret is shown this once; the server keeps only a
 * hash), see when each was last used, and revoke one, which stops every system using it at once
 * and cannot be undone, so it asks first and reads unlike any everyday action.
 */
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import useSWR from 'swr';
import { formatDate } from '../../../../../shared/dates.js';
import { Dialog } from '../../../components/Dialog.js';
import { ShownOnce } from '../../../components/ShownOnce.js';
import { api } from '../../../lib/api.js';
import { reportFailure } from '../../../lib/failures.js';
import { currentLocale } from '../../../lib/i18n.js';
import { serverMessage } from '../../../lib/request-errors.js';
import { ApiError } from '../../../lib/request.js';
import { useReadySession } from '../../../lib/session.js';
import { useStore } from '../../../lib/store.js';

interface DmsKey {
  id: string;
  label: string;
  created_at: string;
  last_used_at: string | null;
}

export function DmsKeys({ locationId }: { locationId: string }) {
  const { t } = useTranslation('settings');
  const ids = useId();
  const locale = useStore(currentLocale);
  const { location } = useReadySession();
  const path = `/api/locations/${encodeURIComponent(locationId)}/dms_keys`;
  const { data, error, mutate } = useSWR<{ dms_keys: DmsKey[] }>(path, { revalidateOnFocus: false });
  const [label, setLabel] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [secret, setSecret] = useState<{ label: string; key: string } | null>(null);
  const [revoking, setRevoking] = useState<DmsKey | null>(null);
  const [busy, setBusy] = useState(false);
  const date = (iso: string) => formatDate(iso, locale, location.timezone);

  async function create(event: FormEvent) {
    event.preventDefault();
    if (!label.trim()) {
      setProblem(t('settings.developer_key_label_missing'));
      return;
    }
    setBusy(true);
    try {
      const made = await api.request<{ dms_key: DmsKey; key: string }>(path, { method: 'POST', body: { label: label.trim() }, expected: { statuses: [403, 422] } });
      // The list has the new key by the time its secret shows.
      await mutate();
      setSecret({ label: made.dms_key.label, key: made.key });
      setLabel('');
    } catch (failure) {
      if (failure instanceof ApiError && failure.action.kind === 'expected') setProblem(serverMessage(failure.body) || t('settings_form.invalid_values'));
      else reportFailure(failure);
    } finally {
      setBusy(false);
    }
  }

  async function revoke(key: DmsKey) {
    setBusy(true);
    try {
      await api.request(`${path}/${encodeURIComponent(key.id)}`, { method: 'DELETE' });
      toast.success(t('settings.developer_key_revoked', { label: key.label }));
      setRevoking(null);
      await mutate();
    } catch (failure) {
      reportFailure(failure);
    } finally {
      setBusy(false);
    }
  }

  const keys = data?.dms_keys ?? [];
  return (
    <section className="settings__card settings-keys" aria-labelledby={`${ids}-title`} data-testid="dms-keys">
      <h3 id={`${ids}-title`} className="settings-developer__title">
        {t('settings.developer_keys')}
      </h3>
      {!data ? (
        <p className="settings__muted" role={error ? 'alert' : 'status'}>
          {error ? t('settings_form.load_failed') : t('settings_form.loading')}
        </p>
      ) : keys.length === 0 ? (
        <p className="settings__muted">{t('settings.developer_no_keys')}</p>
      ) : (
        <ul className="settings-keys__list">
          {keys.map((key) => (
            <li key={key.id} className="settings-keys__key" data-testid="dms-key">
              <span className="settings-keys__label">{key.label}</span>
              <span className="settings__muted">
                {t('settings.developer_key_created', { date: date(key.created_at) })} ·{' '}
                {key.last_used_at ? t('settings.developer_key_used', { date: date(key.last_used_at) }) : t('settings.developer_key_never_used')}
              </span>
              <button type="button" className="button button--small settings-keys__revoke" onClick={() => setRevoking(key)} aria-label={t('settings.developer_key_revoke_named', { label: key.label })}>
                {t('settings.developer_key_revoke')}
              </button>
            </li>
          ))}
        </ul>
      )}
      {secret ? (
        <ShownOnce
          value={secret.key}
          testId="dms-key-secret"
          onHide={() => setSecret(null)}
          words={{
            message: t('settings.developer_key_shown_once', { label: secret.label }),
            copy: t('settings.developer_key_copy'),
            hide: t('settings.developer_key_hide'),
            copied: t('settings.developer_key_copied'),
          }}
        />
      ) : null}
      <form className="settings-keys__create" noValidate onSubmit={(event) => void create(event)}>
        <div className="field">
          <label htmlFor={`${ids}-label`}>{t('settings.developer_key_label')}</label>
          <input
            id={`${ids}-label`}
            type="text"
            maxLength={80}
            data-testid="dms-key-label"
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? `${ids}-problem` : `${ids}-hint`}
            value={label}
            onChange={(event) => {
              setProblem(null);
              setLabel(event.target.value);
            }}
          />
          {problem ? (
            <p className="field__error" id={`${ids}-problem`}>
              {problem}
            </p>
          ) : (
            <p className="field__hint" id={`${ids}-hint`}>
              {t('settings.developer_key_label_hint')}
            </p>
          )}
        </div>
        <button type="submit" className="button" data-testid="dms-key-create" disabled={busy}>
          {t('settings.developer_key_create')}
        </button>
      </form>
      <Dialog open={revoking !== null} onClose={() => setRevoking(null)} labelledBy={`${ids}-revoke-title`}>
        <h2 className="dialog__title" id={`${ids}-revoke-title`}>
          {t('settings.developer_key_revoke_title', { label: revoking?.label ?? '' })}
        </h2>
        <p>{t('settings.developer_key_revoke_text')}</p>
        <div className="dialog__actions">
          <button type="button" className="button" onClick={() => setRevoking(null)} autoFocus>
            {t('common.cancel')}
          </button>
          <button type="button" className="button settings-keys__revoke-confirm" data-testid="dms-key-revoke-confirm" disabled={busy} aria-busy={busy || undefined} onClick={() => revoking && void revoke(revoking)}>
            {t('settings.developer_key_revoke_confirm')}
          </button>
        </div>
      </Dialog>
    </section>
  );
}
