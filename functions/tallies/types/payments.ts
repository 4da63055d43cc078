/**
 * The payments report (issue 24; README "Reports: payments"): requests sent to customers and their
 * amount, requests paid and the amount collected, the share paid and the average days to pay, by
 * advisor (the repair order's) and, for a company, by store. Counters from the payments board's
 * facts (functions/payments/tallies.ts).
 */
import type { SheetBuilder } from '../sheets.js';
import { BY_ADVISOR, figureSheets, share, type FigureColumn } from './figureSheets.js';

const DAY_SECONDS = 86_400;

export const PAYMENT_COLUMNS: readonly FigureColumn[] = [
  { id: 'requested', format: 'count', cell: (t) => t('requested').count, drill: 'requested' },
  { id: 'requested_amount', format: 'money', cell: (t) => t('requested').value, drill: 'requested' },
  { id: 'paid', format: 'count', cell: (t) => t('paid').count, drill: 'paid' },
  // No gateway here refunds: what was paid is what was collected.
  { id: 'collected', format: 'money', cell: (t) => t('paid').value, drill: 'paid' },
  { id: 'paid_share', format: 'percent', cell: (t) => share(t('paid').count, t('requested').count) },
  { id: 'average_days_to_pay', format: 'days', cell: (t) => (t('pay_seconds').count > 0 ? t('pay_seconds').value / t('pay_seconds').count / DAY_SECONDS : null) },
];

export const paymentsSheets: SheetBuilder = (rows, ctx) => figureSheets('payments', PAYMENT_COLUMNS, rows, ctx, [BY_ADVISOR]);
