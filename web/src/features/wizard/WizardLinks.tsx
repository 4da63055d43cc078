/**
 * Settings → Business information, for managers and admins: the links to the public setup wizard
 * (issue 23). Create one (its address is shown this once, with a copy button: the server keeps only
 * a hash), see who made each, until when it works and whether the wizard was finished, and revoke
 * one, which stops the link at once and cannot be undone, so it asks first and reads unlike any
 * everyday action.
 */
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import useSWR from 'swr';
import { formatDate } from '../../../../shared/dates.js';
import type { WizardLink } from '../../../../shared/wizard/schemas.js';
import { Dialog } from '../../components/Dialog.js';
import { ShownOnce } from '../../components/ShownOnce.js';
import { reportFailure } from '../../lib/failures.js';
import { currentLocale } from '../../lib/i18n.js';
import { useReadySession } from '../../lib/session.js';
import { useStore } from '../../lib/store.js';
import { createLink, revokeLink, wizardLinksPath } from './requests.js';

type LinkState = 'revoked' | 'expired' | 'finished' | 'open';

function stateOf(link: WizardLink, now: number): LinkState {
  if (link.revoked_at) return 'revoked';
  if (Date.parse(link.valid_until) <= now) return 'expired';
  return link.finished_at ? 'finished' : 'open';
}

export function WizardLinks({ locationId }: { locationId: string }) {
  const { t } = useTranslation('wizard');
  const ids = useId();
  const locale = useStore(currentLocale);
  const { location } = useReadySession();
  const { data, error, mutate } = useSWR<{ wizard_links: WizardLink[] }>(wizardLinksPath(locationId), { revalidateOnFocus: false });
  const [created, setCreated] = useState<string | null>(null);
  const [revoking, setRevoking] = useState<WizardLink | null>(null);
  const [busy, setBusy] = useState(false);
  const date = (iso: string) => formatDate(iso, locale, location.timezone);

  async function create() {
    setBusy(true);
    try {
      const made = await createLink(locationId);
      await mutate();
      setCreated(made.url);
    } catch (failure) {
      reportFailure(failure);
    } finally {
      setBusy(false);
    }
  }

  async function revoke(link: WizardLink) {
    setBusy(true);
    try {
      await revokeLink(locationId, link.id);
      toast.success(t('links.revoked', { date: date(link.created_at) }));
      setRevoking(null);
      await mutate();
    } catch (failure) {
      reportFailure(failure);
    } finally {
      setBusy(false);
    }
  }

  const links = data?.wizard_links ?? [];
  const now = Date.now();
  return (
    <section className="settings__card wizard-links" aria-labelledby={`${ids}-title`} data-testid="wizard-links">
      <h2 id={`${ids}-title`} className="wizard-links__title">
        {t('links.title')}
      </h2>
      <p className="settings__muted">{t('links.intro')}</p>
      {!data ? (
        <p className="settings__muted" role={error ? 'alert' : 'status'}>
          {error ? t('links.load_failed') : t('links.loading')}
        </p>
      ) : links.length === 0 ? (
        <p className="settings__muted">{t('links.none')}</p>
      ) : (
        <ul className="wizard-links__list">
          {links.map((link) => {
            const state = stateOf(link, now);
            return (
              <li key={link.id} className="wizard-links__link" data-testid="wizard-link" data-state={state}>
                <span className="wizard-links__what">{t('links.created', { date: date(link.created_at), name: link.created_by.name })}</span>
                <span className="settings__muted">
                  {state === 'revoked' && link.revoked_at
                    ? t('links.state_revoked', { date: date(link.revoked_at) })
                    : state === 'expired'
                      ? t('links.state_expired', { date: date(link.valid_until) })
                      : t('links.valid_until', { date: date(link.valid_until) })}
                  {' · '}
                  {link.finished_at ? t('links.finished', { date: date(link.finished_at) }) : t('links.not_finished')}
                </span>
                {state === 'open' || state === 'finished' ? (
                  <button type="button" className="button button--small wizard-links__revoke" onClick={() => setRevoking(link)} aria-label={t('links.revoke_named', { date: date(link.created_at) })}>
                    {t('links.revoke')}
                  </button>
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
      {created ? (
        <ShownOnce
          value={created}
          testId="wizard-link-created"
          onHide={() => setCreated(null)}
          words={{ message: t('links.shown_once'), copy: t('links.copy'), hide: t('links.hide'), copied: t('links.copied'), copyFailed: t('links.copy_failed') }}
        />
      ) : null}
      <div className="wizard-links__actions">
        <button type="button" className="button" data-testid="wizard-link-create" disabled={busy} aria-busy={busy || undefined} onClick={() => void create()}>
          {t('links.create')}
        </button>
      </div>
      <Dialog open={revoking !== null} onClose={() => setRevoking(null)} labelledBy={`${ids}-revoke-title`}>
        <h2 className="dialog__title" id={`${ids}-revoke-title`}>
          {t('links.revoke_title')}
        </h2>
        <p>{t('links.revoke_text')}</p>
        <div className="dialog__actions">
          <button type="button" className="button" onClick={() => setRevoking(null)} autoFocus>
            {t('links.keep')}
          </button>
          <button type="button" className="button wizard-links__revoke-confirm" data-testid="wizard-link-revoke-confirm" disabled={busy} aria-busy={busy || undefined} onClick={() => revoking && void revoke(revoking)}>
            {t('links.revoke_confirm')}
          </button>
        </div>
      </Dialog>
    </section>
  );
}
