/**
 * Who hears about a repair order (SPEC §6 channels): the location's managers on the manager
 * repair-order channel, and the assigned advisor on their own channel (the previous advisor too,
 * when it was reassigned, so it leaves their inbox).
 */
import type { ServiceEvent } from '../../shared/repairOrders/events.js';
import { channels, publishTo } from '../lib/realtime.js';
import type { RepairOrderRecord } from './records.js';

export function channelsOfRepairOrder(ro: Pick<RepairOrderRecord, 'location_id' | 'agent'>, previousAgentId?: string | null): string[] {
  const list = new Set([channels.managerRepairOrders(ro.location_id)]);
  if (ro.agent) list.add(channels.agent(ro.agent.id));
  if (previousAgentId) list.add(channels.agent(previousAgentId));
  return [...list];
}

/** Publishes one service event on every channel of the order. */
export async function announce(
  ro: Pick<RepairOrderRecord, 'company_id' | 'location_id' | 'agent'>,
  event: ServiceEvent,
  previousAgentId?: string | null,
): Promise<void> {
  await publishTo(ro.company_id, channelsOfRepairOrder(ro, previousAgentId), event);
}

export function changed(ro: Pick<RepairOrderRecord, 'id' | 'location_id' | 'agent'>, reason: string): ServiceEvent {
  return { type: 'repair_order.changed', data: { id: ro.id, location_id: ro.location_id, agent_id: ro.agent?.id ?? null, reason } };
}
