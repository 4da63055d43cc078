/**
 * A text's way to the customer: written to the conversation (the order moves up its lists and the
 * board hears `message.created`), then handed to the carrier; the carrier's answer moves it to
 * `accepted` with the carrier's id (which delivery receipts name) or to `not sent` with SPEC §8's
 * reason, and the board hears `message.updated`. The message is written BEFORE the carrier is
 * asked, so no text leaves without a record its receipts can find.
 *
 * At most once per attempt, whatever fails when: the intent is recorded before the carrier is
 * called (only the call that records it calls the carrier), the attempt's id is the carrier's
 * dedup key, a store failure after the carrier answered is never read as "not sent" (it
 * propagates; the API answers 503), and the outbox sweep (sweep.ts) reconciles what was left.
 */
import type { AgentRef } from '../../shared/people.js';
import type { AutomatedKind, Message } from '../../shared/messages.js';
import { DELIVERY_ERROR_TEXTS, SEND_ERRORS, deliveryErrorKind } from '../../shared/schemas/messages.js';
import { CarrierRefused, smsCarrier } from '../lib/carrier.js';
import { config } from '../lib/config.js';
import { logger } from '../lib/log.js';
import { downloadUrl } from '../lib/storage.js';
import { changeConsent } from '../customers/consent.js';
import { getCustomer } from '../customers/records.js';
import { catchUpReceipts } from '../inbound/receipts.js';
import { announceMessage } from './announce.js';
import { announceTo, changedEvent, portFor, type ConversationOwner } from './owners.js';
import {
  appendMessage,
  getThreadMessage,
  linkCarrierMessage,
  messageView,
  newMessage,
  OUTBOX_GRACE_SECONDS,
  recordSendIntent,
  RecipientRefuses,
  rememberLastText,
  setDeliveryState,
  type MessageRecord,
  type SendIntent,
  type SendRequestRef,
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
  /** Agents named with @, already checked (functions/messages/mentions.ts). */
  mentions?: string[];
}

export function outboundRecord(owner: ConversationOwner, input: OutboundInput): MessageRecord {
  const at = input.at ?? new Date().toISOString();
  return newMessage(owner, {
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
    mentions: input.mentions ?? [],
  });
}


/** Adds the message to the conversation; the owner moves up its lists. */
export async function addToConversation(owner: ConversationOwner, message: MessageRecord, request?: SendRequestRef): Promise<void> {
  await appendMessage(owner, message, request);
  await announceMessage(owner, message, 'message.created');
  if (portFor(owner).listsFollowMessages) return;
  await announceTo(owner, changedEvent(owner, message.metadata.direction === 'inbound' ? 'message_received' : 'message_sent'));
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
  const kind = deliveryErrorKind(code);
  if (kind) return DELIVERY_ERROR_TEXTS[kind];
  if (code.toUpperCase().replace(/^TEXT_/, '') === 'OPTED_OUT') return SEND_ERRORS.opted_out;
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

/** Signed links to the text's attachments, as the carrier fetches them. */
async function mediaOf(message: MessageRecord): Promise<string[]> {
  return Promise.all(message.attachments.map((a) => downloadUrl(config.uploadsBucket, a.key, MEDIA_URL_SECONDS)));
}

/** The code and words of a text the carrier may have taken but whose answer the console could not keep. */
export const UNCONFIRMED_CODE = 'UNCONFIRMED';
export const UNCONFIRMED_TEXT = 'Handed to the carrier, but its answer was not recorded: delivery cannot be confirmed';

/**
 * How long after its intent a text whose carrier answer is unknown is given up on: by then a
 * carrier that dedupes has been asked again at every sweep; the text is recorded as handed over
 * (it may have gone), never as `not sent`.
 */
export const UNKNOWN_ANSWER_GIVE_UP_MS = 30 * 60_000;

/**
 * Records what happened to an attempt. Store errors propagate from here (the API answers 503):
 * the text stays `queued` with its intent and is reconciled later; a store failure never turns
 * into `not sent`.
 */
async function recordOutcome(owner: ConversationOwner | undefined, message: MessageRecord, change: StatusChange): Promise<MessageRecord> {
  if (change.carrierMessageId) {
    await linkCarrierMessage(message, change.carrierMessageId);
  }
  const updated = await setDeliveryState(message, change);
  if (!updated) {
    // Moved on meanwhile (it can only have moved forward): answer what is stored.
    return (await getThreadMessage(message.company_id, message.message_thread_id, message.id)) ?? message;
  }
  if (owner) await announceMessage(owner, updated, 'message.updated');
  if (change.status === 'accepted') {
    // A hint for threading the reply, not part of the text's state: the text went whether or not it is kept.
    await rememberLastText(updated, updated.metadata.status_at ?? updated.created_at).catch((err: unknown) =>
      logger.error('last text to the number not remembered', { message_id: message.id, error: (err as Error).message }),
    );
  }
  return change.carrierMessageId ? catchUpReceipts(updated, change.carrierMessageId) : updated;
}

/**
 * Calls the carrier for a message whose intent is recorded, and records its answer: `accepted`
 * with the carrier's id (receipts name it), or `not sent` with the reason when the carrier refused
 * it or (`unreachable: 'not sent'`) could not be reached. With `unreachable: 'unknown'` an
 * unreachable carrier leaves the text as it is and answers null: whether an earlier call of this
 * attempt reached it is not known.
 */
async function handOver(
  owner: ConversationOwner | undefined,
  message: MessageRecord & { send_intent: SendIntent },
  media: string[],
  unreachable: 'not sent' | 'unknown',
): Promise<MessageRecord | null> {
  let change: StatusChange;
  try {
    const { carrierMessageId } = await smsCarrier().send({
      messageId: message.send_intent.send_id,
      from: message.from_number ?? '',
      to: message.to_number ?? '',
      text: message.text,
      media,
    });
    // A carrier that can be asked where the text stands is asked by the sweep if no receipt comes.
    change = { status: 'accepted', carrierMessageId, awaitReceipt: smsCarrier().latestReceipt !== undefined };
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
      logger.error('carrier send failed', { message_id: message.id, send_id: message.send_intent.send_id, error: (err as Error).message });
      if (unreachable === 'unknown') return null;
      // Not reached or not answered: the agent sees the failure and may retry (a new attempt, a new id).
      change = { status: 'not sent', errorCode: 'CARRIER_UNAVAILABLE', errorText: carrierErrorText('CARRIER_UNAVAILABLE') };
    }
  }
  return recordOutcome(owner, message, change);
}

const hasIntent = (message: MessageRecord): message is MessageRecord & { send_intent: SendIntent } => Boolean(message.send_intent);

/**
 * Hands a `queued` message to the carrier, at most once: the intent (this attempt's carrier id and
 * the time) is recorded first with a conditional write, and only the call that wrote it calls the
 * carrier. A call that finds the intent taken answers the message as stored. Answers the message
 * as it now is.
 */
export async function deliver(owner: ConversationOwner | undefined, message: MessageRecord): Promise<MessageRecord> {
  // Before the intent: a failure here leaves the text queued without one, and the sweep sends it.
  const media = await mediaOf(message);
  let claimed: MessageRecord | undefined;
  try {
    claimed = await recordSendIntent(message, { send_id: carrierSendId(message), at: new Date().toISOString() });
  } catch (err) {
    if (!(err instanceof RecipientRefuses)) throw err;
    // The customer answered STOP (or turned out a landline) after the rules let this text through.
    return recordOutcome(owner, message, { status: 'not sent', errorCode: err.code, errorText: carrierErrorText(err.code) });
  }
  if (!claimed || !hasIntent(claimed)) {
    return (await getThreadMessage(message.company_id, message.message_thread_id, message.id)) ?? message;
  }
  return (await handOver(owner, claimed, media, 'not sent')) ?? claimed;
}

/**
 * A `queued` text with an intent but no recorded answer (the request died, or the store failed
 * after the carrier answered). A carrier that dedupes is handed the same attempt again: it answers
 * what it answered the first time, or takes the text now if the first call never reached it, so
 * the text goes at most once. SNS cannot be asked: once the intent is older than the grace (no call
 * can still be running), the text is recorded `accepted` with UNCONFIRMED (it may have gone), never
 * sent again and never `not sent`. Answers the message as it now is (still queued: not known yet).
 */
export async function reconcile(owner: ConversationOwner | undefined, message: MessageRecord, now = new Date()): Promise<MessageRecord> {
  if (message.metadata.status !== 'queued' || !hasIntent(message)) return message;
  const age = now.getTime() - Date.parse(message.send_intent.at);
  if (smsCarrier().dedupesSends) {
    const answered = await handOver(owner, message, await mediaOf(message), 'unknown');
    if (answered) return answered;
    if (age < UNKNOWN_ANSWER_GIVE_UP_MS) return message;
  } else if (age < OUTBOX_GRACE_SECONDS * 1000) {
    return message;
  }
  logger.warn('text recorded as handed over without a carrier answer', { message_id: message.id, send_id: message.send_intent.send_id });
  return recordOutcome(owner, message, { status: 'accepted', errorCode: UNCONFIRMED_CODE, errorText: UNCONFIRMED_TEXT });
}

/** Finishes a text an earlier attempt of the same request wrote: sends it if it never went, reconciles it if it may have. */
export async function resumeSend(owner: ConversationOwner, message: MessageRecord, now = new Date()): Promise<MessageRecord> {
  if (message.metadata.status !== 'queued') return message;
  return message.send_intent ? reconcile(owner, message, now) : deliver(owner, message);
}

/**
 * Writes the message and, unless it is held for later, sends it. With a send request, an earlier
 * attempt's message is found instead of writing a second (appendMessage throws SendAlreadyRecorded).
 */
export async function queueAndDeliver(owner: ConversationOwner, message: MessageRecord, request?: SendRequestRef): Promise<MessageRecord> {
  await addToConversation(owner, message, request);
  if (message.metadata.status === 'scheduled') return message;
  return deliver(owner, message);
}
