/**
 * A text's way to the customer: written to the conversation (the order moves up its lists and the
 * board hears `message.created`), then handed to the carrier; the carrier's answer moves it to
 * `accepted` with the carrier's id (which delivery receipts name) or to `not sent` with SPEC §8's
 * reason, and the board hears `message.updated`. The message is written BEFORE the carrier is
 * asked, so no text leaves without a record its receipts can find.
 */
import type { AgentRef, AutomatedKind, Message } from '../../shared/serviceBoard.js';
import { DELIVERY_ERROR_TEXTS } from '../../shared/schemas/messages.js';
import { CarrierRefused, smsCarrier } from '../lib/carrier.js';
import { config } from '../lib/config.js';
import { logger } from '../lib/log.js';
import { downloadUrl } from '../lib/storage.js';
import { isConditionFailure } from '../lib/table.js';
import { changeConsent } from '../customers/consent.js';
import { getCustomer } from '../customers/records.js';
import { catchUpReceipts } from '../inbound/receipts.js';
import { announce, changed } from '../repairOrders/events.js';
import type { RepairOrderRecord } from '../repairOrders/records.js';
import {
  appendMessage,
  getThreadMessage,
  linkCarrierMessage,
  messageView,
  newMessage,
  setDeliveryState,
  type MessageRecord,
  type StatusChange,
  type StoredAttachment,
} from './records.js';

export interface OutboundInput {
  text: string;
  attachments: StoredAttachment[];
  agent: AgentRef | null;
  automated: AutomatedKind | null;
  /** A moment to hold the text until; null sends it now. */
  sendAt: string | null;
  /** Hold it until the customer answers the double opt-in request. */
  heldForOptIn?: boolean;
  from: string;
  to: string;
  at?: string;
}

export function outboundRecord(ro: RepairOrderRecord, input: OutboundInput): MessageRecord {
  const at = input.at ?? new Date().toISOString();
  return newMessage(ro, {
    direction: 'outbound',
    text: input.text,
    at,
    agent: input.agent,
    attachments: input.attachments,
    status: input.sendAt || input.heldForOptIn ? 'scheduled' : 'queued',
    statusAt: at,
    sendAt: input.sendAt,
    heldForOptIn: input.heldForOptIn ?? false,
    automated: input.automated,
    from: input.from,
    to: input.to,
  });
}

/** Tells the order's listeners about a message (created or updated). */
export async function announceMessage(ro: RepairOrderRecord, message: MessageRecord, type: 'message.created' | 'message.updated'): Promise<Message> {
  const view = await messageView(message);
  await announce(ro, { type, data: { repair_order_id: ro.id, location_id: ro.location_id, message: view } });
  return view;
}

/** Adds the message to the conversation; the order moves up its lists. */
export async function addToConversation(ro: RepairOrderRecord, message: MessageRecord): Promise<void> {
  await appendMessage(ro, message);
  await announceMessage(ro, message, 'message.created');
  await announce(ro, changed(ro, message.metadata.direction === 'inbound' ? 'message_received' : 'message_sent'));
}

/** The carrier keeps the links of a text for days: a week is the longest a signed URL lives. */
const MEDIA_URL_SECONDS = 7 * 24 * 3600;

/**
 * The id the carrier is given with the text: the message's own on its first send, so the
 * carrier's records lead back to the message; each retry is a new attempt with an id of its own.
 */
export const carrierSendId = (message: MessageRecord): string =>
  message.metadata.attempts > 0 ? `${message.id}-${message.metadata.attempts}` : message.id;

/** The conversation's text for a carrier's refusal code (SPEC §8 message status texts). */
export function carrierErrorText(code: string): string {
  const upper = code.toUpperCase().replace(/^TEXT_/, '');
  if (upper === 'LANDLINE') return DELIVERY_ERROR_TEXTS.landline;
  if (upper === 'CARRIER_BLOCKED' || upper === 'SPAM') return DELIVERY_ERROR_TEXTS.carrier_blocked;
  return DELIVERY_ERROR_TEXTS.unknown.replace('{{code}}', code);
}

/**
 * The carrier keeps its own opt-out list (a STOP it handled itself, or one sent to another of the
 * dealership's numbers): when it refuses a text for that, the console records the opt-out too, so
 * the composer stops offering to text a number nothing can reach.
 */
async function learnCarrierOptOut(message: MessageRecord): Promise<void> {
  const customer = await getCustomer(message.company_id, message.customer_id, true);
  if (!customer || customer.opt_in === 'out') return;
  await changeConsent({
    companyId: message.company_id,
    customer,
    status: 'out',
    initiator: 'customer',
    method: 'carrier_opt_out_list',
    wording: 'The carrier reports that this number opted out',
    agent: null,
  });
}

/**
 * Hands a `queued` message to the carrier and records its answer: `accepted` with the carrier's
 * id (receipts name it), or `not sent` with the reason. Answers the message as it now is.
 */
export async function deliver(ro: RepairOrderRecord, message: MessageRecord): Promise<MessageRecord> {
  let change: StatusChange;
  try {
    const media = await Promise.all(message.attachments.map((a) => downloadUrl(config.uploadsBucket, a.key, MEDIA_URL_SECONDS)));
    const { carrierMessageId } = await smsCarrier().send({
      messageId: carrierSendId(message),
      from: message.from_number ?? '',
      to: message.to_number ?? '',
      text: message.text,
      media,
    });
    try {
      await linkCarrierMessage(message, carrierMessageId);
    } catch (err) {
      if (!isConditionFailure(err)) throw err;
    }
    change = { status: 'accepted', carrierMessageId };
  } catch (err) {
    if (err instanceof CarrierRefused) {
      change = { status: 'not sent', errorCode: err.code, errorText: carrierErrorText(err.code) };
      if (err.code === 'OPTED_OUT') {
        // The text's own state comes first; the opt-out is learnt again on the next refusal.
        await learnCarrierOptOut(message).catch((failure: unknown) =>
          logger.error('carrier opt-out not recorded', { message_id: message.id, error: (failure as Error).message }),
        );
      }
    } else {
      // Not reached or not answered: the agent sees the failure and may retry.
      logger.error('carrier send failed', { message_id: message.id, error: (err as Error).message });
      change = { status: 'not sent', errorCode: 'CARRIER_UNAVAILABLE', errorText: carrierErrorText('CARRIER_UNAVAILABLE') };
    }
  }
  const updated = await setDeliveryState(message, change);
  if (!updated) {
    // Moved on meanwhile (it can only have moved forward): answer what is stored.
    return (await getThreadMessage(message.company_id, message.message_thread_id, message.id)) ?? message;
  }
  await announceMessage(ro, updated, 'message.updated');
  return change.carrierMessageId ? catchUpReceipts(updated, change.carrierMessageId) : updated;
}

/** Writes the message and, unless it is held for later, sends it. */
export async function queueAndDeliver(ro: RepairOrderRecord, message: MessageRecord): Promise<MessageRecord> {
  await addToConversation(ro, message);
  if (message.metadata.status === 'scheduled') return message;
  return deliver(ro, message);
}
