/**
 * Which state a payment request may move to from which (SPEC §4 "Payment"; issue 21). The gateway
 * calls back as often and in whatever order it likes, so a transition is written only from the
 * states listed here, as a condition on the write (records.ts `moveRequest`): a late "declined"
 * never undoes "paid", a replayed "paid" finds it paid and does nothing, and paid happens once.
 *
 * Paid is taken from any other state, even cancelled or expired: if the gateway took the money (a
 * customer who paid as the advisor cancelled), the record must say so. A declined or failed card
 * is not the end: the customer may try another card on the same checkout.
 */
import type { PaymentState } from '../../shared/payments/payments.js';

const TRYING: PaymentState[] = ['sent', 'delivered', 'viewed', 'challenged', 'declined', 'failed'];

export const MAY_MOVE_FROM: Record<PaymentState, readonly PaymentState[]> = {
  // Only its reason changes while it waits (awaiting the invoice, amounts that do not match).
  queued: ['queued'],
  sent: ['queued'],
  delivered: ['sent'],
  viewed: ['sent', 'delivered'],
  challenged: TRYING.filter((s) => s !== 'challenged'),
  declined: TRYING.filter((s) => s !== 'declined'),
  failed: TRYING.filter((s) => s !== 'failed'),
  paid: ['queued', ...TRYING, 'expired', 'cancelled'],
  expired: ['queued', ...TRYING],
  cancelled: ['queued', ...TRYING],
};

export const mayMove = (from: PaymentState, to: PaymentState): boolean => MAY_MOVE_FROM[to].includes(from);

/** States in which the customer's checkout can still take a card. */
export const PAYABLE: readonly PaymentState[] = TRYING;

/** States that wait for the gateway's word: the reconciliation job asks about them. */
export const AWAITING_GATEWAY: readonly PaymentState[] = TRYING;
