/**
 * Who works the appointments board (SPEC §6): agents with the appointments flag, managers and
 * admins; admins reach every location of their company, everyone else their own. Anything outside
 * answers 404, as an id of another company does.
 */
import { forbidden, notFound } from '../lib/errors.js';
import type { Auth } from '../lib/session.js';
import { reachesLocation } from '../lib/access.js';
import { board } from './board.js';
import { requireAppointment, type AppointmentRecord } from './records.js';

export const worksAppointments = (auth: Auth): boolean => board.opens(auth.actingAs.access_level);

export function assertWorksAppointments(auth: Auth): void {
  if (!worksAppointments(auth)) throw forbidden('You do not have access to the appointments board');
}

export async function visibleAppointment(auth: Auth, id: string, consistent = false): Promise<AppointmentRecord> {
  assertWorksAppointments(auth);
  const record = await requireAppointment(auth.companyId, id, consistent).catch(() => {
    throw notFound('Appointment not found');
  });
  if (!reachesLocation(auth.actingAs, record.location_id)) throw notFound('Appointment not found');
  return record;
}
