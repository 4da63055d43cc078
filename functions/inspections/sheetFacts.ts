/**
 * What every fact of a sheet carries (issue 24): the repair order behind it (its advisor, customer
 * and number) and the sheet's technician. Shared by the sheet's own facts (tallies.ts) and its
 * recommendations' approvals (functions/recommendations/tallies.ts).
 */
import type { Fact } from '../lib/boardModule.js';
import { NOBODY, type FactOrder } from '../repairOrders/factOrder.js';
import type { SheetRecord } from './records.js';

/** A fact of a sheet: counted under the order's advisor and the sheet's technician, opening the repair order. */
export function sheetFact(sheet: SheetRecord, order: FactOrder, fact: { id: string; figure: string; at: string; value?: number }): Fact {
  return {
    id: `${sheet.id}:${fact.id}`,
    type: 'inspections',
    figure: fact.figure,
    company_id: sheet.company_id,
    location_id: sheet.location_id,
    at: fact.at,
    dims: { agent_id: order.agent_id, technician_id: sheet.technician?.id ?? NOBODY },
    ...(fact.value === undefined ? {} : { value: fact.value }),
    record: { kind: 'repair_order', id: sheet.repair_order_id, label: order.label },
    ...(order.customer_id ? { customer_id: order.customer_id } : {}),
  };
}
