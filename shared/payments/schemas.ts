/** What the console sends for text-to-pay, checked at the edge with SPEC §5's texts. */
import * as z from 'zod/mini';
import { AUTO_SEND_DELAY_MAX_MINUTES } from './payments.js';

export const PAYMENT_ERRORS = {
  amount_zero: 'Amount cannot be 0',
  customer_pay: 'Customer pay must be more than 0',
  not_whole_cents: 'Amounts must be whole cents, not negative',
  sum: 'Insurance, prepaid maintenance or extra warranty and customer pay must add up to the invoice total',
  high_customer_pay: 'The customer pay is unusually high. Please check it and confirm',
  mismatch: 'The entered amounts do not match. Please check in your DMS',
  closed: 'This invoice has been closed, please check with your cashier',
  not_enabled: 'Payments are not enabled for this store',
  open_request: 'This repair order already has an open payment request',
  not_open: 'This payment request can no longer be changed',
  broken_data: 'Broken data.',
  confirm_yes: 'Type YES to disconnect',
  cenpos_account: 'Please enter the CenPOS account',
  provider_unavailable: 'Card payments through this gateway are not available from the console',
  pdf_not_generated: 'PDF Invoice is not generated',
} as const;

const cents = z.number().check(z.int(PAYMENT_ERRORS.not_whole_cents), z.gte(0, PAYMENT_ERRORS.not_whole_cents), z.lte(100_000_000, PAYMENT_ERRORS.not_whole_cents));

/** POST /api/repair_orders/{id}/payment_request. */
export const paymentRequestBody = z.object({
  payment_request: z
    .object({
      invoice_total_in_cents: cents.check(z.refine((v) => v !== 0, PAYMENT_ERRORS.amount_zero)),
      insurance_in_cents: z._default(cents, 0),
      prepaid_in_cents: z._default(cents, 0),
      customer_pay_in_cents: cents.check(z.refine((v) => v > 0, PAYMENT_ERRORS.customer_pay)),
      /** The advisor confirmed an unusually high customer pay. */
      confirm_high_amount: z._default(z.boolean(), false),
    })
    .check(
      z.refine((p) => p.insurance_in_cents + p.prepaid_in_cents + p.customer_pay_in_cents === p.invoice_total_in_cents, {
        message: PAYMENT_ERRORS.sum,
        path: ['customer_pay_in_cents'],
      }),
    ),
});
export type PaymentRequestBody = z.infer<typeof paymentRequestBody>;

/** POST /payments/cenpos/connect. */
export const cenposConnectBody = z.object({ cenpos_account: z.string().check(z.trim(), z.minLength(1, PAYMENT_ERRORS.cenpos_account), z.maxLength(120)) });

/** DELETE /payments/{provider}/disconnect: the manager typed YES. */
export const disconnectBody = z.object({ confirm: z.string().check(z.trim(), z.refine((v) => v === 'YES', PAYMENT_ERRORS.confirm_yes)) });

/** POST /payments/stripe/oauth_callback. */
export const oauthCallbackBody = z.object({ code: z.string().check(z.minLength(1, PAYMENT_ERRORS.broken_data), z.maxLength(255)), state: z.optional(z.string().check(z.maxLength(255))) });

/** The board's own settings (payments_auto_send): auto-send after pre-invoice, with its delay. */
export const autoSendSettings = z.object({
  enabled: z._default(z.boolean(), false),
  delay_minutes: z._default(z.number().check(z.int(), z.gte(0), z.lte(AUTO_SEND_DELAY_MAX_MINUTES)), 15),
});
