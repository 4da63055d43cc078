/**
 * Who may see and work the service board (SPEC §6): service agents, managers and admins, at the
 * locations they reach (functions/lib/access.ts).
 */
import type { AccessFlags } from '../../shared/access.js';
import { forbidden, notFound } from '../lib/errors.js';
import { reachesLocation } from '../lib/access.js';
import type { Auth } from '../lib/session.js';
import { board } from './board.js';
import { requireRepairOrder, type RepairOrderRecord } from './records.js';

export function worksServiceBoard(flags: AccessFlags): boolean {
  return board.opens(flags);
}

export function assertWorksServiceBoard(auth: Auth): void {
  if (!worksServiceBoard(auth.actingAs.access_level)) throw forbidden('You do not have access to the service board');
}

/** The order, if the acting agent may work it; `consistent` when the answer follows a write. */
export async function visibleRepairOrder(auth: Auth, roId: string, consistent = false): Promise<RepairOrderRecord> {
  assertWorksServiceBoard(auth);
  const ro = await requireRepairOrder(auth.companyId, roId, consistent);
  if (!reachesLocation(auth.actingAs, ro.location_id)) throw notFound('Repair order not found');
  return ro;
}
