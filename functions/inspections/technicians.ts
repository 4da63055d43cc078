/**
 * The technicians of a location (SPEC §7 "GET technicians"): active agents with the technician
 * flag, by name, each with the number of sheets they hold now (the claim modal and the manager's
 * view of who is busy).
 */
import type { Technician } from '../../shared/inspections/inspections.js';
import { agentsOfLocation, byName } from '../lib/agents.js';
import { heldCounts } from './queues.js';

export async function techniciansOf(companyId: string, locationId: string): Promise<Technician[]> {
  const [agents, counts] = await Promise.all([agentsOfLocation(companyId, locationId), heldCounts(companyId, locationId)]);
  return agents
    .filter((a) => a.active && a.access_level.technician)
    .sort(byName)
    .map((a) => ({ id: a.id, first_name: a.first_name, last_name: a.last_name, claimed: counts.get(a.id) ?? 0, online_status: a.online_status }));
}
