/**
 * Calls on the service board (functions/customers/calls.ts hands each call of the board here): the
 * missed-call flag on the customer's orders, and an inbound call that brings a finished order back.
 */
import type { Call } from '../../shared/customers.js';
import { isMissed, latestCall } from '../customers/calls.js';
import type { CustomerRecord } from '../customers/records.js';
import { readSettings } from '../lib/settings.js';
import { boardOrdersOfCustomer } from './customerOrders.js';
import { announce, changed } from './events.js';
import { getRepairOrder, repairOrderLinksOfCustomer, updateRepairOrder, type RepairOrderRecord } from './records.js';

/**
 * An inbound call may bring the customer's latest archived order back (service_calls_settings
 * unarchive_on_incoming_call, within unarchive_on_incoming_call_days of archiving) when nothing of
 * theirs is on the board: a customer calling about a finished job should find it where the advisor
 * looks. Then every order on the board shows whether the latest call was missed.
 */
export async function applyToOrders(companyId: string, customer: CustomerRecord, call: Call): Promise<void> {
  let orders = await boardOrdersOfCustomer(companyId, customer.id);
  if (call.direction === 'inbound' && orders.length === 0) {
    const revived = await unarchiveLatest(companyId, customer, call);
    if (revived) orders = [revived];
  }
  if (orders.length === 0) return;
  const latest = await latestCall(companyId, customer.id, 'service');
  if (!latest) return;
  const missed = isMissed(latest);
  for (const ro of orders) {
    const result = await updateRepairOrder(companyId, ro.id, (current) =>
      current.metadata.missed_call === missed && current.metadata.last_call_at === latest.created_at
        ? null
        : { metadata: { ...current.metadata, missed_call: missed, last_call_at: latest.created_at } },
    );
    if (result.changed) await announce(result.after, changed(result.after, missed ? 'missed_call' : 'call'));
  }
}

async function unarchiveLatest(companyId: string, customer: CustomerRecord, call: Call): Promise<RepairOrderRecord | null> {
  const settings = await readSettings(companyId, customer.location_id, 'service_calls_settings');
  if (!settings.unarchive_on_incoming_call) return null;
  const [link] = (await repairOrderLinksOfCustomer(companyId, customer.id)).filter((l) => l.archived);
  if (!link) return null;
  const ro = await getRepairOrder(companyId, link.repair_order_id, true);
  if (!ro?.archived || !ro.archived_at) return null;
  // A call from before the archiving (reported late) is not news about the finished job.
  const sinceArchived = Date.parse(call.created_at) - Date.parse(ro.archived_at);
  if (sinceArchived < 0 || sinceArchived > settings.unarchive_on_incoming_call_days * 24 * 3600 * 1000) return null;
  const result = await updateRepairOrder(companyId, ro.id, (current) => (current.archived ? { archived: false, archived_at: null } : null));
  if (result.changed) await announce(result.after, changed(result.after, 'unarchived_by_call'));
  return result.after.archived ? null : result.after;
}
