/**
 * Messages of a repair order's conversation: one item each in the thread's partition (ULID sort
 * key, so the newest page is one descending query), a pointer by message id (retry) and one by the
 * carrier's id (delivery receipts). Adding a message and bumping its order is one transaction.
 */
import type { AgentRef, AutomatedKind, DeliveryState, Message, SystemBehaviour } from '../../shared/serviceBoard.js';
import { newId } from '../lib/ids.js';
import { DELIVERY_PROGRESS, FINAL_DELIVERY_STATES } from '../../shared/serviceBoard.js';
import { config } from '../lib/config.js';
import { keys } from '../lib/keys.js';
import { downloadUrl } from '../lib/storage.js';
import { fields, getItem, putItemIf, queryAll, readPage, transactWrite, updateItem, type Item, type TransactWrite } from '../lib/table.js';
import { bumpWrite, threadOf, type RepairOrderRecord } from '../repairOrders/records.js';

export interface StoredAttachment {
  id: string;
  /** Key in the uploads bucket. */
  key: string;
  name: string;
  content_type: string;
  size: number;
}

export interface MessageRecord extends Omit<Message, 'attachments'> {
  company_id: string;
  location_id: string;
  repair_order_id: string;
  customer_id: string;
  attachments: StoredAttachment[];
  /** Numbers of the exchange: the dealership's texting number and the customer's cell. */
  from_number: string | null;
  to_number: string | null;
  carrier_message_id: string | null;
}

export { threadOf };

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
}

/** A new message of an order's conversation (not yet stored: see appendMessage). */
export function newMessage(ro: Pick<RepairOrderRecord, 'id' | 'company_id' | 'location_id' | 'customer_id'>, input: NewMessage): MessageRecord {
  return {
    id: input.id ?? newId('msg'),
    message_thread_id: threadOf(ro.id),
    text: input.text,
    behaviour: input.behaviour ?? null,
    created_at: input.at ?? new Date().toISOString(),
    agent: input.agent ?? null,
    reactions: {},
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
    company_id: ro.company_id,
    location_id: ro.location_id,
    repair_order_id: ro.id,
    customer_id: ro.customer_id,
    from_number: input.from ?? null,
    to_number: input.to ?? null,
    carrier_message_id: null,
  };
}

/** Where a held text waits: for its time (scheduled job), or for the customer's YES. */
function heldIndex(m: MessageRecord): { gsi2pk: string; gsi2sk: string } | Record<string, never> {
  if (m.metadata.status !== 'scheduled') return {};
  if (m.metadata.held_for_opt_in) return { ...keys.heldForOptIn(m.company_id, m.customer_id), gsi2sk: `${m.created_at}#${m.id}` };
  if (m.metadata.send_at) return { ...keys.scheduledMessages(), gsi2sk: `${m.metadata.send_at}#${m.company_id}#${m.id}` };
  return {};
}

export function messageItem(m: MessageRecord): Item<MessageRecord> {
  return { ...keys.message(m.company_id, m.message_thread_id, m.id), ...heldIndex(m), ...m };
}

/** Adds a message to its order's conversation and moves the order up its lists, atomically. */
export async function appendMessage(ro: RepairOrderRecord, message: MessageRecord): Promise<void> {
  const inbound = message.metadata.direction === 'inbound';
  const writes: TransactWrite[] = [
    { Put: { Item: messageItem(message), ConditionExpression: 'attribute_not_exists(pk)' } },
    {
      Put: {
        Item: { ...keys.messagePointer(message.company_id, message.id), thread_id: message.message_thread_id, repair_order_id: ro.id },
      },
    },
    bumpWrite(ro, message.created_at, inbound),
  ];
  await transactWrite(writes);
}

export async function getMessage(companyId: string, messageId: string): Promise<MessageRecord | undefined> {
  const pointer = await getItem<{ thread_id: string }>(keys.messagePointer(companyId, messageId), true);
  if (!pointer) return undefined;
  const item = await getItem<MessageRecord>(keys.message(companyId, pointer.thread_id, messageId), true);
  return item && fields(item);
}

/** Newest first: offset 0 is the latest page (SPEC §7 first page of 10). */
export async function messagesOf(companyId: string, threadId: string, offset: number, limit: number): Promise<MessageRecord[]> {
  const key = keys.messages(companyId, threadId);
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

/** Remembers which message a carrier id belongs to (receipts name only the carrier's id). */
export async function linkCarrierMessage(message: MessageRecord, carrierMessageId: string): Promise<void> {
  await putItemIf(
    {
      ...keys.carrierMessage(carrierMessageId),
      company_id: message.company_id,
      thread_id: message.message_thread_id,
      message_id: message.id,
    },
    'attribute_not_exists(pk)',
  );
}

export async function messageByCarrierId(carrierMessageId: string): Promise<MessageRecord | undefined> {
  const link = await getItem<{ company_id: string; thread_id: string; message_id: string }>(keys.carrierMessage(carrierMessageId), true);
  if (!link) return undefined;
  const item = await getItem<MessageRecord>(keys.message(link.company_id, link.thread_id, link.message_id), true);
  return item && fields(item);
}

export interface StatusChange {
  status: DeliveryState;
  at?: string;
  carrierMessageId?: string | null;
  errorCode?: string | null;
  errorText?: string | null;
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
  const leavingSchedule = current === 'scheduled' && change.status !== 'scheduled';
  try {
    const item = await updateItem<MessageRecord>({
      Key: keys.message(message.company_id, message.message_thread_id, message.id),
      UpdateExpression:
        'SET metadata.#s = :s, metadata.status_at = :at, metadata.error_code = :code, metadata.error_text = :text' +
        (change.carrierMessageId !== undefined ? ', carrier_message_id = :cid' : '') +
        (restart ? ' ADD metadata.attempts :one' : '') +
        (leavingSchedule ? ' REMOVE gsi2pk, gsi2sk' : ''),
      ConditionExpression: 'metadata.#s = :current',
      ExpressionAttributeNames: { '#s': 'status' },
      ExpressionAttributeValues: {
        ':s': change.status,
        ':at': at,
        ':code': change.errorCode ?? null,
        ':text': change.errorText ?? null,
        ':current': current,
        ...(change.carrierMessageId !== undefined ? { ':cid': change.carrierMessageId } : {}),
        ...(restart ? { ':one': 1 } : {}),
      },
    });
    return item && fields(item);
  } catch (err) {
    if ((err as { name?: string }).name === 'ConditionalCheckFailedException') return undefined;
    throw err;
  }
}

/** Messages held for later whose time has come (quiet hours ended, or the chosen time). */
export async function dueScheduledMessages(now: string, limit = 100): Promise<{ company_id: string; thread_id: string; id: string }[]> {
  const items = await readPage<MessageRecord>(
    {
      IndexName: 'gsi2',
      KeyConditionExpression: 'gsi2pk = :pk AND gsi2sk <= :now',
      ExpressionAttributeValues: { ':pk': keys.scheduledMessages().gsi2pk, ':now': `${now}#~` },
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
    ExpressionAttributeValues: { ':pk': keys.heldForOptIn(companyId, customerId).gsi2pk },
  });
  return items.map((m) => ({ company_id: m.company_id, thread_id: m.message_thread_id, id: m.id }));
}

export async function getThreadMessage(companyId: string, threadId: string, messageId: string): Promise<MessageRecord | undefined> {
  const item = await getItem<MessageRecord>(keys.message(companyId, threadId, messageId), true);
  return item && fields(item);
}

/** The API view: attachments as short-lived download links. */
export async function messageView(m: MessageRecord): Promise<Message> {
  const { company_id: _c, location_id: _l, repair_order_id: _r, customer_id: _cu, from_number: _f, to_number: _t, carrier_message_id: _ci, ...rest } = m;
  const attachments = await Promise.all(
    m.attachments.map(async (a) => {
      const url = await downloadUrl(config.uploadsBucket, a.key);
      return { id: a.id, name: a.name, content_type: a.content_type, size: a.size, metadata: { orig: url, small: url, thumb: url } };
    }),
  );
  return { ...rest, attachments };
}
