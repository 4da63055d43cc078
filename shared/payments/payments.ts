/**
 * Text-to-pay (SPEC §3 "Payment request", §4 "Payment", issue 21): a repair order's request for the
 * customer's part of the invoice, as the API answers it. Amounts are integer cents.
 */

/**
 * Where a request stands. SPEC's queued, sent, cancelled and paid, with what the texting carrier
 * (delivered) and the gateway (viewed, challenged, declined, failed, expired) tell.
 */
export const PAYMENT_STATES = ['queued', 'sent', 'delivered', 'viewed', 'challenged', 'declined', 'failed', 'paid', 'expired', 'cancelled'] as const;
export type PaymentState = (typeof PAYMENT_STATES)[number];

/** States nothing moves a request out of, but a payment the gateway took (paid wins over a late cancel). */
export const SETTLED_STATES: readonly PaymentState[] = ['paid', 'expired', 'cancelled'];
export const isSettled = (state: PaymentState): boolean => SETTLED_STATES.includes(state);

export type PaymentProvider = 'stripe' | 'cenpos';
export const PAYMENT_PROVIDERS: readonly PaymentProvider[] = ['stripe', 'cenpos'];

export interface PaymentAmounts {
  invoice_total_in_cents: number;
  insurance_in_cents: number;
  prepaid_in_cents: number;
  customer_pay_in_cents: number;
}

export interface PaymentRequest extends PaymentAmounts {
  id: string;
  repair_order_id: string;
  ro_id: string;
  customer_id: string;
  location_id: string;
  state: PaymentState;
  provider: PaymentProvider;
  /** Sent out automatically after the DMS pre-invoiced the order (no advisor pressed). */
  automatic: boolean;
  requested_by: { id: string; first_name: string; last_name: string } | null;
  created_at: string;
  updated_at: string;
  sent_at: string | null;
  paid_at: string | null;
  cancelled_at: string | null;
  /** Why it waits or failed, as an id the console words (`awaiting_invoice`, `amounts_mismatch`, `card_declined`, …). */
  reason: string | null;
}

/** Customer pay above this (in the store's currency) asks the advisor to confirm it. */
export const HIGH_CUSTOMER_PAY_CENTS = 500_000;

/** Per page of a customer's payments (SPEC §7 `?limit=10`). */
export const PAYMENT_PAGE_SIZE = 10;

/** The auto-send delay after the DMS pre-invoices an order (minutes, restarting on each change). */
export const AUTO_SEND_DELAY_MAX_MINUTES = 60;

/** How long the customer's checkout stays open (the gateway's session expiry: 30 min to 24 h). */
export const CHECKOUT_HOURS = 23;

/** The customer's pay page: what a public token shows. */
export interface PayPage {
  dealership: string;
  locale: string;
  ro_id: string;
  state: PaymentState;
  amounts: PaymentAmounts;
  currency: string;
  /** Where the pay button goes (the gateway's checkout); null when the request can no longer be paid. */
  checkout_url: string | null;
  /** 'closed' once paid, cancelled or expired ('This invoice has been closed, please check with your cashier'). */
  closed: boolean;
  pdf_url: string | null;
}
