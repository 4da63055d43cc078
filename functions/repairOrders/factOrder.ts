/**
 * The repair order behind a report's fact (issue 24): the inspections', payments' and CSI's facts
 * are counted under the order's advisor (`agent_id`), name its customer and open the order by its
 * RO number in the drill-down.
 */
import { getRepairOrder } from './records.js';

/** Who a fact counts under when nobody is named: as the texting report counts it (functions/tallies/texting.ts). */
export const NOBODY = 'none';

/** The order as its facts carry it: its advisor (the report's `agent_id`), its customer and its number. */
export interface FactOrder {
  /** The order's advisor when the fact is counted; NOBODY for an order nobody is assigned to. */
  agent_id: string;
  customer_id: string | null;
  /** The RO number the drill-down lists. */
  label: string;
}

/** Before the order is read: enough to tell whether a change counts anything at all. */
export const UNREAD_ORDER: FactOrder = { agent_id: NOBODY, customer_id: null, label: '' };

export async function factOrder(companyId: string, roId: string): Promise<FactOrder> {
  const ro = await getRepairOrder(companyId, roId);
  return { agent_id: ro?.agent?.id ?? NOBODY, customer_id: ro?.customer_id ?? null, label: ro?.ro_id ?? roId };
}
