/**
 * Messages of a conversation, whatever board owns it: one item each in the thread's partition (ULID
 * sort key, so the newest page is one descending query), a pointer by message id (retry) and one by
 * the carrier's id (delivery receipts). Adding a message and bumping its owner is one transaction.
 */
import type { OwnerRef } from '../../shared/conversations.js';
import type { AgentRef } from '../../shared/people.js';
import type { AutomatedKind, DeliveryState, Message, SystemBehaviour } from '../../shared/messages.js';
import { newId } from '../lib/ids.js';
import { DELIVERY_PROGRESS, FINAL_DELIVERY_STATES } from '../../shared/messages.js';
import { config, secondsFromEnv } from '../lib/config.js';
import { downloadUrl } from '../lib/storage.js';
import { fields, getItem, isConditionFailure, putItemIf, queryAll, queryPage, readPage, transactWrite, updateItem, type Item, type TransactWrite } from '../lib/table.js';
import { portFor, type BumpedMessage, type ConversationOwner } from './owners.js';
import { numberNotOptedOut } from '../customers/numberConsent.js';
import { customerKeys } from '../customers/records.js';

/** Keys of the records this store owns (docs/data-model.md). */
export const messageKeys = {
  messages: (companyId: string, threadId: string) => ({ pk: `COMPANY#${companyId}#THREAD#${threadId}`, skPrefix: 'MSG#' }),
  message: (companyId: string, threadId: string, messageId: string) => ({ pk: `COMPANY#${companyId}#THREAD#${threadId}`, sk: `MSG#${messageId}` }),
  /** Where a message lives, by its id (retry) — written with the message. */
  messagePointer: (companyId: string, messageId: string) => ({ pk: `COMPANY#${companyId}#MESSAGE#${messageId}`, sk: 'MESSAGE' }),
  /** Where a message lives, by the carrier's id (delivery receipts carry only that). */
  carrierMessage: (carrierMessageId: string) => ({ pk: `CARRIER#MESSAGE#${carrierMessageId}`, sk: 'MESSAGE' }),
  /** The conversation a store last texted a number in (`owner`, `at`): where the number's reply goes first. */
  lastTextTo: (companyId: string, locationId: string, e164: string) => ({ pk: `COMPANY#${companyId}#LOCATION#${locationId}#LASTTEXT#${e164}`, sk: 'LASTTEXT' }),
  /**
   * gsi1 (sparse) on notes for colleagues (direction `staff`), written with the note: a thread's
   * notes without its texts, for colleagues who read only those (functions/messages/owners.ts NoteReaders).
   */
  notesOfThread: (companyId: string, threadId: string) => ({ gsi1pk: `COMPANY#${companyId}#THREAD#${threadId}#NOTES` }),
  /** gsi2 on messages held for later: due ones by send time. */
  scheduledMessages: () => ({ gsi2pk: 'SCHEDULED#MESSAGES' }),
  /** gsi2 on agents' texts held until the customer answers the double opt-in request. */
  heldForOptIn: (companyId: string, customerId: string) => ({ gsi2pk: `COMPANY#${companyId}#CUSTOMER#${customerId}#HELD` }),

  /** gsi2 on outbound texts while `queued`: by the time the outbox sweep should look at them if they are still there. */
  outboxMessages: () => ({ gsi2pk: 'OUTBOX#MESSAGES' }),
  /** gsi2 on outbound texts while `accepted` by a carrier that can be asked: by when the sweep asks it if no receipt has come. */
  awaitedReceipts: () => ({ gsi2pk: 'RECEIPTS#AWAITED' }),
  /** The message an agent's send request (its Idempotency-Key, hashed) created: a retry finds it instead of writing another. */
  sendRequest: (companyId: string, agentId: string, keyHash: string) => ({ pk: `COMPANY#${companyId}#SENDKEY#${agentId}#${keyHash}`, sk: 'SENDKEY' }),
} as const;

export interface StoredAttachment {
  id: string;
  /** Key in the uploads bucket. */
  key: string;
  name: string;
  content_type: string;
  size: number;
}

/**
 * Reactions as stored: by emoji, a string set of agent ids (DynamoDB `ADD`/`DELETE` on it are
 * atomic and idempotent, so concurrent reactions all count and none twice). Read back as Sets.
 */
export type StoredReactions = Record<string, ReadonlySet<string> | readonly string[]>;

export interface MessageRecord extends Omit<Message, 'attachments' | 'reactions'> {
  reactions: StoredReactions;
  company_id: string;
  location_id: string;
  /** The record the conversation belongs to (a repair order, an appointment…). */
  owner: OwnerRef;
  /** Messages written before owners had kinds name their repair order only. */
  repair_order_id?: string;
  customer_id: string;
  attachments: StoredAttachment[];
  /** Numbers of the exchange: the dealership's texting number and the customer's cell. */
  from_number: string | null;
  to_number: string | null;
  carrier_message_id: string | null;
  /**
   * The intent to hand this attempt to the carrier, written (conditionally, while `queued`) before
   * the carrier is called: only the call that wrote it calls the carrier, and a text found later
   * with an intent but no answer is reconciled, never simply sent again (see delivery.ts).
   * Not part of the API view.
   */
  send_intent?: SendIntent | null;
}

export interface SendIntent {
  /** The id the carrier was given (carrierSendId): its dedup key where it has one. */
  send_id: string;
  at: string;
}

/**
 * How long a text may stay `queued` before the outbox sweep looks at it: well past the API's
 * Lambda timeout (25 s), so a request still working on it is never overtaken.
 */
export const OUTBOX_GRACE_SECONDS = secondsFromEnv('OUTBOX_GRACE_SECONDS', 120);

/**
 * How long an `accepted` text waits for its carrier's next receipt before the sweep asks the
 * carrier where it stands (receipts normally come within seconds; one that came while the store
 * was down was lost on our side), and how long it is watched at all.
 */
export const RECEIPT_GRACE_SECONDS = secondsFromEnv('RECEIPT_GRACE_SECONDS', 300);
export const RECEIPT_WATCH_SECONDS = 24 * 3600;

/** The owner of a stored message (older messages name only their repair order). */
export function ownerRefOf(message: Pick<MessageRecord, 'owner' | 'repair_order_id'>): OwnerRef {
  return message.owner ?? { kind: 'repair_order', id: message.repair_order_id ?? '' };
}

/** What differs between messages; everything else a new message starts with is the same. */
export interface NewMessage {
  direction: Message['metadata']['direction'];
  text: string;
  id?: string;
  at?: string;
  agent?: AgentRef | null;
  behaviour?: SystemBehaviour | null;
  status?: DeliveryState | null;
  statusAt?: string | null;
  sendAt?: string | null;
  heldForOptIn?: boolean;
  automated?: AutomatedKind | null;
  note?: Record<string, string> | null;
  attachments?: StoredAttachment[];
  from?: string | null;
  to?: string | null;
  /** Agent ids already checked against who may see the conversation (functions/messages/mentions.ts). */
  mentions?: string[];
}

/** A new message of an owner's conversation (not yet stored: see appendMessage). */
export function newMessage(owner: Pick<ConversationOwner, 'kind' | 'id' | 'company_id' | 'location_id' | 'customer_id' | 'thread_id'>, input: NewMessage): MessageRecord {
  return {
    id: input.id ?? newId('msg'),
    message_thread_id: owner.thread_id,
    text: input.text,
    behaviour: input.behaviour ?? null,
    created_at: input.at ?? new Date().toISOString(),
    agent: input.agent ?? null,
    reactions: {},
    mentions: input.mentions ?? [],
    attachments: input.attachments ?? [],
    metadata: {
      direction: input.direction,
      status: input.status ?? null,
      status_at: input.statusAt ?? null,
      error_code: null,
      error_text: null,
      send_at: input.sendAt ?? null,
      ...(input.heldForOptIn ? { held_for_opt_in: true } : {}),
      automated: input.automated ?? null,
      attempts: 0,
      note: input.note ?? null,
    },
    company_id: owner.company_id,
    location_id: owner.location_id,
    owner: { kind: owner.kind, id: owner.id },
    customer_id: owner.customer_id,
    from_number: input.from ?? null,
    to_number: input.to ?? null,
    carrier_message_id: null,
  };
}

/** Where a held text waits: for its time (scheduled job), or for the customer's YES. */
function heldIndex(m: MessageRecord): { gsi2pk: string; gsi2sk: string } | Record<string, never> {
  if (m.metadata.status !== 'scheduled') return {};
  if (m.metadata.held_for_opt_in) return { ...messageKeys.heldForOptIn(m.company_id, m.customer_id), gsi2sk: `${m.created_at}#${m.id}` };
  if (m.metadata.send_at) return { ...messageKeys.scheduledMessages(), gsi2sk: `${m.metadata.send_at}#${m.company_id}#${m.id}` };
  return {};
}

/** The outbox sweep's sort key: when to look at a queued text, then who and which. */
function outboxSort(m: Pick<MessageRecord, 'company_id' | 'id'>, queuedAt: string): string {
  const due = new Date(Date.parse(queuedAt) + OUTBOX_GRACE_SECONDS * 1000).toISOString();
  return `${due}#${m.company_id}#${m.id}`;
}

/** A queued outbound text is on the outbox index (sparse: it leaves when the text leaves `queued`). */
function outboxIndex(m: MessageRecord): { gsi2pk: string; gsi2sk: string } | Record<string, never> {
  if (m.metadata.direction !== 'outbound' || m.metadata.status !== 'queued') return {};
  return { ...messageKeys.outboxMessages(), gsi2sk: outboxSort(m, m.metadata.status_at ?? m.created_at) };
}

/** The receipt watch's sort key: when to ask the carrier, then who and which. */
function awaitedSort(m: Pick<MessageRecord, 'company_id' | 'id'>, askAt: Date): string {
  return `${askAt.toISOString()}#${m.company_id}#${m.id}`;
}

/** A note for colleagues is on its thread's notes index, by id (ULID: in the order written). */
function notesIndex(m: MessageRecord): { gsi1pk: string; gsi1sk: string } | Record<string, never> {
  if (m.metadata.direction !== 'staff') return {};
  return { ...messageKeys.notesOfThread(m.company_id, m.message_thread_id), gsi1sk: `MSG#${m.id}` };
}

/**
 * A message from a raw item of the table (the table's stream: functions/tallies/), or undefined when
 * the item is not a message of a conversation.
 */
export function messageOfItem(item: Record<string, unknown> | undefined): MessageRecord | undefined {
  if (!item || typeof item.pk !== 'string' || typeof item.sk !== 'string') return undefined;
  if (!/^COMPANY#[^#]+#THREAD#[^#]+$/.test(item.pk) || !item.sk.startsWith('MSG#')) return undefined;
  return fields(item as unknown as Item<MessageRecord>);
}

/** Every message of a conversation, in no particular order (a conversation holds tens to hundreds). */
export async function everyMessageOf(companyId: string, threadId: string): Promise<MessageRecord[]> {
  const { pk, skPrefix } = messageKeys.messages(companyId, threadId);
  const items = await queryAll<MessageRecord>({ KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)', ExpressionAttributeValues: { ':pk': pk, ':prefix': skPrefix } });
  return items.map(fields);
}

export function messageItem(m: MessageRecord): Item<MessageRecord> {
  return { ...messageKeys.message(m.company_id, m.message_thread_id, m.id), ...heldIndex(m), ...outboxIndex(m), ...notesIndex(m), ...m };
}

/** An agent's send request, by its Idempotency-Key: the message it created and the warnings it answered. */
export interface SendRequestRef {
  agentId: string;
  /** SHA-256 of the Idempotency-Key. */
  keyHash: string;
  warnings: string[];
}

/** A message of this send request was written before (an earlier attempt of the same request). */
export class SendAlreadyRecorded extends Error {
  override readonly name = 'SendAlreadyRecorded';
}

/** The message (or another write of its transaction) was already there: an inbound text delivered twice. */
export class MessageAlreadyStored extends Error {
  override readonly name = 'MessageAlreadyStored';
}

/** As long as the same key answers the first result (functions/lib/idempotency.ts). */
const SEND_REQUEST_SECONDS = 24 * 3600;

/**
 * Adds a message to its owner's conversation and moves the owner up its lists, atomically. With a
 * send request, its key is bound to the message in the same transaction: when an earlier attempt
 * of the request already wrote one, nothing is written and SendAlreadyRecorded is thrown; any other
 * failed condition (the message is already there) throws MessageAlreadyStored.
 */
export async function appendMessage(owner: ConversationOwner, message: MessageRecord, request?: SendRequestRef): Promise<void> {
  const inbound = message.metadata.direction === 'inbound';
  const now = Math.floor(Date.now() / 1000);
  const writes: TransactWrite[] = [
    ...(request
      ? [
          {
            Put: {
              Item: {
                ...messageKeys.sendRequest(message.company_id, request.agentId, request.keyHash),
                message_id: message.id,
                thread_id: message.message_thread_id,
                warnings: request.warnings,
                expires_at: now + SEND_REQUEST_SECONDS,
              },
              // An expired one may still be there (TTL deletes late): it no longer counts.
              ConditionExpression: 'attribute_not_exists(pk) OR expires_at < :now',
              ExpressionAttributeValues: { ':now': now },
            },
          } satisfies TransactWrite,
        ]
      : []),
    { Put: { Item: messageItem(message), ConditionExpression: 'attribute_not_exists(pk)' } },
    {
      Put: {
        Item: { ...messageKeys.messagePointer(message.company_id, message.id), thread_id: message.message_thread_id, owner: message.owner },
      },
    },
    ...[portFor(owner).bumpWrite(owner.record, message.created_at, inbound, bumpedMessage(message))].flat(),
  ];
  try {
    await transactWrite(writes);
  } catch (err) {
    const reasons = (err as { CancellationReasons?: { Code?: string }[] }).CancellationReasons;
    if (request && reasons?.[0]?.Code === 'ConditionalCheckFailed') throw new SendAlreadyRecorded(`Send request already wrote a message`);
    if (isConditionFailure(err)) throw new MessageAlreadyStored(`Message ${message.id} not appended: a condition failed`, { cause: err });
    throw err;
  }
}

/**
 * Adds a message written with an id of its own making (a redelivered text, a call's note, a lead's
 * words) unless an earlier attempt stored it already; answers whether it was stored now, so the
 * caller announces it once.
 */
export async function appendOnce(owner: ConversationOwner, message: MessageRecord): Promise<boolean> {
  try {
    await appendMessage(owner, message);
    return true;
  } catch (err) {
    if (err instanceof MessageAlreadyStored) return false;
    throw err;
  }
}

/** What an owner's bump write learns of the message (functions/messages/owners.ts BumpedMessage). */
export function bumpedMessage(message: MessageRecord): BumpedMessage {
  const direction = message.metadata.direction;
  return { id: message.id, author_agent_id: message.agent?.id ?? null, direction, mentions: message.mentions ?? [], staff_note: direction === 'staff' };
}

/** The message an earlier attempt of this send request wrote, with the warnings it answered. */
export async function messageOfSendRequest(
  companyId: string,
  agentId: string,
  keyHash: string,
): Promise<{ message: MessageRecord; warnings: string[] } | undefined> {
  const ref = await getItem<{ message_id: string; thread_id: string; warnings?: string[] }>(messageKeys.sendRequest(companyId, agentId, keyHash), true);
  if (!ref) return undefined;
  const message = await getThreadMessage(companyId, ref.thread_id, ref.message_id);
  return message && { message, warnings: ref.warnings ?? [] };
}

/**
 * Records the intent to hand a queued text to the carrier now (conditional: still queued, no
 * intent yet). Answers the message with its intent, or undefined when another call holds it or
 * the text moved on: only the caller that gets the message back may call the carrier.
 */
/**
 * The console's answers to a keyword (STOP's and START's confirmations, HELP) go to any number:
 * carrier rules require them. Every other text is checked against its customer at the moment it
 * is handed over (recordSendIntent).
 */
const KEYWORD_ANSWERS: ReadonlySet<string> = new Set(['opt_out_confirmation', 'opt_in_confirmation', 'help_reply']);

/** The customer can no longer be texted: a STOP (or a landline answer) arrived after the rules said yes. */
export class RecipientRefuses extends Error {
  override readonly name = 'RecipientRefuses';
  constructor(readonly code: 'OPTED_OUT' | 'LANDLINE') {
    super(`The customer can not be texted (${code})`);
  }
}

/**
 * Records the intent to hand a `queued` text to the carrier; answers the message with it, or
 * undefined when another call recorded one first (or the text moved on). In the same transaction
 * the customer is checked to be neither opted out nor a landline, and the number the text goes to
 * not to be opted out (on whichever record it was), RecipientRefuses otherwise: the rules were
 * asked earlier (when the agent pressed send, when the job picked the text up), and a STOP landing
 * in between must still stop the text. A STOP written after this moment finds the text already
 * handed over.
 */
export async function recordSendIntent(message: MessageRecord, intent: SendIntent): Promise<MessageRecord | undefined> {
  const update = {
    Key: messageKeys.message(message.company_id, message.message_thread_id, message.id),
    UpdateExpression: 'SET send_intent = :intent',
    ConditionExpression: 'metadata.#s = :queued AND metadata.attempts = :attempts AND (attribute_not_exists(send_intent) OR send_intent = :null)',
    ExpressionAttributeNames: { '#s': 'status' },
    ExpressionAttributeValues: { ':intent': intent, ':queued': 'queued', ':attempts': message.metadata.attempts, ':null': null },
  };
  const customerCheck = !KEYWORD_ANSWERS.has(message.metadata.automated ?? '');
  try {
    if (!customerCheck) {
      const item = await updateItem<MessageRecord>(update);
      return item && fields(item);
    }
    await transactWrite([
      { Update: update },
      {
        ConditionCheck: {
          Key: customerKeys.customer(message.company_id, message.customer_id),
          ConditionExpression:
            'attribute_exists(pk) AND (attribute_not_exists(opt_in) OR opt_in <> :out) AND (attribute_not_exists(carrier.#type) OR carrier.#type <> :landline)',
          ExpressionAttributeNames: { '#type': 'type' },
          ExpressionAttributeValues: { ':out': 'out', ':landline': 'landline' },
        },
      },
      ...(message.to_number ? [numberNotOptedOut(message.company_id, message.to_number)] : []),
    ]);
    return { ...message, send_intent: intent };
  } catch (err) {
    if (!isConditionFailure(err)) throw err;
    const reasons = (err as { CancellationReasons?: { Code?: string }[] }).CancellationReasons ?? [];
    const failed = (index: number) => reasons[index]?.Code === 'ConditionalCheckFailed';
    if (customerCheck && !failed(0) && failed(2)) throw new RecipientRefuses('OPTED_OUT');
    if (customerCheck && !failed(0) && failed(1)) {
      const customer = await getItem<{ opt_in?: string | null }>(customerKeys.customer(message.company_id, message.customer_id), true);
      throw new RecipientRefuses(customer?.opt_in === 'out' || !customer ? 'OPTED_OUT' : 'LANDLINE');
    }
    return undefined;
  }
}

/** Outbound texts still `queued` whose grace has passed (the outbox sweep), oldest first. */
export async function dueOutboxMessages(now: string, limit = 100): Promise<{ company_id: string; thread_id: string; id: string }[]> {
  const items = await readPage<MessageRecord>(
    {
      IndexName: 'gsi2',
      KeyConditionExpression: 'gsi2pk = :pk AND gsi2sk <= :now',
      ExpressionAttributeValues: { ':pk': messageKeys.outboxMessages().gsi2pk, ':now': `${now}#~` },
    },
    0,
    limit,
  );
  return items.map((m) => ({ company_id: m.company_id, thread_id: m.message_thread_id, id: m.id }));
}

/** A queued text the sweep could not finish yet: looked at again after another grace, not at every run before the others. */
export async function postponeOutbox(message: MessageRecord, from: Date): Promise<void> {
  try {
    await updateItem({
      Key: messageKeys.message(message.company_id, message.message_thread_id, message.id),
      UpdateExpression: 'SET gsi2sk = :sort',
      ConditionExpression: 'metadata.#s = :queued AND gsi2pk = :outbox',
      ExpressionAttributeNames: { '#s': 'status' },
      ExpressionAttributeValues: { ':sort': outboxSort(message, from.toISOString()), ':queued': 'queued', ':outbox': messageKeys.outboxMessages().gsi2pk },
    });
  } catch (err) {
    if (!isConditionFailure(err)) throw err;
  }
}

export async function getMessage(companyId: string, messageId: string): Promise<MessageRecord | undefined> {
  const pointer = await getItem<{ thread_id: string }>(messageKeys.messagePointer(companyId, messageId), true);
  if (!pointer) return undefined;
  const item = await getItem<MessageRecord>(messageKeys.message(companyId, pointer.thread_id, messageId), true);
  return item && fields(item);
}

/** Newest first: offset 0 is the latest page (SPEC §7 first page of 10). */
export async function messagesOf(companyId: string, threadId: string, offset: number, limit: number): Promise<MessageRecord[]> {
  const key = messageKeys.messages(companyId, threadId);
  const items = await readPage<MessageRecord>(
    {
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': key.pk, ':prefix': key.skPrefix },
      ScanIndexForward: false,
    },
    offset,
    limit,
  );
  return items.map(fields);
}

/**
 * A page of the thread's notes for colleagues, newest first, and how many there are (a keys-only
 * count on the sparse notes index: a thread holds few notes, and the count is never a filtered page).
 */
export async function notesOf(companyId: string, threadId: string, offset: number, limit: number): Promise<{ notes: MessageRecord[]; total: number }> {
  const page = await queryPage<MessageRecord>(
    {
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :pk',
      ExpressionAttributeValues: { ':pk': messageKeys.notesOfThread(companyId, threadId).gsi1pk },
      ScanIndexForward: false,
    },
    offset,
    limit,
  );
  return { notes: page.items.map(fields), total: page.total };
}

/** The conversation a store last texted a number in, and when. */
export interface LastText {
  owner: OwnerRef;
  at: string;
}

/**
 * Remembers that the carrier took this text: its conversation is where the number's next reply
 * goes (inbound threading). Newest wins; a late write of an older text changes nothing.
 */
export async function rememberLastText(message: MessageRecord, at: string): Promise<void> {
  if (!message.to_number) return;
  try {
    await putItemIf(
      { ...messageKeys.lastTextTo(message.company_id, message.location_id, message.to_number), owner: ownerRefOf(message), message_id: message.id, texted_at: at },
      'attribute_not_exists(pk) OR texted_at <= :at',
      { ':at': at },
    );
  } catch (err) {
    if (!isConditionFailure(err)) throw err;
  }
}

export async function lastTextTo(companyId: string, locationId: string, e164: string): Promise<LastText | undefined> {
  const item = await getItem<{ owner: OwnerRef; texted_at: string }>(messageKeys.lastTextTo(companyId, locationId, e164), true);
  return item && { owner: item.owner, at: item.texted_at };
}

/** Remembers which message a carrier id belongs to (receipts name only the carrier's id). */
/** Links the carrier's id to the message once; a link already there (a repeated answer) is kept. */
export async function linkCarrierMessage(message: MessageRecord, carrierMessageId: string): Promise<void> {
  try {
    await putItemIf(
      {
        ...messageKeys.carrierMessage(carrierMessageId),
        company_id: message.company_id,
        thread_id: message.message_thread_id,
        message_id: message.id,
      },
      'attribute_not_exists(pk)',
    );
  } catch (err) {
    if (!isConditionFailure(err)) throw err;
  }
}

export async function messageByCarrierId(carrierMessageId: string): Promise<MessageRecord | undefined> {
  const link = await getItem<{ company_id: string; thread_id: string; message_id: string }>(messageKeys.carrierMessage(carrierMessageId), true);
  if (!link) return undefined;
  const item = await getItem<MessageRecord>(messageKeys.message(link.company_id, link.thread_id, link.message_id), true);
  return item && fields(item);
}

export interface StatusChange {
  status: DeliveryState;
  at?: string;
  carrierMessageId?: string | null;
  errorCode?: string | null;
  errorText?: string | null;
  /** Entering `accepted` from a carrier that can be asked where a text stands: the sweep asks it if no receipt comes. */
  awaitReceipt?: boolean;
  /**
   * Only if the message was last changed at this moment (its `status_at`): a held text the job
   * read is claimed only as it read it, not after an agent edited it in between.
   */
  ifStatusAt?: string | null;
}

/**
 * Moves an outbound message's delivery state forward; answers the updated message, or undefined
 * when the change would move it backwards (a late or repeated receipt). A retry (`restart`) may
 * move a failed message back to queued.
 */
export async function setDeliveryState(message: MessageRecord, change: StatusChange, restart = false): Promise<MessageRecord | undefined> {
  const current = message.metadata.status ?? 'queued';
  if (!restart) {
    if (FINAL_DELIVERY_STATES.includes(current) && current !== 'undelivered') return undefined;
    if (DELIVERY_PROGRESS[change.status] < DELIVERY_PROGRESS[current]) return undefined;
    if (change.status === current && !change.carrierMessageId) return undefined;
  }
  const at = change.at ?? new Date().toISOString();
  // gsi2 holds a scheduled text (held index), a queued one (outbox index) or an accepted one whose
  // receipts are awaited: entering `queued` puts it on the outbox, entering `accepted` (when the
  // carrier can be asked) on the receipt watch, leaving any of them takes it off.
  const outbound = message.metadata.direction === 'outbound';
  const enteringQueue = change.status === 'queued' && outbound;
  const enteringWatch = change.status === 'accepted' && current !== 'accepted' && outbound && change.awaitReceipt === true;
  const leavingIndex = !enteringQueue && !enteringWatch && (current === 'scheduled' || current === 'queued' || current === 'accepted') && change.status !== current;
  const removes = [...(leavingIndex ? ['gsi2pk', 'gsi2sk'] : []), ...(restart ? ['send_intent'] : [])];
  try {
    const item = await updateItem<MessageRecord>({
      Key: messageKeys.message(message.company_id, message.message_thread_id, message.id),
      UpdateExpression:
        'SET metadata.#s = :s, metadata.status_at = :at, metadata.error_code = :code, metadata.error_text = :text' +
        (change.carrierMessageId !== undefined ? ', carrier_message_id = :cid' : '') +
        (enteringQueue ? ', gsi2pk = :outbox, gsi2sk = :outboxSort' : '') +
        (enteringWatch ? ', gsi2pk = :watch, gsi2sk = :watchSort' : '') +
        (restart ? ' ADD metadata.attempts :one' : '') +
        (removes.length > 0 ? ` REMOVE ${removes.join(', ')}` : ''),
      ConditionExpression: 'metadata.#s = :current' + (change.ifStatusAt !== undefined ? ' AND metadata.status_at = :ifAt' : ''),
      ExpressionAttributeNames: { '#s': 'status' },
      ExpressionAttributeValues: {
        ':s': change.status,
        ...(change.ifStatusAt !== undefined ? { ':ifAt': change.ifStatusAt } : {}),
        ':at': at,
        ':code': change.errorCode ?? null,
        ':text': change.errorText ?? null,
        ':current': current,
        ...(change.carrierMessageId !== undefined ? { ':cid': change.carrierMessageId } : {}),
        ...(restart ? { ':one': 1 } : {}),
        ...(enteringQueue ? { ':outbox': messageKeys.outboxMessages().gsi2pk, ':outboxSort': outboxSort(message, at) } : {}),
        ...(enteringWatch
          ? { ':watch': messageKeys.awaitedReceipts().gsi2pk, ':watchSort': awaitedSort(message, new Date(Date.parse(at) + RECEIPT_GRACE_SECONDS * 1000)) }
          : {}),
      },
    });
    return item && fields(item);
  } catch (err) {
    if ((err as { name?: string }).name === 'ConditionalCheckFailedException') return undefined;
    throw err;
  }
}

/** Accepted texts whose receipts are awaited and whose time to ask the carrier has come, oldest first. */
export async function dueAwaitedReceipts(now: string, limit = 100): Promise<{ company_id: string; thread_id: string; id: string }[]> {
  const items = await readPage<MessageRecord>(
    {
      IndexName: 'gsi2',
      KeyConditionExpression: 'gsi2pk = :pk AND gsi2sk <= :now',
      ExpressionAttributeValues: { ':pk': messageKeys.awaitedReceipts().gsi2pk, ':now': `${now}#~` },
    },
    0,
    limit,
  );
  return items.map((m) => ({ company_id: m.company_id, thread_id: m.message_thread_id, id: m.id }));
}

/** An accepted text the carrier had nothing new for: asked again at `askAt`, or (null) no longer watched. */
export async function awaitReceiptUntil(message: MessageRecord, askAt: Date | null): Promise<void> {
  try {
    await updateItem({
      Key: messageKeys.message(message.company_id, message.message_thread_id, message.id),
      UpdateExpression: askAt ? 'SET gsi2sk = :sort' : 'REMOVE gsi2pk, gsi2sk',
      ConditionExpression: 'metadata.#s = :accepted AND gsi2pk = :watch',
      ExpressionAttributeNames: { '#s': 'status' },
      ExpressionAttributeValues: { ':accepted': 'accepted', ':watch': messageKeys.awaitedReceipts().gsi2pk, ...(askAt ? { ':sort': awaitedSort(message, askAt) } : {}) },
    });
  } catch (err) {
    // A receipt moved it on meanwhile (and off the watch).
    if (!isConditionFailure(err)) throw err;
  }
}

/**
 * An agent's edit of a held text: its words and, for a text held for a time, that time. Written
 * only while the text is still `scheduled` (the job's claim and a cancel race it: one wins);
 * `status_at` moves, so a job that read the text before the edit does not claim it as it was.
 * Answers the edited message, or undefined when it is no longer held.
 */
export async function editHeldMessage(message: MessageRecord, change: { text: string; sendAt: string | null; at: string }): Promise<MessageRecord | undefined> {
  const edited: MessageRecord = { ...message, text: change.text, metadata: { ...message.metadata, send_at: change.sendAt, status_at: change.at } };
  const index = heldIndex(edited);
  try {
    const item = await updateItem<MessageRecord>({
      Key: messageKeys.message(message.company_id, message.message_thread_id, message.id),
      UpdateExpression: 'SET #text = :text, metadata.send_at = :sendAt, metadata.status_at = :at' + ('gsi2sk' in index ? ', gsi2sk = :sort' : ''),
      ConditionExpression: 'metadata.#s = :scheduled',
      ExpressionAttributeNames: { '#s': 'status', '#text': 'text' },
      ExpressionAttributeValues: {
        ':text': change.text,
        ':sendAt': change.sendAt,
        ':at': change.at,
        ':scheduled': 'scheduled',
        ...('gsi2sk' in index ? { ':sort': index.gsi2sk } : {}),
      },
    });
    return item && fields(item);
  } catch (err) {
    if (isConditionFailure(err)) return undefined;
    throw err;
  }
}

/** Messages held for later whose time has come (quiet hours ended, or the chosen time). */
export async function dueScheduledMessages(now: string, limit = 100): Promise<{ company_id: string; thread_id: string; id: string }[]> {
  const items = await readPage<MessageRecord>(
    {
      IndexName: 'gsi2',
      KeyConditionExpression: 'gsi2pk = :pk AND gsi2sk <= :now',
      ExpressionAttributeValues: { ':pk': messageKeys.scheduledMessages().gsi2pk, ':now': `${now}#~` },
    },
    0,
    limit,
  );
  return items.map((m) => ({ company_id: m.company_id, thread_id: m.message_thread_id, id: m.id }));
}

/** An agent's texts to this customer record waiting for their YES, oldest first. */
export async function heldForOptIn(companyId: string, customerId: string): Promise<{ company_id: string; thread_id: string; id: string }[]> {
  const items = await queryAll<MessageRecord>({
    IndexName: 'gsi2',
    KeyConditionExpression: 'gsi2pk = :pk',
    ExpressionAttributeValues: { ':pk': messageKeys.heldForOptIn(companyId, customerId).gsi2pk },
  });
  return items.map((m) => ({ company_id: m.company_id, thread_id: m.message_thread_id, id: m.id }));
}

export async function getThreadMessage(companyId: string, threadId: string, messageId: string): Promise<MessageRecord | undefined> {
  const item = await getItem<MessageRecord>(messageKeys.message(companyId, threadId, messageId), true);
  return item && fields(item);
}

/** The API view: attachments as short-lived download links. */
export async function messageView(m: MessageRecord): Promise<Message> {
  const { company_id: _c, location_id: _l, owner: _o, repair_order_id: _r, customer_id: _cu, from_number: _f, to_number: _t, carrier_message_id: _ci, send_intent: _si, ...rest } = m;
  const attachments = await Promise.all(
    m.attachments.map(async (a) => {
      const url = await downloadUrl(config.uploadsBucket, a.key);
      return { id: a.id, name: a.name, content_type: a.content_type, size: a.size, metadata: { orig: url, small: url, thumb: url } };
    }),
  );
  // Messages written before mentions had none.
  return { ...rest, reactions: reactionsView(m.reactions), mentions: m.mentions ?? [], attachments };
}

/** Reactions as the API answers them: by emoji, the agents' ids in a stable order; emoji nobody holds left out. */
export function reactionsView(stored: StoredReactions | undefined): Record<string, string[]> {
  const view: Record<string, string[]> = {};
  for (const [emoji, ids] of Object.entries(stored ?? {})) {
    const list = [...ids].sort();
    if (list.length > 0) view[emoji] = list;
  }
  return view;
}

/** Why a reaction was not written: no such message in the thread, or the message holds too many kinds. */
export type ReactionRefusal = 'no_message' | 'too_many';

/**
 * Adds the agent to the message's set for the emoji: one conditional update, no read first. The
 * condition keeps a new kind of emoji out once the message holds `maxKinds`; adding a reaction the
 * agent already has changes nothing. Answers the message after, or why not.
 */
export async function addReaction(companyId: string, threadId: string, messageId: string, emoji: string, agentId: string, maxKinds: number): Promise<MessageRecord | ReactionRefusal> {
  const key = messageKeys.message(companyId, threadId, messageId);
  try {
    const item = await updateItem<MessageRecord>({
      Key: key,
      UpdateExpression: 'ADD reactions.#emoji :agent',
      ConditionExpression: 'attribute_exists(pk) AND (attribute_exists(reactions.#emoji) OR size(reactions) < :max)',
      ExpressionAttributeNames: { '#emoji': emoji },
      ExpressionAttributeValues: { ':agent': new Set([agentId]), ':max': maxKinds },
    });
    return item ? fields(item) : 'no_message';
  } catch (err) {
    if (!isConditionFailure(err)) throw err;
    return (await getItem(key, true)) ? 'too_many' : 'no_message';
  }
}

/** Takes the agent out of the message's set for the emoji (an emoji nobody holds any more disappears); taking back what is not there changes nothing. */
export async function removeReaction(companyId: string, threadId: string, messageId: string, emoji: string, agentId: string): Promise<MessageRecord | ReactionRefusal> {
  try {
    const item = await updateItem<MessageRecord>({
      Key: messageKeys.message(companyId, threadId, messageId),
      UpdateExpression: 'DELETE reactions.#emoji :agent',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeNames: { '#emoji': emoji },
      ExpressionAttributeValues: { ':agent': new Set([agentId]) },
    });
    return item ? fields(item) : 'no_message';
  } catch (err) {
    if (!isConditionFailure(err)) throw err;
    return 'no_message';
  }
}
