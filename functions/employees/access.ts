/**
 * Who works the employees board (SPEC §6 hr): agents with the hr flag, managers and admins; admins
 * reach every location of their company, everyone else their own. Anything outside answers 404, as
 * an id of another company does.
 */
import { forbidden, notFound } from '../lib/errors.js';
import type { Auth } from '../lib/session.js';
import { reachesLocation, visibleLocation } from '../lib/access.js';
import { board } from './board.js';
import { getEmployee, type EmployeeRecord } from './records.js';

export const worksEmployees = (auth: Auth): boolean => board.opens(auth.actingAs.access_level);

export function assertWorksEmployees(auth: Auth): void {
  if (!worksEmployees(auth)) throw forbidden('You do not have access to the employees board');
}

/** The location, if the agent works the board there. */
export async function employeesLocation(auth: Auth, locationId: string): Promise<string> {
  assertWorksEmployees(auth);
  return visibleLocation(auth, locationId);
}

export async function visibleEmployee(auth: Auth, id: string, consistent = false): Promise<EmployeeRecord> {
  assertWorksEmployees(auth);
  const record = await getEmployee(auth.companyId, id, consistent);
  if (!record || !reachesLocation(auth.actingAs, record.location_id)) throw notFound('Employee not found');
  return record;
}
