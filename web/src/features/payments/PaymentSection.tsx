/**
 * The repair order's payment (issue 21), in the service board's detail (lib/featureParts.tsx):
 * the request's state, live (queued … paid), the advisor's request with its amounts in the store's
 * money, the high-amount confirmation and the DMS's mismatch text, resend and cancel.
 */
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import useSWR from 'swr';
import { formatMoney } from '../../../../shared/money.js';
import { PAYMENT_EVENTS } from '../../../../shared/payments/events.js';
import type { PaymentRequest } from '../../../../shared/payments/payments.js';
import { DetailSection } from '../../components/conversation/DetailSection.js';
import { Dialog } from '../../components/Dialog.js';
import { ApiError } from '../../lib/request.js';
import { serverMessage } from '../../lib/request-errors.js';
import { reportFailure } from '../../lib/failures.js';
import { useStreamEvents } from '../../lib/realtime.js';
import type { OrderSectionProps } from '../../lib/featureParts.js';
import { cancelPayment, orderPaymentPath, requestPayment, resendPayment, type OrderPayment } from './requests.js';

const SETTLED = new Set(['paid', 'cancelled', 'expired']);

/** An amount typed in the reader's way (123.45 or 123,45, with or without thousands) as cents; null when it is not one. */
export function centsOf(typed: string): number | null {
  const cleaned = typed.replace(/[^\d.,]/g, '');
  if (!cleaned) return null;
  const decimal = /[.,](\d{1,2})$/.exec(cleaned);
  const whole = (decimal ? cleaned.slice(0, decimal.index) : cleaned).replace(/[.,]/g, '');
  const cents = Number(whole || '0') * 100 + (decimal ? Number(decimal[1]!.padEnd(2, '0')) : 0);
  return Number.isSafeInteger(cents) ? cents : null;
}

export function PaymentSection({ order, context }: OrderSectionProps) {
  const { t } = useTranslation('payments');
  const { data, mutate } = useSWR<OrderPayment>(orderPaymentPath(order.id));
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [confirmCancel, setConfirmCancel] = useState(false);
  useStreamEvents(
    (event) => {
      if (event.type === 'payment_request.changed' && event.data.repair_order_id === order.id) void mutate();
      if (event.type === 'payment_request.paid' && event.data.repair_order_id === order.id) toast.success(t('paid_toast', { ro: event.data.ro_id }));
    },
    () => void mutate(),
    PAYMENT_EVENTS,
  );
  const request = data?.payment_request ?? null;
  const money = (cents: number) => formatMoney(cents, context.locale);
  const canAsk = !request || SETTLED.has(request.state) && request.state !== 'paid';

  async function act(action: () => Promise<{ payment_request: PaymentRequest }>, done?: string) {
    setBusy(true);
    try {
      await action();
      if (done) toast.success(done);
      await mutate();
    } catch (error) {
      reportFailure(error);
    } finally {
      setBusy(false);
      setConfirmCancel(false);
    }
  }

  return (
    <DetailSection title={t('title')}>
      <div data-testid="payment-section" data-state={request?.state ?? 'none'}>
        {request ? (
          <>
            <p>
              <span className={`marker marker--${request.state === 'paid' ? 'success' : 'info'}`} data-testid="payment-state" aria-live="polite">
                {t(`state.${request.state}`)}
              </span>{' '}
              {t('customer_pay_is', { amount: money(request.customer_pay_in_cents) })}
            </p>
            {request.reason && t(`reason.${request.reason}`, { defaultValue: '' }) ? <p className="muted">{t(`reason.${request.reason}`)}</p> : null}
          </>
        ) : (
          <p className="muted">{t('none')}</p>
        )}
        <div className="detail__actions">
          {canAsk ? (
            <button type="button" className="button button--small" data-testid="payment-request-button" aria-haspopup="dialog" disabled={busy} onClick={() => setOpen(true)}>
              {t('request')}
            </button>
          ) : null}
          {request && !SETTLED.has(request.state) ? (
            <>
              <button type="button" className="button button--small" data-testid="payment-resend" disabled={busy} onClick={() => void act(() => resendPayment(order.id), t('resent'))}>
                {t('resend')}
              </button>
              {confirmCancel ? (
                <span role="group" aria-label={t('cancel')}>
                  <span className="detail__reason">{t('cancel_confirm')}</span>{' '}
                  <button type="button" className="button button--small button--danger" data-testid="payment-cancel-confirm" disabled={busy} onClick={() => void act(() => cancelPayment(order.id))}>
                    {t('cancel_yes')}
                  </button>
                  <button type="button" className="button button--small" onClick={() => setConfirmCancel(false)}>
                    {t('keep')}
                  </button>
                </span>
              ) : (
                <button type="button" className="button button--small" data-testid="payment-cancel" disabled={busy} onClick={() => setConfirmCancel(true)}>
                  {t('cancel')}
                </button>
              )}
            </>
          ) : null}
        </div>
      </div>
      <RequestDialog
        open={open}
        invoice={data?.invoice ?? null}
        onClose={() => setOpen(false)}
        onSent={async () => {
          setOpen(false);
          await mutate();
        }}
        orderId={order.id}
        money={money}
      />
    </DetailSection>
  );
}

function RequestDialog({
  open,
  orderId,
  invoice,
  money,
  onClose,
  onSent,
}: {
  open: boolean;
  orderId: string;
  invoice: OrderPayment['invoice'];
  money: (cents: number) => string;
  onClose: () => void;
  onSent: () => Promise<void>;
}) {
  const { t } = useTranslation('payments');
  const titleId = useId();
  const errorId = useId();
  const [fields, setFields] = useState({ total: '', insurance: '', prepaid: '', pay: '' });
  const [error, setError] = useState<string | null>(null);
  const [askHigh, setAskHigh] = useState(false);
  const [busy, setBusy] = useState(false);
  // The DMS's invoice fills the form: the advisor checks rather than retypes. An invoice that
  // arrives after the advisor started typing leaves what they typed alone.
  const [filledFrom, setFilledFrom] = useState<string | null>(null);
  const untouched = Object.values(fields).every((value) => value === '');
  if (open && invoice && filledFrom !== orderId && untouched) {
    setFilledFrom(orderId);
    setFields({
      total: (invoice.requested_amount_in_cents / 100).toFixed(2),
      insurance: ((invoice.requested_amount_in_cents - invoice.requested_customer_pay_in_cents) / 100).toFixed(2),
      prepaid: '0.00',
      pay: (invoice.requested_customer_pay_in_cents / 100).toFixed(2),
    });
  }

  async function submit(event: FormEvent, confirmHigh = false) {
    event.preventDefault();
    const cents = { total: centsOf(fields.total), insurance: centsOf(fields.insurance || '0'), prepaid: centsOf(fields.prepaid || '0'), pay: centsOf(fields.pay) };
    if (Object.values(cents).some((c) => c === null)) {
      setError(t('amount_invalid'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await requestPayment(orderId, {
        invoice_total_in_cents: cents.total!,
        insurance_in_cents: cents.insurance!,
        prepaid_in_cents: cents.prepaid!,
        customer_pay_in_cents: cents.pay!,
        confirm_high_amount: confirmHigh,
      });
      setAskHigh(false);
      await onSent();
    } catch (failure) {
      if (failure instanceof ApiError && failure.id === 'high_customer_pay') setAskHigh(true);
      else if (failure instanceof ApiError && (failure.status === 422 || failure.status === 409)) setError(serverMessage(failure.body));
      else reportFailure(failure);
    } finally {
      setBusy(false);
    }
  }

  const field = (name: keyof typeof fields, label: string) => (
    <label className="field">
      <span className="field__label">{label}</span>
      <input
        className="input"
        inputMode="decimal"
        autoComplete="off"
        name={name}
        data-testid={`payment-${name}`}
        value={fields[name]}
        aria-describedby={error ? errorId : undefined}
        onChange={(e) => setFields({ ...fields, [name]: e.target.value })}
      />
    </label>
  );

  return (
    <Dialog open={open} onClose={onClose} labelledBy={titleId}>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <h2 className="dialog__title" id={titleId}>
          {t('dialog_title')}
        </h2>
        {invoice ? <p className="muted">{`${t('invoice_total')}: ${money(invoice.requested_amount_in_cents)}`}</p> : null}
        {field('total', t('invoice_total'))}
        {field('insurance', t('insurance'))}
        {field('prepaid', t('prepaid'))}
        {field('pay', t('customer_pay'))}
        {error ? (
          <p className="form-error" role="alert" id={errorId} data-testid="payment-error">
            {error}
          </p>
        ) : null}
        {askHigh ? (
          <p role="alert" data-testid="payment-high">
            {t('high_confirm')}{' '}
            <button type="button" className="button button--small" data-testid="payment-high-confirm" disabled={busy} onClick={(e) => void submit(e, true)}>
              {t('high_yes')}
            </button>
          </p>
        ) : null}
        <div className="dialog__actions">
          <button type="button" className="button" onClick={onClose}>
            {t('close')}
          </button>
          <button type="submit" className="button button--primary" data-testid="payment-send" disabled={busy} aria-busy={busy}>
            {t('send')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
