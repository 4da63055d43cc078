/**
 * Who sees the reports (issue 24): managers and admins of a location (advisors do not), and only
 * admins the whole company.
 */
import { REPORT_ERRORS } from '../../shared/reports/schemas.js';
import type { ReportScope } from '../../shared/reports/types.js';
import { visibleLocation } from '../lib/access.js';
import { forbidden, notFound } from '../lib/errors.js';
import { getLocation, locationsOfCompany, type LocationRecord } from '../lib/locations.js';
import type { Auth } from '../lib/session.js';

/** More stores than any group has: a company's locations are read in one page. */
const MAX_LOCATIONS = 1000;

/**
 * The locations a report asked from this location counts, the asking one first: it alone, or every
 * location of the company. 404 for a location the agent does not reach, 403 for an advisor, and for
 * the company's scope to anyone but an admin.
 */
export async function reportLocations(auth: Auth, locationId: string, scope: ReportScope): Promise<LocationRecord[]> {
  const id = await visibleLocation(auth, locationId);
  const flags = auth.actingAs.access_level;
  if (!(flags.admin || flags.manager)) throw forbidden(REPORT_ERRORS.managers);
  if (scope === 'company' && !flags.admin) throw forbidden(REPORT_ERRORS.company_admins);
  const asked = await getLocation(auth.companyId, id);
  if (!asked) throw notFound('Location not found');
  if (scope === 'location') return [asked];
  const { locations } = await locationsOfCompany(auth.companyId, 0, MAX_LOCATIONS);
  return [asked, ...locations.filter((l) => l.id !== asked.id)];
}
