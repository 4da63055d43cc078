/**
 * Where an agent reaches (SPEC §6), for every board: admins reach every location of their company,
 * everyone else only their own; anything outside answers 404, as an id of another company does
 * (the company id leads every key, so those find nothing). Access level 1 and above see a board's
 * whole list at a location; others work from their own inbox.
 */
import { accessLevel, type AccessFlags } from '../../shared/access.js';
import type { AgentRecord } from './agents.js';
import { notFound } from './errors.js';
import { getLocation } from './locations.js';
import type { Auth } from './session.js';

/** Access level 1 and above see every record of a board at a location; advisors work from their inbox. */
export function seesWholeBoard(flags: AccessFlags): boolean {
  return accessLevel(flags) >= 1;
}

export function reachesLocation(agent: AgentRecord, locationId: string): boolean {
  return agent.access_level.admin || agent.location_id === locationId;
}

/** The id of a location the acting agent reaches; 404 otherwise. */
export async function visibleLocation(auth: Auth, locationId: string): Promise<string> {
  if (!reachesLocation(auth.actingAs, locationId)) throw notFound('Location not found');
  // The agent's own location exists (their record points at it): a board's hot path skips the read.
  if (auth.actingAs.location_id === locationId && auth.actingAs.company_id === auth.companyId) return locationId;
  if (!(await getLocation(auth.companyId, locationId))) throw notFound('Location not found');
  return locationId;
}
