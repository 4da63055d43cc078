/**
 * Who works text-to-pay (issue 21): the service board's people ask for payments (service agents,
 * managers, admins); only managers and admins connect a gateway or change the store's payment settings.
 */
import type { AccessFlags } from '../../shared/access.js';
import { mayWriteSettings } from '../../shared/access.js';
import { forbidden } from '../lib/errors.js';
import { visibleLocation } from '../lib/access.js';
import type { Auth } from '../lib/session.js';

export const requestsPayments = (flags: AccessFlags): boolean => flags.admin || flags.manager || flags.service;

/** The location a /payments/* route acts on (`?location_id=`, else the agent's own), for a manager of it. */
export async function managedLocation(auth: Auth, query: Record<string, string | undefined>, write: boolean): Promise<string> {
  const locationId = await visibleLocation(auth, query.location_id ?? auth.actingAs.location_id);
  const flags = auth.actingAs.access_level;
  if (write ? !mayWriteSettings(flags) : !(mayWriteSettings(flags) || requestsPayments(flags))) throw forbidden('Only managers and admins can change payment settings');
  return locationId;
}
