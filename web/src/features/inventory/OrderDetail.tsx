import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { Customer } from '../../../../shared/customers.js';
import type { InventoryOrder } from '../../../../shared/inventory/orders.js';
import { Dialog } from '../../components/Dialog.js';
import { CallCustomer } from '../../components/calls/CallCustomer.js';
import { CallHistory } from '../../components/conversation/CallHistory.js';
import { ConsentHistory } from '../../components/conversation/ConsentHistory.js';
import type { ConversationContext } from '../../components/conversation/conversationContext.js';
import { CustomerActions } from '../../components/conversation/CustomerActions.js';
import { CustomerCard } from '../../components/conversation/CustomerCard.js';
import { DetailItem } from '../../components/conversation/DetailItem.js';
import { DetailSection } from '../../components/conversation/DetailSection.js';
import { formatDateTime } from '../../components/conversation/times.js';
import { fullName } from '../../lib/names.js';
import { ApiError } from '../../lib/request.js';
import { customerName } from './orderList.js';
import { closeOrder, resendFailedText } from './requests.js';

/**
 * The open order: what the customer ordered (vehicle or part, stock number), who holds it, since
 * when, and the board's two actions: send its failed text again, and close it (asked first: it
 * leaves the board and nothing more is texted on it). Under them the customer's card, their
 * consent and block actions, their calls on this board and, for managers, the consent ledger.
 */
export function OrderDetail({
  id,
  order,
  context,
  onOrder,
  onCustomer,
}: {
  id?: string;
  order: InventoryOrder;
  context: ConversationContext;
  onOrder: (order: InventoryOrder) => void;
  onCustomer: (customer: Customer) => void;
}) {
  const { t } = useTranslation('inventory');
  const [busy, setBusy] = useState<'close' | 'resend' | 'customer' | null>(null);
  const [asking, setAsking] = useState(false);
  const askTitle = useId();
  const name = customerName(order) || t('inventory.no_name');

  function close() {
    setAsking(false);
    setBusy('close');
    closeOrder(context.locationId, order.id)
      .then(onOrder)
      // The failure was shown the standard way; the panel keeps what the server last said.
      .catch(() => undefined)
      .finally(() => setBusy(null));
  }

  function resend() {
    setBusy('resend');
    resendFailedText(context.locationId, order.id)
      .then((answer) => {
        onOrder(answer.order);
        toast.success(t('inventory.resent'));
      })
      .catch((error: unknown) => {
        if (error instanceof ApiError && error.action.kind === 'expected') toast.info(t('inventory.nothing_to_resend'));
      })
      .finally(() => setBusy(null));
  }

  return (
    <aside id={id} className="board__details order-detail" aria-label={t('inventory.detail_label')} data-testid="order-detail">
      <DetailSection title={t('inventory.detail_order')}>
        <dl className="detail__list">
          <DetailItem label={t(`inventory.kind_${order.item_kind}`)}>
            <span data-testid="order-description">{order.description}</span>
          </DetailItem>
          <DetailItem label={t('inventory.stock_number')}>
            <span data-testid="order-stock">{order.stock_number}</span>
          </DetailItem>
          <DetailItem label={t('inventory.holder')}>{order.agent ? fullName(order.agent) : t('inventory.no_holder')}</DetailItem>
          <DetailItem label={t('inventory.added')}>{formatDateTime(order.created_at, context.locale, context.timeZone)}</DetailItem>
          <DetailItem label={t('inventory.state')}>
            <span data-testid="order-state" data-closed={order.closed_at ? 'true' : 'false'}>
              {order.closed_at ? closedText(order, (key, values) => t(key, values), context) : t('inventory.open')}
            </span>
          </DetailItem>
        </dl>
      </DetailSection>
      <DetailSection title={t('detail.actions')}>
        <div className="detail__actions">
          {order.failed_message_id ? (
            <button type="button" className="button button--small" disabled={busy !== null} data-testid="order-resend" onClick={resend}>
              {busy === 'resend' ? t('inventory.resending') : t('inventory.resend')}
            </button>
          ) : null}
          <button type="button" className="button button--small" disabled={busy !== null || order.closed_at !== null} data-testid="order-close" onClick={() => setAsking(true)}>
            {t('inventory.close')}
          </button>
          <CallCustomer customerId={order.customer.id} board="inventory" owner={{ kind: 'inventory_order', id: order.id }} />
          <CustomerActions customer={order.customer} name={name} disabled={busy !== null && busy !== 'customer'} onBusy={(working) => setBusy(working ? 'customer' : null)} onCustomer={onCustomer} />
        </div>
        {order.failed_message_id ? <p className="order-detail__hint">{t('inventory.resend_hint')}</p> : null}
      </DetailSection>
      <CustomerCard customer={order.customer} name={name} context={context} />
      <CallHistory customerId={order.customer.id} context={context} board="inventory" />
      {context.manager ? <ConsentHistory customerId={order.customer.id} context={context} /> : null}
      <Dialog open={asking} onClose={() => setAsking(false)} labelledBy={askTitle}>
        <h2 className="dialog__title" id={askTitle}>
          {t('inventory.close_title')}
        </h2>
        <p>{t('inventory.close_text', { name })}</p>
        <div className="dialog__actions">
          <button type="button" className="button" onClick={() => setAsking(false)}>
            {t('inventory.keep_open')}
          </button>
          <button type="button" className="button button--primary" data-testid="order-close-confirm" onClick={close}>
            {t('inventory.close')}
          </button>
        </div>
      </Dialog>
    </aside>
  );
}

/** Who closed the order and when, or that it closed itself for want of activity. */
function closedText(order: InventoryOrder, t: (key: string, values: Record<string, string>) => string, context: ConversationContext): string {
  const time = formatDateTime(order.closed_at, context.locale, context.timeZone);
  return order.closed_by ? t('inventory.closed_by_agent', { time, name: fullName(order.closed_by) }) : t('inventory.closed_idle', { time });
}
