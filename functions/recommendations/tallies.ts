/**
 * Recommended work's part in the inspections report (issue 24; README "Reports: inspections"): an
 * approval, by the customer from the link or by an agent, counts as one approved line and its
 * estimate at that moment, on the day of the decision. Recognised from the sheet's old and new
 * images: a recommendation that was not approved before the change and is after it. The decision's
 * own time is in the fact's id, so the same change told twice counts once, while work approved,
 * set back and approved again is two approvals, as the order's notes tell it.
 */
import type { Fact } from '../lib/boardModule.js';
import type { SheetRecord } from '../inspections/records.js';
import type { FactOrder } from '../repairOrders/factOrder.js';
import { sheetFact } from '../inspections/sheetFacts.js';

export function approvalFacts(old: SheetRecord | undefined, after: SheetRecord | undefined, order: FactOrder): Fact[] {
  if (!after) return [];
  const before = old && old.id === after.id ? old : undefined;
  const approvedBefore = new Set((before?.recommendations ?? []).filter((r) => r.approved === true).map((r) => r.id));
  return after.recommendations
    .filter((r) => r.approved === true && !approvedBefore.has(r.id))
    .map((r) => {
      const at = r.decided_at ?? after.updated_at;
      return sheetFact(after, order, { id: `${r.id}:approved:${at}`, figure: 'approved', at, value: r.est_cost_in_cents });
    });
}
