/**
 * The status reply (SPEC §5 "A status reply message left empty disables it", issue 22): a customer
 * whose order is open texts STATUS or asks whether the car is ready (statusQuestion.ts), and gets
 * the store's service_settings.status_reply_message at once, without waiting for an advisor.
 * `{{status}}` in it becomes where the order stands, in the customer's language (with the promised
 * time while it is not ready), `{{ro}}` the order's number and `{{advisor}}` the advisor's first
 * name. It names the dealership and passes every sending rule as every automated text does; it
 * answers no gatekeeper rule (the customer has just written, as with the away auto-reply). A reply
 * that quiet hours would hold past STALE_AFTER_MS is not sent at all, since by then its status
 * could be wrong, and the conversation says so. The customer's question still reaches the advisor
 * as every text does.
 */
import { customerMoment, customerText } from '../lib/customerTexts.js';
import { logger } from '../lib/log.js';
import { readSettings } from '../lib/settings.js';
import { sendAutomated } from '../messages/automated.js';
import { localeOf, type SendContext } from '../messages/send.js';
import { isTextedIn } from '../../shared/repairOrders/repairOrders.js';
import { listenToRepairOrders } from './moments.js';
import { repairOrderOwner } from './owner.js';
import type { RepairOrderRecord } from './records.js';
import { asksForStatus } from './statusQuestion.js';

/** How long quiet hours may hold a status reply before it is no longer worth sending. */
export const STALE_AFTER_MS = 30 * 60_000;

export const STATUS_OUT_OF_DATE = { reason: 'status_out_of_date', message: 'Quiet hours would hold the status reply until it is out of date' } as const;

/** Where an open order stands, as a customer would put it. */
export type OrderStatus = 'checked_in' | 'in_service' | 'awaiting_approval' | 'finishing' | 'ready';

const STATUS_TEXT = {
  checked_in: 'statusCheckedIn',
  in_service: 'statusInService',
  awaiting_approval: 'statusAwaitingApproval',
  finishing: 'statusFinishing',
  ready: 'statusReady',
} as const satisfies Record<OrderStatus, string>;

/**
 * The order's stage from what the board knows: ready once marked ready or invoiced; waiting for the
 * customer while a sent inspection has undecided recommendations; finishing once the work order is
 * complete or billed (or the DMS pre-invoiced it); in service once the work order is in progress or
 * a technician has the inspection; else checked in.
 */
export function orderStatus(ro: Pick<RepairOrderRecord, 'vehicle_ready' | 'sheet' | 'custom' | 'metadata'>, now = new Date()): OrderStatus {
  if (ro.vehicle_ready || ro.metadata.dms_status === 'invoiced') return 'ready';
  const sheet = ro.sheet;
  const inspectionSent = sheet?.sent_to_customer_at != null && sheet.sent_to_customer_at <= now.toISOString();
  if (inspectionSent && sheet.recommendations.undecided > 0) return 'awaiting_approval';
  const code = ro.custom.work_order_status_code;
  if (code === 'C' || code === 'B' || ro.metadata.dms_status === 'pre_invoiced') return 'finishing';
  if (code === 'I' || (sheet && sheet.state !== 'unclaimed')) return 'in_service';
  return 'checked_in';
}

/** The `{{status}}` sentence(s) in the customer's language: the stage, then the promised time while the car is not ready. */
export function statusSentence(ro: Pick<RepairOrderRecord, 'vehicle_ready' | 'sheet' | 'custom' | 'metadata' | 'promise_time'>, locale: string, timeZone: string, now = new Date()): string {
  const status = orderStatus(ro, now);
  const stage = customerText(STATUS_TEXT[status], locale);
  if (status === 'ready' || !ro.promise_time || Date.parse(ro.promise_time) <= now.getTime()) return stage;
  return `${stage} ${customerText('statusPromised', locale, customerMoment(ro.promise_time, locale, timeZone))}`;
}

/** The store's words with the order's placeholders filled in (a replacer function: `$` in them is never a pattern). */
export function statusReplyText(written: string, ro: RepairOrderRecord, context: Pick<SendContext, 'customer' | 'location'>, now = new Date()): string {
  const values: Record<string, string> = {
    status: statusSentence(ro, localeOf(context), context.location.timezone, now),
    ro: ro.ro_id,
    advisor: ro.agent?.first_name ?? '',
  };
  return written.replace(/\{\{(\w+)\}\}/g, (placeholder, name: string) => values[name] ?? placeholder);
}

export type StatusReplyOutcome = 'sent' | 'held' | 'refused' | 'skipped';

/** Answers the customer's text with the order's status when it asks for it, the order is open and the store wrote a status reply. */
export async function replyWithStatus(ro: RepairOrderRecord, text: string, now = new Date()): Promise<StatusReplyOutcome> {
  // A texted-in order has no work behind it to report on.
  if (ro.closed || isTextedIn(ro) || !asksForStatus(text)) return 'skipped';
  const service = await readSettings(ro.company_id, ro.location_id, 'service_settings');
  const written = service.status_reply_message.trim();
  if (written === '') return 'skipped';
  const result = await sendAutomated(repairOrderOwner(ro), 'status_reply', {
    agent: null,
    manual: false,
    gatekeeperRule: null,
    words: (context) => ({ written: statusReplyText(written, ro, context, now) }),
    notAfter: { at: new Date(now.getTime() + STALE_AFTER_MS).toISOString(), ...STATUS_OUT_OF_DATE },
  });
  if (!result.message) return 'refused';
  return result.message.metadata.send_at ? 'held' : 'sent';
}

listenToRepairOrders({
  name: 'status_reply',
  async customerReplied(ro, text) {
    const outcome = await replyWithStatus(ro, text);
    if (outcome !== 'skipped') logger.debug('status reply', { repair_order_id: ro.id, outcome });
  },
});
