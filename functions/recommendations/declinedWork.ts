/**
 * The due items of the work-declined notice (workDeclined.ts sends it): what a decision on a
 * recommendation writes. Apart from the sending, so that the functions that take decisions (the
 * advisor's and the customer's) do not load the carrier with it.
 */
import { keys } from '../lib/keys.js';
import type { TransactWrite } from '../lib/table.js';
import type { SheetRecord } from '../inspections/records.js';

const DAY_MS = 86_400_000;

/** A rejection waiting for its notice. */
export interface DeclinedWorkDue {
  company_id: string;
  location_id: string;
  repair_order_id: string;
  sheet_id: string;
  recommendation_id: string;
  declined_at: string;
  due_at: string;
}

/** In the order's partition: one per declined recommendation, and the mark of the one notice sent. */
export const dueKey = (companyId: string, roId: string, sheetId: string, recommendationId: string) => ({
  pk: keys.sheet(companyId, roId).pk,
  sk: `WORKDECLINED#DUE#${sheetId}#${recommendationId}`,
});
export const noticeKey = (companyId: string, roId: string) => ({ pk: keys.sheet(companyId, roId).pk, sk: 'WORKDECLINED#NOTICE' });

/**
 * The writes that keep the due item in step with one recommendation's decision: added when it
 * becomes rejected (due `afterDays` days after the decision), removed when it stops being rejected.
 */
export function declinedNoticeWrites(before: SheetRecord, after: SheetRecord, recommendationId: string, afterDays: number): TransactWrite[] {
  const was = before.recommendations.find((r) => r.id === recommendationId)?.approved === false;
  const decided = after.recommendations.find((r) => r.id === recommendationId);
  const is = decided?.approved === false;
  const key = dueKey(after.company_id, after.repair_order_id, after.id, recommendationId);
  if (is && !was && decided) {
    const declinedAt = decided.decided_at ?? after.updated_at;
    const due: DeclinedWorkDue = {
      company_id: after.company_id,
      location_id: after.location_id,
      repair_order_id: after.repair_order_id,
      sheet_id: after.id,
      recommendation_id: recommendationId,
      declined_at: declinedAt,
      due_at: new Date(Date.parse(declinedAt) + afterDays * DAY_MS).toISOString(),
    };
    return [{ Put: { Item: { ...key, ...keys.workDeclinedDue(), gsi2sk: `${due.due_at}#${due.sheet_id}#${recommendationId}`, ...due } } }];
  }
  if (was && !is) return [{ Delete: { Key: key } }];
  return [];
}
