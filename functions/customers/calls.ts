/**
 * Call history (SPEC §3 Call, §4 "Call history"): calls the phone system reports, kept in the
 * customer's partition per board, newest first: the DMS's (functions/dms/calls.ts) and the
 * console's own telephony's (functions/calls/apply.ts). Each call is handed to its board (the
 * service board flags a missed call on the customer's orders and may bring an archived order back:
 * functions/repairOrders/calls.ts).
 */
import type { Call } from '../../shared/customers.js';
import { boardOfName } from '../lib/boardList.js';
import { fields, getItem, putItem, queryPage, readPage, type Page } from '../lib/table.js';
import { portFor } from '../messages/owners.js';
import type { CustomerRecord } from './records.js';

/** Keys of the records this store owns (docs/data-model.md). */
const callKeys = {
  /** Calls in the customer's partition, `sk = CALL#{board}#{created_at}#{call id}`. */
  callsOf: (companyId: string, customerId: string, board: string) => ({
    pk: `COMPANY#${companyId}#CUSTOMER#${customerId}`,
    skPrefix: `CALL#${board}#`,
  }),
} as const;

export type CallBoard = Call['board'];
export const CALL_BOARDS: readonly CallBoard[] = ['service', 'appointments', 'inventory'];
export const CALLS_PER_PAGE = 10;

type CallItem = Call & { company_id: string };

function callKey(companyId: string, call: Pick<Call, 'customer_id' | 'board' | 'created_at' | 'id'>) {
  const { pk, skPrefix } = callKeys.callsOf(companyId, call.customer_id, call.board);
  return { pk, sk: `${skPrefix}${call.created_at}#${call.id}` };
}

function newestFirst(companyId: string, customerId: string, board: CallBoard) {
  const { pk, skPrefix } = callKeys.callsOf(companyId, customerId, board);
  return { KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)', ExpressionAttributeValues: { ':pk': pk, ':prefix': skPrefix }, ScanIndexForward: false };
}

/** SPEC §4: the latest call is inbound and completed with dial_status no-answer, busy or none. */
export function isMissed(call: Pick<Call, 'direction' | 'status' | 'dial_status'>): boolean {
  return call.direction === 'inbound' && call.status === 'completed' && (call.dial_status === null || call.dial_status === 'no-answer' || call.dial_status === 'busy');
}

const sameCall = (a: Call, b: Call) =>
  a.status === b.status &&
  a.dial_status === b.dial_status &&
  a.direction === b.direction &&
  (a.agent?.id ?? null) === (b.agent?.id ?? null) &&
  (a.duration_seconds ?? null) === (b.duration_seconds ?? null) &&
  (a.voicemail ?? false) === (b.voicemail ?? false);

/**
 * Records a call (idempotent on its id: the same call reported again, e.g. ringing then
 * completed, updates the one record) and hands it to its board.
 */
export async function recordCall(companyId: string, customer: CustomerRecord, call: Call): Promise<'created' | 'updated' | 'unchanged'> {
  const record: Call = { ...call, customer_id: customer.id };
  const key = callKey(companyId, record);
  const existing = await getItem<CallItem>(key, true);
  if (existing && sameCall(fields(existing), record)) return 'unchanged';
  await putItem<CallItem>({ ...key, ...record, company_id: companyId });
  const board = boardOfName(record.board)?.conversations;
  if (board) {
      await portFor(board).callRecorded?.(companyId, customer, record);
  }
  return existing ? 'updated' : 'created';
}

/** The customer's latest call on a board, if any. */
export async function latestCall(companyId: string, customerId: string, board: CallBoard): Promise<Call | undefined> {
  const [latest] = await readPage<CallItem>(newestFirst(companyId, customerId, board), 0, 1);
  return latest && fields(latest);
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
