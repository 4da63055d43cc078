/**
 * The payment part of the customer's visit page (issue 21 part 5; kind `payment`): the order's
 * latest payment request as the customer sees it. Amounts are integer cents in the store's currency
 * (the view writes them with shared/money.ts in the customer's language).
 */
import type { PaymentAmounts, PaymentState } from './payments.js';

export const PAYMENT_PART = 'payment';

export interface PaymentPartData {
  ro_id: string;
  state: PaymentState;
  amounts: PaymentAmounts;
  /** The gateway's own checkout (no card number reaches the console) while it can take a card; else null. */
  pay_url: string | null;
  /** Paid, cancelled or expired: 'This invoice has been closed, please check with your cashier'. */
  closed: boolean;
  /** The invoice's PDF (a signed link that runs out), or null: 'PDF Invoice is not generated'. */
  pdf_url: string | null;
  /** Once paid: what the receipt text said. */
  receipt: { amount_in_cents: number; paid_at: string } | null;
}

/** The part's actions (`POST /api/public/visits/{token}/payment/{action}`). */
export const PAYMENT_PART_ACTIONS = { viewed: 'viewed' } as const;
