/**
 * An advisor's "call customer" (issue 25): the console rings the advisor's own phone first, from
 * the store's number of the board; when they pick up, the SIP media application rings the customer
 * (functions/calls/sipMediaApplication.ts), and each step lands here through applyCallStep. The
 * call is kept before the provider is asked, so its first step always finds it; a provider that
 * refuses leaves it `failed`. And the advisor's hangup from the console.
 */
import type { CallBoard, PlaceCallRefusal } from '../../shared/calls/calls.js';
import type { Call } from '../../shared/customers.js';
import type { OwnerRef } from '../../shared/conversations.js';
import type { AgentRecord } from '../lib/agents.js';
import { HttpError, refused } from '../lib/errors.js';
import { newId } from '../lib/ids.js';
import { logger } from '../lib/log.js';
import { normalizePhone } from '../lib/phones.js';
import { readSettings } from '../lib/settings.js';
import type { Telephony } from '../lib/telephony.js';
import { latestCall, recordCall } from '../customers/calls.js';
import type { CustomerRecord } from '../customers/records.js';
import { storeNumberOf } from './storeNumbers.js';
import { callRecordOf, openCallPointer, updateCallPointer, type CallPointer } from './records.js';

/** The refusals in English (the console words the ids). */
export const PLACE_CALL_MESSAGES = {
  calls_disabled: 'Calls are not turned on for this board (Settings → Voice calls).',
  no_store_number: 'The store has no number for this board to call from.',
  no_agent_phone: 'Add the phone to ring first in My profile.',
  no_customer_phone: 'The customer has no phone number.',
  customer_blocked: 'The customer is blocked.',
  call_in_progress: 'A call with this customer is already ringing or in progress.',
} as const satisfies Record<PlaceCallRefusal, string>;

export const TELEPHONY_FAILED = 'The phone system did not place the call. Try again in a moment.';
export const TELEPHONY_HANGUP_FAILED = 'The phone system did not end the call. Try again in a moment.';

/** A call older than this that never ended (its last step lost) no longer stands in the way of a new one. */
const STALE_CALL_MS = 2 * 3_600_000;

const refuse = (id: PlaceCallRefusal) => refused(id, PLACE_CALL_MESSAGES[id]);

/** The phone "call customer" rings first: the advisor's own call phone, else the one their notifications go to. */
export const agentPhoneOf = (agent: Pick<AgentRecord, 'call_phone' | 'sms_notifications_phone'>): string | null => {
  const raw = agent.call_phone?.trim() || agent.sms_notifications_phone?.trim() || '';
  return raw ? normalizePhone(raw) : null;
};

const isLive = (call: Pick<Call, 'status' | 'created_at'>, now: number) =>
  (call.status === 'ringing' || call.status === 'in-progress') && now - Date.parse(call.created_at) < STALE_CALL_MS;

export async function placeCall(
  input: { companyId: string; agent: AgentRecord; customer: CustomerRecord; board: CallBoard; owner: OwnerRef | null },
  telephony: Telephony,
): Promise<Call> {
  const { companyId, agent, customer, board } = input;
  const locationId = customer.location_id;
  const settings = await readSettings(companyId, locationId, `${board}_calls_settings`);
  if (!settings.enabled) throw refuse('calls_disabled');
  const from = await storeNumberOf(companyId, locationId, board);
  if (!from) throw refuse('no_store_number');
  const agentPhone = agentPhoneOf(agent);
  if (!agentPhone) throw refuse('no_agent_phone');
  const customerPhone = customer.phones.cell ?? customer.phones.work ?? customer.phones.alternate;
  if (!customerPhone) throw refuse('no_customer_phone');
  if (customer.blocked_at) throw refuse('customer_blocked');
  const latest = await latestCall(companyId, customer.id, board);
  if (latest && isLive(latest, Date.now())) throw refuse('call_in_progress');

  const pointer: CallPointer = await openCallPointer({
    call_id: newId('call'),
    company_id: companyId,
    location_id: locationId,
    board,
    direction: 'outbound',
    transaction_id: null,
    store_number: from,
    customer_number: customerPhone,
    customer_id: customer.id,
    owner: input.owner,
    agent_id: agent.id,
    status: 'ringing',
    dial_status: null,
    duration_seconds: null,
    voicemail: false,
    created_at: new Date().toISOString(),
  });
  await recordCall(companyId, customer, callRecordOf(pointer, customer.id));
  try {
    const { transactionId } = await telephony.placeCall({
      from,
      to: agentPhone,
      arguments: { call_id: pointer.call_id, agent_id: agent.id, company_id: companyId, location_id: locationId, board, customer_number: customerPhone },
    });
    const placed = await updateCallPointer(companyId, pointer.call_id, { transaction_id: transactionId });
    return callRecordOf(placed, customer.id);
  } catch (err) {
    logger.error('call not placed', { call_id: pointer.call_id, error: (err as Error).message });
    const failed = await updateCallPointer(companyId, pointer.call_id, { status: 'failed' });
    await recordCall(companyId, customer, callRecordOf(failed, customer.id));
    throw new HttpError(502, 'telephony_failed', TELEPHONY_FAILED);
  }
}

/** Ends a call in progress (the provider then reports its end as a step); an ended call is answered as it is. */
export async function hangupCall(pointer: CallPointer, telephony: Telephony): Promise<Call> {
  const live = pointer.status === 'ringing' || pointer.status === 'in-progress';
  if (live && pointer.transaction_id) {
    try {
      await telephony.hangup(pointer.transaction_id, { call_id: pointer.call_id });
    } catch (err) {
      logger.error('call not hung up', { call_id: pointer.call_id, error: (err as Error).message });
      throw new HttpError(502, 'telephony_failed', TELEPHONY_HANGUP_FAILED);
    }
  }
  return callRecordOf(pointer, pointer.customer_id ?? '');
}
