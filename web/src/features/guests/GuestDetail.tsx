import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Customer } from '../../../../shared/customers.js';
import type { Guest } from '../../../../shared/guests/guests.js';
import type { ConversationContext } from '../../components/conversation/conversationContext.js';
import { ConsentHistory } from '../../components/conversation/ConsentHistory.js';
import { CustomerActions } from '../../components/conversation/CustomerActions.js';
import { CustomerCard } from '../../components/conversation/CustomerCard.js';
import { DetailItem } from '../../components/conversation/DetailItem.js';
import { DetailSection } from '../../components/conversation/DetailSection.js';
import { formatDateTime } from '../../components/conversation/times.js';
import { fullName } from '../../lib/names.js';
import { ConvertDialog } from './ConvertDialog.js';
import { LinkDialog } from './LinkDialog.js';
import { archiveGuest } from './requests.js';

/**
 * The open guest: how they came (a text, or the lead form's button with what they wrote), whether
 * they are a customer yet and who made them one; the board's actions (make a customer, link to a
 * customer the store has, archive or put back); then their contact's card as every board shows it
 * (consent, block, phones; the consent ledger for managers).
 */
export function GuestDetail({
  id,
  guest,
  name,
  context,
  onGuest,
  onCustomer,
}: {
  id?: string;
  guest: Guest;
  /** How the board names the guest (their name, else their number). */
  name: string;
  context: ConversationContext;
  onGuest: (guest: Guest) => void;
  onCustomer: (customer: Customer) => void;
}) {
  const { t } = useTranslation('guests');
  const [dialog, setDialog] = useState<'convert' | 'link' | null>(null);
  const [busy, setBusy] = useState(false);
  const when = (iso: string) => formatDateTime(iso, context.locale, context.timeZone);

  function archive(archived: boolean) {
    setBusy(true);
    archiveGuest(guest.id, archived)
      .then(onGuest)
      // The failure was shown the standard way; the panel keeps what the server last said.
      .catch(() => undefined)
      .finally(() => setBusy(false));
  }

  const conversion = guest.converted;
  const who = conversion?.agent ? fullName(conversion.agent) : null;
  return (
    <aside id={id} className="board__details guest-detail" aria-label={t('guests.detail_label')} data-testid="guest-detail">
      <DetailSection title={t('guests.detail_guest')}>
        <dl className="detail__list">
          <DetailItem label={t('guests.came_by')}>{guest.lead ? t('guests.by_lead', { button: guest.lead.button }) : t('guests.by_text')}</DetailItem>
          <DetailItem label={t('guests.first_contact')}>{when(guest.created_at)}</DetailItem>
          {guest.lead ? (
            <>
              <DetailItem label={t('guests.lead_name')}>{[guest.lead.first_name, guest.lead.last_name].join(' ')}</DetailItem>
              {guest.lead.email ? <DetailItem label={t('guests.lead_email')}>{guest.lead.email}</DetailItem> : null}
              <DetailItem label={t('guests.lead_words')}>
                <span className="preserve-lines" data-testid="guest-lead-words">
                  {guest.lead.text}
                </span>
              </DetailItem>
            </>
          ) : null}
          <DetailItem label={t('guests.customer_state')}>
            <span data-testid="guest-conversion">
              {!conversion
                ? t('guests.not_customer_yet')
                : conversion.how === 'new_customer'
                  ? t('guests.made_customer', { who, when: when(conversion.at) })
                  : who
                    ? t('guests.linked_customer', { who, when: when(conversion.at) })
                    : t('guests.known_customer')}
            </span>
          </DetailItem>
        </dl>
      </DetailSection>
      <DetailSection title={t('detail.actions')}>
        <div className="detail__actions">
          {conversion ? null : (
            <>
              <button type="button" className="button button--small button--primary" disabled={busy} data-testid="guest-convert" onClick={() => setDialog('convert')}>
                {t('guests.convert')}
              </button>
              <button type="button" className="button button--small" disabled={busy} data-testid="guest-link" onClick={() => setDialog('link')}>
                {t('guests.link')}
              </button>
            </>
          )}
          <button type="button" className="button button--small" disabled={busy} data-testid="guest-archive" onClick={() => archive(!guest.archived)}>
            {guest.archived ? t('guests.unarchive') : t('guests.archive')}
          </button>
          <CustomerActions customer={guest.customer} name={name} disabled={busy} onBusy={setBusy} onCustomer={onCustomer} />
        </div>
        {conversion ? null : <p className="guest-detail__hint">{t('guests.history_kept')}</p>}
      </DetailSection>
      <CustomerCard customer={guest.customer} name={name} context={context} />
      {context.manager ? <ConsentHistory customerId={guest.customer.id} context={context} /> : null}
      <ConvertDialog open={dialog === 'convert'} guest={guest} onClose={() => setDialog(null)} onConverted={(g) => {
        setDialog(null);
        onGuest(g);
      }} />
      <LinkDialog open={dialog === 'link'} guest={guest} locationId={context.locationId} onClose={() => setDialog(null)} onLinked={(g) => {
        setDialog(null);
        onGuest(g);
      }} />
    </aside>
  );
}
