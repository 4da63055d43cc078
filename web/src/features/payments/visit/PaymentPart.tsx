/** @jsxImportSource preact */
/**
 * The payment part of the customer's visit page (issue 21; data: shared/payments/visit.ts): the
 * invoice's amounts, the Pay button to the gateway's own checkout while it can take a card (no
 * card number comes to the console), the receipt once paid, 'This invoice has been closed, please
 * check with your cashier' once it is closed, and the invoice PDF or 'PDF Invoice is not generated'.
 * Showing it tells the advisor the customer has seen it (the part's `viewed` action, once). The Pay
 * button reads and looks as the store set it; once paid, the customer can have the receipt e-mailed
 * (ReceiptEmailForm.tsx).
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import { formatMoney } from '../../../../../shared/money.js';
import { intlTag } from '../../../../../shared/locales.js';
import type { PaymentPartData } from '../../../../../shared/payments/visit.js';
import type { VisitPartProps } from '../../../visitPage/part.js';
import { ReceiptEmailForm } from './ReceiptEmailForm.js';
import { fillIn, paymentWords, type PaymentWords } from './words.js';
import './payment.css';

export default function PaymentPart({ data, locale, storeLocale, act }: VisitPartProps<PaymentPartData>) {
  const [words, setWords] = useState<PaymentWords | null>(null);
  const told = useRef(false);
  useEffect(() => {
    let live = true;
    // A language whose words did not arrive reads in English rather than as bare amounts.
    void paymentWords(locale)
      .catch(() => paymentWords('en-us'))
      .then((loaded) => live && setWords(loaded), () => live && setWords({}));
    return () => {
      live = false;
    };
  }, [locale]);
  useEffect(() => {
    if (told.current || (data.state !== 'sent' && data.state !== 'delivered')) return;
    told.current = true;
    // Only a signal to the advisor: the customer loses nothing when it does not arrive.
    act('viewed').catch(() => undefined);
  }, [data.state, act]);
  if (!words) return null;

  const w = (key: string, vars?: Record<string, string>) => fillIn(words[key], vars);
  const money = (cents: number) => formatMoney(cents, locale, storeLocale);
  const { amounts } = data;
  const rows: [string, number][] = [
    ['invoice_total', amounts.invoice_total_in_cents],
    ['insurance', amounts.insurance_in_cents],
    ['prepaid', amounts.prepaid_in_cents],
  ];
  return (
    <section class="payment-part" aria-labelledby="payment-title" data-state={data.state}>
      <h2 id="payment-title">{w('title')}</h2>
      <table class="payment-amounts">
        <caption>
          {w('order')} {data.ro_id}
        </caption>
        <tbody>
          {rows.map(([key, cents]) =>
            cents === 0 && key !== 'invoice_total' ? null : (
              <tr key={key}>
                <th scope="row">{w(key)}</th>
                <td>{money(cents)}</td>
              </tr>
            ),
          )}
          <tr class="payment-due">
            <th scope="row">{w('customer_pay')}</th>
            <td>{money(amounts.customer_pay_in_cents)}</td>
          </tr>
        </tbody>
      </table>
      {data.receipt ? (
        <div class="payment-receipt" role="status">
          <p>{w('paid')}</p>
          <h3>{w('receipt')}</h3>
          <dl>
            <dt>{w('amount_paid')}</dt>
            <dd>{money(data.receipt.amount_in_cents)}</dd>
            <dt>{w('paid_on')}</dt>
            <dd>{new Intl.DateTimeFormat(intlTag(locale), { dateStyle: 'long' }).format(new Date(data.receipt.paid_at))}</dd>
          </dl>
        </div>
      ) : null}
      {data.receipt && data.receipt_email ? (
        <ReceiptEmailForm form={data.receipt_email} w={w} act={act} />
      ) : null}
      {data.receipt ? null : data.closed ? (
        <p class="payment-closed" role="status">
          {w('closed')}
        </p>
      ) : data.pay_url ? (
        <>
          <a class={`payment-pay payment-pay--${data.pay_button.style}`} href={data.pay_url}>
            {data.pay_button.text ?? w('pay', { amount: money(amounts.customer_pay_in_cents) })}
          </a>
          <p class="payment-note">{w('cards_note')}</p>
        </>
      ) : null}
      {data.pdf_url ? (
        <p>
          <a href={data.pdf_url} target="_blank" rel="noopener">
            {w('pdf')}
          </a>
        </p>
      ) : (
        <p class="payment-note">{w('pdf_missing')}</p>
      )}
    </section>
  );
}
