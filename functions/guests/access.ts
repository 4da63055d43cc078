/**
 * Who works the guests and leads board (functions/guests/board.ts `opens`): agents of a board a
 * stranger's text or a web lead is most likely for (service, appointments, inventory), managers and
 * admins; admins reach every location of their company, everyone else their own. Anything outside
 * answers 404, as an id of another company does.
 */
import { forbidden, notFound } from '../lib/errors.js';
import type { Auth } from '../lib/session.js';
import { reachesLocation } from '../lib/access.js';
import { board } from './board.js';
import { requireGuest, type GuestRecord } from './records.js';

export const worksGuests = (auth: Auth): boolean => board.opens(auth.actingAs.access_level);

export function assertWorksGuests(auth: Auth): void {
  if (!worksGuests(auth)) throw forbidden('You do not have access to the guests and leads board');
}

export async function visibleGuest(auth: Auth, id: string, consistent = false): Promise<GuestRecord> {
  assertWorksGuests(auth);
  const record = await requireGuest(auth.companyId, id, consistent);
  if (!reachesLocation(auth.actingAs, record.location_id)) throw notFound('Guest not found');
  return record;
}
