/**
 * Who may do what with inspections (SPEC §6): technicians claim and complete their sheets,
 * service advisors claim, reclaim (for an agent they name) and complete theirs, managers and admins
 * see the manager inbox and edit templates and MPI settings. Everything belongs to a repair order
 * of a location the agent reaches; any other id answers 404, as an id of another company does.
 */
import { accessLevel, mayWriteSettings, type AccessFlags } from '../../shared/access.js';
import { forbidden, notFound } from '../lib/errors.js';
import type { Auth } from '../lib/session.js';
import { reachesLocation, visibleLocation } from '../lib/access.js';
import { requireRepairOrder, type RepairOrderRecord } from '../repairOrders/records.js';

/** Technicians, advisors, managers and admins work with inspections; nobody else sees them. */
export function worksInspections(flags: AccessFlags): boolean {
  return flags.technician || flags.service || flags.manager || flags.admin;
}

/** The advisor's side: claim as advisor, reclaim, complete as advisor (managers and admins too). */
export function actsAsAdvisor(flags: AccessFlags): boolean {
  return flags.service || flags.manager || flags.admin;
}

export function isManager(flags: AccessFlags): boolean {
  return accessLevel(flags) >= 1;
}

export function assertWorksInspections(auth: Auth): void {
  if (!worksInspections(auth.actingAs.access_level)) throw forbidden('You do not have access to inspections');
}

export function assertTechnician(auth: Auth): void {
  if (!auth.actingAs.access_level.technician) throw forbidden('Only technicians can do this');
}

export function assertAdvisor(auth: Auth): void {
  if (!actsAsAdvisor(auth.actingAs.access_level)) throw forbidden('Only service advisors can do this');
}

export function assertManager(auth: Auth): void {
  if (!isManager(auth.actingAs.access_level)) throw forbidden('Only managers and admins can do this');
}

/** Templates and MPI settings are configuration: the same people who change a location's settings. */
export function assertEditsConfiguration(auth: Auth): void {
  if (!mayWriteSettings(auth.actingAs.access_level)) throw forbidden('Only managers and admins can change this');
}

/** A location the acting agent reaches and works inspections at; 404 otherwise. */
export async function inspectionLocation(auth: Auth, locationId: string): Promise<string> {
  assertWorksInspections(auth);
  return visibleLocation(auth, locationId);
}

/** The repair order, if the acting agent works inspections at its location; 404 otherwise. */
export async function inspectionRepairOrder(auth: Auth, roId: string): Promise<RepairOrderRecord> {
  assertWorksInspections(auth);
  const ro = await requireRepairOrder(auth.companyId, roId, true);
  if (!reachesLocation(auth.actingAs, ro.location_id)) throw notFound('Repair order not found');
  return ro;
}


