/**
 * The technician board's part in the inspections report (issue 24; README "Reports: inspections"):
 * what a change of a sheet counts. A sheet is started when it first leaves the pool, and sent when
 * it is first sent to the customer; at that sending its red and yellow items and its recommended
 * work are counted as they stand. The customer's (or an agent's) approvals are the recommendations'
 * part (functions/recommendations/tallies.ts). Each fact is recognised from the sheet's old and new
 * images alone, as a transition, so a re-save, or the same change told twice, counts nothing more;
 * its moment is the sheet's own (claimed_at, sent_to_customer_at), the same however often it is seen.
 */
import type { Fact, TableChange, TallySource } from '../lib/boardModule.js';
import { approvalFacts } from '../recommendations/tallies.js';
import { factOrder, UNREAD_ORDER, type FactOrder } from '../repairOrders/factOrder.js';
import { sheetFact } from './sheetFacts.js';
import { isSheetKey, summaryOf, type SheetRecord } from './records.js';

/** The same sheet before the change (a sheet made anew for the order is another sheet). */
const sameSheet = (before: SheetRecord | undefined, after: SheetRecord): SheetRecord | undefined => (before && before.id === after.id ? before : undefined);

/** What one change of a sheet counts: started, sent, and at the first sending its red and yellow items and recommended work. */
export function sheetFacts(old: SheetRecord | undefined, after: SheetRecord | undefined, order: FactOrder): Fact[] {
  if (!after) return [];
  const before = sameSheet(old, after);
  const facts: Fact[] = [];
  // A sheet never goes back to the pool: leaving it is its start, once.
  if (after.state !== 'unclaimed' && (!before || before.state === 'unclaimed')) {
    facts.push(sheetFact(after, order, { id: 'started', figure: 'started', at: after.claimed_at ?? after.updated_at }));
  }
  // A sheet sent again (after a reclaim, or simply resent) keeps its first sending: counted once.
  const sentAt = after.sent_to_customer_at;
  if (sentAt && !before?.sent_to_customer_at) {
    const { items } = summaryOf(after);
    facts.push(sheetFact(after, order, { id: 'sent', figure: 'sent', at: sentAt }));
    if (items.red > 0) facts.push(sheetFact(after, order, { id: 'red_items', figure: 'red_items', at: sentAt, value: items.red }));
    if (items.yellow > 0) facts.push(sheetFact(after, order, { id: 'yellow_items', figure: 'yellow_items', at: sentAt, value: items.yellow }));
    for (const r of after.recommendations) {
      facts.push(sheetFact(after, order, { id: `${r.id}:recommended`, figure: 'recommended', at: sentAt, value: r.est_cost_in_cents }));
    }
  }
  return facts;
}

/** Every fact of a sheet's change: the sheet's own and its recommendations' approvals. */
export function technicianFacts(change: Pick<TableChange, 'old' | 'new'>, order: FactOrder): Fact[] {
  const before = change.old as SheetRecord | undefined;
  const after = change.new as SheetRecord | undefined;
  return [...sheetFacts(before, after, order), ...approvalFacts(before, after, order)];
}

/** The technician board's TallySource: the order is read only for a change that counts something. */
export const technicianTallies: TallySource = async (change) => {
  if (!isSheetKey(change.keys) || !change.new) return [];
  if (technicianFacts(change, UNREAD_ORDER).length === 0) return [];
  const sheet = change.new as unknown as SheetRecord;
  return technicianFacts(change, await factOrder(sheet.company_id, sheet.repair_order_id));
};
