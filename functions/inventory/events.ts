/**
 * Who hears about an inventory order: the store's managers on its inventory channel, and its holder
 * (and, when it changes hands, the one who held it) on their holder channels.
 */
import type { InventoryBoardEvent } from '../../shared/inventory/events.js';
import { publishTo } from '../lib/realtime.js';
import { holderChannel, inventoryChannel } from './channels.js';
import type { InventoryOrderRecord } from './records.js';

export function channelsOfOrder(record: Pick<InventoryOrderRecord, 'location_id' | 'agent'>, previousAgentId?: string | null): string[] {
  const holders = [record.agent?.id, previousAgentId].filter((id): id is string => Boolean(id));
  return [inventoryChannel(record.location_id), ...new Set(holders.map((id) => holderChannel(record.location_id, id)))];
}

export const orderChanged = (record: Pick<InventoryOrderRecord, 'id' | 'location_id'>, reason: string): InventoryBoardEvent => ({
  type: 'inventory_order.changed',
  data: { id: record.id, location_id: record.location_id, reason },
});

export async function announceOrder(record: Pick<InventoryOrderRecord, 'company_id' | 'location_id' | 'agent'>, event: InventoryBoardEvent): Promise<void> {
  await publishTo(record.company_id, channelsOfOrder(record), event);
}
