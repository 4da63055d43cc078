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
  /**
   * The Pay button as the store set it (`landing_settings.button_css_class`,
   * `payments_landing_settings.pay_button_text`): the store's own words when it changed them from
   * the default, else null (the part's own words in the customer's language, with the amount).
   */
  pay_button: { text: string | null; style: ButtonStyle; /** landing_settings.pay_button: a link to it at the top of the page too. */ at_top: boolean };
  /** Once paid: "E-mail me the receipt" (null before, when there is no receipt to send). */
  receipt_email: ReceiptEmailForm | null;
}

/** `landing_settings.button_css_class` (SPEC §3). */
export const BUTTON_STYLES = ['default', 'primary', 'info', 'warning', 'danger'] as const;
export type ButtonStyle = (typeof BUTTON_STYLES)[number];

export interface ReceiptEmailForm {
  /** The name on the order, to start the form with. */
  name: string;
  /** The store's labels (`landing_settings.name_label`, `email_label`) when it changed them from the defaults, else null: the part's own words. */
  name_label: string | null;
  email_label: string | null;
  /**
   * The last address the receipt went to, masked (`l•••@example.com`: the page opens for whoever
   * holds the link, and a forwarded link should not give away the address), and when; null before the first.
   */
  sent: { to: string; at: string } | null;
  /** How many more times it may be e-mailed (RECEIPT_EMAILS_MAX in all). */
  remaining: number;
}

/** The part's actions (`POST /api/public/visits/{token}/payment/{action}`). */
export const PAYMENT_PART_ACTIONS = { viewed: 'viewed', email_receipt: 'email_receipt' } as const;

/** A payment request's receipt goes by e-mail at most this often (a page open to anyone with the link must not become a mail cannon). */
export const RECEIPT_EMAILS_MAX = 3;
export const RECEIPT_NAME_MAX = 120;

/**
 * Why `email_receipt` was refused: the error id the page words in the customer's language (the
 * message is the English one, SPEC §5's where it has one). The field ones answer 422 with `field`.
 */
export const RECEIPT_EMAIL_ERRORS = {
  name_required: 'Please enter your name.',
  name_too_long: `The name can be at most ${RECEIPT_NAME_MAX} characters.`,
  email_invalid: 'Please enter valid email address.',
  receipt_not_paid: 'Only a paid invoice has a receipt to e-mail.',
  receipt_email_limit: `This receipt was already e-mailed ${RECEIPT_EMAILS_MAX} times.`,
} as const;
export type ReceiptEmailErrorId = keyof typeof RECEIPT_EMAIL_ERRORS;
export const RECEIPT_EMAIL_FIELD: Partial<Record<ReceiptEmailErrorId, 'name' | 'email'>> = { name_required: 'name', name_too_long: 'name', email_invalid: 'email' };
