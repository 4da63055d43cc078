/**
 * Who may see and work the service board (SPEC §6): service agents, managers and admins. Admins
 * reach every location of their company, everyone else only their own; anything outside answers
 * 404, as an id of another company does (the company id leads every key, so those find nothing).
 */
import { accessLevel, type AccessFlags } from '../../shared/access.js';
import type { AgentRecord } from '../lib/agents.js';
import { forbidden, notFound } from '../lib/errors.js';
import { getLocation } from '../lib/locations.js';
import type { Auth } from '../lib/session.js';
import { getCustomer, type CustomerRecord } from '../customers/records.js';
import { requireRepairOrder, type RepairOrderRecord } from './records.js';

/** Boards a customer is seen from (their calls are kept per board). */
export type CustomerBoard = 'service' | 'appointments' | 'inventory';

export function worksBoard(flags: AccessFlags, board: CustomerBoard): boolean {
  return flags.admin || flags.manager || flags[board];
}

export function worksServiceBoard(flags: AccessFlags): boolean {
  return worksBoard(flags, 'service');
}

/** Access level 1 and above see every order of a location; advisors work from their inbox. */
export function seesWholeBoard(flags: AccessFlags): boolean {
  return accessLevel(flags) >= 1;
}

export function reachesLocation(agent: AgentRecord, locationId: string): boolean {
  return agent.access_level.admin || agent.location_id === locationId;
}

export function assertWorksServiceBoard(auth: Auth): void {
  if (!worksServiceBoard(auth.actingAs.access_level)) throw forbidden('You do not have access to the service board');
}

/** The id of a location the acting agent reaches; 404 otherwise. */
export async function visibleLocation(auth: Auth, locationId: string): Promise<string> {
  if (!reachesLocation(auth.actingAs, locationId)) throw notFound('Location not found');
  // The agent's own location exists (their record points at it): the board's hot path skips the read.
  if (auth.actingAs.location_id === locationId && auth.actingAs.company_id === auth.companyId) return locationId;
  if (!(await getLocation(auth.companyId, locationId))) throw notFound('Location not found');
  return locationId;
}

/** The order, if the acting agent may work it; `consistent` when the answer follows a write. */
export async function visibleRepairOrder(auth: Auth, roId: string, consistent = false): Promise<RepairOrderRecord> {
  assertWorksServiceBoard(auth);
  const ro = await requireRepairOrder(auth.companyId, roId, consistent);
  if (!reachesLocation(auth.actingAs, ro.location_id)) throw notFound('Repair order not found');
  return ro;
}

/** Boards whose conversations show the customer card (its opt-out, block and calls). */
export const CUSTOMER_CARD_BOARDS: readonly CustomerBoard[] = ['service', 'appointments'];

/** The customer, if the acting agent works one of `boards` at the customer's location. */
export async function visibleCustomer(
  auth: Auth,
  customerId: string,
  consistent = false,
  boards: CustomerBoard | readonly CustomerBoard[] = CUSTOMER_CARD_BOARDS,
): Promise<CustomerRecord> {
  const any = typeof boards === 'string' ? [boards] : boards;
  if (!any.some((board) => worksBoard(auth.actingAs.access_level, board))) throw forbidden('You do not have access to this board');
  const customer = await getCustomer(auth.companyId, customerId, consistent);
  if (!customer || !reachesLocation(auth.actingAs, customer.location_id)) throw notFound('Customer not found');
  return customer;
}
