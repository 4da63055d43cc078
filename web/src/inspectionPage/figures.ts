/**
 * What the page counts and adds up from the inspection: items by condition for the summary, the
 * approved total, and which photos and videos belong to an item.
 */
import { ITEM_STATUS, type CustomerInspection, type SheetGroup } from '../../../shared/inspections/inspections.js';

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

/** A `#rgb`/`#rrggbb` brand colour, else the page's own blue; and a text colour readable on it. */
export function brandColours(colour: string): { brand: string; onBrand: string } {
  const brand = /^#(?:[0-9a-f]{3}){1,2}$/i.test(colour.trim()) ? colour.trim() : '#1f4fbf';
  const hex = brand.length === 4 ? brand.replace(/^#(.)(.)(.)$/, '#$1$1$2$2$3$3') : brand;
  const channel = (at: number) => {
    const value = parseInt(hex.slice(at, at + 2), 16) / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  // WCAG relative luminance: dark text on light brands, white text on dark ones.
  const luminance = 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
  return { brand, onBrand: luminance > 0.179 ? '#111111' : '#ffffff' };
}
