/**
 * Call history (SPEC §3 Call, §4 "Call history"): calls the phone system reports, kept in the
 * customer's partition per board, newest first. Telephony comes later; for now the records feed
 * the missed-call flag on the customer's orders and may bring an archived order back to the board.
 */
import type { Call } from '../../shared/customers.js';
import { keys } from '../lib/keys.js';
import { readSettings } from '../lib/settings.js';
import { fields, getItem, putItem, queryPage, readPage, type Page } from '../lib/table.js';
import { announce, changed } from '../repairOrders/events.js';
import { boardOrdersOfCustomer } from '../repairOrders/customerOrders.js';
import { getRepairOrder, repairOrderLinksOfCustomer, updateRepairOrder, type RepairOrderRecord } from '../repairOrders/records.js';
import type { CustomerRecord } from './records.js';

export type CallBoard = Call['board'];
export const CALL_BOARDS: readonly CallBoard[] = ['service', 'appointments', 'inventory'];
export const CALLS_PER_PAGE = 10;

type CallItem = Call & { company_id: string };

function callKey(companyId: string, call: Pick<Call, 'customer_id' | 'board' | 'created_at' | 'id'>) {
  const { pk, skPrefix } = keys.callsOf(companyId, call.customer_id, call.board);
  return { pk, sk: `${skPrefix}${call.created_at}#${call.id}` };
}

function newestFirst(companyId: string, customerId: string, board: CallBoard) {
  const { pk, skPrefix } = keys.callsOf(companyId, customerId, board);
  return { KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)', ExpressionAttributeValues: { ':pk': pk, ':prefix': skPrefix }, ScanIndexForward: false };
}

/** SPEC §4: the latest call is inbound and completed with dial_status no-answer, busy or none. */
export function isMissed(call: Pick<Call, 'direction' | 'status' | 'dial_status'>): boolean {
  return call.direction === 'inbound' && call.status === 'completed' && (call.dial_status === null || call.dial_status === 'no-answer' || call.dial_status === 'busy');
}

const sameCall = (a: Call, b: Call) =>
  a.status === b.status && a.dial_status === b.dial_status && a.direction === b.direction && (a.agent?.id ?? null) === (b.agent?.id ?? null);

/**
 * Records a call (idempotent on its id: the same call reported again, e.g. ringing then
 * completed, updates the one record) and applies it to the customer's service orders.
 */
export async function recordCall(companyId: string, customer: CustomerRecord, call: Call): Promise<'created' | 'updated' | 'unchanged'> {
  const record: Call = { ...call, customer_id: customer.id };
  const key = callKey(companyId, record);
  const existing = await getItem<CallItem>(key, true);
  if (existing && sameCall(fields(existing), record)) return 'unchanged';
  await putItem<CallItem>({ ...key, ...record, company_id: companyId });
  if (record.board === 'service') await applyToOrders(companyId, customer, record);
  return existing ? 'updated' : 'created';
}

/**
 * An inbound call may bring the customer's latest archived order back (service_calls_settings
 * unarchive_on_incoming_call, within unarchive_on_incoming_call_days of archiving) when nothing of
 * theirs is on the board: a customer calling about a finished job should find it where the advisor
 * looks. Then every order on the board shows whether the latest call was missed.
 */
async function applyToOrders(companyId: string, customer: CustomerRecord, call: Call): Promise<void> {
  let orders = await boardOrdersOfCustomer(companyId, customer.id);
  if (call.direction === 'inbound' && orders.length === 0) {
    const revived = await unarchiveLatest(companyId, customer, call);
    if (revived) orders = [revived];
  }
  if (orders.length === 0) return;
  const [latest] = await readPage<CallItem>(newestFirst(companyId, customer.id, 'service'), 0, 1);
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

/** A customer's calls on one board, newest first. */
export async function callsOf(companyId: string, customerId: string, board: CallBoard, offset: number, limit: number): Promise<Page<Call>> {
  const page = await queryPage<CallItem>(newestFirst(companyId, customerId, board), offset, limit);
  return {
    ...page,
    items: page.items.map((item) => {
      const { company_id: _c, ...call } = fields(item);
      return call;
    }),
  };
}
