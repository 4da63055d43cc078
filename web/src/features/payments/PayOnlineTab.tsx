/**
 * The Pay online settings tab (SPEC §2 settings tabs "pay online"; managers and admins): the store's
 * card gateway (the account connection that returns through /app/stripe_callback, or a CenPOS
 * account), whether customers can pay online, whether paid notifications go out, and disconnecting,
 * which clears the account and turns payments off: the manager types YES, as it cannot be undone.
 */
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { toast } from 'sonner';
import useSWR, { mutate } from 'swr';
import type { SettingsOf } from '../../../../shared/schemas/settings.js';
import { paymentPaths } from '../../../../shared/payments/routes.js';
import { api } from '../../lib/api.js';
import { reportFailure } from '../../lib/failures.js';
import { serverMessage } from '../../lib/request-errors.js';
import { ApiError } from '../../lib/request.js';

type PaymentsSettings = SettingsOf<'payments_settings'>;
type Answer = { payments_settings: PaymentsSettings };
type Toggle = 'enable' | 'disable' | 'enable_paid_notifications' | 'disable_paid_notifications';
/** What the manager's own mistakes answer (shown beside the control, not as a toast). */
const EXPECTED = { statuses: [400, 403, 409, 422] };

/** The server's words for a refusal the tab shows itself; anything else is reported the standard way. */
function refusal(error: unknown): string | null {
  if (error instanceof ApiError && error.action.kind === 'expected') return serverMessage(error.body) || null;
  reportFailure(error);
  return null;
}

export function PayOnlineTab({ locationId }: { locationId: string }) {
  const { t } = useTranslation('payments');
  const path = paymentPaths.settings(locationId);
  const { data, error } = useSWR<Answer>(path, { revalidateOnFocus: false });
  const [params] = useSearchParams();
  return (
    <div className="pay-online" data-testid="settings-pay-online">
      <h2 className="settings__heading">{t('settings.title')}</h2>
      {params.get('success') === '1' && data?.payments_settings.provider === 'stripe' ? (
        <p className="notice" role="status" data-testid="pay-online-connected-notice">
          {t('settings.connected_notice')}
        </p>
      ) : null}
      {data ? (
        <PayOnlineSettings locationId={locationId} path={path} settings={data.payments_settings} />
      ) : (
        <section className="settings__card" aria-label={t('settings.title')}>
          <p className="settings__muted">{error ? t('settings.load_failed') : t('settings.loading')}</p>
        </section>
      )}
    </div>
  );
}

function PayOnlineSettings({ locationId, path, settings }: { locationId: string; path: string; settings: PaymentsSettings }) {
  const { t } = useTranslation('payments');
  const ids = useId();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const connected = settings.provider !== 'none' && Boolean(settings.provider_account || settings.cenpos_account);

  async function run(action: () => Promise<Answer>) {
    setBusy(true);
    setProblem(null);
    try {
      await mutate(path, await action(), { revalidate: false });
      return true;
    } catch (error) {
      setProblem(refusal(error));
      return false;
    } finally {
      setBusy(false);
    }
  }

  const toggle = (action: Toggle) =>
    run(() => api.request<Answer>(paymentPaths.settingsAction(locationId, action), { method: 'PUT', expected: EXPECTED })).then((done) => {
      if (done) toast.success(t('settings.saved'));
    });

  async function connectCardGateway() {
    setBusy(true);
    setProblem(null);
    try {
      const { url } = await api.request<{ url: string }>(paymentPaths.stripeConnect(locationId), { expected: EXPECTED });
      // The gateway's own page: it returns to /app/stripe_callback, which comes back to this tab.
      window.location.assign(url);
    } catch (error) {
      setProblem(refusal(error));
      setBusy(false);
    }
  }

  return (
    <>
      <section className="settings__card" aria-labelledby={`${ids}-gateway`}>
        <h3 id={`${ids}-gateway`}>{t('settings.gateway')}</h3>
        <p data-testid="pay-online-provider" data-provider={settings.provider}>
          {settings.provider === 'stripe'
            ? t('settings.connected_stripe', { account: settings.provider_account })
            : settings.provider === 'cenpos'
              ? t('settings.connected_cenpos', { account: settings.cenpos_account })
              : t('settings.not_connected')}
        </p>
        {settings.provider === 'cenpos' ? <p className="settings__muted">{t('settings.cenpos_note')}</p> : null}
        {!connected ? (
          <>
            <div className="settings__actions">
              <button type="button" className="button button--primary" data-testid="pay-online-connect" disabled={busy} onClick={() => void connectCardGateway()}>
                {t('settings.connect_stripe')}
              </button>
            </div>
            <CenposForm locationId={locationId} busy={busy} run={run} />
          </>
        ) : null}
      </section>

      {connected ? (
        <section className="settings__card" aria-labelledby={`${ids}-options`}>
          <h3 id={`${ids}-options`}>{t('settings.options')}</h3>
          <label className="check">
            <input type="checkbox" data-testid="pay-online-enabled" checked={settings.enabled} disabled={busy} onChange={(event) => void toggle(event.target.checked ? 'enable' : 'disable')} />
            {t('settings.enabled')}
          </label>
          <label className="check">
            <input
              type="checkbox"
              data-testid="pay-online-paid-notifications"
              checked={settings.paid_notifications_enabled}
              disabled={busy}
              onChange={(event) => void toggle(event.target.checked ? 'enable_paid_notifications' : 'disable_paid_notifications')}
            />
            {t('settings.paid_notifications')}
          </label>
        </section>
      ) : null}

      {problem ? (
        <p className="notice notice--error" role="alert" data-testid="pay-online-problem">
          {problem}
        </p>
      ) : null}

      {connected ? <DisconnectForm provider={settings.provider === 'cenpos' ? 'cenpos' : 'stripe'} locationId={locationId} busy={busy} run={run} /> : null}
    </>
  );
}

interface FormProps {
  locationId: string;
  busy: boolean;
  run: (action: () => Promise<Answer>) => Promise<boolean>;
}

function CenposForm({ locationId, busy, run }: FormProps) {
  const { t } = useTranslation('payments');
  const ids = useId();
  const [account, setAccount] = useState('');
  function submit(event: FormEvent) {
    event.preventDefault();
    void run(() => api.request<Answer>(paymentPaths.cenposConnect(locationId), { method: 'POST', body: { cenpos_account: account }, expected: EXPECTED }));
  }
  return (
    <form className="form settings__form" noValidate onSubmit={submit}>
      <div className="field">
        <label htmlFor={`${ids}-cenpos`}>{t('settings.cenpos_account')}</label>
        <input id={`${ids}-cenpos`} type="text" autoComplete="off" data-testid="pay-online-cenpos" value={account} onChange={(event) => setAccount(event.target.value)} />
      </div>
      <div className="settings__actions">
        <button type="submit" className="button" data-testid="pay-online-cenpos-save" disabled={busy}>
          {t('settings.cenpos_save')}
        </button>
      </div>
    </form>
  );
}

function DisconnectForm({ provider, locationId, busy, run }: FormProps & { provider: 'stripe' | 'cenpos' }) {
  const { t } = useTranslation('payments');
  const ids = useId();
  const [typed, setTyped] = useState('');
  function submit(event: FormEvent) {
    event.preventDefault();
    void run(() => api.request<Answer>(paymentPaths.disconnect(locationId, provider), { method: 'DELETE', body: { confirm: typed }, expected: EXPECTED })).then((done) => {
      if (done) {
        setTyped('');
        toast.success(t('settings.disconnected'));
      }
    });
  }
  return (
    <section className="settings__card" aria-labelledby={`${ids}-disconnect`}>
      <h3 id={`${ids}-disconnect`}>{t('settings.disconnect_title')}</h3>
      <p id={`${ids}-warning`}>{t('settings.disconnect_warning')}</p>
      <form className="form settings__form" noValidate onSubmit={submit}>
        <div className="field">
          <label htmlFor={`${ids}-yes`}>{t('settings.disconnect_type_yes')}</label>
          <input
            id={`${ids}-yes`}
            type="text"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            aria-describedby={`${ids}-warning`}
            data-testid="pay-online-disconnect-confirm"
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
          />
        </div>
        <div className="settings__actions">
          <button type="submit" className="button button--danger" data-testid="pay-online-disconnect" disabled={busy || typed.trim() !== 'YES'}>
            {t('settings.disconnect')}
          </button>
        </div>
      </form>
    </section>
  );
}
