/**
 * The MPI queues (SPEC §7 "MPI"): the pool of sheets for claim, the caller's own claimed sheets,
 * the manager inbox of every claimed sheet with its holder, and the repair-order inbox of sheets
 * the technicians completed, waiting for the advisors. Each entry is the sheet's summary with
 * enough of its repair order to find the car in the shop.
 */
import type { SheetListEntry } from '../../shared/inspections/inspections.js';
import type { AgentRecord } from '../lib/agents.js';
import { getRepairOrders } from '../repairOrders/records.js';
import { isManager } from './access.js';
import { allSheetsOfList, holdersOfClaimedSheets, sheetRepairOrder, sheetsOfHolder, sheetsOfList, summaryOf, type SheetRecord } from './records.js';

export interface QueuePage {
  entries: SheetListEntry[];
  total: number;
}

/** Entries in the queue's order; a sheet whose order is gone is left out. */
async function entriesOf(companyId: string, sheets: SheetRecord[]): Promise<SheetListEntry[]> {
  const orders = await getRepairOrders(companyId, sheets.map((s) => s.repair_order_id));
  return sheets.flatMap((sheet) => {
    const ro = orders.get(sheet.repair_order_id);
    return ro ? [{ ...summaryOf(sheet), repair_order: sheetRepairOrder(ro) }] : [];
  });
}

/** The pool: unclaimed sheets of the location, oldest first. */
export async function forClaim(companyId: string, locationId: string, offset: number, limit: number): Promise<QueuePage> {
  const page = await sheetsOfList(companyId, locationId, 'for_claim', offset, limit);
  return { entries: await entriesOf(companyId, page.records), total: page.total };
}

/** The sheets the caller holds (claimed, or reclaimed for them). */
export async function inboxOf(companyId: string, locationId: string, agentId: string, offset: number, limit: number): Promise<QueuePage> {
  const page = await sheetsOfHolder(companyId, locationId, agentId, offset, limit);
  return { entries: await entriesOf(companyId, page.records), total: page.total };
}

/** Every claimed or reclaimed sheet of the location, with its holder (managers and admins). */
export async function managerInbox(companyId: string, locationId: string, offset: number, limit: number): Promise<QueuePage> {
  const page = await sheetsOfList(companyId, locationId, 'claimed', offset, limit);
  return { entries: await entriesOf(companyId, page.records), total: page.total };
}

/**
 * Sheets the technicians completed, waiting for the advisors. Managers see all of them; an advisor
 * (access level 0) only those of orders assigned to them, which is known only after reading the
 * orders, so the whole queue is read (it holds the day's completed sheets, not the archive).
 */
export async function toAdvisor(companyId: string, locationId: string, caller: AgentRecord, offset: number, limit: number): Promise<QueuePage> {
  if (isManager(caller.access_level)) {
    const page = await sheetsOfList(companyId, locationId, 'to_advisor', offset, limit);
    return { entries: await entriesOf(companyId, page.records), total: page.total };
  }
  const sheets = await allSheetsOfList(companyId, locationId, 'to_advisor');
  const mine = (await entriesOf(companyId, sheets)).filter((entry) => entry.repair_order.agent?.id === caller.id);
  return { entries: mine.slice(offset, offset + limit), total: mine.length };
}

/** How many sheets each agent of the location holds now. */
export async function heldCounts(companyId: string, locationId: string): Promise<Map<string, number>> {
  const held = await holdersOfClaimedSheets(companyId, locationId);
  const counts = new Map<string, number>();
  for (const { holder } of held) if (holder) counts.set(holder.id, (counts.get(holder.id) ?? 0) + 1);
  return counts;
}
