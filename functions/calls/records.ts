/**
 * A call as the console follows it (issue 25), by its id within the company: who the customer is,
 * which conversation it belongs to, the provider's transaction id (hangup) and where it stands. The
 * customer's call history (functions/customers/calls.ts) keeps SPEC §3's record of it, keyed by
 * when it began; this pointer is what every step of the call, the hangup and the notices find it by.
 * It also holds the ids of what the call writes into the conversation (the voicemail, the call's
 * note) and the text-back's claim, so a step applied again writes nothing twice.
 */
import type { CallBoard } from '../../shared/calls/calls.js';
import type { OwnerRef } from '../../shared/conversations.js';
import type { Call } from '../../shared/customers.js';
import { derivedId, newId } from '../lib/ids.js';
import { fields, getItem, isConditionFailure, putItemIf, updateItem } from '../lib/table.js';

/** Keys of the records this store owns (docs/data-model.md). */
const callPointerKeys = {
  /** A call of the company by its id. */
  call: (companyId: string, callId: string) => ({ pk: `COMPANY#${companyId}#CALL#${callId}`, sk: 'CALL' }),
} as const;

export interface CallPointer {
  call_id: string;
  company_id: string;
  location_id: string;
  board: CallBoard;
  direction: Call['direction'];
  /** The provider's id of the call; null until an advisor's call was placed. */
  transaction_id: string | null;
  /** The store's number and the customer's (E.164). */
  store_number: string;
  customer_number: string;
  /** The customer record the call is kept on; null for a caller the company does not know (yet). */
  customer_id: string | null;
  /** The conversation the call lands in; null until there is one. */
  owner: OwnerRef | null;
  /** The call's agent: who placed it, or whose customer called. */
  agent_id: string | null;
  status: Call['status'];
  dial_status: Call['dial_status'];
  duration_seconds: number | null;
  voicemail: boolean;
  created_at: string;
  /** Ids claimed for what the call writes into the conversation (see claimMessageId). */
  voicemail_message_id?: string;
  note_message_id?: string;
  /** When the missed call's text-back was claimed: it goes once. */
  text_back_at?: string;
}

/** The console's id of an inbound call: from the provider's transaction id, the same on every step. */
export const inboundCallId = (companyId: string, transactionId: string): string => derivedId('call', companyId, transactionId);

export async function getCallPointer(companyId: string, callId: string): Promise<CallPointer | undefined> {
  const item = await getItem<CallPointer>(callPointerKeys.call(companyId, callId), true);
  return item && fields(item);
}

/** Keeps a new call; a call already kept (a step applied again, two steps at once) answers as it is. */
export async function openCallPointer(pointer: CallPointer): Promise<CallPointer> {
  try {
    await putItemIf({ ...callPointerKeys.call(pointer.company_id, pointer.call_id), ...pointer }, 'attribute_not_exists(pk)');
    return pointer;
  } catch (err) {
    if (!isConditionFailure(err)) throw err;
    return (await getCallPointer(pointer.company_id, pointer.call_id))!;
  }
}

type Changes = Partial<Pick<CallPointer, 'transaction_id' | 'customer_id' | 'owner' | 'agent_id' | 'status' | 'dial_status' | 'duration_seconds' | 'voicemail'>>;

/** Changes what is known of a call; answers it as it is now. */
export async function updateCallPointer(companyId: string, callId: string, changes: Changes): Promise<CallPointer> {
  const entries = Object.entries(changes).filter(([, value]) => value !== undefined);
  if (entries.length === 0) return (await getCallPointer(companyId, callId))!;
  const item = await updateItem<CallPointer>({
    Key: callPointerKeys.call(companyId, callId),
    UpdateExpression: `SET ${entries.map((_, i) => `#f${i} = :v${i}`).join(', ')}`,
    ConditionExpression: 'attribute_exists(pk)',
    ExpressionAttributeNames: Object.fromEntries(entries.map(([name], i) => [`#f${i}`, name])),
    ExpressionAttributeValues: Object.fromEntries(entries.map(([, value], i) => [`:v${i}`, value])),
  });
  return fields(item!);
}

/**
 * The id of the message the call writes into its conversation for `what`: made on the first ask
 * (time-ordered, as every message id), the same on every later one, so appending it again finds it stored.
 */
export async function claimMessageId(companyId: string, callId: string, what: 'voicemail_message_id' | 'note_message_id'): Promise<string> {
  const item = await updateItem<CallPointer>({
    Key: callPointerKeys.call(companyId, callId),
    UpdateExpression: 'SET #f = if_not_exists(#f, :id)',
    ConditionExpression: 'attribute_exists(pk)',
    ExpressionAttributeNames: { '#f': what },
    ExpressionAttributeValues: { ':id': newId('msg') },
  });
  return fields(item!)[what]!;
}

/** Claims the missed call's text-back: true only for the first claim of the call. */
export async function claimTextBack(companyId: string, callId: string, at: string): Promise<boolean> {
  try {
    await updateItem({
      Key: callPointerKeys.call(companyId, callId),
      UpdateExpression: 'SET text_back_at = :at',
      ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(text_back_at)',
      ExpressionAttributeValues: { ':at': at },
    });
    return true;
  } catch (err) {
    if (isConditionFailure(err)) return false;
    throw err;
  }
}

/** SPEC §3's record of the call, as the call history keeps it. */
export function callRecordOf(pointer: CallPointer, customerId: string): Call {
  return {
    id: pointer.call_id,
    customer_id: customerId,
    board: pointer.board,
    agent: pointer.agent_id ? { id: pointer.agent_id } : null,
    direction: pointer.direction,
    status: pointer.status,
    dial_status: pointer.dial_status,
    created_at: pointer.created_at,
    duration_seconds: pointer.duration_seconds,
    voicemail: pointer.voicemail,
  };
}
