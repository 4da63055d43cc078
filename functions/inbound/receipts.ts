/**
 * Delivery receipts (End User Messaging SMS events on the delivery_receipts topic) move an
 * outbound text along its states, forward only: queued, accepted, sent, delivered, or undelivered
 * / not sent with the SPEC §8 text for why. Receipts name only the carrier's id for the text.
 */
import { DELIVERY_ERROR_TEXTS } from '../../shared/schemas/messages.js';
import type { DeliveryState } from '../../shared/messages.js';
import { logger } from '../lib/log.js';
import { rememberLineType } from '../customers/records.js';
import { announceMessage } from '../messages/announce.js';
import { tellDelivered } from '../messages/deliveries.js';
import { announceTo, loadOwner } from '../messages/owners.js';
import { messageByCarrierId, ownerRefOf, setDeliveryState, type MessageRecord, type StatusChange } from '../messages/records.js';
import { receiptsOf, recordReceipt, type Receipt } from './carrierLog.js';

const STATE_OF_EVENT: Record<string, DeliveryState> = {
  TEXT_QUEUED: 'queued',
  TEXT_PENDING: 'accepted',
  TEXT_SUCCESSFUL: 'sent',
  TEXT_DELIVERED: 'delivered',
  TEXT_UNREACHABLE: 'undelivered',
  TEXT_TTL_EXPIRED: 'undelivered',
  TEXT_CARRIER_UNREACHABLE: 'undelivered',
  TEXT_BLOCKED: 'undelivered',
  TEXT_CARRIER_BLOCKED: 'undelivered',
  TEXT_SPAM: 'undelivered',
  TEXT_UNKNOWN: 'undelivered',
  TEXT_INVALID: 'not sent',
  TEXT_INVALID_MESSAGE: 'not sent',
};

/** Carriers filter texts with links as spam: these are what SPEC §8 calls "carrier blocks links". */
const LINK_BLOCKS = new Set(['TEXT_CARRIER_BLOCKED', 'TEXT_SPAM']);

/** The code of a failure: a code the description names ("Unknown error (code 30007)"), else the status. */
function failureCode(receipt: Receipt): string {
  const named = /\bcode:?\s*([\w-]+)/i.exec(receipt.messageStatusDescription ?? '')?.[1];
  return named ?? receipt.messageStatus ?? receipt.eventType.replace(/^TEXT_/, '');
}

const mentionsLandline = (receipt: Receipt) => /land\s?line/i.test(`${receipt.messageStatus ?? ''} ${receipt.messageStatusDescription ?? ''}`);

/** The state change a receipt asks for, or null for an event type that is not a delivery state. */
export function receiptChange(receipt: Receipt): StatusChange | null {
  const status = STATE_OF_EVENT[receipt.eventType];
  if (!status) return null;
  const at = receipt.eventTimestamp ? new Date(receipt.eventTimestamp).toISOString() : undefined;
  if (status !== 'undelivered' && status !== 'not sent') return { status, at };
  if (mentionsLandline(receipt)) return { status, at, errorCode: 'LANDLINE', errorText: DELIVERY_ERROR_TEXTS.landline };
  if (LINK_BLOCKS.has(receipt.eventType)) {
    return { status, at, errorCode: receipt.eventType.replace(/^TEXT_/, ''), errorText: DELIVERY_ERROR_TEXTS.carrier_blocked };
  }
  const code = failureCode(receipt);
  return { status, at, errorCode: code, errorText: DELIVERY_ERROR_TEXTS.unknown.replace('{{code}}', code) };
}

/** Applies one receipt to its message; answers the message as updated, or undefined when it does not move it. */
export async function applyReceiptTo(message: MessageRecord, receipt: Receipt): Promise<MessageRecord | undefined> {
  const change = receiptChange(receipt);
  if (!change || message.metadata.direction !== 'outbound') return undefined;
  // A text bounced as a landline: the line type says so from now on, so the composer refuses it.
  // Remembered before the text shows "not sent": whoever sees the bounce finds the number refused.
  if (change.errorCode === 'LANDLINE') await rememberLineType(message.company_id, message.customer_id, { type: 'landline', checked_at: new Date().toISOString() });
  const updated = await setDeliveryState(message, change);
  if (!updated) return undefined;
  const owner = await loadOwner(message.company_id, ownerRefOf(message));
  if (owner) {
    await announceMessage(owner, updated, 'message.updated');
    if (change.errorCode === 'LANDLINE') {
      await announceTo(owner, { type: 'customer.changed', data: { customer_id: message.customer_id, location_id: owner.location_id } });
    }
  }
  if (updated.metadata.status === 'delivered') await tellDelivered(updated);
  return updated;
}

export type ReceiptOutcome = 'applied' | 'unchanged' | 'unknown_message' | 'unknown_event';

/** A receipt from the topic: logged as it came, then applied to its message when the console knows it. */
export async function applyReceipt(receipt: Receipt): Promise<ReceiptOutcome> {
  await recordReceipt(receipt);
  if (!receiptChange(receipt)) {
    logger.info('carrier event that is no delivery state', { event_type: receipt.eventType, carrier_message_id: receipt.messageId });
    return 'unknown_event';
  }
  const message = await messageByCarrierId(receipt.messageId);
  if (!message) {
    // Either not the console's text, or a receipt that beat the send's answer: `catchUpReceipts` applies it then.
    logger.info('receipt for a text the console does not know (yet)', { carrier_message_id: receipt.messageId, event_type: receipt.eventType });
    return 'unknown_message';
  }
  return (await applyReceiptTo(message, receipt)) ? 'applied' : 'unchanged';
}

const RANK: Record<DeliveryState, number> = { scheduled: 0, queued: 1, accepted: 2, sent: 3, delivered: 4, undelivered: 4, 'not sent': 4 };

/**
 * Receipts the carrier sent before the console had linked its id to the message (a carrier can
 * answer a landline at once): read from the carrier log and applied in state order.
 */
export async function catchUpReceipts(message: MessageRecord, carrierMessageId: string): Promise<MessageRecord> {
  const receipts = await receiptsOf(carrierMessageId);
  const ordered = receipts
    .map((receipt) => ({ receipt, change: receiptChange(receipt) }))
    .filter((r): r is { receipt: Receipt; change: StatusChange } => r.change !== null)
    .sort((a, b) => RANK[a.change.status] - RANK[b.change.status]);
  let current = message;
  for (const { receipt } of ordered) current = (await applyReceiptTo(current, receipt)) ?? current;
  return current;
}
