/** Text-to-pay's calls (contract: shared/payments). */
import type { PaymentRequest } from '../../../../shared/payments/payments.js';
import { paymentPaths } from '../../../../shared/payments/routes.js';
import { api } from '../../lib/api.js';

export interface OrderPayment {
  payment_request: PaymentRequest | null;
  invoice: { requested_amount_in_cents: number; requested_customer_pay_in_cents: number } | null;
}

export const orderPaymentPath = (roId: string) => paymentPaths.request(roId);

export const requestPayment = (roId: string, body: { invoice_total_in_cents: number; insurance_in_cents: number; prepaid_in_cents: number; customer_pay_in_cents: number; confirm_high_amount: boolean }) =>
  api.request<{ payment_request: PaymentRequest }>(paymentPaths.request(roId), {
    method: 'POST',
    body: { payment_request: body },
    // The dialog shows these beside the fields.
    expected: { statuses: [409, 422] },
  });

export const resendPayment = (roId: string) => api.request<{ payment_request: PaymentRequest }>(paymentPaths.resend(roId), { method: 'PUT' });
export const cancelPayment = (roId: string) => api.request<{ payment_request: PaymentRequest }>(paymentPaths.cancel(roId), { method: 'PUT' });
export const finishConnection = (code: string, state: string) =>
  api.request<{ redirect_to: string }>(paymentPaths.oauthCallback, { method: 'POST', body: { code, state } });
