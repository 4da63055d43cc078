/**
 * Inspection fixtures for server tests: a two-item brake form and its priced recommendations,
 * written through the sheet store in whatever state a test needs.
 */
import type { Recommendation, SheetTemplate } from '../../shared/inspections/inspections.js';
import { newSheet, saveSheet, type SheetRecord, type StoredSheetAttachment } from '../../functions/inspections/records.js';
import { issueLink } from '../../functions/recommendations/links.js';
import type { RepairOrderRecord } from '../../functions/repairOrders/records.js';
import { ADVISOR, DEMO_NORTH } from './service.js';

export const TECHNICIAN = { id: 'agt_tech', first_name: 'Luis', last_name: 'Ortega' };

export const BRAKE_TEMPLATE: SheetTemplate = {
  id: 'tpl_test_brakes',
  location_id: DEMO_NORTH.locationId,
  form_name: 'Brake check',
  vehicle_type: 'car',
  default: false,
  archived: false,
  header: 'Checked on the lift',
  groups: [{ name: 'Brakes', items: [{ name: 'Front brake pads' }, { name: 'Wiper blades' }] }],
  version: 1,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
};

/** The brake form filled out: pads red, wipers yellow. */
export const BRAKE_GROUPS = [{ name: 'Brakes', items: [{ name: 'Front brake pads', dmg: 2 as const, comment: 'Pads at 2 mm' }, { name: 'Wiper blades', dmg: 1 as const, comment: '' }] }];

/** Undecided work on one item of the brake form, with a shop note the customer must never see. */
export const recommendation = (id: string, item: string, cents: number): Recommendation => ({
  id,
  group: 'Brakes',
  item,
  est_cost_in_cents: cents,
  comment: `Replace ${item.toLowerCase()}`,
  notes: 'Shop note: parts in stock',
  approved: null,
  decided_at: null,
  metadata: { approver: null },
});

/** Pads ($240.00) and wipers ($35.00). */
export const brakeRecommendations = (): Recommendation[] => [recommendation('rec_pads', 'Front brake pads', 24000), recommendation('rec_wipers', 'Wiper blades', 3500)];

/** The order's brake inspection, completed and sent to the customer, with the customer's link to it (its token). */
export async function sendInspection(ro: RepairOrderRecord, attachments: StoredSheetAttachment[] = []): Promise<{ sheet: SheetRecord; token: string }> {
  const now = new Date().toISOString();
  const sheet: SheetRecord = {
    ...newSheet(ro, BRAKE_TEMPLATE, now),
    state: 'completed_by_advisor',
    technician: TECHNICIAN,
    advisor: ADVISOR,
    groups: BRAKE_GROUPS,
    recommendations: brakeRecommendations(),
    attachments,
    completed_by_technician_at: now,
    completed_by_advisor_at: now,
    sent_to_customer_at: now,
  };
  await saveSheet(sheet, null);
  const { token } = await issueLink({ company_id: ro.company_id, location_id: ro.location_id, repair_order_id: ro.id, sheet_id: sheet.id }, 14);
  return { sheet, token };
}
