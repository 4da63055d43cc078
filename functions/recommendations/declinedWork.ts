/**
 * The due items of the work-declined notice (workDeclined.ts sends it): the store of what a
 * decision on a recommendation writes and what the job reads and takes. Apart from the sending, so
 * that the functions that take decisions (the advisor's and the customer's) do not load the carrier with it.
 */
import { keys } from '../lib/keys.js';
import { isConditionFailure, queryAll, transactWrite, type TransactWrite } from '../lib/table.js';
import type { SheetRecord } from '../inspections/records.js';
import { sheetKeys } from '../inspections/shelf.js';

/** Keys of the records this store owns (docs/data-model.md). */
const declinedWorkKeys = {
  /** gsi2 on declined-work notices waiting to go out: due ones by due time. */
  workDeclinedDue: () => ({ gsi2pk: 'WORK_DECLINED#DUE' }),
} as const;

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
const dueKey = (companyId: string, roId: string, sheetId: string, recommendationId: string) => ({
  pk: sheetKeys.sheet(companyId, roId).pk,
  sk: `WORKDECLINED#DUE#${sheetId}#${recommendationId}`,
});
const noticeKey = (companyId: string, roId: string) => ({ pk: sheetKeys.sheet(companyId, roId).pk, sk: 'WORKDECLINED#NOTICE' });

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
    return [{ Put: { Item: { ...key, ...declinedWorkKeys.workDeclinedDue(), gsi2sk: `${due.due_at}#${due.sheet_id}#${recommendationId}`, ...due } } }];
  }
  if (was && !is) return [{ Delete: { Key: key } }];
  return [];
}

/** Every due item whose time has come (≤ now), oldest first (the due-time index). */
export async function dueDeclinedWork(now: Date): Promise<DeclinedWorkDue[]> {
  // '~' sorts after the '#sheet#rec' suffix, so items due exactly now are included.
  return queryAll<DeclinedWorkDue>({
    IndexName: 'gsi2',
    KeyConditionExpression: 'gsi2pk = :pk AND gsi2sk <= :now',
    ExpressionAttributeValues: { ':pk': declinedWorkKeys.workDeclinedDue().gsi2pk, ':now': `${now.toISOString()}~` },
  });
}

/**
 * Takes an order's due items off the queue and, when `mark`, sets the order's one-notice mark: all
 * in one transaction that fails (false) when another run took any of them first or the mark is set.
 */
export async function takeDue(items: DeclinedWorkDue[], mark: { at: string } | null): Promise<boolean> {
  const first = items[0]!;
  const writes: TransactWrite[] = items.map((item) => ({
    Delete: { Key: dueKey(item.company_id, item.repair_order_id, item.sheet_id, item.recommendation_id), ConditionExpression: 'attribute_exists(pk)' },
  }));
  if (mark) {
    writes.push({
      Put: {
        Item: { ...noticeKey(first.company_id, first.repair_order_id), sent_at: mark.at, recommendation_ids: items.map((i) => i.recommendation_id) },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    });
  }
  try {
    await transactWrite(writes);
    return true;
  } catch (err) {
    if (isConditionFailure(err)) return false;
    throw err;
  }
}
