/**
 * What the carrier told us, kept as it came (TTL 90 days), keyed on the carrier's own ids. SNS
 * delivers at least once, so the inbound record is also the idempotency record of an inbound
 * text: its first delivery claims it and names the message id the text will be stored under; a
 * repeat finds the claim (and, once handled, `processed_at`) and posts nothing twice.
 */
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { CarrierReceipt } from '../lib/carrier.js';
import { config } from '../lib/config.js';
import { db, nowEpoch, queryAll } from '../lib/table.js';

export const CARRIER_LOG_DAYS = 90;

export interface InboundText {
  originationNumber: string;
  destinationNumber: string;
  messageBody: string;
  inboundMessageId: string;
  messageKeyword?: string;
}

export type Receipt = CarrierReceipt;

/** How an inbound text was handled, for the log and the tests. */
export type InboundOutcome = 'threaded' | 'consent_only' | 'unknown_sender' | 'unknown_number' | 'duplicate';

const isConditionFailure = (err: unknown) => (err as Error).name === 'ConditionalCheckFailedException';

async function putOnce(item: Record<string, unknown>): Promise<boolean> {
  try {
    await db().send(new PutCommand({ TableName: config.tableName, Item: item, ConditionExpression: 'attribute_not_exists(pk)' }));
    return true;
  } catch (err) {
    // SNS delivers at least once: a repeat of the same carrier id is already recorded.
    if (!isConditionFailure(err)) throw err;
    return false;
  }
}

const inboundKey = (text: Pick<InboundText, 'destinationNumber' | 'inboundMessageId'>) => ({
  pk: `CARRIER#INBOUND#${text.destinationNumber}`,
  sk: text.inboundMessageId,
});

export interface InboundClaim {
  /** The id the text is stored under in a conversation (the same on every delivery). */
  messageId: string;
  /** A previous delivery finished handling it. */
  processed: boolean;
}

/** Records an inbound text on its first delivery; answers the claim (this one's, or the first delivery's). */
export async function claimInbound(text: InboundText, snsMessageId: string, messageId: string): Promise<InboundClaim> {
  const key = inboundKey(text);
  const fresh = await putOnce({
    ...key,
    from: text.originationNumber,
    to: text.destinationNumber,
    body: text.messageBody,
    keyword: text.messageKeyword ?? null,
    carrier_message_id: text.inboundMessageId,
    sns_message_id: snsMessageId,
    message_id: messageId,
    received_at: new Date().toISOString(),
    processed_at: null,
    outcome: null,
    expires_at: nowEpoch() + CARRIER_LOG_DAYS * 86400,
  });
  if (fresh) return { messageId, processed: false };
  const out = await db().send(new GetCommand({ TableName: config.tableName, Key: key, ConsistentRead: true }));
  const item = out.Item as { message_id?: string; processed_at?: string | null } | undefined;
  return { messageId: item?.message_id ?? messageId, processed: Boolean(item?.processed_at) };
}

/** Marks an inbound text handled, with what became of it (an unknown sender's text stays here only). */
export async function markInboundProcessed(text: InboundText, outcome: InboundOutcome, details: Record<string, string | null> = {}): Promise<void> {
  await db().send(
    new UpdateCommand({
      TableName: config.tableName,
      Key: inboundKey(text),
      UpdateExpression: 'SET processed_at = :at, outcome = :outcome, details = :details',
      ExpressionAttributeValues: { ':at': new Date().toISOString(), ':outcome': outcome, ':details': details },
    }),
  );
}

const receiptsKey = (carrierMessageId: string) => `CARRIER#RECEIPT#${carrierMessageId}`;

export async function recordReceipt(receipt: Receipt): Promise<void> {
  const receivedAt = new Date().toISOString();
  await putOnce({
    pk: receiptsKey(receipt.messageId),
    sk: receipt.eventType,
    event_type: receipt.eventType,
    status: receipt.messageStatus ?? null,
    description: receipt.messageStatusDescription ?? null,
    to: receipt.destinationPhoneNumber ?? null,
    final: receipt.isFinal ?? false,
    received_at: receivedAt,
    expires_at: nowEpoch() + CARRIER_LOG_DAYS * 86400,
  });
}

interface LoggedReceipt {
  event_type: string;
  status: string | null;
  description: string | null;
  to: string | null;
  final: boolean;
  received_at: string;
}

/** Every receipt logged for a carrier's text, as the carrier sent them (read consistently: one may have just landed). */
export async function receiptsOf(carrierMessageId: string): Promise<Receipt[]> {
  const logged = await queryAll<LoggedReceipt>({
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': receiptsKey(carrierMessageId) },
    ConsistentRead: true,
  });
  return logged.map((item) => ({
    eventType: item.event_type,
    messageId: carrierMessageId,
    messageStatus: item.status ?? undefined,
    messageStatusDescription: item.description ?? undefined,
    destinationPhoneNumber: item.to ?? undefined,
    isFinal: item.final,
  }));
}
