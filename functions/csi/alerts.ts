/**
 * A low rating reaches the store's managers at once (issue 21): a live notice on each manager's own
 * channel (a toast, and a desktop notification when the console is in the background), so someone
 * calls the customer while the visit is fresh.
 */
import { fullName } from '../../shared/schemas/people.js';
import { agentsOfLocation, type AgentRecord } from '../lib/agents.js';
import { logger } from '../lib/log.js';
import { channels, publishTo } from '../lib/realtime.js';
import type { RepairOrderRecord } from '../repairOrders/records.js';

/** The store's managers who hear of a low rating: its active agents with the manager flag. */
export async function managersOf(companyId: string, locationId: string): Promise<AgentRecord[]> {
  return (await agentsOfLocation(companyId, locationId)).filter((agent) => agent.active && agent.access_level.manager);
}

export async function alertManagers(ro: RepairOrderRecord, rating: number, comment: string): Promise<void> {
  const managers = await managersOf(ro.company_id, ro.location_id);
  if (managers.length === 0) {
    logger.warn('low CSI rating but the store has no manager to tell', { repair_order_id: ro.id, location_id: ro.location_id });
    return;
  }
  const customer = fullName({ first_name: ro.customer_first_name, last_name: ro.customer_last_name });
  const consoleLink = `/?ro=${encodeURIComponent(ro.id)}`;
  await publishTo(
    ro.company_id,
    managers.map((manager) => channels.agent(manager.id)),
    { type: 'csi.low_rating', data: { location_id: ro.location_id, repair_order_id: ro.id, ro_number: ro.ro_id, customer_name: customer, rating, comment, link: consoleLink } },
  );
}
