/**
 * What the page counts and adds up from the inspection: items by condition for the summary, the
 * approved total, and which photos and videos belong to an item.
 */
import type { CustomerInspection, SheetGroup } from '../../../../../shared/inspections/inspections.js';
import { ITEM_STATUS } from '../../../../../shared/inspections/itemStatus.js';

export interface ConditionCounts {
  red: number;
  yellow: number;
  green: number;
}

export function conditionCounts(groups: readonly SheetGroup[]): ConditionCounts {
  const counts: ConditionCounts = { red: 0, yellow: 0, green: 0 };
  for (const group of groups) {
    for (const item of group.items) {
      if (item.dmg === ITEM_STATUS.RED) counts.red += 1;
      else if (item.dmg === ITEM_STATUS.YELLOW) counts.yellow += 1;
      else if (item.dmg === ITEM_STATUS.GREEN) counts.green += 1;
    }
  }
  return counts;
}

type PageRecommendation = CustomerInspection['recommendations'][number];
export type PageAttachment = CustomerInspection['attachments'][number];

export interface DecisionTotals {
  /** Sums in integer cents. */
  approved_cents: number;
  recommended_cents: number;
  undecided: number;
}

export function decisionTotals(recommendations: readonly PageRecommendation[]): DecisionTotals {
  let approved = 0;
  let recommended = 0;
  let undecided = 0;
  for (const r of recommendations) {
    recommended += r.est_cost_in_cents;
    if (r.approved === true) approved += r.est_cost_in_cents;
    if (r.approved === null) undecided += 1;
  }
  return { approved_cents: approved, recommended_cents: recommended, undecided };
}

/** The photos and videos the advisor left visible for one item of the sheet. */
export function attachmentsOf(attachments: readonly PageAttachment[], group: string, item: string): PageAttachment[] {
  return attachments.filter((a) => a.group === group && a.item === item);
}
