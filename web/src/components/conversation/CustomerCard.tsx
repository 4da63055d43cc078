import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Customer, OptMetadata } from '../../../../shared/customers.js';
import { formatPhone } from '../../lib/phone.js';
import type { ConversationContext } from './conversationContext.js';
import { DetailItem } from './DetailItem.js';
import { DetailSection } from './DetailSection.js';
import { formatDateTime } from './times.js';
import './conversation.css';

type T = ReturnType<typeof useTranslation>['t'];

/** "by Priya Raman, 03/04/2025 9:12 AM" — who changed the consent and when (opt_metadata). */
function optWho(meta: OptMetadata, context: ConversationContext, t: T): string {
  const who = meta.initiator === 'agent' && meta.agent ? `${meta.agent.first_name} ${meta.agent.last_name}` : t(`initiator.${meta.initiator}`);
  const when = formatDateTime(meta.timestamp, context.locale, context.timeZone);
  return meta.opcode ? t('detail.opt_by_opcode', { who, when, opcode: meta.opcode }) : t('detail.opt_by', { who, when });
}

/**
 * Who the customer is and whether they may be texted (issue 3 part 5), the same on every board's
 * detail panel: name, phones, e-mail, texting consent and who changed it, line type, blocked.
 */
export function CustomerCard({
  customer,
  name,
  markers,
  title,
  context,
}: {
  customer: Customer;
  /** The name the board writes when the customer record has none (a DMS name on the order). */
  name: string;
  /** After the name: the board's own markers (opted out, waiting, …). */
  markers?: ReactNode;
  /** The section's heading, when the contact is not a customer (a board's own contacts); "Customer" otherwise. */
  title?: string;
  context: ConversationContext;
}) {
  const { t } = useTranslation();
  return (
    <DetailSection title={title ?? t('detail.customer')}>
      <dl className="detail__list">
        <DetailItem label={t('detail.name')}>
          {[customer.first_name, customer.middle_name, customer.last_name].filter(Boolean).join(' ') || name}
          {markers}
        </DetailItem>
        {(['cell', 'work', 'alternate'] as const).map((kind) =>
          customer.phones[kind] ? (
            <DetailItem key={kind} label={t(`detail.phone_${kind}`)}>
              <span data-testid={`customer-phone-${kind}`}>{formatPhone(customer.phones[kind])}</span>
            </DetailItem>
          ) : null,
        )}
        {customer.email ? <DetailItem label={t('detail.email')}>{customer.email}</DetailItem> : null}
        <DetailItem label={t('detail.opt_status')}>
          <span className={`opt opt--${customer.opt_in}`} data-testid="opt-status" data-opt={customer.opt_in}>
            {t(`opt.${customer.opt_in}`)}
          </span>
          {customer.opt_metadata ? <span className="detail__aside">{optWho(customer.opt_metadata, context, t)}</span> : null}
        </DetailItem>
        <DetailItem label={t('detail.line_type')}>
          <span data-testid="line-type" data-line={customer.carrier.type}>
            {t(`line.${customer.carrier.type}`)}
          </span>
        </DetailItem>
        <DetailItem label={t('detail.blocked')}>
          {customer.blocked_at ? t('detail.blocked_since', { time: formatDateTime(customer.blocked_at, context.locale, context.timeZone) }) : t('common.no')}
        </DetailItem>
      </dl>
    </DetailSection>
  );
}
