/**
 * Who works report files (SPEC §6): managers at their location and admins at every location of
 * their company; advisors and technicians are refused (403). A company report counts every store
 * of the company, so only an admin asks for one or opens one.
 */
import type { AccessFlags } from '../../shared/access.js';
import type { ReportScope } from '../../shared/reports/types.js';
import { visibleLocation } from '../lib/access.js';
import { forbidden } from '../lib/errors.js';
import type { Auth } from '../lib/session.js';

export const managesReports = (flags: AccessFlags): boolean => flags.admin || flags.manager;

export function assertManagesReports(auth: Auth): void {
  if (!managesReports(auth.actingAs.access_level)) throw forbidden('Only managers and admins work reports');
}

export function assertScope(auth: Auth, scope: ReportScope): void {
  if (scope === 'company' && !auth.actingAs.access_level.admin) throw forbidden('Only an admin can see the whole company’s reports');
}

/** A location whose reports the acting agent works, with the scope asked for; 403 or 404 otherwise. */
export async function reportsLocation(auth: Auth, locationId: string, scope: ReportScope = 'location'): Promise<string> {
  assertManagesReports(auth);
  const id = await visibleLocation(auth, locationId);
  assertScope(auth, scope);
  return id;
}
