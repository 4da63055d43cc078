/**
 * The work-declined notice (SPEC §1, §3 wizard service_settings): some days after a customer
 * declined recommended work, the console texts them the location's work-declined message, so the
 * work is not forgotten. A rejection writes a "due" item (in the order's partition, on gsi2 by due
 * time) in the same transaction as the decision, and a change away from rejected removes it again.
 * The jobs handler sends, per order, at most one notice covering every declined item that is due.
 * The due items themselves are declinedWork.ts: a decision writes them without the sending code.
 */
import { logger } from '../lib/log.js';
import { readSettings } from '../lib/settings.js';
import { sendAutomated } from '../messages/automated.js';
import { getRepairOrder } from '../repairOrders/records.js';
import { getSheet } from '../inspections/records.js';
import { repairOrderOwner } from '../repairOrders/owner.js';
import { dueDeclinedWork, takeDue, type DeclinedWorkDue } from './declinedWork.js';

export interface WorkDeclinedRun {
  /** Due items found. */
  due: number;
  /** Notices sent (one per order). */
  sent: number;
  /** Notices the gatekeeper or the sending rules refused (the advisor got the note and the toast). */
  refused: number;
}

/** `{{items}}` in the message lists the declined work ("Front brake pads, Wiper blades"). */
function noticeText(message: string, declined: string[]): string {
  return message.replaceAll('{{items}}', declined.join(', '));
}

async function noticeForOrder(items: DeclinedWorkDue[], now: Date): Promise<'sent' | 'refused' | 'dropped'> {
  const first = items[0]!;
  const [ro, sheet, service] = await Promise.all([
    getRepairOrder(first.company_id, first.repair_order_id, true),
    getSheet(first.company_id, first.repair_order_id, true),
    readSettings(first.company_id, first.location_id, 'service_settings'),
  ]);
  // Still declined on the order's current sheet (a re-template or a removed line ends it).
  const declined = (sheet?.recommendations ?? []).filter((r) => r.approved === false && items.some((i) => i.sheet_id === sheet?.id && i.recommendation_id === r.id));
  const message = service.work_declined_notification_message.trim();
  if (!ro || !sheet || declined.length === 0 || message === '' || ro.closed || ro.archived) {
    await takeDue(items, null);
    return 'dropped';
  }
  // The mark goes with taking the items: of two runs (or a rerun) only one gets to send.
  if (!(await takeDue(items, { at: now.toISOString() }))) {
    await takeDue(items, null);
    return 'dropped';
  }
  const { refused } = await sendAutomated(repairOrderOwner(ro), 'work_declined', { agent: null, manual: false, words: { written: noticeText(message, declined.map((r) => r.item)) } });
  return refused ? 'refused' : 'sent';
}

/** The work_declined_notices job: one notice per order whose declined work has come due. */
export async function sendWorkDeclinedNotices(now = new Date()): Promise<WorkDeclinedRun> {
  const due = await dueDeclinedWork(now);
  const run: WorkDeclinedRun = { due: due.length, sent: 0, refused: 0 };
  const byOrder = new Map<string, DeclinedWorkDue[]>();
  for (const item of due) {
    const key = `${item.company_id}#${item.repair_order_id}`;
    byOrder.set(key, [...(byOrder.get(key) ?? []), item]);
  }
  for (const items of byOrder.values()) {
    try {
      const outcome = await noticeForOrder(items, now);
      if (outcome === 'sent') run.sent += 1;
      if (outcome === 'refused') run.refused += 1;
    } catch (err) {
      // One order's failure must not hold up the others; its items stay due for the next run.
      logger.error('work-declined notice failed', { repair_order_id: items[0]!.repair_order_id, error: (err as Error).message });
    }
  }
  return run;
}
