/**
 * Who works the inventory board (SPEC §6): agents with the inventory flag, managers and admins;
 * admins reach every location of their company, everyone else their own. Any inventory agent of the
 * store may open any of its orders (a colleague covers for one who is off); access level 0 lists
 * only the orders they hold, unless the store turned its inboxes off (inventory_settings.inbox_enabled).
 * Anything outside answers 404, as an id of another company does.
 */
import { forbidden, notFound } from '../lib/errors.js';
import { reachesLocation, seesWholeBoard } from '../lib/access.js';
import type { Auth } from '../lib/session.js';
import { readSettings } from '../lib/settings.js';
import { board } from './board.js';
import { requireOrder, type InventoryOrderRecord } from './records.js';

export const worksInventory = (auth: Auth): boolean => board.opens(auth.actingAs.access_level);

export function assertWorksInventory(auth: Auth): void {
  if (!worksInventory(auth)) throw forbidden('You do not have access to the inventory board');
}

/** Whether the acting agent lists the store's every open order (managers, admins; everyone when the store has no inboxes). */
export async function seesStoreOrders(auth: Auth, locationId: string): Promise<boolean> {
  if (seesWholeBoard(auth.actingAs.access_level)) return true;
  return !(await readSettings(auth.companyId, locationId, 'inventory_settings')).inbox_enabled;
}

export async function visibleOrder(auth: Auth, id: string, consistent = false): Promise<InventoryOrderRecord> {
  assertWorksInventory(auth);
  const record = await requireOrder(auth.companyId, id, consistent).catch(() => {
    throw notFound('Inventory order not found');
  });
  if (!reachesLocation(auth.actingAs, record.location_id)) throw notFound('Inventory order not found');
  return record;
}
